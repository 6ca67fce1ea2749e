// The lift view's geometry, one copy for the view on screen (app/lift/lift_view.cpp, drawn with glm)
// and its vector figure (lift_svg.cpp, written for slides): each point's lifted coordinates (x₁, x₂, φ₃),
// the data box that maps them to the cube [-1, 1]^3 the camera looks at, the learned plane in that cube,
// and the polygon where the plane cuts the cube. Std only.
#pragma once
#include <array>
#include <cmath>
#include <vector>

#include "core/learn/decision_field.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/dataset.hpp"

namespace pl {

using Point3d = std::array<double, 3>;

// The few vector operations the geometry and the SVG figure's camera need.
inline double dot3(const Point3d& a, const Point3d& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline Point3d cross3(const Point3d& a, const Point3d& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline Point3d unit3(const Point3d& a) {
    const double n = std::sqrt(dot3(a, a));
    return n > 0 ? Point3d{a[0] / n, a[1] / n, a[2] / n} : a;
}

// (x₁, x₂, the lift's last feature φ₃: x₁x₂ or x₁² + x₂²); 1-D data sits on x₂ = 0.
Point3d lifted_point(LiftKind lift, const Vec& point);

// The lifted points' extent, and the map to the cube: a little air around the data (8% of each half
// range), and a flat axis (all equal) still gets a unit of room.
struct LiftBox {
    Point3d low{}, high{};                 // the lifted points' extent (for the axis labels)
    Point3d center{}, half{1, 1, 1};
    double to_box(int axis, double value) const { return (value - center[axis]) / half[axis]; }
    double from_box(int axis, double u) const { return center[axis] + half[axis] * u; }
};
LiftBox lift_box(const Dataset& data, LiftKind lift);

// The learned plane w₁x₁ + w₂x₂ + w₃φ₃ + k = 0 (k: the absorbed weight, the explicit b or 0), written in
// the cube: x_a = center_a + half_a u_a gives n·u + d = 0 with n_a = w_a half_a and d = k + Σ w_a center_a.
// `none` says why there is no plane (each place words it for its reader); a field of another lift than
// the points' (`lift`) has none either.
struct LiftPlane {
    enum class None { Kernel, Voted, Dimension, Shape, ZeroWeights, NotFinite };
    Point3d normal{};
    double offset = 0;
    bool valid = false;
    None none = None::Shape;
};
LiftPlane lift_plane(const DecisionField& field, int dim, LiftKind lift, const LiftBox& box);

// The convex polygon where n·u + d = 0 cuts [-1, 1]^3, its vertices in order around it; empty when the
// plane misses the cube or n = 0.
std::vector<Point3d> clip_plane_to_cube(const Point3d& normal, double offset);

}  // namespace pl
