#include "app/lift/lift_figure.hpp"

#include <algorithm>

#include "app/shell/app.hpp"

namespace pl::app {

namespace {
constexpr double kCmPerCssPixel = 2.54 / 96.0;
}  // namespace

std::string widget_figure_svg(const App& app, FigurePart part, FigureOptions options, std::string& error) {
    error.clear();
    const Session& session = app.session();
    if (part == FigurePart::Lift) {
        error = "the lift view's figure is not made yet: save the canvas, or a PNG snapshot of the lift view";
        return {};
    }
    if (part == FigurePart::Canvas) {
        // The canvas's shape on screen, so the figure shows what the canvas shows.
        const View& view = app.canvas().view();
        const double width = std::max(1.0f, view.width()), height = std::max(1.0f, view.height());
        if (!(options.width_cm > 0)) options.width_cm = width * kCmPerCssPixel;
        if (!(options.height_cm > 0)) options.height_cm = options.width_cm * height / width;
    }
    return figure_svg(session, part, options);
}

}  // namespace pl::app
