// The Plots section's charts as SVG (figure_svg.hpp): mistakes per epoch as bars, the loss per epoch,
// the proof's two inequalities across the run. Std only.
#pragma once
#include <string>

#include "core/figures/figure_svg.hpp"

namespace pl {
class Session;
}  // namespace pl

namespace pl::figures {

std::string mistakes_svg(const Session& session, const FigureOptions& options);
std::string loss_svg(const Session& session, const FigureOptions& options);
std::string proof_svg(const Session& session, const FigureOptions& options);

}  // namespace pl::figures
