// "Fit the view to the data": the view (centre and span) that shows every point of a data set on a
// canvas of a given shape, with a margin. The canvas draws the first two coordinates (a 1-D point sits
// at y = 0), with equal aspect, and ViewState::span is the data size across the canvas's SHORTER side,
// so the longer side shows span * aspect (or span / aspect) units: the shape decides which extent of
// the data limits the zoom.
//
// The canvas draws its own controls and texts along its edges (buttons and the legend at the top, the
// status line and the keys hint at the bottom). It hands the fit the strips they take, in pixels, as
// insets: the data are fitted into the free rectangle between them, so no point hides under them.
#pragma once
#include "core/learn/dataset.hpp"
#include "core/state/widget_state.hpp"

namespace pl {

// Share of the free size kept empty on each side of the data, so the points do not touch its edges.
inline constexpr double kFitMarginShare = 0.12;
// The insets never take more than this share of a side together: a canvas too small for its overlays
// still shows its data (partly under them) rather than nothing.
inline constexpr double kFitMaxInsetShare = 0.75;

// Pixels along each edge of the canvas that something drawn over it takes.
struct FitInsets {
    double left = 0, top = 0, right = 0, bottom = 0;
    bool operator==(const FitInsets& o) const { return left == o.left && top == o.top && right == o.right && bottom == o.bottom; }
    bool operator!=(const FitInsets& o) const { return !(*this == o); }
};

// The canvas as the fit sees it: its size in pixels and its insets.
struct CanvasShape {
    double width = 1, height = 1;
    FitInsets insets;
    bool operator==(const CanvasShape& o) const { return width == o.width && height == o.height && insets == o.insets; }
    bool operator!=(const CanvasShape& o) const { return !(*this == o); }
};

// Every point inside the canvas's free rectangle (its size less the insets), kFitMarginShare of that
// rectangle from its edges, centred in it. A size that is not finite and positive counts as a square
// without insets; insets that are not finite or negative count as 0, and insets that would leave less
// than 1 - kFitMaxInsetShare of a side are scaled down to leave that much.
// Empty data: the default view. Points that all coincide: centred on them at the default span.
// The span stays inside kViewSpanRange and the centre inside kViewCenterRange (what a link can hold);
// data wider than the largest span therefore does not fit entirely.
ViewState fit_view(const Dataset& data, const CanvasShape& canvas);
// The same on a canvas of aspect width / height without insets (a value that is not finite and
// positive counts as square).
ViewState fit_view(const Dataset& data, double aspect);

}  // namespace pl
