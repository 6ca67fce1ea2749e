// [SECTION] Hand mode (McCulloch-Pitts, lecture 002): the switch at the top of the Training section,
// the lecture's gates, w and k typed in, which points are wrong, and the two margins of the unit.
#include <string>

#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "core/learn/threshold_unit.hpp"

namespace pl::app {

namespace {
// A row whose text also goes to the test build's probe (role "hand").
void hand_row(const char* label, const std::string& value, const char* explanation) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    value_row(label, value, explanation);
    PL_PROBE_TEXT("hand", std::string(label) + ": " + value, at, ImGui::GetItemRectMax());
    (void)at;
}

// One number of the unit, typed or stepped by kHandStep; each change is one undo entry.
bool unit_input(const char* label, double& value, float width) {
    ImGui::SetNextItemWidth(width);
    return ImGui::InputDouble(label, &value, kHandStep, 1.0, "%.4g");
}
}  // namespace

void draw_hand_switch(PanelContext& c) {
    Session& s = c.session;
    bool on = s.state().hand.on;
    if (!on) ImGui::Separator();
    if (ImGui::Checkbox("Hand mode (McCulloch-Pitts)", &on)) {
        c.run.running = false;
        s.set_hand_mode(on);
    }
    item_tooltip("A threshold unit of 1943: it fires (+1) when w\xE2\x82\x81x\xE2\x82\x81 + w\xE2\x82\x82x\xE2\x82\x82 \xE2\x89\xA5 k. You set w and k; "
                 "drag w's tip or the diamond on the canvas, or type them. Training is off meanwhile.");
}

// Returns true when hand mode is on: the Training section then shows only this block.
bool draw_hand_block(PanelContext& c) {
    Session& s = c.session;
    const WidgetState& st = s.state();
    if (!st.hand.on) return false;
    draw_hand_switch(c);

    ImGui::TextUnformatted("The lecture's gates on inputs 0 and 1:");
    ButtonGrid grid(3, {"AND", "OR", "NOT"});
    for (Gate gate : {Gate::And, Gate::Or, Gate::Not}) {
        grid.next();
        ImGui::BeginDisabled(st.readonly);
        if (ImGui::Button(gate_name(gate), ImVec2(grid.width(), 0))) s.load_gate(gate);
        ImGui::EndDisabled();
        item_tooltip("Loads the truth table (fires = +1, silent = \xE2\x88\x92" "1) with a unit that computes it: "
                     "AND w = (1, 1), k = 1.5; OR w = (1, 1), k = 1 (the lecture's); NOT w = \xE2\x88\x92" "1, k = \xE2\x88\x92" "0.5, "
                     "a threshold version of the lecture's NOT(x) = \xE2\x88\x92" "x (k = 0 would put the input 0 on the threshold).");
    }

    HandUnit unit = st.hand;
    const bool one_d = st.data.dim < 2;
    const float width = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("w\xE2\x82\x82").x - ImGui::GetStyle().ItemInnerSpacing.x - 2.0f;
    bool changed = unit_input("w\xE2\x82\x81", unit.w1, width);
    if (!one_d) changed |= unit_input("w\xE2\x82\x82", unit.w2, width);
    changed |= unit_input("k", unit.k, width);
    if (changed && !st.readonly) s.set_hand_unit(unit);

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(one_d ? "Fires (+1) when w\xE2\x82\x81x\xE2\x82\x81 \xE2\x89\xA5 k, else \xE2\x88\x92" "1."
                                 : "Fires (+1) when w\xE2\x82\x81x\xE2\x82\x81 + w\xE2\x82\x82x\xE2\x82\x82 \xE2\x89\xA5 k, else \xE2\x88\x92" "1.");
    ImGui::TextDisabled("A sum exactly at k fires, so such a +1 point is right here. The perceptron would count it "
                        "as a mistake: it updates whenever y\xC2\xB7(w\xC2\xB7x \xE2\x88\x92 k) \xE2\x89\xA4 0.");
    ImGui::PopTextWrapPos();

    const Scene& model = c.model();
    const UnitFacts& facts = model.unit;
    hand_row("wrong", std::to_string(facts.wrong_count) + " of " + std::to_string(st.data.size()) + " (ringed)",
             "Points whose label the unit does not give: a \xE2\x88\x92" "1 point where it fires, or a +1 point where it stays silent.");
    if (facts.on_threshold > 0)
        hand_row("on k", std::to_string(facts.on_threshold) + (facts.on_threshold == 1 ? " point fires at the tie" : " points fire at the tie"),
                 "Points with w\xC2\xB7x = k exactly. The unit fires on them.");
    hand_row("functional", facts.margins_defined ? display_number(facts.functional_margin) : "n/a",
             "Functional margin min\xE1\xB5\xA2 y\xE1\xB5\xA2 (w\xC2\xB7x\xE1\xB5\xA2 \xE2\x88\x92 k): its sign says right or wrong side, its size "
             "grows with w and k (double both and it doubles, the line stays).");
    hand_row("geometric", facts.geometric_defined ? display_number(facts.geometric_margin) : "n/a (w = 0)",
             "Geometric margin min\xE1\xB5\xA2 y\xE1\xB5\xA2 (w\xC2\xB7x\xE1\xB5\xA2 \xE2\x88\x92 k) / \xE2\x80\x96w\xE2\x80\x96: the signed distance from the line to "
             "the worst point in the input plane, the same whatever the scale of w and k.");

    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted("Training is off in hand mode: you are the learning rule. The perceptron learns w "
                           "from its mistakes, starting from its own w\xE2\x82\x80.");
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Back to training")) s.set_hand_mode(false);
    return true;
}

void draw_hand_theory_note(PanelContext& c) {
    if (!c.session.state().hand.on) return;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Hand mode: w and accuracy are your unit's; M and epochs are the paused perceptron's. "
                        "Your unit's wrong points and margins are in the Training section.");
    ImGui::PopTextWrapPos();
}

}  // namespace pl::app
