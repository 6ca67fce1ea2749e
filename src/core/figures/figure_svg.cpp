#include "core/figures/figure_svg.hpp"

#include "core/figures/lift_svg.hpp"
#include "core/figures/plot_figures.hpp"
#include "core/scene/scene.hpp"

#include <iterator>

namespace pl {

namespace {
constexpr FigurePart kFigureParts[] = {FigurePart::Canvas, FigurePart::Mistakes, FigurePart::Loss, FigurePart::Proof, FigurePart::Lift};
}  // namespace

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
    for (FigurePart part : kFigureParts) {
        if (text == to_string(part)) {
            out = part;
            return true;
        }
    }
    return false;
}

std::string figure_part_names(std::string_view separator, std::string_view last_separator) {
    if (last_separator.empty()) last_separator = separator;
    std::string out;
    const std::size_t n = std::size(kFigureParts);
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0) out += i + 1 == n ? last_separator : separator;
        out += to_string(kFigureParts[i]);
    }
    return out;
}

std::string figure_svg(const Scene& scene, FigurePart part, const FigureOptions& options) {
    const Session& session = *scene.session;
    switch (part) {
        case FigurePart::Canvas: return canvas_svg(scene, options);
        case FigurePart::Mistakes: return figures::mistakes_svg(session, options);
        case FigurePart::Loss: return figures::loss_svg(session, options);
        case FigurePart::Proof: return figures::proof_svg(session, options);
        case FigurePart::Lift: {
            std::string error;
            return lift_svg(scene, options, LiftCamera{}, error);
        }
    }
    return {};
}

}  // namespace pl
