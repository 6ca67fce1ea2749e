// [SECTION] Kernel perceptron: the mistake counters alpha_i, sortable, linked to the canvas selection.
#include <algorithm>
#include <vector>

#include "app/panels.hpp"

namespace pl::app {

void draw_kernel_section(PanelContext& c) {
    const Learner& learner = c.session.learner();
    const auto& alphas = learner.alphas();
    const auto& scores = learner.cached_scores();
    const Dataset& data = c.session.state().data;
    std::size_t support = 0;
    for (double a : alphas) support += a > 0 ? 1 : 0;
    const auto dropped = learner.dropped_indices();
    ImGui::Text("%zu of %zu points have \xCE\xB1 > 0", support, data.size());
    item_tooltip("\xCE\xB1\xE1\xB5\xA2 counts the mistakes made on point i. Only points with \xCE\xB1\xE1\xB5\xA2 > 0 take part in "
                 "f(x) = \xCE\xA3\xE1\xB5\xA2 \xCE\xB1\xE1\xB5\xA2 y\xE1\xB5\xA2 K(x\xE1\xB5\xA2, x); they are drawn larger on the canvas.");
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
