// [SECTION] Theory section: the numbers of the convergence proof, live, each named for the space it
// is measured in. Whether the mistake bound holds for this run comes from core/theory/proof_status.hpp.
#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "app/panels/panel_texts.hpp"
#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "core/facts/shown_answer.hpp"
#include "core/learn/lift.hpp"
#include "core/theory/kernel_theory.hpp"

namespace pl::app {

namespace {
std::string vector_text(const Vec& v, std::size_t max_items = 6) {
    std::string out = "(";
    for (std::size_t i = 0; i < v.size() && i < max_items; ++i) {
        if (i) out += ", ";
        out += display_number(v[i], 3);
    }
    if (v.size() > max_items) out += ", \xE2\x80\xA6";
    return out + ")";
}

// A line of explanation under a row, wrapped to the column, in the dimmed text colour.
void note_line(const char* role, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(0.0f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(text.c_str());
    PL_PROBE_TEXT(role, text, at, ImVec2(at.x + ImGui::GetItemRectSize().x, at.y + ImGui::GetItemRectSize().y));
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

// What z is in R = max |z|: the learner's space, the constant 1 of a bias included.
std::string radius_tooltip(const TrainConfig& config) {
    const std::string phi = config.lift == LiftKind::None ? "x" : "\xCF\x86(x)";
    std::string text = "R = max\xE1\xB5\xA2 \xE2\x80\x96z\xE1\xB5\xA2\xE2\x80\x96: the radius of the data in the space the learner runs in, here z = " +
                       learner_space_name(config) + ". ";
    switch (config.bias) {
        case BiasMode::Absorbed: text += "The 1 is the constant feature whose weight is the absorbed bias."; break;
        case BiasMode::Explicit:
            text += "The explicit b counts as one more weight on a constant 1 (b \xE2\x86\x90 b + \xCE\xB7y is that weight's update), "
                    "as in the proof, so R is measured over [" + phi + ", 1] too.";
            break;
        case BiasMode::None: text += "Without a bias there is no constant 1."; break;
    }
    return text;
}

// Rows of margins: one label column as wide as the widest label, so long labels never overlap values.
class MarginRows {
public:
    explicit MarginRows(std::initializer_list<std::string> labels) {
        for (const std::string& l : labels) column_ = std::max(column_, ImGui::CalcTextSize(l.c_str()).x);
        column_ = std::max(column_ + ImGui::GetStyle().ItemSpacing.x, ImGui::GetFontSize() * 7.0f);  // as value_row
    }
    void row(const std::string& label, const std::string& value, const std::string& explanation) const {
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::TextUnformatted(label.c_str());
        item_tooltip(explanation.c_str());
        ImGui::SameLine(column_);
        ImGui::TextUnformatted(value.c_str());
        item_tooltip(explanation.c_str());
        PL_PROBE_TEXT("theory-row", label + "  " + value, at, ImGui::GetItemRectMax());
    }

private:
    float column_ = 0;
};

void draw_margins(const Scene& model, const TrainConfig& config) {
    const AnswerMargins& m = model.facts.margins;
    const std::string space = learner_space_name(config);
    const std::string plane = "\xCE\xB3 on the plane", lifted = "\xCE\xB3 in \xCF\x86(x)", learner = "\xCE\xB3 in " + space,
                      functional = "functional";
    const MarginRows rows{plane, lifted, learner, functional};
    ImGui::TextDisabled("Margins of the current answer");
    const bool linear = model.field.kind == DecisionField::Kind::Linear;
    const bool curved = config.lift != LiftKind::None && config.lift != LiftKind::Constant;
    if (linear && !curved)
        rows.row(plane, m.input_defined ? display_number(m.input_geometric) : "n/a",
                 "Geometric margin on the canvas (lecture 001): min\xE1\xB5\xA2 y\xE1\xB5\xA2(w\xC2\xB7x\xE1\xB5\xA2 + b) / \xE2\x80\x96w\xE2\x80\x96, where w is the normal of the "
                 "line drawn on the plane and b its offset (an absorbed or explicit bias, a constant feature). It is "
                 "the signed distance of the closest point to the line, the width of the dashed margin band; "
                 "negative when a point is on the wrong side, n/a before w has a direction.");
    if (linear && curved)
        rows.row(lifted, m.feature_defined ? display_number(m.feature_geometric) : "n/a",
                 "Geometric margin in the lifted space, where the hyperplane lives: min\xE1\xB5\xA2 y\xE1\xB5\xA2(w\xC2\xB7\xCF\x86(x\xE1\xB5\xA2) + b) / \xE2\x80\x96w\xE2\x80\x96 with "
                 "w the weights on \xCF\x86(x) and b the offset. On the canvas its boundary is a curve, so there is no "
                 "distance to a line there.");
    if (linear)
        rows.row(learner, m.learner_defined ? display_number(m.learner_geometric) : "n/a", learner_margin_help(space, curved));
    rows.row(functional, m.functional_defined ? display_number(m.functional) : "n/a",
             "Functional margin min\xE1\xB5\xA2 y\xE1\xB5\xA2 f(x\xE1\xB5\xA2) = min\xE1\xB5\xA2 y\xE1\xB5\xA2(w\xC2\xB7x\xE1\xB5\xA2 + b), not divided by any length: the same in every "
             "space. Positive when every point is on its side; 0 or less when some point is on the line or wrong "
             "(a mistake, y\xC2\xB7" "f \xE2\x89\xA4 0). Doubling w doubles it, so only its sign compares across runs.");
}

void draw_separability(const TheorySummary& t, const TrainConfig& config) {
    const std::string space = config.algorithm == Algorithm::Kernel ? std::string("the kernel's feature space")
                                                                     : learner_space_name(config);
    std::string separable;
    if (!t.applicable) separable = t.why_not.empty() ? "not defined for this kernel" : t.why_not;
    else separable = "in " + space + ": " + (t.separable ? "yes" : "no") + (!t.why_not.empty() ? " (" + t.why_not + ")" : "");
    if (t.applicable && t.separable && !t.note.empty()) separable += "; " + t.note;  // e.g. RBF: always separable
    const std::string separable_help =
        "Linearly separable in the learner's space " + space + ": some hyperplane through its origin puts every point strictly on "
        "its own side (a point on the line would be a mistake). This is the premise of the mistake bound.";
    std::string hulls;
    if (t.plane.undecided) hulls = "unknown (" + t.plane.reason + ")";
    else if (t.hulls_apart) hulls = "apart (a line with a bias separates them)";
    else if (t.n > 0) hulls = "meet (no line separates them, even with a bias)";
    const std::string hulls_help =
        "The convex hulls the canvas can draw are those of the raw points. Two classes are separable by a line "
        "with a bias (w\xC2\xB7x + b = 0) exactly when their hulls do not meet. The row above asks about " + space +
        (config.bias == BiasMode::None ? ", without a bias: the line must pass through the origin, so hulls that are "
                                         "apart do not promise separable there."
                                       : ".") +
        (config.lift != LiftKind::None ? " With a lift the learner separates \xCF\x86(x), where the hulls of the lifted points "
                                         "are what counts, so the two rows can differ."
                                       : "");
    for (const auto& [label, text, help] : {std::tuple{"separable", separable, separable_help},
                                            std::tuple{"hulls", hulls, hulls_help}}) {
        if (text.empty()) continue;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::TextUnformatted(label);
        item_tooltip(help.c_str());
        ImGui::SameLine(ImGui::GetFontSize() * 7.0f);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(text.c_str());
        item_tooltip(help.c_str());
        ImGui::PopTextWrapPos();
        PL_PROBE_TEXT("theory-row", std::string(label) + "  " + text, at, ImGui::GetItemRectMax());
    }
}

}  // namespace

void draw_theory_section(PanelContext& c) {
    const Scene& model = c.model();
    const Session& s = c.session;
    const Learner& learner = s.learner();
    const TheorySummary& t = s.theory_so_far();  // a big kernel solve runs a slice per frame meanwhile
    const TrainConfig& config = s.state().config;
    const ProofStatus& proof = model.proof;
    const bool kernel = config.algorithm == Algorithm::Kernel;
    const std::string computing = "computing\xE2\x80\xA6";

    value_row("N", std::to_string(s.state().data.size()), "Number of training examples.");
    value_row("R", t.computing && !(t.R > 0.0) ? computing : t.applicable ? display_number(t.R) : "n/a",
              kernel ? "The radius of the data in the kernel's feature space: R = max\xE1\xB5\xA2 \xE2\x88\x9A(K(x\xE1\xB5\xA2, x\xE1\xB5\xA2) + 1) "
                       "when the bias is absorbed or explicit (the constant feature 1, whose weight is the bias), "
                       "R = max\xE1\xB5\xA2 \xE2\x88\x9AK(x\xE1\xB5\xA2, x\xE1\xB5\xA2) without a bias."
                     : radius_tooltip(config).c_str());
    const DecisionField& field = model.field;
    if (field.kind == DecisionField::Kind::Linear) {
        value_row("w", vector_text(field.w),
                  config.bias == BiasMode::Absorbed
                      ? "The weight vector the learner answers with, over [x, 1] (or [\xCF\x86(x), 1]): the last entry multiplies "
                        "the constant feature 1, so it plays the role of b."
                      : "The weight vector the learner answers with, over x (or \xCF\x86(x)).");
        if (config.bias == BiasMode::Explicit) value_row("b", display_number(field.b), "The explicit bias: b \xE2\x86\x90 b + \xCE\xB7y on each mistake.");
    } else if (field.kind == DecisionField::Kind::Kernel) {
        const std::string tip = "The kernel perceptron stores no w: " + kernel_decision_formula(config) +
                                ", where \xCE\xB1\xE1\xB5\xA2 counts the mistakes made on example i.";
        value_row("support", std::to_string(field.support.size()) + " points with \xCE\xB1 > 0", tip.c_str());
    }
    const std::string space = kernel ? std::string("the kernel's feature space") : learner_space_name(config);
    const std::string gamma_help =
        kernel ? "The largest margin any unit-length w* achieves through the origin of the kernel's feature space, "
                 "computed from the Gram matrix: the \xCE\xB3 of the convergence theorem, with the feature vectors in place of x "
                 "([\xCF\x88(x), 1] with a bias, \xCF\x88 the kernel's feature map)."
               : "The largest margin any unit-length w* reaches through the origin of " + space +
                     " (the \xCE\xB3 of the convergence theorem): compare it with \"\xCE\xB3 in " + space + "\" below.";
    const bool have_gamma = t.applicable && t.separable && t.gamma_star > 0.0;
    value_row("\xCE\xB3*", t.computing ? computing : have_gamma ? display_number(t.gamma_star) : "n/a", gamma_help.c_str());
    value_row("bound", t.computing ? computing : have_gamma ? display_number(t.bound) : "\xE2\x88\x9E",
              "(R / \xCE\xB3*)\xC2\xB2: on data separable in the learner's space, the perceptron started from w = 0 makes at most "
              "this many mistakes, in any order and for any \xCE\xB7 > 0. Whether that holds for this run is said under M.");
    const bool over = proof.applies && have_gamma && static_cast<double>(learner.mistakes()) > t.bound;
    std::string mistakes = std::to_string(learner.mistakes());
    if (proof.applies && have_gamma) mistakes += over ? "  (above the bound!)" : "  \xE2\x89\xA4 bound";
    else if (have_gamma) mistakes += "  (bound not applicable)";
    value_row("M", mistakes, "Mistakes (updates) so far: visits with y\xC2\xB7" "f(x) \xE2\x89\xA4 0, a point on the line included.");
    if (!t.computing && !proof.note().empty()) note_line("bound-note", (proof.applies ? "" : "Bound not applicable: ") + proof.note());
    value_row("epochs", std::to_string(learner.epochs_completed()), "Complete passes over the data.");
    // In hand mode the answer on screen is the student's unit, and so is the accuracy a lesson's goal
    // reads (goal_facts.cpp): the row says the same number, not the paused perceptron's.
    const double accuracy = s.state().hand.on ? shown_answer(s).training_accuracy : learner.training_accuracy();
    value_row("accuracy", display_number(100.0 * accuracy, 4) + " %",
              "Share of training points the current answer puts strictly on their own side (a point on the line "
              "counts as wrong).");
    ImGui::Spacing();
    draw_margins(model, config);
    ImGui::Spacing();
    if (t.computing) note_line("theory-row", "separable  " + computing + " " + s.theory_progress());
    else draw_separability(t, config);
    if (learner.diverged()) {
        ImGui::PushStyleColor(ImGuiCol_Text, active_palette().bad_text);
        ImGui::TextWrapped("Weights overflowed: training stopped. Reset to continue.");
        ImGui::PopStyleColor();
    }
}

}  // namespace pl::app
