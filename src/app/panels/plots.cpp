#include "app/panels/plots.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/base/probe.hpp"

namespace pl::app {

int line_plot(const char* id, const std::vector<PlotSeries>& series, float height, const char* x_label, bool bars) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    ImGui::InvisibleButton(id, ImVec2(width, height));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 frame = ImGui::GetColorU32(ImGuiCol_FrameBg);
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), frame, 3.0f);

    float x_min = 0, x_max = 1, y_min = 0, y_max = 1;
    bool any = false;
    for (const PlotSeries& s : series)
        for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
            if (!any) { x_min = x_max = s.x[i]; y_min = y_max = s.y[i]; any = true; }
            x_min = std::min(x_min, s.x[i]); x_max = std::max(x_max, s.x[i]);
            y_min = std::min(y_min, s.y[i]); y_max = std::max(y_max, s.y[i]);
        }
    y_min = std::min(y_min, 0.0f);
    if (bars) { x_min -= 0.5f; x_max += 0.5f; }  // each bar is centred on its x
    if (x_max <= x_min) x_max = x_min + 1;
    if (y_max <= y_min) y_max = y_min + 1;
    const float pad_left = 38, pad_bottom = 16, pad_top = 16, pad_right = 6;
    const float px0 = origin.x + pad_left, px1 = origin.x + width - pad_right;
    const float py0 = origin.y + height - pad_bottom, py1 = origin.y + pad_top;
    auto sx = [&](float x) { return px0 + (x - x_min) / (x_max - x_min) * (px1 - px0); };
    auto sy = [&](float y) { return py0 + (y - y_min) / (y_max - y_min) * (py1 - py0); };

    char label[32];
    std::snprintf(label, sizeof label, "%.3g", static_cast<double>(y_max));
    draw->AddText(ImVec2(origin.x + 3, py1 - 6), faint, label);
    std::snprintf(label, sizeof label, "%.3g", static_cast<double>(y_min));
    draw->AddText(ImVec2(origin.x + 3, py0 - 10), faint, label);
    // Bars are centred on their x: the last one's x, not the padded edge, ends the axis.
    std::snprintf(label, sizeof label, "%.4g", static_cast<double>(bars ? x_max - 0.5f : x_max));
    draw->AddText(ImVec2(px1 - ImGui::CalcTextSize(label).x, py0 + 1), faint, label);
    draw->AddText(ImVec2((px0 + px1) * 0.5f - ImGui::CalcTextSize(x_label).x * 0.5f, py0 + 1), faint, x_label);
    draw->AddLine(ImVec2(px0, py0), ImVec2(px1, py0), faint);
    draw->AddLine(ImVec2(px0, py0), ImVec2(px0, py1), faint);

    float legend_x = px0 + 4;
    for (const PlotSeries& s : series) {
        draw->AddLine(ImVec2(legend_x, origin.y + 8), ImVec2(legend_x + 14, origin.y + 8), s.color, 2.0f);
        draw->AddText(ImVec2(legend_x + 17, origin.y + 1), text, s.label.c_str());
        PL_PROBE_TEXT("plot-legend", s.label, ImVec2(legend_x, origin.y),
                      ImVec2(legend_x + 17 + ImGui::CalcTextSize(s.label.c_str()).x, origin.y + ImGui::GetFontSize()));
        legend_x += 26 + ImGui::CalcTextSize(s.label.c_str()).x;
        const std::size_t n = std::min(s.x.size(), s.y.size());
        if (bars) {
            // Thousands of epochs would be thousands of rectangles per frame: above about one bar per
            // two pixels, each drawn bar shows the largest value of its bucket.
            const auto max_bars = static_cast<std::size_t>(std::max(1.0f, (px1 - px0) * 0.5f));
            const std::size_t bucket = (n + max_bars - 1) / max_bars;
            const float bar = std::max(1.0f, std::min(24.0f, (px1 - px0) / (x_max - x_min) * 0.7f * static_cast<float>(std::max<std::size_t>(bucket, 1))));
            for (std::size_t i = 0; i < n; i += std::max<std::size_t>(bucket, 1)) {
                float top = s.y[i];
                for (std::size_t j = i; j < std::min(n, i + bucket); ++j) top = std::max(top, s.y[j]);
                draw->AddRectFilled(ImVec2(sx(s.x[i]) - bar * 0.5f, sy(top)), ImVec2(sx(s.x[i]) + bar * 0.5f, sy(0)), s.color);
            }
            continue;
        }
        // Long series are thinned to about one point per pixel.
        const std::size_t stride = std::max<std::size_t>(1, n / static_cast<std::size_t>(std::max(1.0f, px1 - px0)));
        ImVec2 previous;
        bool have_previous = false;
        for (std::size_t i = 0; i < n; i += stride) {
            if (!std::isfinite(s.y[i])) { have_previous = false; continue; }
            const ImVec2 p(sx(s.x[i]), sy(s.y[i]));
            if (have_previous && (!s.dashed || (i / stride) % 2 == 0)) draw->AddLine(previous, p, s.color, 1.8f);
            previous = p;
            have_previous = true;
        }
        if (n == 1 && std::isfinite(s.y[0])) draw->AddCircleFilled(ImVec2(sx(s.x[0]), sy(s.y[0])), 2.5f, s.color);
    }

    int hovered = -1;
    if (ImGui::IsItemHovered() && !series.empty() && !series[0].x.empty()) {
        const float mx = ImGui::GetIO().MousePos.x;
        const float x = x_min + (mx - px0) / (px1 - px0) * (x_max - x_min);
        float best = 1e30f;
        for (std::size_t i = 0; i < series[0].x.size(); ++i) {
            const float d = std::fabs(series[0].x[i] - x);
            if (d < best) { best = d; hovered = static_cast<int>(i); }
        }
    }
    return hovered;
}

}  // namespace pl::app
