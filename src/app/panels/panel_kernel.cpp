// [SECTION] Kernel perceptron: the decision function as the learner computes it (with the bias choice
// beside it), the PSD check of the sigmoid kernel, and the mistake counters alpha_i, sortable, linked to
// the canvas selection.
#include <algorithm>
#include <string>
#include <vector>

#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "core/theory/kernel_theory.hpp"

namespace pl::app {

namespace {

// f(x) exactly as computed, and the three ways of handling the bias as one click each (lecture 002's
// kernel perceptron has none).
void draw_decision_function(PanelContext& c) {
    Session& s = c.session;
    const TrainConfig& config = s.state().config;
    ImGui::PushTextWrapPos(0.0f);
    const std::string formula = kernel_decision_formula(config);
    ImGui::TextUnformatted(formula.c_str());
    PL_PROBE_TEXT("kernel-formula", formula, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    ImGui::PopTextWrapPos();
    item_tooltip("What the kernel perceptron computes, with \xCE\xB1\xE1\xB5\xA2 = the mistakes made on point i. "
                 "No bias (lecture 002): a hyperplane through the origin of the feature space. Absorbed: K + 1 is "
                 "the kernel of [\xCF\x88(x), 1], the bias as one more weight. Explicit: a separate b, b \xE2\x86\x90 b + y "
                 "on each mistake (the same f as K + 1 until an outlier is dropped).");
    struct Choice { const char* label; BiasMode bias; const char* tip; };
    const Choice choices[] = {
        {"K (lecture 002)", BiasMode::None, "No bias: f(x) = \xCE\xA3 \xCE\xB1\xE1\xB5\xA2y\xE1\xB5\xA2K(x\xE1\xB5\xA2, x), the form of lecture 002."},
        {"K + 1", BiasMode::Absorbed, "Bias absorbed: every K gets + 1, the kernel of the features with a constant 1 added."},
        {"K + b", BiasMode::Explicit, "Explicit bias b, updated by y on each mistake."},
    };
    ImGui::TextDisabled("bias:");
    for (const Choice& choice : choices) {
        same_line_if_fits(check_width(choice.label));
        if (ImGui::RadioButton(choice.label, config.bias == choice.bias) && config.bias != choice.bias) {
            TrainConfig next = config;
            next.bias = choice.bias;
            c.run.running = false;
            apply_training_settings(s, next);
        }
        item_tooltip(choice.tip);
    }
}

// Sigmoid (and polynomial with c < 0): whether this Gram matrix is PSD, as a number.
void draw_gram_spectrum(PanelContext& c) {
    const Session& s = c.session;
    const TrainConfig& config = s.state().config;
    const TheorySummary& t = s.theory_so_far();
    const char* matrix = config.bias == BiasMode::None ? "K(x\xE1\xB5\xA2, x\xE2\x82\x96)" : "K(x\xE1\xB5\xA2, x\xE2\x82\x96) + 1";
    ImGui::PushTextWrapPos(0.0f);
    if (config.kernel.type == KernelType::Sigmoid)
        ImGui::TextDisabled("The sigmoid kernel is not PSD in general: whether its Gram matrix is depends on \xCE\xB7, "
                            "\xCE\xB8 and the data. Only a PSD Gram matrix is a matrix of dot products, with a feature space.");
    else
        ImGui::TextDisabled("With c < 0 the polynomial kernel is not PSD in general: it depends on c, p and the data.");
    const GramSpectrum& g = t.kernel.spectrum;
    std::string line = std::string("smallest eigenvalue of ") + matrix + ": ";
    if (t.computing) line += "computing\xE2\x80\xA6";
    else if (g.computed) line += display_number(g.min_eigenvalue, 4) + (g.psd ? "  \xE2\x86\x92 PSD for these points" : "  \xE2\x86\x92 not PSD for these points");
    else line += g.message.empty() ? "not checked" : g.message;
    ImGui::TextUnformatted(line.c_str());
    PL_PROBE_TEXT("gram-spectrum", line, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    ImGui::PopTextWrapPos();
    item_tooltip("The Gram matrix the learner uses, over the training points. Its smallest eigenvalue is computed "
                 "exactly (Householder reduction and QL) for up to 400 points; values down to a rounding tolerance "
                 "count as 0.");
}

}  // namespace

void draw_kernel_section(PanelContext& c) {
    draw_decision_function(c);
    const KernelParams& kernel = c.session.state().config.kernel;
    if (kernel.type == KernelType::Sigmoid || (kernel.type == KernelType::Polynomial && kernel.coef0 < 0.0)) draw_gram_spectrum(c);
    ImGui::Spacing();
    const Learner& learner = c.session.learner();
    const auto& alphas = learner.alphas();
    const auto& scores = learner.cached_scores();
    const Dataset& data = c.session.state().data;
    std::size_t support = 0;
    for (double a : alphas) support += a > 0 ? 1 : 0;
    const auto dropped = learner.dropped_indices();
    ImGui::Text("%zu of %zu points have \xCE\xB1 > 0", support, data.size());
    item_tooltip("\xCE\xB1\xE1\xB5\xA2 counts the mistakes made on point i. Only points with \xCE\xB1\xE1\xB5\xA2 > 0 take part in "
                 "the sum f(x) above; they are drawn larger on the canvas.");
    if (!dropped.empty()) ImGui::Text("%zu dropped as outliers (\xCE\xB1 reached s)", dropped.size());
    static bool show_all = false;
    ImGui::Checkbox("list every point", &show_all);

    struct Row { std::size_t index; double alpha; int label; double score; };
    std::vector<Row> rows;
    for (std::size_t i = 0; i < data.size() && i < alphas.size(); ++i)
        if (show_all || alphas[i] > 0) rows.push_back({i, alphas[i], data.labels[i], i < scores.size() ? scores[i] : 0.0});

    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchSame;
    const float height = ImGui::GetTextLineHeightWithSpacing() * std::min<float>(10.0f, static_cast<float>(rows.size()) + 1.5f);
    if (rows.empty() || !ImGui::BeginTable("##alphas", 4, flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_DefaultSort);
    ImGui::TableSetupColumn("y");
    ImGui::TableSetupColumn("\xCE\xB1", ImGuiTableColumnFlags_PreferSortDescending);
    ImGui::TableSetupColumn("f(x\xE1\xB5\xA2)");
    ImGui::TableHeadersRow();
    if (ImGuiTableSortSpecs* sort = ImGui::TableGetSortSpecs(); sort && sort->SpecsCount > 0) {
        const ImGuiTableColumnSortSpecs& spec = sort->Specs[0];
        const bool ascending = spec.SortDirection == ImGuiSortDirection_Ascending;
        std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
            double ka = 0, kb = 0;
            switch (spec.ColumnIndex) {
                case 0: ka = static_cast<double>(a.index); kb = static_cast<double>(b.index); break;
                case 1: ka = a.label; kb = b.label; break;
                case 2: ka = a.alpha; kb = b.alpha; break;
                default: ka = a.score; kb = b.score; break;
            }
            return ascending ? ka < kb : ka > kb;
        });
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()));
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const Row& row = rows[static_cast<std::size_t>(r)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            char label[32];
            std::snprintf(label, sizeof label, "%zu", row.index + 1);
            const bool selected = c.canvas.selected() == row.index;
            if (ImGui::Selectable(label, selected, ImGuiSelectableFlags_SpanAllColumns)) c.canvas.select(row.index);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.label > 0 ? "+1" : "\xE2\x88\x92" "1");
            ImGui::TableNextColumn();
            ImGui::Text("%g", row.alpha);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(display_number(row.score, 3).c_str());
        }
    }
    ImGui::EndTable();
}

}  // namespace pl::app
