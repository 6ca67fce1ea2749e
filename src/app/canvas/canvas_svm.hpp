// Lecture 001's hard-margin SVM on the canvas while the SVM section is open (PanelState::svm): the line
// w.x + b = 0, the dashed band w.x + b = +1 and -1 through the support vectors, and a ring on each of them.
// Drawn on the input plane only (no lift, 2-D): with a lift the SVM's line lives in the lifted space and
// the panel says so. The test build's probe names the three lines ("svm-line", "svm-band") with their
// ends on screen.
#pragma once
#include "app/canvas/canvas_overlays.hpp"

namespace pl::app {

void draw_svm_overlay(const Overlay& o, const Scene& model);

}  // namespace pl::app
