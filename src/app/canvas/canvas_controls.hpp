// The two buttons drawn on the canvas, in its top-left corner: the class switch ("Adds +1" with the
// class's marker and colour: which class a tap or a plain click adds; pressing it switches) and "Fit"
// (fit the view to the data). They are real Dear ImGui buttons, so a mouse, a finger, the keyboard
// and the test probe reach them by name. On touch screens they are at least kTouchTarget (theme.hpp) high
// and wide.
//
// They are submitted BEFORE the canvas's InvisibleButton (in a draw-list channel above the canvas
// drawing): Dear ImGui gives the hover to the first item submitted at a point, so a press on a button
// never reaches the canvas underneath.
#pragma once
#include <vector>

#include "app/canvas/canvas_overlays.hpp"
#include "app/base/view.hpp"
#include "app/base/theme.hpp"
#include "imgui.h"

namespace pl::app {

struct CanvasControlsInput {
    int active_label = 1;
    bool readonly = false;     // no class switch (nothing can be added)
    bool finger_sized = false; // at least kTouchTarget, also with a style made for a mouse
    bool tooltips = true;      // a mouse hovers; a finger does not (no tooltip after a tap)
};

struct CanvasControls {
    bool switch_class = false;  // pressed this frame
    bool fit = false;
    std::vector<ScreenRect> covered;  // where the buttons are: not canvas for a finger
    float bottom = 0;                 // lowest edge of the buttons (canvas texts go below)
    bool covers(ImVec2 p) const;
};

// Where the buttons go: in the canvas's top-left corner, in a row (one above the other on a canvas too
// narrow for the row), moved below the legend when they would reach it. The drawing and the view's fit
// (canvas_insets.hpp, which keeps the points clear of them) both read it.
struct CanvasControlsLayout {
    ScreenRect class_switch{};  // empty when read-only
    ScreenRect fit{};
    float bottom = 0;           // lowest edge of the buttons
};
CanvasControlsLayout layout_canvas_controls(const View& view, const CanvasControlsInput& in);

CanvasControls draw_canvas_controls(const View& view, const Palette& colors, const CanvasControlsInput& in);

}  // namespace pl::app
