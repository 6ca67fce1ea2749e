// The 3-D math of the lift view, kept apart from ImGui so it can be unit-tested without a window: the
// orbit camera's perspective projection onto a screen rectangle (the camera is core/scene/lift_camera.hpp),
// and the polygon where a plane cuts the box.
//
// World coordinates are the *normalised* data box: every lifted coordinate is mapped to [-1, 1], so a
// wide x1 range and a tiny x1*x2 range still make a cube that reads well. The third lifted coordinate
// (x1*x2 or x1^2+x2^2) is "up". The interface is glm-free; lift_camera.cpp does the work with glm.
#pragma once
#include <array>
#include <vector>

#include "core/scene/lift_camera.hpp"

namespace pl::app {

struct Point3 { float x = 0, y = 0, z = 0; };

// Where a world point lands: screen position (y down, like ImGui) and a depth in [0, 1] that grows
// away from the eye (for the painter's algorithm: draw larger depths first).
struct Projected { float x = 0, y = 0, depth = 0; };

struct ScreenRect { float left = 0, top = 0, width = 1, height = 1; };

// The camera itself (its start, its limits, a drag, a wheel notch, the eye) is the core's, which the lift
// figure sees through too (core/scene/lift_camera.hpp).
using OrbitCamera = pl::LiftCamera;

class CameraProjection {
public:
    CameraProjection(const OrbitCamera& camera, ScreenRect rect);
    Projected project(Point3 world) const;
    Point3 eye() const { return eye_; }

private:
    std::array<float, 16> view_{}, projection_{};  // column-major, as glm stores them
    Point3 eye_;
    ScreenRect rect_;
};

// The convex polygon where the plane n.p + d = 0 cuts the box [-1, 1]^3, vertices in order around
// the polygon; empty when the plane misses the box or n = 0. The view's floats over the core's
// pl::clip_plane_to_cube (core/figures/lift_geometry.hpp), which the SVG figure uses too.
std::vector<Point3> clip_plane_to_cube(Point3 normal, float offset);

}  // namespace pl::app
