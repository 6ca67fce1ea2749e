// The lift view's geometry (core/figures/lift_geometry.hpp), by hand: the box, the plane in the cube
// and where it cuts the cube. The view on screen and the SVG figure both draw from these.
#include <doctest/doctest.h>

#include <cmath>

#include "core/figures/lift_geometry.hpp"

using namespace pl;

namespace {
Dataset two_points() {
    Dataset data;
    data.add({1, 2}, 1);     // x1 x2 lift: (1, 2, 2)
    data.add({-1, -1}, -1);  //              (-1, -1, 1)
    return data;
}
}  // namespace

TEST_CASE("lift geometry: the lifted points' box, padded 8%, and its map to the cube") {
    CHECK(lifted_point(LiftKind::Product, {1, 2}) == Point3d{1, 2, 2});
    CHECK(lifted_point(LiftKind::Radial, {1, 2}) == Point3d{1, 2, 5});
    CHECK(lifted_point(LiftKind::Radial, {3}) == Point3d{3, 0, 9});  // 1-D data sits on x2 = 0
    const LiftBox box = lift_box(two_points(), LiftKind::Product);
    CHECK(box.low == Point3d{-1, -1, 1});
    CHECK(box.high == Point3d{1, 2, 2});
    CHECK(box.center == Point3d{0, 0.5, 1.5});
    CHECK(box.half[0] == doctest::Approx(1.08));
    CHECK(box.half[1] == doctest::Approx(1.62));
    CHECK(box.half[2] == doctest::Approx(0.54));
    CHECK(box.to_box(2, 2.0) == doctest::Approx(0.5 / 0.54));
    CHECK(box.from_box(1, box.to_box(1, 2.0)) == doctest::Approx(2.0));
    // One point: every axis is flat and gets a unit of room.
    Dataset one;
    one.add({1, 1}, 1);
    CHECK(lift_box(one, LiftKind::Product).half == Point3d{1, 1, 1});
}

TEST_CASE("lift geometry: the plane in the cube, and why there is none") {
    const LiftBox box = lift_box(two_points(), LiftKind::Product);
    DecisionField field;
    field.lift = LiftKind::Product;
    field.bias = BiasMode::Absorbed;
    field.w = {0, 0, 1, -1.5};  // x1 x2 = 1.5: halfway up the box, u3 = 0
    LiftPlane plane = lift_plane(field, 2, LiftKind::Product, box);
    REQUIRE(plane.valid);
    CHECK(plane.normal[0] == 0);
    CHECK(plane.normal[1] == 0);
    CHECK(plane.normal[2] == doctest::Approx(0.54));  // w3 half3
    CHECK(plane.offset == doctest::Approx(0.0));      // k + w . center = -1.5 + 1.5
    // The plane u3 = 0 cuts the cube in the square of its four vertical edges' midpoints, in order.
    const std::vector<Point3d> square = clip_plane_to_cube(plane.normal, plane.offset);
    REQUIRE(square.size() == 4);
    for (std::size_t k = 0; k < 4; ++k) {
        CHECK(square[k][2] == doctest::Approx(0.0));
        CHECK(std::fabs(square[k][0]) == doctest::Approx(1.0));
        CHECK(std::fabs(square[k][1]) == doctest::Approx(1.0));
        // Neighbours in the polygon share a side of the square: one coordinate equal.
        const Point3d& next = square[(k + 1) % 4];
        CHECK((square[k][0] == doctest::Approx(next[0]) || square[k][1] == doctest::Approx(next[1])));
    }
    CHECK(clip_plane_to_cube({1, 1, 1}, 0).size() == 6);  // through the centre, across the diagonal
    CHECK(clip_plane_to_cube({0, 0, 1}, 3).empty());      // below the cube

    field.w = {0, 0, 0, 1};
    CHECK(lift_plane(field, 2, LiftKind::Product, box).none == LiftPlane::None::ZeroWeights);
    field.w = {0, 0, 1, -1.5};
    CHECK(lift_plane(field, 2, LiftKind::Radial, box).none == LiftPlane::None::Shape);  // another lift's weights
    CHECK(lift_plane(field, 3, LiftKind::Product, box).none == LiftPlane::None::Dimension);
    field.kind = DecisionField::Kind::Kernel;
    CHECK(lift_plane(field, 2, LiftKind::Product, box).none == LiftPlane::None::Kernel);
}
