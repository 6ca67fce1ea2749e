// Vector figures for slides and sheets (issue 25): the widget's pictures as SVG text, drawn from the
// same session the screen draws from, so a figure is exactly what a link shows. Std only: the web
// handle (lab.exportSvg), the native `--export-svg`, `perceptron-cli figure` and the printable lesson
// (worksheet.hpp) all call these.
#pragma once
#include <string>
#include <string_view>

namespace pl {

struct Scene;

// Which picture. The lift view's figure is seen through its orbit camera (lift_svg.hpp): here the camera
// the view starts with; the app passes the view's current one (app/shell/lift_figure.hpp).
enum class FigurePart { Canvas, Mistakes, Loss, Proof, Lift };
std::string_view to_string(FigurePart part);              // "canvas", "mistakes", "loss", "proof", "lift"
bool parse(std::string_view text, FigurePart& out);       // exact lower-case names
// Every part's name in order, for messages and usage lines: figure_part_names(", ", " or ") is
// "canvas, mistakes, loss, proof or lift", figure_part_names("|") "canvas|mistakes|loss|proof|lift".
std::string figure_part_names(std::string_view separator, std::string_view last_separator = {});

struct FigureOptions {
    bool print = false;       // the light theme for paper and projectors, whatever the widget's theme
    bool grayscale = false;   // no colour: the classes by their shapes, the regions in two greys
    double width_cm = 12.0;   // the figure's size on paper (the SVG's width/height in cm)
    double height_cm = 0.0;   // 0: from the width and the picture's own aspect
    // At most this many points drawn (training and test together), an even sample in order: every k-th
    // point; 0 draws them all. The worksheet caps its pictures so a lesson of 100,000 points per step
    // prints as a sheet of a few hundred kilobytes (figure_points_drawn says how many were drawn).
    std::size_t max_points = 0;
    bool mistake_rings = true;  // ring the points the answer gets wrong (off for a predict step's question)
};

// How many of `total` points a figure with these options draws.
std::size_t figure_points_drawn(std::size_t total, const FigureOptions& options);

// The canvas as the scene shows it (core/scene/scene.hpp, the one the screen draws): the view, the points with their shapes, the answer's boundary
// (an exact line for linear models, the f = 0 contour of the exact field for kernels and lifts), the
// overlays state().panels switches on (margin band, hulls, max-margin line), w as an arrow, axes,
// ticks and a legend. Text is real text in the UI font.
std::string canvas_svg(const Scene& scene, const FigureOptions& options = {});

// Any part. Mistakes, Loss and Proof are the Plots section's charts; Lift is the lift view from its
// starting camera, or "" when the session's lift is not one the view draws (lift_svg says why).
std::string figure_svg(const Scene& scene, FigurePart part, const FigureOptions& options = {});

}  // namespace pl
