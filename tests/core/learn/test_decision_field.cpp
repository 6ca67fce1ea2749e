// DecisionField::eval on the canvas: the plane (x1, x2, 0, ..., 0) of d-D data, hand-computed.
#include <doctest/doctest.h>

#include <cmath>

#include "core/learn/decision_field.hpp"

using namespace pl;

TEST_CASE("decision field: a 10-D linear field on the canvas reads w1, w2 and the bias weight") {
    DecisionField f;
    f.kind = DecisionField::Kind::Linear;
    f.input_dim = 10;
    f.bias = BiasMode::Absorbed;
    f.w = {2, -1, 5, 5, 5, 5, 5, 5, 5, 5, 0.25};  // w3 ... w10 = 5 never count on the plane; 0.25 is the bias
    CHECK(f.eval({1.0, 3.0}) == 2.0 - 3.0 + 0.25);
    CHECK(f.eval({1.0, 3.0}) == f.eval({1.0, 3.0, 0, 0, 0, 0, 0, 0, 0, 0}));
    CHECK(f.eval({1.0, 3.0, 1.0}) == 2.0 - 3.0 + 5.0 + 0.25);  // a point off the plane still works
    CHECK(f.on_canvas_plane({1.0, 3.0}) == Vec{1, 3, 0, 0, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("decision field: 1-D data ignores the canvas's x2") {
    DecisionField f;
    f.kind = DecisionField::Kind::Linear;
    f.input_dim = 1;
    f.bias = BiasMode::Absorbed;
    f.w = {2, -0.5};  // boundary x1 = 0.25
    CHECK(f.eval({0.25, 7.0}) == 0.0);
    CHECK(f.eval({1.0, -100.0}) == 1.5);
}

TEST_CASE("decision field: a kernel over 10-D support vectors measures the full distance to the plane") {
    DecisionField f;
    f.kind = DecisionField::Kind::Kernel;
    f.input_dim = 10;
    f.bias = BiasMode::None;
    f.kernel.type = KernelType::Rbf;
    f.kernel.gamma = 1.0;
    f.support = {{0, 0, 1, 1, 0, 0, 0, 0, 0, 0}};  // 2 away (squared) from the canvas's origin
    f.coef = {3.0};
    CHECK(f.eval({0.0, 0.0}) == doctest::Approx(3.0 * std::exp(-2.0)));
}
