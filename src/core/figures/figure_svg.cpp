#include "core/figures/figure_svg.hpp"

#include "core/figures/lift_svg.hpp"
#include "core/figures/plot_figures.hpp"

namespace pl {

std::string_view to_string(FigurePart part) {
    switch (part) {
        case FigurePart::Canvas: return "canvas";
        case FigurePart::Mistakes: return "mistakes";
        case FigurePart::Loss: return "loss";
        case FigurePart::Proof: return "proof";
        case FigurePart::Lift: return "lift";
    }
    return "canvas";
}

bool parse(std::string_view text, FigurePart& out) {
    for (FigurePart part : {FigurePart::Canvas, FigurePart::Mistakes, FigurePart::Loss, FigurePart::Proof, FigurePart::Lift}) {
        if (text == to_string(part)) {
            out = part;
            return true;
        }
    }
    return false;
}

std::string figure_svg(const Session& session, FigurePart part, const FigureOptions& options) {
    switch (part) {
        case FigurePart::Canvas: return canvas_svg(session, options);
        case FigurePart::Mistakes: return figures::mistakes_svg(session, options);
        case FigurePart::Loss: return figures::loss_svg(session, options);
        case FigurePart::Proof: return figures::proof_svg(session, options);
        case FigurePart::Lift: {
            std::string error;
            return lift_svg(session, options, LiftCamera{}, error);
        }
    }
    return {};
}

}  // namespace pl
