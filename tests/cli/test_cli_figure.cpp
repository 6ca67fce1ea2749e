// perceptron-cli figure: a shared link's figure as SVG that xmllint accepts, as PDF through rsvg-convert
// when it is installed, and clear refusals of a bad part or a missing state.
#include "test_temp_path.hpp"
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "options.hpp"

using namespace pl;
namespace fs = std::filesystem;

namespace {

// Lecture 004's four points, trained to the end (what the widget's Copy link gives after "Train until converged").
const char* kLink = "http://example.org/perceptron-lab/#d=AgQDgBCAIIAQ_w__L_8fAIAg&visits=8&v=1";

fs::path temp_dir(const std::string& name) {
    const fs::path dir = pl::test::temp_path("pl-cli-figure-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string read_file(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

bool tool_available(const char* name) { return std::system((std::string("command -v ") + name + " > /dev/null 2>&1").c_str()) == 0; }

int figure(const std::vector<std::string>& words, std::string& out, std::string& err) {
    std::vector<std::string_view> args(words.begin(), words.end());
    std::ostringstream o, e;
    int code = 0;
    try {
        code = cli::run_figure(args, o, e);
    } catch (const cli::UsageError& error) {
        e << error.what();
        code = 2;
    }
    out = o.str();
    err = e.str();
    return code;
}

}  // namespace

TEST_CASE("figure: the canvas of a link as SVG that xmllint accepts, every part") {
    const fs::path dir = temp_dir("svg");
    for (const char* part : {"canvas", "mistakes", "loss", "proof"}) {
        const fs::path svg = dir / (std::string(part) + ".svg");
        std::string out, err;
        REQUIRE(figure({"--state", kLink, "--part", part, "--print", "-o", svg.string()}, out, err) == 0);
        CHECK(out.find("wrote") != std::string::npos);
        const std::string text = read_file(svg);
        CHECK(text.find("<svg") != std::string::npos);
        if (tool_available("xmllint")) {
            const std::string command = "xmllint --noout '" + svg.string() + "' > '" + (dir / "xmllint.log").string() + "' 2>&1";
            CHECK_MESSAGE(std::system(command.c_str()) == 0, read_file(dir / "xmllint.log"));
        }
    }
    // The canvas has the link's four points, two of each class.
    const std::string canvas = read_file(dir / "canvas.svg");
    std::size_t positives = 0, negatives = 0;
    for (std::size_t at = 0; (at = canvas.find("class=\"point positive\"", at)) != std::string::npos; ++at) ++positives;
    for (std::size_t at = 0; (at = canvas.find("class=\"point negative\"", at)) != std::string::npos; ++at) ++negatives;
    CHECK(positives == 2);
    CHECK(negatives == 2);
    CHECK(canvas.find("class=\"boundary\"") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("figure: -o FILE.pdf makes a PDF through rsvg-convert") {
    if (!tool_available("rsvg-convert")) {
        MESSAGE("rsvg-convert is not installed: the PDF is not checked");
        return;
    }
    const fs::path dir = temp_dir("pdf");
    std::string out, err;
    REQUIRE(figure({"--state", kLink, "--grayscale", "--width-cm", "8", "-o", (dir / "canvas.pdf").string()}, out, err) == 0);
    CHECK(read_file(dir / "canvas.pdf").rfind("%PDF", 0) == 0);
    CHECK(!fs::exists(dir / "canvas.pdf.svg.tmp"));  // the intermediate SVG is gone
    fs::remove_all(dir);
}

TEST_CASE("figure: a bad part, a missing state or a broken link is refused with a sentence") {
    std::string out, err;
    CHECK(figure({"--state", kLink, "--part", "pie", "-o", "x.svg"}, out, err) == 2);
    CHECK(err.find("canvas, mistakes, loss, proof or lift") != std::string::npos);
    CHECK(figure({"--part", "canvas", "-o", "x.svg"}, out, err) == 2);
    CHECK(err.find("--state") != std::string::npos);
    CHECK(figure({"--state", "#d=%%%", "-o", "x.svg"}, out, err) == 2);
    CHECK(err.find("could not be opened") != std::string::npos);
    CHECK(figure({"--state", kLink, "--width-cm", "0", "-o", "x.svg"}, out, err) == 2);
}

TEST_CASE("figure: the lift view from its starting camera, and a refusal without a drawable lift") {
    Session session;  // lecture 004's four points with the radial lift, trained
    TrainConfig config = session.state().config;
    config.lift = LiftKind::Radial;
    session.set_config(config);
    session.train_until_converged();
    const std::string link = "#" + encode_fragment(session.state());
    const fs::path dir = temp_dir("lift");
    std::string out, err;
    REQUIRE(figure({"--state", link, "--part", "lift", "-o", (dir / "lift.svg").string()}, out, err) == 0);
    const std::string svg = read_file(dir / "lift.svg");
    std::size_t points = 0;
    for (std::size_t at = 0; (at = svg.find("class=\"point ", at)) != std::string::npos; ++at) ++points;
    CHECK(points == 4);
    CHECK(svg.find("class=\"plane\"") != std::string::npos);
    if (tool_available("xmllint")) CHECK(std::system(("xmllint --noout '" + (dir / "lift.svg").string() + "'").c_str()) == 0);
    CHECK(figure({"--state", kLink, "--part", "lift", "-o", (dir / "x.svg").string()}, out, err) == 2);
    CHECK(err.find("radial") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("figure: -o FILE.tex writes the line-model canvas as TikZ, and refuses other parts") {
    const fs::path dir = temp_dir("tex");
    std::string out, err;
    REQUIRE(figure({"--state", kLink, "-o", (dir / "canvas.tex").string()}, out, err) == 0);
    const std::string tex = read_file(dir / "canvas.tex");
    CHECK(tex.find("\\begin{tikzpicture}") != std::string::npos);
    std::size_t nodes = 0;
    for (std::size_t at = 0; (at = tex.find("\\node[", at)) != std::string::npos; ++at) ++nodes;
    CHECK(nodes == 4);
    CHECK(figure({"--state", kLink, "--part", "loss", "-o", (dir / "loss.tex").string()}, out, err) == 2);
    CHECK(err.find("canvas only") != std::string::npos);
    fs::remove_all(dir);
}
