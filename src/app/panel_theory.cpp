// [SECTION] Theory and Plots sections: the numbers of the convergence proof, live.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/panels.hpp"
#include "app/plots.hpp"
#include "core/lift.hpp"

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

}  // namespace

void draw_theory_section(PanelContext& c) {
    const FrameModel& model = c.model();
    const Session& s = c.session;
    const Learner& learner = s.learner();
    const TheorySummary& t = s.theory();
    const TrainConfig& config = s.state().config;

    value_row("N", std::to_string(s.state().data.size()), "Number of training examples.");
    value_row("R", t.applicable ? display_number(t.R) : "n/a",
              "R = max\xE1\xB5\xA2 \xE2\x80\x96x\xE1\xB5\xA2\xE2\x80\x96: the radius of the data in the space the learner runs in "
              "(after the feature map, with the constant 1 when the bias is absorbed).");
    const DecisionField& field = model.field;
    if (field.kind == DecisionField::Kind::Linear) {
        value_row("w", vector_text(field.w),
                  "The weight vector the learner answers with, in its own space. With an absorbed bias the last entry "
                  "multiplies the constant feature 1, so it plays the role of b.");
        if (config.bias == BiasMode::Explicit) value_row("b", display_number(field.b), "The explicit bias: b \xE2\x86\x90 b + \xCE\xB7y on each mistake.");
    } else if (field.kind == DecisionField::Kind::Kernel) {
        value_row("support", std::to_string(field.support.size()) + " points with \xCE\xB1 > 0",
                  "The kernel perceptron stores no w: f(x) = \xCE\xA3\xE1\xB5\xA2 \xCE\xB1\xE1\xB5\xA2 y\xE1\xB5\xA2 K(x\xE1\xB5\xA2, x), "
                  "where \xCE\xB1\xE1\xB5\xA2 counts the mistakes made on example i.");
    }
    const AnswerMargins& m = model.facts.margins;
    value_row("\xCE\xB3(w)", m.learner_defined ? display_number(m.learner_geometric) : "n/a",
              "Geometric margin of the current w on the data: min\xE1\xB5\xA2 y\xE1\xB5\xA2 (w\xC2\xB7x\xE1\xB5\xA2) / \xE2\x80\x96w\xE2\x80\x96. Positive exactly "
              "when w classifies every point correctly; negative means some point is on the wrong side.");
    value_row("\xCE\xB3*", t.applicable && t.separable ? display_number(t.gamma_star) : "n/a",
              "The largest margin any unit-length w* achieves through the origin of the learner space "
              "(the \xCE\xB3 of the convergence theorem).");
    value_row("bound", t.applicable && t.separable ? display_number(t.bound) : "\xE2\x88\x9E",
              "(R / \xCE\xB3*)\xC2\xB2: on separable data the perceptron makes at most this many mistakes, in any order, from w = 0.");
    const bool over = t.applicable && t.separable && static_cast<double>(learner.mistakes()) > t.bound;
    value_row("M", std::to_string(learner.mistakes()) + (t.applicable && t.separable ? (over ? "  (above the bound!)" : "  \xE2\x89\xA4 bound") : ""),
              "Mistakes (updates) so far. The theorem says M \xE2\x89\xA4 (R/\xCE\xB3*)\xC2\xB2 when training starts from w = 0.");
    value_row("epochs", std::to_string(learner.epochs_completed()), "Complete passes over the data.");
    value_row("accuracy", display_number(100.0 * learner.training_accuracy(), 4) + " %",
              "Share of training points the current answer classifies correctly.");
    std::string separable = t.separable ? "yes" : "no";
    if (!t.separable && !t.why_not.empty()) separable += ": " + t.why_not;
    if (!t.applicable) separable = t.why_not.empty() ? "not defined for this kernel" : t.why_not;
    ImGui::TextUnformatted("separable");
    item_tooltip("Linearly separable in the learner's space: some w puts every point strictly on its own side. "
                 "Equivalently (with a bias), the convex hulls of the two classes do not meet.");
    ImGui::SameLine(ImGui::GetFontSize() * 7.0f);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(separable.c_str());
    ImGui::PopTextWrapPos();
    if (learner.diverged()) {
        ImGui::PushStyleColor(ImGuiCol_Text, active_palette().bad_text);
        ImGui::TextWrapped("Weights overflowed: training stopped. Reset to continue.");
        ImGui::PopStyleColor();
    }
}

void draw_plots_section(PanelContext& c) {
    const Session& s = c.session;
    const Learner& learner = s.learner();
    const float font = ImGui::GetFontSize();

    PlotSeries per_epoch{{}, {}, ImGui::GetColorU32(ImGuiCol_PlotHistogram), "mistakes per epoch"};
    const auto& counts = learner.mistakes_per_epoch();
    // Long runs have many epochs: keep at most ~4,000 samples per frame (the plot buckets them further).
    const std::size_t epoch_stride = std::max<std::size_t>(1, counts.size() / 4000);
    for (std::size_t i = 0; i < counts.size(); i += epoch_stride) {
        std::size_t top = 0;
        for (std::size_t j = i; j < std::min(counts.size(), i + epoch_stride); ++j) top = std::max(top, counts[j]);
        per_epoch.x.push_back(static_cast<float>(i + 1));
        per_epoch.y.push_back(static_cast<float>(top));
    }
    line_plot("##per-epoch", {per_epoch}, font * 6.0f, "epoch", true);

    const TheorySummary& t = s.theory();
    const auto& proof = learner.proof();
    if (!t.applicable || !t.separable || proof.empty()) {
        ImGui::TextWrapped("The proof plots need linearly separable data and a primal learner (they compare w with the "
                           "best separator w*).");
        return;
    }
    const Palette& colors = active_palette();
    PlotSeries projection{{}, {}, colors.plot_growth, "w\xC2\xB7w*"};
    PlotSeries lower{{}, {}, colors.plot_bound, "M\xCE\xB3*", true};
    PlotSeries squared{{}, {}, colors.plot_norm, "\xE2\x80\x96w\xE2\x80\x96\xC2\xB2"};
    PlotSeries upper{{}, {}, colors.plot_bound, "MR\xC2\xB2", true};
    const std::size_t proof_stride = std::max<std::size_t>(1, proof.size() / 2000);
    for (std::size_t k = 0; k < proof.size(); k += proof_stride) {
        const ProofSample& p = proof[k];
        const auto M = static_cast<float>(p.mistakes);
        projection.x.push_back(M); projection.y.push_back(static_cast<float>(p.projection));
        lower.x.push_back(M); lower.y.push_back(static_cast<float>(static_cast<double>(p.mistakes) * t.gamma_star));
        squared.x.push_back(M); squared.y.push_back(static_cast<float>(p.squared_norm));
        upper.x.push_back(M); upper.y.push_back(static_cast<float>(static_cast<double>(p.mistakes) * t.R * t.R));
    }
    ImGui::TextUnformatted("w\xC2\xB7w* grows at least M\xCE\xB3*");
    item_tooltip("Each mistake adds y(x\xC2\xB7w*) \xE2\x89\xA5 \xCE\xB3* to the projection of w on the unit separator w*.");
    line_plot("##proof-lower", {projection, lower}, font * 6.0f, "M");
    ImGui::TextUnformatted("\xE2\x80\x96w\xE2\x80\x96\xC2\xB2 grows at most MR\xC2\xB2");
    item_tooltip("Each mistake adds 2y(w\xC2\xB7x) + \xE2\x80\x96x\xE2\x80\x96\xC2\xB2 \xE2\x89\xA4 R\xC2\xB2 to \xE2\x80\x96w\xE2\x80\x96\xC2\xB2, because y(w\xC2\xB7x) \xE2\x89\xA4 0 on a mistake. "
                 "Together: M\xCE\xB3* \xE2\x89\xA4 w\xC2\xB7w* \xE2\x89\xA4 \xE2\x80\x96w\xE2\x80\x96 \xE2\x89\xA4 \xE2\x88\x9A(M)R, hence M \xE2\x89\xA4 (R/\xCE\xB3*)\xC2\xB2.");
    line_plot("##proof-upper", {squared, upper}, font * 6.0f, "M");
}

}  // namespace pl::app
