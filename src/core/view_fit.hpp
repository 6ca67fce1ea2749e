// "Fit the view to the data": the view (centre and span) that shows every point of a data set on a
// canvas of a given shape, with a margin. The canvas draws the first two coordinates (a 1-D point sits
// at y = 0), with equal aspect, and ViewState::span is the data size across the canvas's SHORTER side,
// so the longer side shows span * aspect (or span / aspect) units: the shape decides which extent of
// the data limits the zoom.
#pragma once
#include "dataset.hpp"
#include "widget_state.hpp"

namespace pl {

// Share of the visible size kept free on each side of the data (points have a radius on screen, and
// the canvas puts its buttons and status line along the edges).
inline constexpr double kFitMarginShare = 0.12;

// aspect = canvas width / canvas height (a value that is not finite and positive counts as square).
// Empty data: the default view. Points that all coincide: centred on them at the default span.
// The span stays inside kViewSpanRange and the centre inside kViewCenterRange (what a link can hold);
// data wider than the largest span therefore does not fit entirely.
ViewState fit_view(const Dataset& data, double aspect);

}  // namespace pl
