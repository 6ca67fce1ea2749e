#include "view_fit.hpp"

#include <algorithm>
#include <cmath>

namespace pl {

namespace {
double coordinate(const Vec& point, std::size_t axis) { return axis < point.size() ? point[axis] : 0.0; }
}  // namespace

ViewState fit_view(const Dataset& data, double aspect) {
    const ViewState default_view{};
    if (data.empty()) return default_view;
    if (!std::isfinite(aspect) || aspect <= 0.0) aspect = 1.0;

    double min_x = coordinate(data.points.front(), 0), max_x = min_x;
    double min_y = coordinate(data.points.front(), 1), max_y = min_y;
    for (const Vec& p : data.points) {
        min_x = std::min(min_x, coordinate(p, 0));
        max_x = std::max(max_x, coordinate(p, 0));
        min_y = std::min(min_y, coordinate(p, 1));
        max_y = std::max(max_y, coordinate(p, 1));
    }

    ViewState view;
    view.center_x = std::clamp(0.5 * (min_x + max_x), kViewCenterRange.min, kViewCenterRange.max);
    view.center_y = std::clamp(0.5 * (min_y + max_y), kViewCenterRange.min, kViewCenterRange.max);
    const double extent_x = max_x - min_x, extent_y = max_y - min_y;
    if (extent_x == 0.0 && extent_y == 0.0) {
        view.span = default_view.span;
        return view;
    }
    // Visible size in data units: the shorter side shows `span`, the longer one span * (long / short).
    const double width_per_span = std::max(aspect, 1.0);
    const double height_per_span = std::max(1.0 / aspect, 1.0);
    const double usable = 1.0 - 2.0 * kFitMarginShare;  // the data take this share of each side
    const double span = std::max(extent_x / (width_per_span * usable), extent_y / (height_per_span * usable));
    view.span = std::clamp(span, kViewSpanRange.min, kViewSpanRange.max);
    return view;
}

}  // namespace pl
