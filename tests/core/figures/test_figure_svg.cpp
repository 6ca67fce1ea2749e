// The vector figures read back (core/figures/figure_svg.hpp): a small XML reader parses the SVG; the
// point shapes and their classes must be the state's, the boundary must lie on f = 0 (for a line:
// w.x + b = 0 at its end points; for an RBF kernel: every vertex of the traced contour, checked against
// DecisionField::eval within a pixel), the axis labels are text, and print / grayscale change the colours.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/facts/shown_answer.hpp"
#include "core/figures/figure_svg.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {

// [SECTION] a small XML reader: elements with their attributes, text and children
struct Element {
    std::string name;
    std::map<std::string, std::string> attributes;
    std::string text;
    std::vector<Element> children;
    std::string attr(const std::string& key) const {
        const auto it = attributes.find(key);
        return it == attributes.end() ? std::string() : it->second;
    }
};

struct XmlReader {
    const std::string& s;
    std::size_t i = 0;
    bool ok = true;
    void skip_space() { while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i; }
    std::string name() {
        const std::size_t start = i;
        while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '-' || s[i] == ':' || s[i] == '_')) ++i;
        return s.substr(start, i - start);
    }
    static std::string unescape(std::string t) {
        const std::pair<const char*, const char*> entities[] = {{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&amp;", "&"}};
        for (const auto& [from, to] : entities)
            for (std::size_t p; (p = t.find(from)) != std::string::npos;) t.replace(p, std::string(from).size(), to);
        return t;
    }
    // Reads one element starting at '<'.
    Element element() {
        Element e;
        if (s[i] != '<') { ok = false; return e; }
        ++i;
        e.name = name();
        while (true) {
            skip_space();
            if (i >= s.size()) { ok = false; return e; }
            if (s.compare(i, 2, "/>") == 0) { i += 2; return e; }
            if (s[i] == '>') { ++i; break; }
            const std::string key = name();
            skip_space();
            if (key.empty() || s[i] != '=') { ok = false; return e; }
            ++i;
            skip_space();
            const char quote = s[i++];
            const std::size_t end = s.find(quote, i);
            if (end == std::string::npos) { ok = false; return e; }
            if (e.attributes.count(key)) ok = false;  // a repeated attribute is not XML
            e.attributes[key] = unescape(s.substr(i, end - i));
            i = end + 1;
        }
        while (ok && i < s.size()) {
            if (s.compare(i, 2, "</") == 0) {
                i += 2;
                if (name() != e.name) ok = false;
                skip_space();
                ++i;  // '>'
                return e;
            }
            if (s[i] == '<') e.children.push_back(element());
            else {
                const std::size_t end = s.find('<', i);
                e.text += unescape(s.substr(i, end - i));
                i = end;
            }
        }
        ok = false;
        return e;
    }
};

Element parse_svg(const std::string& svg, bool& ok) {
    XmlReader reader{svg};
    std::size_t start = svg.find("<svg");
    if (start == std::string::npos) { ok = false; return {}; }
    reader.i = start;
    Element root = reader.element();
    reader.skip_space();
    ok = reader.ok && reader.i == svg.size();
    return root;
}

void collect(const Element& e, const std::string& name, std::vector<const Element*>& out) {
    if (e.name == name) out.push_back(&e);
    for (const Element& c : e.children) collect(c, name, out);
}
std::vector<const Element*> all(const Element& root, const std::string& name) {
    std::vector<const Element*> out;
    collect(root, name, out);
    return out;
}
std::vector<const Element*> with_class(const Element& root, const std::string& name, const std::string& cls) {
    std::vector<const Element*> out;
    for (const Element* e : all(root, name)) {
        const std::string c = " " + e->attr("class") + " ";
        if (c.find(" " + cls + " ") != std::string::npos) out.push_back(e);
    }
    return out;
}

// The figure's user units back to data coordinates: the view's centre at the middle, its span across
// the shorter side (the canvas's own mapping, app/canvas/view.hpp).
struct Mapping {
    double width = 0, height = 0, ppu = 1;
    ViewState view;
    double data_x(double x) const { return view.center_x + (x - width / 2) / ppu; }
    double data_y(double y) const { return view.center_y - (y - height / 2) / ppu; }
};
Mapping mapping(const Element& root, const ViewState& view) {
    Mapping m;
    double x0, y0;
    REQUIRE(std::sscanf(root.attr("viewBox").c_str(), "%lf %lf %lf %lf", &x0, &y0, &m.width, &m.height) == 4);
    m.view = view;
    m.ppu = std::min(m.width, m.height) / view.span;
    return m;
}

// The vertices of path data made of M and L commands (absolute), in order.
std::vector<std::pair<double, double>> path_vertices(const std::string& d) {
    std::vector<std::pair<double, double>> out;
    std::size_t i = 0;
    while (i < d.size()) {
        if (d[i] == 'M' || d[i] == 'L') {
            ++i;
            char* end = nullptr;
            const double x = std::strtod(d.c_str() + i, &end);
            const double y = std::strtod(end, &end);
            out.emplace_back(x, y);
            i = static_cast<std::size_t>(end - d.c_str());
        } else ++i;
    }
    return out;
}

std::size_t expected_positive(const Dataset& data) {
    return static_cast<std::size_t>(std::count(data.labels.begin(), data.labels.end(), 1));
}
std::size_t with_both(const std::vector<const Element*>& groups, const std::string& cls) {
    std::size_t n = 0;
    for (const Element* g : groups) n += (" " + g->attr("class") + " ").find(" " + cls + " ") != std::string::npos ? 1 : 0;
    return n;
}

WidgetState lecture4_converged() {
    Session session;
    session.train_until_converged();
    return session.state();
}

}  // namespace

TEST_CASE("figure svg: the canvas parses and has the state's points with their classes") {
    Session session(lecture4_converged());
    session.add_test_point({0.5, -2.0}, -1);
    const std::string svg = canvas_svg(session);
    bool ok = false;
    const Element root = parse_svg(svg, ok);
    REQUIRE(ok);
    CHECK(root.name == "svg");
    const Dataset& data = session.state().data;
    const auto points = with_class(root, "g", "point");
    CHECK(points.size() == data.size());
    CHECK(with_both(points, "positive") == expected_positive(data));
    CHECK(with_both(points, "negative") == data.size() - expected_positive(data));
    // Each class has its shape: a circle for +1, a square for −1 (as on the canvas).
    for (const Element* p : points) {
        const bool positive = (" " + p->attr("class") + " ").find(" positive ") != std::string::npos;
        CHECK(all(*p, positive ? "circle" : "rect").size() == 1);
    }
    // In the order of the data: the n-th marker is at the n-th point.
    const Mapping m = mapping(root, session.state().view);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Element* shape = points[i];
        const auto circles = all(*shape, "circle");
        const auto rects = all(*shape, "rect");
        double cx, cy;
        if (!circles.empty()) { cx = std::stod(circles[0]->attr("cx")); cy = std::stod(circles[0]->attr("cy")); }
        else { cx = std::stod(rects[0]->attr("x")) + std::stod(rects[0]->attr("width")) / 2; cy = std::stod(rects[0]->attr("y")) + std::stod(rects[0]->attr("height")) / 2; }
        CHECK(m.data_x(cx) == doctest::Approx(data.points[i][0]).epsilon(1e-3));
        CHECK(m.data_y(cy) == doctest::Approx(data.points[i][1]).epsilon(1e-3));
        CHECK(((" " + points[i]->attr("class") + " ").find(data.labels[i] > 0 ? " positive " : " negative ") != std::string::npos));
    }
    const auto tests = with_class(root, "g", "test-point");
    REQUIRE(tests.size() == 1);
    CHECK(with_both(tests, "negative") == 1);  // the test point's class, drawn hollow
    CHECK(all(*tests[0], "rect").size() == 1);
}

TEST_CASE("figure svg: a linear boundary is the exact line w.x + b = 0 clipped to the view") {
    const Session session(lecture4_converged());
    bool ok = false;
    const Element root = parse_svg(canvas_svg(session), ok);
    REQUIRE(ok);
    const auto boundary = with_class(root, "path", "boundary");
    REQUIRE(boundary.size() == 1);
    const auto ends = path_vertices(boundary[0]->attr("d"));
    REQUIRE(ends.size() == 2);
    const DecisionField field = which_answer(session.state(), session.learner()).field;
    const Mapping m = mapping(root, session.state().view);
    const double scale = std::hypot(field.w[0], field.w[1]) / m.ppu;  // |f| per figure unit off the line
    for (const auto& [x, y] : ends) {
        CHECK(std::fabs(field.eval(Vec{m.data_x(x), m.data_y(y)})) < 1e-3 * scale);
        // On the edge of the figure: the line is clipped to the view, not cut short inside it.
        const bool on_edge = std::fabs(x) < 1e-3 || std::fabs(y) < 1e-3 || std::fabs(x - m.width) < 1e-3 || std::fabs(y - m.height) < 1e-3;
        CHECK(on_edge);
    }
    CHECK(with_class(root, "g", "weight").size() == 1);  // w as an arrow
}

TEST_CASE("figure svg: an RBF kernel's boundary is the traced f = 0 contour within a pixel") {
    Session session;
    session.load_preset(Preset::Xor, GeneratorParams{});
    TrainConfig config = session.state().config;
    config.algorithm = Algorithm::Kernel;
    config.kernel.type = KernelType::Rbf;
    config.kernel.gamma = 1.0;
    session.set_config(config);
    REQUIRE(session.train_until_converged());
    bool ok = false;
    const Element root = parse_svg(canvas_svg(session), ok);
    REQUIRE(ok);
    const auto boundary = with_class(root, "path", "boundary");
    REQUIRE(boundary.size() == 1);
    const auto vertices = path_vertices(boundary[0]->attr("d"));
    CHECK(vertices.size() >= 40);
    const DecisionField field = which_answer(session.state(), session.learner()).field;
    const Mapping m = mapping(root, session.state().view);
    double field_scale = 0;  // the largest |f| over the figure: what "tiny" is measured against
    for (int j = 0; j <= 20; ++j)
        for (int i = 0; i <= 20; ++i) field_scale = std::max(field_scale, std::fabs(field.eval(Vec{m.data_x(m.width * i / 20), m.data_y(m.height * j / 20)})));
    REQUIRE(field_scale > 0);
    const double pixel = 1.0 / m.ppu;  // one figure unit in data coordinates
    std::size_t checked = 0;
    for (std::size_t k = 0; k < vertices.size(); k += 3) {
        const double x = m.data_x(vertices[k].first), y = m.data_y(vertices[k].second);
        const double f0 = field.eval(Vec{x, y});
        CHECK(std::fabs(f0) < 1e-3 * field_scale);
        // A sign change within one pixel along the gradient: the vertex is on the boundary, not near it.
        const double h = pixel * 1e-3;
        const double gx = (field.eval(Vec{x + h, y}) - field.eval(Vec{x - h, y})) / (2 * h);
        const double gy = (field.eval(Vec{x, y + h}) - field.eval(Vec{x, y - h})) / (2 * h);
        const double g = std::hypot(gx, gy);
        REQUIRE(g > 0);
        const double ahead = field.eval(Vec{x + gx / g * pixel, y + gy / g * pixel});
        const double behind = field.eval(Vec{x - gx / g * pixel, y - gy / g * pixel});
        CHECK(ahead > 0);
        CHECK(behind < 0);
        ++checked;
    }
    CHECK(checked >= 10);
    CHECK(with_class(root, "path", "region").size() >= 1);  // the regions as flat fills under the contour
}

TEST_CASE("figure svg: the axis labels and tick values are text in the UI font") {
    const Session session(lecture4_converged());
    bool ok = false;
    const Element root = parse_svg(canvas_svg(session), ok);
    REQUIRE(ok);
    CHECK(root.attr("font-family").find("DejaVu Sans") == 0);
    std::vector<std::string> texts;
    for (const Element* t : all(root, "text")) texts.push_back(t->text);
    auto has = [&](const std::string& s) { return std::find(texts.begin(), texts.end(), s) != texts.end(); };
    CHECK(has("x\xE2\x82\x81"));
    CHECK(has("x\xE2\x82\x82"));
    CHECK(has("1"));
    CHECK(has("\xE2\x88\x92" "1"));  // a negative tick with U+2212
    CHECK(root.attr("width").find("cm") != std::string::npos);
}

TEST_CASE("figure svg: print and grayscale change the colours") {
    WidgetState state = lecture4_converged();
    state.panels.dark = true;
    const Session session(state);
    bool ok = false;
    auto fill_of = [&](const Element& root, const std::string& cls, const std::string& shape) {
        const auto groups = with_class(root, "g", cls);
        REQUIRE(!groups.empty());
        return all(*groups[0], shape)[0]->attr("fill");
    };
    auto background = [&](const Element& root) { return with_class(root, "rect", "background")[0]->attr("fill"); };
    const Element screen = parse_svg(canvas_svg(session), ok);
    REQUIRE(ok);
    FigureOptions print;
    print.print = true;
    const Element paper = parse_svg(canvas_svg(session, print), ok);
    REQUIRE(ok);
    FigureOptions grey;
    grey.grayscale = true;
    const Element greyscale = parse_svg(canvas_svg(session, grey), ok);
    REQUIRE(ok);
    CHECK(background(screen) != background(paper));  // the dark theme on screen, white on paper
    CHECK(background(paper) == "#ffffff");
    CHECK(fill_of(screen, "positive", "circle") != fill_of(screen, "negative", "rect"));
    CHECK(fill_of(greyscale, "positive", "circle") == fill_of(greyscale, "negative", "rect"));  // shapes only
    auto is_grey = [](const std::string& c) { return c.size() == 7 && c.substr(1, 2) == c.substr(3, 2) && c.substr(3, 2) == c.substr(5, 2); };
    for (const std::string name : {"path", "rect", "circle", "line", "text"})
        for (const Element* e : all(greyscale, name))
            for (const char* key : {"fill", "stroke"}) {
                const std::string c = e->attr(key);
                if (!c.empty() && c[0] == '#') CHECK_MESSAGE(is_grey(c), name << " " << key << " " << c);
            }
    FigureOptions wide;
    wide.width_cm = 20;
    CHECK(parse_svg(canvas_svg(session, wide), ok).attr("width") == "20cm");
}
