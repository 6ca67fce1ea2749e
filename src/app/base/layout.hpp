// Which regions and sections the widget shows, and where, from its own size and the panel switches.
// Pure math (no ImGui calls), so every switch has exactly one path to the screen and the rules are
// unit-tested natively; app.cpp only follows the plan.
//   Columns, wide (>= kWideLayoutWidth): controls | canvas (+ lift view below) | theory column
//   Columns, narrower:                   controls (+ Theory and Plots as sections) | canvas (+ lift view)
//   Stacked (phones held upright, tall narrow embeds): the canvas on top at full width, tabs below
//   Side (phones held sideways, short embeds): the canvas on the left, tabs on the right
// In the tabbed forms each tab holds related sections (Lesson; Data, Show, Share; Train, Kernel;
// Theory, Plots; the lift view), so nothing is squeezed. A hidden controls column leaves a slim strip
// with a button that brings it back; the Theory and Plots sections then keep a place of their own.
#pragma once
#include <vector>

#include "core/state/widget_state.hpp"

namespace pl::app {

// Svm (lecture 001's hard-margin SVM) follows Theory wherever the theory shows (a folded header before
// Plots), or comes alone when only its own switch (PanelState::svm, which also keeps its header open) is on.
// Trace (the table of every visit, panel_trace.cpp) follows them when its switch (PanelState::trace) is on.
enum class Section { Lesson, Data, Training, Kernel, Show, Share, Theory, Plots, Svm, Trace };
const char* section_title(Section section);  // the header the person sees ("Theory", "Kernel α", ...)

struct LayoutInput {
    float width = 0, height = 0;     // the widget, in logical pixels
    float font_size = 16;
    // The larger-text setting (1 = normal): the form is chosen as if the widget were this many times
    // smaller, as browser zoom would make it, so larger text gets the roomier phone and tablet forms.
    float text_scale = 1.0f;
    PanelState panels;
    bool kernel_learner = false;     // the Kernel section only exists for the kernel perceptron
    bool host_can_share = false;     // the Share section needs a host (clipboard, downloads)
    bool lesson_open = false;        // a lesson card comes first; else the list of lessons comes last
                                     // (only in the full controls, where the Data section shows)
};

enum class LayoutForm { Columns, Stacked, Side };

struct LayoutTab {
    const char* title = "";
    std::vector<Section> sections;
    bool lift_view = false;          // this tab shows the lift view
};

struct LayoutPlan {
    LayoutForm form = LayoutForm::Columns;
    // Stacked and Side: the canvas's share of the height (Stacked) or width (Side), and the tabs.
    float canvas_share = 1.0f;
    std::vector<LayoutTab> tabs;
    // Columns:
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
// Stacked below this width when the widget is at least this much taller than wide (phones and tablets
// held upright).
inline constexpr float kStackedMaxWidth = 900.0f, kStackedMinAspect = 1.1f;
// Side by side below this width when the widget is shorter than kSideMaxHeight and wider than tall.
inline constexpr float kSideMaxWidth = 900.0f, kSideMaxHeight = 560.0f;
inline constexpr float kStackedCanvasShare = 0.55f;  // of the height: the issue asks for at least 45 %
inline constexpr float kSideCanvasShare = 0.58f;     // of the width

LayoutPlan plan_layout(const LayoutInput& input);

}  // namespace pl::app
