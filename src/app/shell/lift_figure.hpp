// The widget's figures as the screen shows them (core/figures/figure_svg.hpp), for the hosts' Save SVG,
// lab.exportSvg and --export-svg: the canvas with the canvas's own shape, the plots as they are, the
// lift view through its current camera (the starting one while the view has not been turned).
#pragma once
#include <string>

#include "core/figures/figure_svg.hpp"

namespace pl::app {

class App;

// The figure of `part`, or "" with `error` saying why not. A width of 0 cm: the canvas's own size on
// screen (one CSS pixel per user unit); the height always follows the canvas's aspect.
std::string widget_figure_svg(App& app, FigurePart part, FigureOptions options, std::string& error);

}  // namespace pl::app
