#include "core/session/view_fit.hpp"

#include <algorithm>
#include <cmath>

namespace pl {

namespace {
double coordinate(const Vec& point, std::size_t axis) { return axis < point.size() ? point[axis] : 0.0; }
bool positive_finite(double v) { return std::isfinite(v) && v > 0.0; }
double clean_inset(double v) { return std::isfinite(v) && v > 0.0 ? v : 0.0; }

// The two insets of one axis, scaled down together when they would leave too little of `side`.
void limit_insets(double side, double& low, double& high) {
    low = clean_inset(low);
    high = clean_inset(high);
    const double most = kFitMaxInsetShare * side;
    if (low + high > most) {
        const double k = most / (low + high);
        low *= k;
        high *= k;
    }
}
}  // namespace

ViewState fit_view(const Dataset& data, double aspect) {
    if (!positive_finite(aspect)) aspect = 1.0;
    return fit_view(data, CanvasShape{aspect, 1.0, {}});
}

ViewState fit_view(const Dataset& data, const CanvasShape& canvas_in) {
    const ViewState default_view{};
    if (data.empty()) return default_view;
    CanvasShape canvas = canvas_in;
    if (!positive_finite(canvas.width) || !positive_finite(canvas.height)) canvas = CanvasShape{};
    FitInsets& in = canvas.insets;
    limit_insets(canvas.width, in.left, in.right);
    limit_insets(canvas.height, in.top, in.bottom);

    double min_x = coordinate(data.points.front(), 0), max_x = min_x;
    double min_y = coordinate(data.points.front(), 1), max_y = min_y;
    for (const Vec& p : data.points) {
        min_x = std::min(min_x, coordinate(p, 0));
        max_x = std::max(max_x, coordinate(p, 0));
        min_y = std::min(min_y, coordinate(p, 1));
        max_y = std::max(max_y, coordinate(p, 1));
    }
    const double extent_x = max_x - min_x, extent_y = max_y - min_y;

    // Pixels per data unit: the data take (1 - 2 * margin) of the free rectangle along the axis that
    // limits them. The span is the shorter side in data units.
    const double shorter = std::min(canvas.width, canvas.height);
    const double usable = 1.0 - 2.0 * kFitMarginShare;
    const double free_width = canvas.width - in.left - in.right, free_height = canvas.height - in.top - in.bottom;
    double pixels_per_unit = HUGE_VAL;
    if (extent_x > 0.0) pixels_per_unit = std::min(pixels_per_unit, free_width * usable / extent_x);
    if (extent_y > 0.0) pixels_per_unit = std::min(pixels_per_unit, free_height * usable / extent_y);
    ViewState view;
    view.span = std::isfinite(pixels_per_unit) ? std::clamp(shorter / pixels_per_unit, kViewSpanRange.min, kViewSpanRange.max)
                                               : default_view.span;  // all points on one spot
    pixels_per_unit = shorter / view.span;
    // The data's centre goes to the free rectangle's centre, which lies (left - right) / 2 pixels right
    // of the canvas's centre and (top - bottom) / 2 pixels below it.
    const double shift_x = 0.5 * (in.left - in.right) / pixels_per_unit;
    const double shift_y = 0.5 * (in.top - in.bottom) / pixels_per_unit;
    view.center_x = std::clamp(0.5 * (min_x + max_x) - shift_x, kViewCenterRange.min, kViewCenterRange.max);
    view.center_y = std::clamp(0.5 * (min_y + max_y) + shift_y, kViewCenterRange.min, kViewCenterRange.max);
    return view;
}

}  // namespace pl
