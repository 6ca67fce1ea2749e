// Andrew's monotone chain on the first two coordinates: O(N log N), exact predicates for grid data.
#include <algorithm>
#include <numeric>

#include "core/theory/theory.hpp"

namespace pl {

namespace {
double coord(const Vec& p, std::size_t i) { return i < p.size() ? p[i] : 0.0; }

// > 0 when o -> a -> b turns counter-clockwise, 0 when collinear.
double cross(const Vec& o, const Vec& a, const Vec& b) {
    return (coord(a, 0) - coord(o, 0)) * (coord(b, 1) - coord(o, 1)) -
           (coord(a, 1) - coord(o, 1)) * (coord(b, 0) - coord(o, 0));
}
}  // namespace

std::vector<std::size_t> convex_hull_2d(const std::vector<Vec>& pts) {
    std::vector<std::size_t> order(pts.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto less = [&](std::size_t a, std::size_t b) {
        if (coord(pts[a], 0) != coord(pts[b], 0)) return coord(pts[a], 0) < coord(pts[b], 0);
        if (coord(pts[a], 1) != coord(pts[b], 1)) return coord(pts[a], 1) < coord(pts[b], 1);
        return a < b;  // among repeats keep the first index
    };
    std::sort(order.begin(), order.end(), less);
    const auto same = [&](std::size_t a, std::size_t b) {
        return coord(pts[a], 0) == coord(pts[b], 0) && coord(pts[a], 1) == coord(pts[b], 1);
    };
    order.erase(std::unique(order.begin(), order.end(), same), order.end());
    if (order.size() <= 2) return order;

    // Lower chain left to right, then upper chain right to left; pop on clockwise or collinear turns.
    std::vector<std::size_t> hull(2 * order.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        while (k >= 2 && cross(pts[hull[k - 2]], pts[hull[k - 1]], pts[order[i]]) <= 0) --k;
        hull[k++] = order[i];
    }
    for (std::size_t i = order.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && cross(pts[hull[k - 2]], pts[hull[k - 1]], pts[order[i]]) <= 0) --k;
        hull[k++] = order[i];
    }
    hull.resize(k - 1);  // the last point repeats the first
    return hull;
}

}  // namespace pl
