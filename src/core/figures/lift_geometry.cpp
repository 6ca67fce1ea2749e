// The lift view's geometry (lift_geometry.hpp).
#include "core/figures/lift_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace pl {

Point3d lifted_point(LiftKind lift, const Vec& p) {
    const Vec phi = apply_lift(lift, p);
    return {p.empty() ? 0.0 : p[0], p.size() > 1 ? p[1] : 0.0, phi.empty() ? 0.0 : phi.back()};
}

LiftBox lift_box(const Dataset& data, LiftKind lift) {
    LiftBox box;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const Point3d c = lifted_point(lift, data.points[i]);
        for (int a = 0; a < 3; ++a) {
            box.low[a] = i == 0 ? c[a] : std::min(box.low[a], c[a]);
            box.high[a] = i == 0 ? c[a] : std::max(box.high[a], c[a]);
        }
    }
    for (int a = 0; a < 3; ++a) {
        box.center[a] = 0.5 * (box.low[a] + box.high[a]);
        const double half = 0.5 * (box.high[a] - box.low[a]);
        box.half[a] = half > 1e-9 ? half * 1.08 : 1.0;
    }
    return box;
}

LiftPlane lift_plane(const DecisionField& field, int dim, LiftKind lift, const LiftBox& box) {
    LiftPlane plane;
    using None = LiftPlane::None;
    if (field.kind == DecisionField::Kind::Kernel) { plane.none = None::Kernel; return plane; }
    if (field.kind == DecisionField::Kind::Voted) { plane.none = None::Voted; return plane; }
    if (dim < 1 || dim > 2) { plane.none = None::Dimension; return plane; }
    const auto d = static_cast<std::size_t>(dim);
    if (field.lift != lift || field.w.size() != d + 1 + (field.bias == BiasMode::Absorbed ? 1 : 0)) {
        plane.none = None::Shape;
        return plane;
    }
    const Point3d w{field.w[0], dim == 2 ? field.w[1] : 0.0, field.w[d]};
    if (w[0] == 0.0 && w[1] == 0.0 && w[2] == 0.0) { plane.none = None::ZeroWeights; return plane; }
    plane.offset = field.b + (field.bias == BiasMode::Absorbed ? field.w[d + 1] : 0.0) + dot3(w, box.center);
    plane.normal = {w[0] * box.half[0], w[1] * box.half[1], w[2] * box.half[2]};
    plane.valid = std::isfinite(plane.offset) && std::isfinite(plane.normal[0]) && std::isfinite(plane.normal[1]) &&
                  std::isfinite(plane.normal[2]);
    if (!plane.valid) plane.none = None::NotFinite;
    return plane;
}

std::vector<Point3d> clip_plane_to_cube(const Point3d& n, double offset) {
    if (!(dot3(n, n) > 0) || !std::isfinite(offset)) return {};
    // The 12 edges of [-1, 1]^3: for each axis, the 4 edges parallel to it.
    std::vector<Point3d> hits;
    for (int axis = 0; axis < 3; ++axis)
        for (int corner = 0; corner < 4; ++corner) {
            Point3d a{}, b{};
            const double s = (corner & 1) ? 1 : -1, t = (corner & 2) ? 1 : -1;
            a[axis] = -1;
            b[axis] = 1;
            a[(axis + 1) % 3] = b[(axis + 1) % 3] = s;
            a[(axis + 2) % 3] = b[(axis + 2) % 3] = t;
            const double fa = dot3(n, a) + offset, fb = dot3(n, b) + offset;
            if ((fa > 0 && fb > 0) || (fa < 0 && fb < 0) || fa == fb) continue;
            const double k = fa / (fa - fb);
            const Point3d p{a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k};
            const bool duplicate = std::any_of(hits.begin(), hits.end(), [&](const Point3d& q) {
                return std::fabs(p[0] - q[0]) + std::fabs(p[1] - q[1]) + std::fabs(p[2] - q[2]) < 1e-7;
            });
            if (!duplicate) hits.push_back(p);
        }
    if (hits.size() < 3) return {};
    // In order by angle around the centroid, measured in a basis of the plane.
    Point3d c{};
    for (const Point3d& p : hits)
        for (int a = 0; a < 3; ++a) c[a] += p[a] / static_cast<double>(hits.size());
    const Point3d nu = unit3(n), helper = std::fabs(nu[0]) < 0.9 ? Point3d{1, 0, 0} : Point3d{0, 1, 0};
    const Point3d u = unit3(cross3(nu, helper)), v = cross3(nu, u);
    const auto angle = [&](const Point3d& p) {
        const Point3d r{p[0] - c[0], p[1] - c[1], p[2] - c[2]};
        return std::atan2(dot3(r, v), dot3(r, u));
    };
    std::sort(hits.begin(), hits.end(), [&](const Point3d& p, const Point3d& q) { return angle(p) < angle(q); });
    return hits;
}

}  // namespace pl
