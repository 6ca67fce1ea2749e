// `figure --state LINK|@FILE --part canvas|mistakes|loss|proof|lift [--print] [--grayscale] [--width-cm N]
// [--height-cm N] -o FILE.svg|FILE.pdf|FILE.tex`: a figure of a shared state as SVG (core/figures/figure_svg.hpp),
// as PDF through rsvg-convert (Debian's librsvg2-bin) when the output ends in .pdf, or for the line-model
// canvas as a standalone TikZ picture when it ends in .tex (canvas_tikz.hpp). The lift view is drawn
// from its starting camera. The state is a link, a bare fragment, or @FILE holding a link or the JSON
// state. Exit 0 written, 2 bad input.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands.hpp"
#include "core/figures/canvas_tikz.hpp"
#include "core/figures/figure_svg.hpp"
#include "core/figures/lift_svg.hpp"
#include "core/scene/scene.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"
#include "options.hpp"
#include "run_program.hpp"

namespace pl::cli {

namespace {

namespace fs = std::filesystem;

struct FigureCommandOptions {
    std::string state, output;
    FigurePart part = FigurePart::Canvas;
    FigureOptions figure;
};

double parse_cm(std::string_view flag, std::string_view text) {
    const std::string s(text);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || !(v >= 1.0 && v <= 100.0))
        throw UsageError("bad value for " + std::string(flag) + ": it must be a number of centimetres from 1 to 100, but it is \"" + s + "\".");
    return v;
}

FigureCommandOptions parse_figure_options(const std::vector<std::string_view>& args) {
    FigureCommandOptions o;
    bool have_state = false, have_output = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--print") { o.figure.print = true; continue; }
        if (a == "--grayscale") { o.figure.grayscale = true; continue; }
        if (a != "--state" && a != "--part" && a != "--width-cm" && a != "--height-cm" && a != "-o" && a != "--output")
            throw UsageError("unknown option '" + std::string(a) + "' for figure");
        if (i + 1 >= args.size()) throw UsageError(std::string(a) + " needs a value");
        const std::string_view value = args[++i];
        if (a == "--state") { o.state = std::string(value); have_state = true; }
        else if (a == "--part") {
            if (!parse(value, o.part))
                throw UsageError("bad value for the part (--part): it must be " + figure_part_names(", ", " or ") + ", but it is \"" +
                                 std::string(value) + "\".");
        } else if (a == "--width-cm") o.figure.width_cm = parse_cm(a, value);
        else if (a == "--height-cm") o.figure.height_cm = parse_cm(a, value);
        else { o.output = std::string(value); have_output = true; }
    }
    if (!have_state) throw UsageError("figure: --state LINK is required (the widget's Share link, or @FILE with a link or JSON state)");
    if (!have_output) throw UsageError("figure: -o FILE.svg, -o FILE.pdf or -o FILE.tex is required");
    return o;
}

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

int run_figure(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err) {
    const FigureCommandOptions o = parse_figure_options(args);
    std::string text = o.state;
    if (!text.empty() && text[0] == '@') {
        std::ifstream file(text.substr(1), std::ios::binary);
        if (!file) {
            err << "perceptron-cli: cannot read " << text.substr(1) << "\n";
            return 2;
        }
        std::ostringstream buffer;
        buffer << file.rdbuf();
        text = buffer.str();
    }
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    const bool json = first != std::string::npos && text[first] == '{';
    const DecodeResult decoded = json ? state_from_json(text) : decode_fragment(text);
    if (!decoded.ok) {
        err << "perceptron-cli: " << (json ? "this state could not be read: " : "this link could not be opened: ") << decoded.error << "\n";
        return 2;
    }
    const Session session(decoded.state);
    SceneCache scenes;
    const Scene& scene = scenes.update(session);  // what the widget would show for this link, worked out once
    std::string error;
    if (ends_with(o.output, ".tex")) {  // TikZ: the line-model canvas only
        if (o.part != FigurePart::Canvas) {
            err << "perceptron-cli: TikZ (-o FILE.tex) is made for the canvas only; write the " << to_string(o.part) << " figure as SVG or PDF\n";
            return 2;
        }
        const std::string tex = canvas_tikz(scene, o.figure, error);
        if (!error.empty()) {
            err << "perceptron-cli: no TikZ figure: " << error << "\n";
            return 2;
        }
        std::ofstream file(o.output, std::ios::binary);
        file << tex;
        if (!file) {
            err << "perceptron-cli: cannot write " << o.output << "\n";
            return 2;
        }
        out << "wrote " << o.output << " (canvas, TikZ)\n";
        return 0;
    }
    // The lift view from the camera it starts with: a link does not hold the camera.
    const std::string svg = o.part == FigurePart::Lift ? lift_svg(scene, o.figure, LiftCamera{}, error) : figure_svg(scene, o.part, o.figure);
    if (!error.empty()) {
        err << "perceptron-cli: no lift figure: " << error << "\n";
        return 2;
    }

    const bool pdf = ends_with(o.output, ".pdf") || ends_with(o.output, ".PDF");
    const std::string rsvg_convert = pdf ? find_program({"rsvg-convert"}) : std::string();
    if (pdf && rsvg_convert.empty()) {
        err << "perceptron-cli: a PDF needs rsvg-convert, which is not installed (Debian and Ubuntu: apt install librsvg2-bin); "
               "write the figure as SVG with -o FILE.svg instead.\n";
        return 2;
    }
    const std::string svg_path = pdf ? o.output + ".svg.tmp" : o.output;
    {
        std::ofstream file(svg_path, std::ios::binary);
        file << svg;
        if (!file) {
            err << "perceptron-cli: cannot write " << svg_path << "\n";
            return 2;
        }
    }
    if (pdf) {
        const int code = run_program({rsvg_convert, "-f", "pdf", "-o", o.output, svg_path}, false);
        std::error_code ignored;
        fs::remove(svg_path, ignored);
        if (code != 0) {
            err << "perceptron-cli: rsvg-convert could not make " << o.output << " from the figure\n";
            return 2;
        }
    }
    out << "wrote " << o.output << " (" << to_string(o.part) << (pdf ? ", PDF" : ", SVG") << ")\n";
    return 0;
}

}  // namespace pl::cli
