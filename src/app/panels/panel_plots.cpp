// [SECTION] Plots section: mistakes and the perceptron loss per epoch, the proof's two inequalities
// (scaled by the step, or the reason they do not apply: core/theory/proof_status.hpp), cos theta between w and
// w* (the proof's "w turns towards w*"), and lecture 001's
// derivation of the perceptron from logistic SGD with the current eta filled in.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/panels/panels.hpp"
#include "app/panels/plots.hpp"
#include "app/base/rich_text.hpp"
#include "app/base/probe.hpp"
#include "core/facts/update_gain.hpp"
#include "core/theory/sgd_derivation.hpp"

namespace pl::app {

namespace {

// Long runs have many epochs: at most ~4,000 samples per frame (the plot buckets them further).
// Bars keep the largest count of each bucket; the loss keeps the epoch at the bucket's end.
PlotSeries mistakes_series(const std::vector<std::size_t>& counts) {
    PlotSeries series{{}, {}, ImGui::GetColorU32(ImGuiCol_PlotHistogram), "mistakes per epoch"};
    const std::size_t stride = std::max<std::size_t>(1, counts.size() / 4000);
    for (std::size_t i = 0; i < counts.size(); i += stride) {
        std::size_t top = 0;
        for (std::size_t j = i; j < std::min(counts.size(), i + stride); ++j) top = std::max(top, counts[j]);
        series.x.push_back(static_cast<float>(i + 1));
        series.y.push_back(static_cast<float>(top));
    }
    return series;
}

PlotSeries loss_series(const std::vector<double>& losses) {
    PlotSeries series{{}, {}, IM_COL32(0, 114, 178, 255), "perceptron loss L"};
    const std::size_t stride = std::max<std::size_t>(1, losses.size() / 4000);
    for (std::size_t i = 0; i < losses.size(); i += stride) {
        const std::size_t last = std::min(losses.size(), i + stride) - 1;
        series.x.push_back(static_cast<float>(last + 1));
        series.y.push_back(static_cast<float>(losses[last]));  // NaN: an epoch without a loss, skipped
    }
    return series;
}

void caption(const char* role, const std::string& text, const char* tooltip = nullptr) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    if (tooltip) item_tooltip(tooltip);
    PL_PROBE_TEXT(role, text, at, ImGui::GetItemRectMax());
}

void draw_epoch_plots(const Learner& learner, std::size_t points) {
    const float font = ImGui::GetFontSize();
    const PlotSeries mistakes = mistakes_series(learner.mistakes_per_epoch());
    const PlotSeries loss = loss_series(learner.loss_per_epoch());
    const std::string loss_caption = "L = \xCE\xA3 max(0, \xE2\x88\x92y\xC2\xB7" "f(x)) over all " + std::to_string(points) +
                                     " points, of the running w at the end of each epoch";
    const char* loss_help = "Lecture 001's perceptron loss, taken when an epoch ends: 0 when no point is on the wrong "
                            "side (a point on the line costs 0 but is still a mistake). Its subgradient step is the "
                            "perceptron's update: see the derivation below.";
    // Side by side when each plot still gets about 13 characters of room, else one above the other.
    if (ImGui::GetContentRegionAvail().x >= font * 26.0f &&
        ImGui::BeginTable("##epoch-plots", 2, ImGuiTableFlags_SizingStretchSame)) {
        ImGui::TableNextColumn();
        line_plot("##per-epoch", {mistakes}, font * 6.0f, "epoch", true);
        ImGui::TableNextColumn();
        line_plot("##loss-per-epoch", {loss}, font * 6.0f, "epoch");
        caption("plot-caption", loss_caption, loss_help);
        ImGui::EndTable();
        return;
    }
    line_plot("##per-epoch", {mistakes}, font * 6.0f, "epoch", true);
    line_plot("##loss-per-epoch", {loss}, font * 6.0f, "epoch");
    caption("plot-caption", loss_caption, loss_help);
}

void draw_proof_plots(const Learner& learner, const TheorySummary& t, const ProofStatus& status) {
    const float font = ImGui::GetFontSize();
    if (!status.applies) {
        caption("proof-note", "Proof plots: the mistake bound does not apply to this run: " + status.reason + ".");
        return;
    }
    const auto& proof = learner.proof();
    // The kernel learner's samples wait for w* from the Gram solve (their projection is NaN until then).
    if (proof.empty() || std::isnan(proof.back().projection)) {
        caption("proof-note", "Proof plots: this learner does not record its w against w*.");
        return;
    }
    // Every update adds s y z (s = eta for the primal learners): from 0, w.w* >= s M gamma* and |w|^2 <= s^2 M R^2.
    const bool unit = status.step == 1.0;
    const std::string eta = display_number(status.step);
    PlotSeries projection{{}, {}, IM_COL32(0, 158, 115, 255), "w\xC2\xB7w*"};
    PlotSeries lower{{}, {}, IM_COL32(120, 120, 120, 255), unit ? "M\xCE\xB3*" : "\xCE\xB7M\xCE\xB3*", true};
    PlotSeries squared{{}, {}, IM_COL32(213, 94, 0, 255), "\xE2\x80\x96w\xE2\x80\x96\xC2\xB2"};
    PlotSeries upper{{}, {}, IM_COL32(120, 120, 120, 255), unit ? "MR\xC2\xB2" : "\xCE\xB7\xC2\xB2MR\xC2\xB2", true};
    const std::size_t stride = std::max<std::size_t>(1, proof.size() / 2000);
    for (std::size_t k = 0; k < proof.size(); k += stride) {
        const ProofSample& p = proof[k];
        const auto M = static_cast<float>(p.mistakes);
        projection.x.push_back(M); projection.y.push_back(static_cast<float>(p.projection));
        lower.x.push_back(M); lower.y.push_back(static_cast<float>(projection_floor(status, t, p.mistakes)));
        squared.x.push_back(M); squared.y.push_back(static_cast<float>(p.squared_norm));
        upper.x.push_back(M); upper.y.push_back(static_cast<float>(squared_norm_ceiling(status, t, p.mistakes)));
    }
    const std::string per = unit ? "" : " (\xCE\xB7 = " + eta + ")";
    caption("proof-caption", std::string(unit ? "w\xC2\xB7w* grows at least M\xCE\xB3*" : "w\xC2\xB7w* grows at least \xCE\xB7M\xCE\xB3*") + per,
            "Each mistake adds \xCE\xB7\xC2\xB7y(z\xC2\xB7w*) \xE2\x89\xA5 \xCE\xB7\xCE\xB3* to the projection of w on the unit separator w*, starting from 0.");
    line_plot("##proof-lower", {projection, lower}, font * 6.0f, "M");
    caption("proof-caption", std::string(unit ? "\xE2\x80\x96w\xE2\x80\x96\xC2\xB2 grows at most MR\xC2\xB2" : "\xE2\x80\x96w\xE2\x80\x96\xC2\xB2 grows at most \xCE\xB7\xC2\xB2MR\xC2\xB2") + per,
            "Each mistake adds 2\xCE\xB7\xC2\xB7y(w\xC2\xB7z) + \xCE\xB7\xC2\xB2\xE2\x80\x96z\xE2\x80\x96\xC2\xB2 \xE2\x89\xA4 \xCE\xB7\xC2\xB2R\xC2\xB2 to \xE2\x80\x96w\xE2\x80\x96\xC2\xB2, because y(w\xC2\xB7z) \xE2\x89\xA4 0 on a mistake. Together: "
            "\xCE\xB7M\xCE\xB3* \xE2\x89\xA4 w\xC2\xB7w* \xE2\x89\xA4 \xE2\x80\x96w\xE2\x80\x96 \xE2\x89\xA4 \xCE\xB7\xE2\x88\x9A(M)R, so M \xE2\x89\xA4 (R/\xCE\xB3*)\xC2\xB2 whatever \xCE\xB7 > 0 is.");
    line_plot("##proof-upper", {squared, upper}, font * 6.0f, "M");
}

// The proof's "w turns towards w*": cos theta = w.w*/(|w| |w*|) after each mistake (update_gain.hpp), and
// the floor the two inequalities give it: s M gamma* / (s sqrt(M) R) = sqrt(M) gamma*/R, whatever s is.
void draw_alignment_plot(const Learner& learner, const TheorySummary& t, const ProofStatus& status) {
    const std::string title = "cos \xCE\xB8 between w and w*";
    if (!status.applies) {
        caption("alignment-note", title + ": not available: " + status.reason + ".");
        return;
    }
    const std::vector<AlignmentPoint> cosines = alignment_series(learner.proof());
    if (cosines.empty()) {
        const bool recorded = !learner.proof().empty() && !std::isnan(learner.proof().back().projection);
        caption("alignment-note", title + (recorded ? ": no update yet (w = 0 has no direction)." : ": not available: this learner does not record its w against w*."));
        return;
    }
    PlotSeries cosine{{}, {}, IM_COL32(0, 114, 178, 255), "cos \xCE\xB8"};
    PlotSeries floor{{}, {}, IM_COL32(120, 120, 120, 255), "\xE2\x88\x9AM\xC2\xB7\xCE\xB3*/R", true};
    const std::size_t stride = std::max<std::size_t>(1, cosines.size() / 2000);
    for (std::size_t k = 0; k < cosines.size(); k += stride) {
        const std::size_t m = cosines[k].mistakes;
        const double ceiling = squared_norm_ceiling(status, t, m);
        cosine.x.push_back(static_cast<float>(m));
        cosine.y.push_back(static_cast<float>(cosines[k].cos_theta));
        floor.x.push_back(static_cast<float>(m));
        floor.y.push_back(ceiling > 0 ? static_cast<float>(std::min(1.0, projection_floor(status, t, m) / std::sqrt(ceiling))) : NAN);
    }
    const AlignmentPoint& now = cosines.back();
    caption("alignment-caption", title + " after each mistake: " + display_number(now.cos_theta, 3) + " after M = " + std::to_string(now.mistakes) +
                ". It rises because each update adds at least \xCE\xB3* to w\xC2\xB7w* but at most R\xC2\xB2 to \xE2\x80\x96w\xE2\x80\x96\xC2\xB2: "
                "cos \xCE\xB8 \xE2\x89\xA5 \xE2\x88\x9AM\xC2\xB7\xCE\xB3*/R, which cannot pass 1, so M \xE2\x89\xA4 (R/\xCE\xB3*)\xC2\xB2.",
            "The angle between the learner's w and the best separator w* (the proof's w*, in the learner's space). "
            "It need not grow at every update, but its floor \xE2\x88\x9AM\xC2\xB7\xCE\xB3*/R does (step sizes cancel).");
    line_plot("##alignment", {cosine, floor}, ImGui::GetFontSize() * 6.0f, "M");
}

void draw_derivation(const TrainConfig& config) {
    if (!tree_node("From SGD to the perceptron")) return;
    item_tooltip("Lecture 001's derivation: logistic regression trained by SGD becomes the perceptron when its "
                 "probability is replaced by the predicted label.");
    for (const std::string& step : sgd_derivation(config)) rich_text(step, "derivation");
    rich_text(perceptron_loss_text(), "derivation");
    ImGui::TreePop();
}

}  // namespace

void draw_plots_section(PanelContext& c) {
    const Session& s = c.session;
    draw_epoch_plots(s.learner(), s.state().data.size());
    const TheorySummary& t = s.theory_so_far();  // a big kernel solve runs a slice per frame meanwhile
    if (t.computing) caption("proof-note", "The proof plots wait for w*: " + s.theory_progress());
    else {
        draw_proof_plots(s.learner(), t, c.model().proof);
        draw_alignment_plot(s.learner(), t, c.model().proof);
    }
    draw_derivation(s.state().config);
}

}  // namespace pl::app
