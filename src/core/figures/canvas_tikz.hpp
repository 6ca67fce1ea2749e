// The line-model canvas as TikZ/PGF for LaTeX slides and sheets (issue 25): a standalone document
// whose tikzpicture draws, in the data's own coordinates, the points as marks of their class shapes,
// the boundary line clipped to the view, w as an arrow, the margin band when it is on, the grid and the
// axes with ticks and labels. Kernels and lifts are refused: their boundary is not a line (their SVG
// traces it). Std only.
#pragma once
#include <string>

#include "core/figures/figure_svg.hpp"

namespace pl {

struct Scene;  // core/scene/scene.hpp: what the canvas shows

// The LaTeX text (\documentclass[tikz]{standalone} ... \end{document}), or "" with `error` saying why not.
// FigureOptions: the width in cm sets the scale; grayscale draws the classes in greys (shapes tell them
// apart); the colours are always the light theme's.
std::string canvas_tikz(const Scene& scene, const FigureOptions& options, std::string& error);

}  // namespace pl
