#include "app/shell/lift_figure.hpp"

#include <algorithm>

#include "app/shell/app.hpp"
#include "core/figures/lift_svg.hpp"

namespace pl::app {

namespace {
constexpr double kCmPerCssPixel = 2.54 / 96.0;
}  // namespace

std::string widget_figure_svg(App& app, FigurePart part, FigureOptions options, std::string& error) {
    error.clear();
    const Scene& scene = app.model();  // the scene the screen draws, kept per change
    if (part == FigurePart::Lift) {
        // The view's current camera; one the view has not yet been shown with is still the starting one.
        return lift_svg(scene, options, app.lift_panel().view.camera(), error);
    }
    if (part == FigurePart::Canvas) {
        // The canvas's shape on screen, so the figure shows what the canvas shows.
        const View& view = app.canvas().view();
        const double width = std::max(1.0f, view.width()), height = std::max(1.0f, view.height());
        if (!(options.width_cm > 0)) options.width_cm = width * kCmPerCssPixel;
        if (!(options.height_cm > 0)) options.height_cm = options.width_cm * height / width;
    }
    return figure_svg(scene, part, options);
}

}  // namespace pl::app
