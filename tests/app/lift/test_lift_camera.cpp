// The lift view's 3-D math without a window: orbit limits, projection orientation and depth order,
// and the plane-box polygon that becomes the translucent separating plane.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cmath>

#include "app/lift/lift_camera.hpp"

using namespace pl::app;

TEST_CASE("lift camera: orbit clamps the pitch and zoom stays in range") {
    OrbitCamera camera;
    camera.orbit(0.0f, 1.0e6f);
    CHECK(camera.pitch == OrbitCamera::kMaxPitch);
    camera.orbit(0.0f, -1.0e6f);
    CHECK(camera.pitch == OrbitCamera::kMinPitch);
    for (int i = 0; i < 100; ++i) camera.zoom_by(1.0f);
    CHECK(camera.zoom == OrbitCamera::kMaxZoom);
    for (int i = 0; i < 100; ++i) camera.zoom_by(-1.0f);
    CHECK(camera.zoom == OrbitCamera::kMinZoom);
    camera.reset();
    CHECK(camera.yaw == OrbitCamera::kDefaultYaw);
    CHECK(camera.zoom == 1.0f);
}

TEST_CASE("lift camera: the eye stays outside the unit box at every zoom and angle") {
    OrbitCamera camera;
    camera.zoom = OrbitCamera::kMaxZoom;
    for (float yaw = -3.0f; yaw <= 3.0f; yaw += 0.5f) {
        camera.yaw = yaw;
        const std::array<double, 3> e = camera.eye();
        CHECK(std::sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]) > std::sqrt(3.0) + 0.2);
    }
}

TEST_CASE("lift camera: the box centre lands in the middle, up is up, near is drawn last") {
    OrbitCamera camera;  // default: looking slightly down at the box
    const ScreenRect rect{100.0f, 50.0f, 400.0f, 300.0f};
    const CameraProjection projection(camera, rect);
    const Projected centre = projection.project({0, 0, 0});
    CHECK(centre.x == doctest::Approx(300.0f).epsilon(1e-4));
    CHECK(centre.y == doctest::Approx(200.0f).epsilon(1e-4));
    // A point above the centre appears higher on screen (smaller y).
    CHECK(projection.project({0, 0, 1}).y < centre.y);
    // A point moved towards the eye has a smaller depth than one moved away from it.
    const Point3 e = projection.eye();
    const float len = std::sqrt(e.x * e.x + e.y * e.y + e.z * e.z);
    const Point3 toward{e.x / len, e.y / len, e.z / len};
    const Point3 away{-toward.x, -toward.y, -toward.z};
    CHECK(projection.project(toward).depth < centre.depth);
    CHECK(projection.project(away).depth > centre.depth);
    // Every corner of the box is on screen at the default zoom.
    for (float x : {-1.0f, 1.0f})
        for (float y : {-1.0f, 1.0f})
            for (float z : {-1.0f, 1.0f}) {
                const Projected p = projection.project({x, y, z});
                CHECK(p.x > rect.left);
                CHECK(p.x < rect.left + rect.width);
                CHECK(p.y > rect.top);
                CHECK(p.y < rect.top + rect.height);
            }
}

TEST_CASE("lift camera: a plane cuts the box in a square, a hexagon, or not at all") {
    const auto square = clip_plane_to_cube({0, 0, 1}, 0.0f);  // z = 0
    REQUIRE(square.size() == 4);
    for (const Point3& p : square) CHECK(p.z == doctest::Approx(0.0f));

    const auto hexagon = clip_plane_to_cube({1, 1, 1}, 0.0f);  // through the centre, across the diagonal
    CHECK(hexagon.size() == 6);

    const auto triangle = clip_plane_to_cube({1, 1, 1}, -2.5f);  // near the (1,1,1) corner
    CHECK(triangle.size() == 3);

    CHECK(clip_plane_to_cube({0, 0, 1}, 3.0f).empty());  // z = -3: below the box
    CHECK(clip_plane_to_cube({0, 0, 0}, 0.0f).empty());  // no normal: no plane

    // The vertices go around the polygon: consecutive edges turn the same way.
    const auto& h = hexagon;
    float previous = 0.0f;
    for (std::size_t i = 0; i < h.size(); ++i) {
        const Point3& a = h[i];
        const Point3& b = h[(i + 1) % h.size()];
        const Point3& c = h[(i + 2) % h.size()];
        const float ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
        const float vx = c.x - b.x, vy = c.y - b.y, vz = c.z - b.z;
        const float turn = (uy * vz - uz * vy) + (uz * vx - ux * vz) + (ux * vy - uy * vx);  // (u x v) . (1,1,1)
        if (i > 0) CHECK(turn * previous > 0.0f);
        previous = turn;
    }
}
