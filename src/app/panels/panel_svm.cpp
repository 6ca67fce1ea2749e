// [SECTION] SVM section: lecture 001's hard-margin SVM as an optimisation problem, solved exactly
// (core/theory/svm_view.hpp reads it off the maximum-margin solver the theory already ran): the primal
// written out, w, b, the margin 1/|w| beside the perceptron's own, the support vectors, every point's
// constraint value, and for the kernel perceptron the dual alphas. Its header is tied to PanelState::svm,
// which also draws the SVM's band on the canvas (canvas_svm.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "core/facts/describe.hpp"
#include "core/theory/kernel_theory.hpp"
#include "core/theory/svm_view.hpp"

namespace pl::app {

namespace {

constexpr std::size_t kListedSupportVectors = 12;  // the sentence lists this many, then says how many more
constexpr double kOnMargin = 1e-9;                  // |constraint - 1| below this: the point is on the band

// A wrapped line the test build's probe reports under `role`.
void probed_text(const char* role, const std::string& text, bool dimmed = false) {
    if (dimmed) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    PL_PROBE_TEXT(role, text, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    ImGui::PopTextWrapPos();
    if (dimmed) ImGui::PopStyleColor();
}

std::string vector_text(const Vec& v) {
    std::string out = "(";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + display_number(v[i], 4);
    return out + ")";
}

// The points at the margin in one sentence, numbered from 1 as the other tables are.
std::string support_sentence(const std::vector<std::size_t>& support, const Dataset& data) {
    std::string text = support.size() == 1 ? "Support vector: " : "Support vectors (" + std::to_string(support.size()) + "): ";
    for (std::size_t k = 0; k < support.size() && k < kListedSupportVectors; ++k) {
        const std::size_t i = support[k];
        if (k) text += ", ";
        text += "point " + std::to_string(i + 1);
        if (i < data.size()) text += " " + vector_text(data.points[i]);
    }
    if (support.size() > kListedSupportVectors)
        text += " and " + std::to_string(support.size() - kListedSupportVectors) + " more";
    return text;
}

// The perceptron's own geometric margin now, in the space its hyperplane lives in (model_facts.hpp).
std::string perceptron_margin_text(const Scene& model) {
    const AnswerMargins& m = model.facts.margins;
    if (!model.trained) return "the perceptron's margin now: no line yet";
    if (m.feature_defined) return "the perceptron's margin now: " + display_number(m.feature_geometric, 4);
    if (m.input_defined) return "the perceptron's margin now: " + display_number(m.input_geometric, 4);
    return "the perceptron's margin now: not defined for this answer";
}

// Each point's y_n (w.x_n + b), with the ones on the band (= 1) marked: a clipped table, so 100,000
// points cost only the visible rows.
void constraint_table(const char* id, const std::vector<double>& values, const Dataset& data) {
    if (values.empty()) return;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingStretchProp;
    const float height = ImGui::GetTextLineHeightWithSpacing() * std::min<float>(9.0f, static_cast<float>(values.size()) + 1.5f);
    if (!ImGui::BeginTable(id, 3, flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("n", ImGuiTableColumnFlags_WidthStretch, 0.6f);
    ImGui::TableSetupColumn("y\xE2\x82\x99", ImGuiTableColumnFlags_WidthStretch, 0.6f);
    ImGui::TableSetupColumn("y\xE2\x82\x99(w\xC2\xB7x\xE2\x82\x99 + b)", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableHeadersRow();
    const ImU32 band = (active_palette().margin & ~IM_COL32_A_MASK) | (IM_COL32(0, 0, 0, 70) & IM_COL32_A_MASK);
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(values.size()));
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const std::size_t n = static_cast<std::size_t>(r);
            const bool on_band = std::fabs(values[n] - 1.0) <= kOnMargin * std::max(1.0, std::fabs(values[n]));
            ImGui::TableNextRow();
            if (on_band) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, band);
            ImGui::TableNextColumn();
            ImGui::Text("%zu", n + 1);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(n < data.labels.size() && data.labels[n] < 0 ? "\xE2\x88\x92" "1" : "+1");
            ImGui::TableNextColumn();
            // Exactly 1 on the band (to rounding): written as 1, with words, so it reads without colour.
            const std::string value = on_band ? "1 (on the band)" : display_number(values[n], 5);
            ImGui::TextUnformatted(value.c_str());
            PL_PROBE_TEXT("svm-constraint", std::to_string(n + 1) + ": " + value, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
        }
    }
    ImGui::EndTable();
}

void draw_dual(const SvmDual& dual, const Dataset& data, const TrainConfig& config) {
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted("The dual (kernel perceptron)");
    if (dual.computing) {
        probed_text("svm-dual", "The kernel's feature space is still being solved\xE2\x80\xA6", true);
        return;
    }
    if (!dual.separable) {
        probed_text("svm-dual", "No dual solution: " + dual.reason + ".", true);
        return;
    }
    probed_text("svm-dual-formula", kernel_decision_formula(config));
    probed_text("svm-dual", dual.offset != 0.0
                                ? "In K + 1's feature space, v = \xCE\xA3 \xCE\xB1\xE1\xB5\xA2 y\xE1\xB5\xA2 \xCF\x86~(x\xE1\xB5\xA2); the bias is the weight on the constant 1: "
                                  "b = \xCE\xA3 \xCE\xB1\xE1\xB5\xA2 y\xE1\xB5\xA2 = " + display_number(dual.b, 4) + ". "
                                  // Lecture 001's primal leaves b free; this one penalises it like every weight
                                  // (issue 40, G5), so its margin and alphas are not the free-b SVM's.
                                  "So b is penalised like every weight: this is not lecture 001's SVM with a free b, and "
                                  "\xCE\xA3 \xCE\xB1\xE1\xB5\xA2 y\xE1\xB5\xA2 = 0 need not hold."
                                : "In K's feature space, v = \xCE\xA3 \xCE\xB1\xE1\xB5\xA2 y\xE1\xB5\xA2 \xCF\x86(x\xE1\xB5\xA2), with no bias.",
                true);
    probed_text("svm-dual-margin", "margin 1/\xE2\x80\x96v\xE2\x80\x96 = " + display_number(dual.margin, 4) + " in that space, " +
                                       std::to_string(dual.support.size()) + " support vectors");
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY;
    const float height = ImGui::GetTextLineHeightWithSpacing() * std::min<float>(8.0f, static_cast<float>(dual.support.size()) + 1.5f);
    if (!ImGui::BeginTable("##svm-alphas", 3, flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("n");
    ImGui::TableSetupColumn("y\xE2\x82\x99");
    ImGui::TableSetupColumn("\xCE\xB1\xE2\x82\x99");
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(dual.support.size()));
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const std::size_t k = static_cast<std::size_t>(r), n = dual.support[k];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%zu", n + 1);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(n < data.labels.size() && data.labels[n] < 0 ? "\xE2\x88\x92" "1" : "+1");
            ImGui::TableNextColumn();
            const std::string alpha = display_number(dual.alpha[k], 4);
            ImGui::TextUnformatted(alpha.c_str());
            PL_PROBE_TEXT("svm-alpha", std::to_string(n + 1) + ": " + alpha, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
        }
    }
    ImGui::EndTable();
}

// The SVM of the current data, recomputed only when the session or the theory's progress changes
// (the constraint values are O(N) per change, not per frame).
const SvmView& current_svm(const Scene& model) {
    static SvmView view;
    static std::uint64_t revision = ~0ull;
    static bool computing = false;
    const TheorySummary& theory = model.theory();
    if (revision != model.revision || computing != theory.computing) {
        view = svm_view(model.state().data, model.state().config, theory);
        revision = model.revision;
        computing = theory.computing;
    }
    return view;
}

}  // namespace

bool svm_section_header(PanelContext& c) {
    const bool on = c.session.state().panels.svm;
    ImGui::SetNextItemOpen(on, ImGuiCond_Always);
    const bool open = section_header(section_title(Section::Svm));
    if (open != on) {
        PanelState p = c.session.state().panels;
        p.svm = open;
        c.session.set_panels(p);
    }
    return open;
}

void draw_svm_section(PanelContext& c) {
    const Scene& model = c.model();
    const WidgetState& state = model.state();
    if (state.mode != DataMode::Points) {
        probed_text("svm-none", "The SVM view works on the points: switch the data back to points to see it.", true);
        return;
    }
    const bool lifted = state.config.lift != LiftKind::None;
    probed_text("svm-problem", "minimise \xC2\xBD\xE2\x80\x96w\xE2\x80\x96\xC2\xB2 over w, b subject to y\xE2\x82\x99(w\xC2\xB7x\xE2\x82\x99 + b) \xE2\x89\xA5 1 for every n");
    item_tooltip("Lecture 001's hard-margin SVM: of all lines that put every point at functional margin 1 or more, the one with "
                 "the shortest w. Its margin 1/\xE2\x80\x96w\xE2\x80\x96 is the widest any line achieves; here it is solved exactly "
                 "(the maximum-margin line, scaled so the closest points have y(w\xC2\xB7x + b) = 1).");
    if (lifted) probed_text("svm-space", "x\xE2\x82\x99 stands for \xCF\x86(x\xE2\x82\x99), the lifted point: the SVM lives where the lift's plane does.", true);
    const SvmView& view = current_svm(model);
    const SvmPrimal& svm = view.primal;
    if (!svm.separable) {
        probed_text("svm-none", "No solution: " + svm.reason + ".");
    } else {
        probed_text("svm-w", "w = " + vector_text(svm.w));
        probed_text("svm-b", "b = " + display_number(svm.b, 4));
        probed_text("svm-margin", "margin 1/\xE2\x80\x96w\xE2\x80\x96 = " + display_number(svm.margin, 4));
        item_tooltip("The distance from the line w\xC2\xB7x + b = 0 to the dashed lines w\xC2\xB7x + b = \xC2\xB1" "1: no line separates "
                     "these points with a wider gap.");
        probed_text("svm-perceptron-margin", perceptron_margin_text(model), true);
        probed_text("svm-support", support_sentence(svm.support, state.data));
        if (lifted || state.data.dim > 2)
            probed_text("svm-canvas", "The canvas shows the band only without a lift, on 2-D points.", true);
        ImGui::Spacing();
        constraint_table("##svm-constraints", svm.constraint, state.data);
    }
    if (view.dual.applies) draw_dual(view.dual, state.data, state.config);
}

}  // namespace pl::app
