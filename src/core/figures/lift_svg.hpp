// The lift view as a vector figure (issue 25): the 2-D points lifted into 3-D by the x₁x₂ or the radial
// feature, the plane the perceptron learned there, the axes and a legend, seen through the lift view's
// orbit camera. Std only, so perceptron-cli and the windowless --export-svg draw it too: the camera is
// three numbers (core/scene/lift_camera.hpp, the view's own), and the projection here is the same look-at +
// perspective the view does with glm (app/lift/lift_camera.cpp; tests/app/shell/test_lift_figure.cpp
// holds the two together).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/figures/figure_svg.hpp"
#include "core/scene/lift_camera.hpp"  // LiftCamera: the view's orbit camera

namespace pl {

struct Scene;

namespace figures {

// One lifted point as the figure draws it: its place in the normalised box [-1, 1]^3 (the view's world
// coordinates) and on the figure (user units, y down), its depth along the view (larger: farther).
struct LiftFigurePoint {
    std::size_t index = 0;     // in the session's data
    int label = 1;
    double box[3] = {0, 0, 0};
    double x = 0, y = 0, depth = 0;
};
struct LiftFigureGeometry {
    double width = 0, height = 0;            // user units
    std::vector<LiftFigurePoint> points;     // every point of the data, in data order
};

}  // namespace figures

// The lift figure, or "" with `error` saying why not (the lift is neither x₁x₂ nor radial, or the data
// are not 1-D or 2-D). `geometry`, when given, receives the projected points (for tests).
std::string lift_svg(const Scene& scene, const FigureOptions& options, const LiftCamera& camera, std::string& error,
                     figures::LiftFigureGeometry* geometry = nullptr);

}  // namespace pl
