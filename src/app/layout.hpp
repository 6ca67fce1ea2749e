// Which regions and sections the widget shows, and where, from its own size and the panel switches.
// Pure math (no ImGui calls), so every switch has exactly one path to the screen and the rules are
// unit-tested natively; app.cpp only follows the plan.
//   wide (>= kWideLayoutWidth):  controls | canvas (+ lift view below) | theory column
//   narrow:                      controls (+ Theory and Plots as sections) | canvas (+ lift view)
// A hidden controls column leaves a slim strip with a button that brings it back; the Theory and Plots
// sections then keep a column of their own whatever the width.
#pragma once
#include <vector>

#include "core/widget_state.hpp"

namespace pl::app {

enum class Section { Lesson, Data, Training, Kernel, Show, Share, Theory, Plots };
const char* section_title(Section section);  // the header the person sees ("Theory", "Kernel α", ...)

struct LayoutInput {
    float width = 0, height = 0;     // the widget, in logical pixels
    float font_size = 16;
    PanelState panels;
    bool kernel_learner = false;     // the Kernel section only exists for the kernel perceptron
    bool host_can_share = false;     // the Share section needs a host (clipboard, downloads)
    bool lesson_open = false;        // a lesson card comes first; else the list of lessons comes last
                                     // (only in the full controls, where the Data section shows)
};

struct LayoutPlan {
    bool controls_column = false;    // else the slim strip
    float controls_width = 0;        // also the strip's width when the column is hidden
    std::vector<Section> controls_sections;
    bool theory_column = false;
    float theory_width = 0;
    std::vector<Section> theory_sections;
    bool lift_view = false;          // below the canvas
    float lift_share = 0;            // of the canvas area's height
};

inline constexpr float kWideLayoutWidth = 1200.0f;
inline constexpr float kLiftViewShare = 0.42f;

LayoutPlan plan_layout(const LayoutInput& input);

}  // namespace pl::app
