// [SECTION] Test points: the block of the Data section that makes them, and the block of the Theory
// section that scores them (training against test accuracy, the answer against the max-margin line).
#include <cstdio>
#include <string>

#include "app/panels/panel_texts.hpp"
#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "core/theory/held_out.hpp"

namespace pl::app {

namespace {
constexpr double kHoldOutShare = 0.25;

// "value_row" whose whole text ("test accuracy: 75 % (3 of 4)") also goes to the test build's probe.
void scored_row(const char* label, const std::string& value, const char* explanation) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    value_row(label, value, explanation);
    PL_PROBE_TEXT("generalisation", std::string(label) + ": " + value, at, ImGui::GetItemRectMax());
    (void)at;
}

std::string percent_of(std::size_t right, std::size_t all) {
    if (all == 0) return "n/a";
    char text[64];
    std::snprintf(text, sizeof text, "%.4g %% (%zu of %zu)", 100.0 * static_cast<double>(right) / static_cast<double>(all), right, all);
    return text;
}
}  // namespace

void draw_test_points_block(PanelContext& c) {
    Session& s = c.session;
    const WidgetState& st = s.state();
    const bool readonly = st.readonly;
    ImGui::Separator();
    ImGui::TextUnformatted("Test points (held out)");
    help_marker("Test points are drawn hollow. The learner never trains on them and the theory never sees them: they "
                "show how the line does on points it has not seen. Compare training and test accuracy in the Theory "
                "section, for the current line and for the maximum-margin line.");
    bool test_mode = c.canvas.test_mode();
    ImGui::BeginDisabled(readonly);
    if (ImGui::Checkbox("Clicks mark test points", &test_mode)) c.canvas.set_test_mode(test_mode);
    ImGui::EndDisabled();
    item_tooltip("On: a click or tap on a point moves it between training and test; on empty canvas it adds a test "
                 "point (shift or right click, or a long press: the other class). Key T moves the selected point to "
                 "the test points.");

    Preset preset = Preset::Lecture4;
    const bool generated = parse(st.preset, preset) && is_generated(preset);
    ButtonGrid grid(3, {"Generate", "Hold out 25 %", "Clear"});
    grid.next();
    ImGui::BeginDisabled(readonly || !generated);
    if (fit_button({"Generate test set", "Generate"}, "generate-test", grid.width())) s.generate_test_set();
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip(generated ? "New points from the same generator and settings, with another seed."
                                    : "Only for data from a generator (circles, moons, ...): use Hold out instead.");
    grid.next();
    ImGui::BeginDisabled(readonly || st.data.size() < 2);
    if (fit_button({"Hold out 25 %"}, "hold-out", grid.width())) s.hold_out_share(kHoldOutShare);
    ImGui::EndDisabled();
    item_tooltip("Move a random quarter of the training points (seeded) to the test points.");
    grid.next();
    ImGui::BeginDisabled(readonly || st.held_out.empty());
    if (fit_button({"Clear test points", "Clear"}, "clear-test", grid.width())) s.clear_test_set();
    ImGui::EndDisabled();
    const std::size_t positives = count_label(st.held_out, +1);
    ImGui::Text("%zu test points  (%zu of +1, %zu of \xE2\x88\x92" "1)", st.held_out.size(), positives, st.held_out.size() - positives);
}

void draw_generalisation_block(PanelContext& c) {
    const Scene& model = c.model();
    const WidgetState& st = c.session.state();
    ImGui::Separator();
    ImGui::TextUnformatted(model.hand ? "Generalisation (your unit)" : "Generalisation");
    if (st.held_out.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("No test points yet. Mark some in the Data section to see how the line does on points it was not trained on.");
        ImGui::PopTextWrapPos();
        return;
    }
    const std::size_t n = st.data.size();
    const std::size_t wrong = model.facts.wrong_known ? model.facts.wrong_count : n;
    const char* rule = model.hand ? "Right means the unit's answer matches the label (a sum at k fires)."
                                  : "Right means y\xC2\xB7" "f(x) > 0: a point on the line counts as wrong, as in training.";
    scored_row("training", model.trained && model.facts.wrong_known ? percent_of(n - wrong, n) : "not trained yet",
               "Share of the training points the current line gets right.");
    const TestScores& test = model.test;
    scored_row("test", !model.trained ? "not trained yet" : test.answer_known ? percent_of(test.answer_correct, test.points) : "too many to score",
               "Share of the test points the current line gets right: points it never trained on.");
    scored_row("max margin", test.best_known ? percent_of(test.best_correct, test.points) : "n/a",
               "The maximum-margin line of the training points (the one farthest from both classes) on the same test points.");
    if (!test.best_known && !test.best_why_not.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("No max-margin line: %s.", test.best_why_not.c_str());
        ImGui::PopTextWrapPos();
    }
    // Both margins in the space the max-margin separator lives in: the plane, or φ(x) with a curving lift.
    const MarginsRow margins = generalisation_margins_row(model.facts.margins, c.session.theory().best, st.config.lift);
    scored_row("margins", margins.value, margins.help.c_str());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", rule);
    ImGui::PopTextWrapPos();
    PanelState p = st.panels;
    if (ImGui::Checkbox("show the max-margin line", &p.max_margin)) c.session.set_panels(p);
}

}  // namespace pl::app
