// Small line plots drawn with ImGui's draw list (ImPlot is not packaged in Debian 12).
#pragma once
#include <string>
#include <vector>

#include "imgui.h"

namespace pl::app {

struct PlotSeries {
    std::vector<float> x, y;
    ImU32 color;
    std::string label;
    bool dashed = false;
};

// Draws the series in a box of the given height (full available width), with axis labels and a
// legend. Returns the index of the point under the mouse in the first series, or -1.
int line_plot(const char* id, const std::vector<PlotSeries>& series, float height, const char* x_label,
              bool bars = false);

}  // namespace pl::app
