// Fitting the view to the data: hand-computed spans for wide and tall canvases, every point inside
// with the margin, the edge cases (no data, one spot, 1-D data, data wider than a link can show), and
// the session's verb and its "a new data set arrived" counter.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/session/session.hpp"
#include "core/session/view_fit.hpp"

using namespace pl;

namespace {
Dataset points_2d(std::initializer_list<std::pair<double, double>> xy) {
    Dataset d;
    for (auto [x, y] : xy) d.add({x, y}, 1);
    return d;
}

// The visible data rectangle of a view on a canvas of this aspect (width / height).
struct Visible { double min_x, max_x, min_y, max_y; };
Visible visible(const ViewState& v, double aspect) {
    const double width = v.span * std::max(aspect, 1.0), height = v.span * std::max(1.0 / aspect, 1.0);
    return {v.center_x - width / 2, v.center_x + width / 2, v.center_y - height / 2, v.center_y + height / 2};
}
}  // namespace

TEST_CASE("fit_view: no data gives the default view") {
    const ViewState v = fit_view(Dataset{}, 1.6);
    CHECK(v.center_x == 0.0);
    CHECK(v.center_y == 0.0);
    CHECK(v.span == ViewState{}.span);
}

TEST_CASE("fit_view: a wide canvas is limited by the data's height, a tall one by its width") {
    // The data span 4 across and 2 up; the data may use 1 - 2 * 0.12 = 0.76 of each side.
    const Dataset d = points_2d({{0, 0}, {4, 2}, {1, 1}});
    const ViewState wide = fit_view(d, 2.0);  // 800 x 400: 4 / (2 * 0.76) = 2 / 0.76
    CHECK(wide.center_x == doctest::Approx(2.0));
    CHECK(wide.center_y == doctest::Approx(1.0));
    CHECK(wide.span == doctest::Approx(2.0 / 0.76));
    const ViewState square = fit_view(d, 1.0);  // the 4 across decide: 4 / 0.76
    CHECK(square.span == doctest::Approx(4.0 / 0.76));
    const ViewState tall = fit_view(d, 0.5);  // 400 x 800: the width (the shorter side) shows the 4
    CHECK(tall.span == doctest::Approx(4.0 / 0.76));
    const ViewState very_wide = fit_view(d, 4.0);  // 1600 x 400: the height decides, 2 / 0.76
    CHECK(very_wide.span == doctest::Approx(2.0 / 0.76));
}

TEST_CASE("fit_view: every point is inside the visible rectangle with the margin, at phone and desktop shapes") {
    const Dataset d = make_preset(Preset::Moons, GeneratorParams{});
    for (double aspect : {390.0 / 380.0, 360.0 / 290.0, 844.0 / 300.0, 320.0 / 700.0, 1.0, 1280.0 / 760.0}) {
        CAPTURE(aspect);
        const ViewState v = fit_view(d, aspect);
        const Visible r = visible(v, aspect);
        const double margin_x = kFitMarginShare * (r.max_x - r.min_x) * (1 - 1e-9);
        const double margin_y = kFitMarginShare * (r.max_y - r.min_y) * (1 - 1e-9);
        double closest = std::numeric_limits<double>::infinity();  // the tightest side touches its margin
        for (const Vec& p : d.points) {
            CHECK(p[0] >= r.min_x + margin_x);
            CHECK(p[0] <= r.max_x - margin_x);
            CHECK(p[1] >= r.min_y + margin_y);
            CHECK(p[1] <= r.max_y - margin_y);
            closest = std::min({closest, (p[0] - r.min_x) / margin_x, (r.max_x - p[0]) / margin_x,
                                (p[1] - r.min_y) / margin_y, (r.max_y - p[1]) / margin_y});
        }
        CHECK(closest == doctest::Approx(1.0));  // not zoomed out further than needed
    }
}

TEST_CASE("fit_view: points on one spot are centred at the default span, 1-D points sit on y = 0") {
    const ViewState spot = fit_view(points_2d({{3, -1}, {3, -1}}), 1.5);
    CHECK(spot.center_x == 3.0);
    CHECK(spot.center_y == -1.0);
    CHECK(spot.span == ViewState{}.span);

    Dataset line;
    line.dim = 1;
    line.add({-2.0}, 1);
    line.add({6.0}, -1);
    const ViewState v = fit_view(line, 1.0);
    CHECK(v.center_x == doctest::Approx(2.0));
    CHECK(v.center_y == 0.0);
    CHECK(v.span == doctest::Approx(8.0 / 0.76));
}

TEST_CASE("fit_view: a bad aspect counts as square, the span stays inside what a link holds") {
    const Dataset d = points_2d({{0, 0}, {4, 2}});
    for (double aspect : {0.0, -1.0, std::nan(""), std::numeric_limits<double>::infinity()})
        CHECK(fit_view(d, aspect).span == doctest::Approx(4.0 / 0.76));
    CHECK(fit_view(points_2d({{-1e6, 0}, {1e6, 0}}), 1.0).span == kViewSpanRange.max);
    CHECK(fit_view(points_2d({{0, 0}, {0.0001, 0}}), 1.0).span == kViewSpanRange.min);
}

TEST_CASE("session: fit_view_to_data sets the fitted view, before the screen's shape is known a new data set asks for a fit until a view is chosen") {
    Session session;
    CHECK_FALSE(session.fit_pending());  // the starting state comes with its view
    session.add_point({9.0, 9.0}, 1);
    CHECK_FALSE(session.fit_pending());  // an added point is an edit
    session.fit_view_to_data(1.0);
    const ViewState expected = fit_view(session.state().data, 1.0);
    CHECK(session.state().view.center_x == expected.center_x);
    CHECK(session.state().view.center_y == expected.center_y);
    CHECK(session.state().view.span == expected.span);

    session.load_preset(Preset::Xor, GeneratorParams{});
    CHECK(session.fit_pending());
    session.fit_view_to_data(1.5);
    CHECK_FALSE(session.fit_pending());
    session.replace_data(points_2d({{0, 0}, {1, 1}}), "import.csv");
    CHECK(session.fit_pending());
    session.set_view(ViewState{1.0, 1.0, 3.0});  // a pan or zoom chose a view
    CHECK_FALSE(session.fit_pending());

    // A preset, then settings changed through a whole state (the JS handle's configure()): still pending.
    session.load_preset(Preset::Moons, GeneratorParams{});
    WidgetState configured = session.state();
    configured.config.eta = 0.5;
    session.load_state(configured);
    CHECK(session.fit_pending());
    CHECK(session.state().config.eta == 0.5);

    // Then a link with its own view (an embed restoring saved work): the link wins.
    WidgetState linked = session.state();
    linked.view = ViewState{5.0, 5.0, 2.0};
    session.load_state(linked);
    CHECK_FALSE(session.fit_pending());
    CHECK(session.state().view.span == 2.0);

    session.clear_points();
    CHECK_FALSE(session.fit_pending());
    session.fit_view_to_data(2.0);
    CHECK(session.state().view.span == ViewState{}.span);  // empty data: the default view
}

TEST_CASE("session: once the screen has told its shape, a new data set is fitted at once") {
    Session session;
    session.set_screen_aspect(0.5);  // a phone upright: the canvas twice as tall as wide
    const std::uint64_t revision = session.revision();
    CHECK(session.revision() == revision);  // telling the shape is not a change
    session.load_preset(Preset::Xor, GeneratorParams{});
    CHECK_FALSE(session.fit_pending());
    const ViewState expected = fit_view(session.state().data, 0.5);
    CHECK(session.state().view.span == expected.span);
    CHECK(session.state().view.center_x == expected.center_x);
    session.add_point({30.0, 0.0}, 1);  // an edit keeps the view
    CHECK(session.state().view.span == expected.span);
    Dataset far = points_2d({{100, 100}, {104, 103}});
    session.replace_data(far, "far.csv");
    CHECK(session.state().view.center_x == doctest::Approx(102.0));
    CHECK(session.state().view.span == doctest::Approx(fit_view(far, 0.5).span));
}

// The canvas's own overlays (buttons and legend along the top, the status line along the bottom)
// take strips of the canvas: the fit puts the data into the free rectangle between them.
namespace {
struct Pixel { double x, y; };
// Where a data point lands on a canvas shown with this view (as src/app/base/view.hpp maps it).
Pixel on_canvas(const ViewState& v, const CanvasShape& c, double x, double y) {
    const double pixels_per_unit = std::min(c.width, c.height) / v.span;
    return {c.width / 2 + (x - v.center_x) * pixels_per_unit, c.height / 2 - (y - v.center_y) * pixels_per_unit};
}
}  // namespace

TEST_CASE("fit_view with insets: every point in the free rectangle, the margin kept there, the data centred in it") {
    const Dataset xor_points = points_2d({{-1, -1}, {1, 1}, {-1, 1}, {1, -1}});
    const Dataset moons = make_preset(Preset::Moons, GeneratorParams{});
    // A phone (390 x 380 canvas, 44 px buttons at the top, a two-line status at the bottom), a small embed,
    // a desktop canvas, and a tall canvas with unequal side insets.
    const CanvasShape shapes[] = {
        {390, 380, {16, 70, 16, 66}},
        {600, 300, {16, 52, 16, 47}},
        {1280, 760, {16, 58, 16, 47}},
        {320, 700, {40, 60, 10, 90}},
    };
    for (const Dataset* data : {&xor_points, &moons}) {
        for (const CanvasShape& c : shapes) {
            CAPTURE(c.width);
            CAPTURE(c.height);
            const ViewState v = fit_view(*data, c);
            const double free_w = c.width - c.insets.left - c.insets.right, free_h = c.height - c.insets.top - c.insets.bottom;
            const double margin_x = kFitMarginShare * free_w - 1e-6, margin_y = kFitMarginShare * free_h - 1e-6;
            double low_x = HUGE_VAL, high_x = -HUGE_VAL, low_y = HUGE_VAL, high_y = -HUGE_VAL;
            for (const Vec& p : data->points) {
                const Pixel s = on_canvas(v, c, p[0], p[1]);
                CHECK(s.x >= c.insets.left + margin_x);
                CHECK(s.x <= c.width - c.insets.right - margin_x);
                CHECK(s.y >= c.insets.top + margin_y);
                CHECK(s.y <= c.height - c.insets.bottom - margin_y);
                low_x = std::min(low_x, s.x), high_x = std::max(high_x, s.x);
                low_y = std::min(low_y, s.y), high_y = std::max(high_y, s.y);
            }
            // Centred in the free rectangle, and no smaller than needed: one axis uses all its room.
            CHECK(0.5 * (low_x + high_x) == doctest::Approx(c.insets.left + free_w / 2));
            CHECK(0.5 * (low_y + high_y) == doctest::Approx(c.insets.top + free_h / 2));
            const double used = std::max((high_x - low_x) / free_w, (high_y - low_y) / free_h);
            CHECK(used == doctest::Approx(1 - 2 * kFitMarginShare));
        }
    }
}

TEST_CASE("fit_view with insets: by hand, no insets is the aspect-only fit, bad and oversized insets") {
    // XOR's corners span 2 x 2. A 400 x 400 canvas with 100 px taken at the top: the free rectangle is
    // 400 x 300, the data get 0.76 * 300 = 228 px, so 114 px per unit and a span of 400 / 114. Its centre
    // lies 50 px below the canvas's: the view's centre is 50 / 114 units above the data's.
    const Dataset d = points_2d({{-1, -1}, {1, 1}});
    const ViewState v = fit_view(d, CanvasShape{400, 400, {0, 100, 0, 0}});
    CHECK(v.span == doctest::Approx(400.0 / 114.0));
    CHECK(v.center_x == doctest::Approx(0.0));
    CHECK(v.center_y == doctest::Approx(50.0 / 114.0));

    for (double aspect : {0.5, 1.0, 1.6, 3.0}) {
        const ViewState by_shape = fit_view(d, CanvasShape{aspect * 300, 300, {}});
        const ViewState by_aspect = fit_view(d, aspect);
        CHECK(by_shape.span == doctest::Approx(by_aspect.span));
        CHECK(by_shape.center_x == doctest::Approx(by_aspect.center_x));
        CHECK(by_shape.center_y == doctest::Approx(by_aspect.center_y));
    }
    // Insets that are not numbers count as none; a bad canvas size as a square without insets.
    const ViewState plain = fit_view(d, CanvasShape{400, 400, {}});
    const ViewState odd = fit_view(d, CanvasShape{400, 400, {std::nan(""), -5, HUGE_VAL, 0}});
    CHECK(odd.span == doctest::Approx(plain.span));
    CHECK(odd.center_y == doctest::Approx(plain.center_y));
    CHECK(fit_view(d, CanvasShape{0, 400, {0, 100, 0, 0}}).span == doctest::Approx(fit_view(d, 1.0).span));
    // Overlays taller than the canvas: the data still get 1 - kFitMaxInsetShare of it.
    const ViewState crowded = fit_view(d, CanvasShape{400, 100, {0, 300, 0, 300}});
    CHECK(std::isfinite(crowded.span));
    CHECK(crowded.span == doctest::Approx(100.0 / ((1 - kFitMaxInsetShare) * 100 * 0.76 / 2)));
    CHECK(fit_view(Dataset{}, CanvasShape{400, 400, {0, 100, 0, 0}}).span == ViewState{}.span);  // empty: the default
}

TEST_CASE("session: a screen that tells its insets gets new data sets fitted clear of them") {
    Session session;
    const CanvasShape phone{390, 380, {16, 70, 16, 66}};
    session.set_screen_shape(phone);
    session.load_preset(Preset::Xor, GeneratorParams{});
    const ViewState expected = fit_view(session.state().data, phone);
    CHECK(session.state().view.span == expected.span);
    CHECK(session.state().view.center_y == expected.center_y);
    session.set_view(ViewState{});
    session.fit_view_to_data(phone);
    CHECK(session.state().view.center_y == expected.center_y);
}
