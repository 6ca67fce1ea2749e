// The touch gesture rules (src/app/canvas/touch_gestures.hpp) with scripted fingers and a hand-driven clock:
// a tap is one tap, a long press fires once and then no tap follows, a drag starts only past the slop,
// a second finger turns the touch into a pinch and nothing else happens until all fingers are up.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <vector>

#include "app/canvas/touch_gestures.hpp"

using namespace pl::app;
using Kind = Gesture::Kind;

namespace {
struct Script {
    TouchGestures gestures;
    std::vector<Gesture> out;
    double now = 0;

    Script& down(std::int64_t id, float x, float y, bool on_canvas = true) { return feed(FingerEvent::Kind::Down, id, x, y, on_canvas); }
    Script& move(std::int64_t id, float x, float y) { return feed(FingerEvent::Kind::Move, id, x, y, true); }
    Script& up(std::int64_t id, float x, float y) { return feed(FingerEvent::Kind::Up, id, x, y, true); }
    Script& wait(double seconds) { now += seconds; gestures.update(now, out); return *this; }
    Script& feed(FingerEvent::Kind kind, std::int64_t id, float x, float y, bool on_canvas) {
        gestures.feed(FingerEvent{kind, id, x, y}, on_canvas, now, out);
        gestures.update(now, out);
        return *this;
    }
    std::vector<Kind> kinds() const {
        std::vector<Kind> k;
        for (const Gesture& g : out) k.push_back(g.kind);
        return k;
    }
};
}  // namespace

TEST_CASE("a tap: press, then a tap where the finger touched, even if it wandered a little") {
    Script s;
    s.down(1, 100, 100).wait(0.1).move(1, 106, 104).up(1, 106, 104);
    REQUIRE(s.kinds() == std::vector<Kind>{Kind::Press, Kind::Tap});
    CHECK(s.out[1].x == 100.0f);
    CHECK(s.out[1].y == 100.0f);
    CHECK_FALSE(s.gestures.tracking());
    s.wait(1.0);
    CHECK(s.out.size() == 2);  // no long press after the finger has gone
}

TEST_CASE("a long press fires once after half a second, and its release is not a tap") {
    Script s;
    s.down(7, 50, 60).wait(0.3);
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press});
    CHECK(s.gestures.tracking());
    s.wait(0.2);  // 0.5 s
    REQUIRE(s.kinds() == std::vector<Kind>{Kind::Press, Kind::LongPress});
    CHECK(s.out[1].x == 50.0f);
    CHECK(s.out[1].y == 60.0f);
    s.wait(1.0).up(7, 50, 60);
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::LongPress});
}

TEST_CASE("a drag starts past the slop, reports where it started, and ends on release without a tap") {
    Script s;
    s.down(1, 10, 10).move(1, 15, 10);  // 5 px: still a possible tap
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press});
    s.move(1, 30, 10).move(1, 40, 20).wait(2.0).up(1, 40, 20);  // held long, but it moved: no long press
    REQUIRE(s.kinds() == std::vector<Kind>{Kind::Press, Kind::DragBegin, Kind::DragMove, Kind::DragEnd});
    CHECK(s.out[1].start_x == 10.0f);
    CHECK(s.out[1].x == 30.0f);
    CHECK(s.out[2].x == 40.0f);
    CHECK(s.out[2].y == 20.0f);
    CHECK(s.out[3].x == 40.0f);
}

TEST_CASE("two fingers: a pinch with midpoint and distance, nothing more until both have left") {
    Script s;
    s.down(1, 100, 100);
    CHECK(s.gestures.gesture_running());
    s.down(2, 200, 100);
    CHECK(s.gestures.gesture_running());
    REQUIRE(s.kinds() == std::vector<Kind>{Kind::Press, Kind::PinchBegin});
    CHECK(s.out[1].start_x == 150.0f);
    CHECK(s.out[1].start_y == 100.0f);
    CHECK(s.out[1].start_distance == 100.0f);

    s.move(2, 300, 100);  // spread: midpoint (200, 100), distance 200
    REQUIRE(s.out.size() == 3);
    CHECK(s.out[2].kind == Kind::Pinch);
    CHECK(s.out[2].x == 200.0f);
    CHECK(s.out[2].distance == 200.0f);
    CHECK(s.out[2].start_distance == 100.0f);

    s.move(1, 150, 160).move(2, 350, 160);  // both move down 60: a two-finger pan at the same distance
    CHECK(s.out.back().y == 160.0f);
    CHECK(s.out.back().distance == 200.0f);

    s.wait(3.0).up(1, 150, 160);
    CHECK(s.out.back().kind == Kind::PinchEnd);
    const std::size_t after_pinch = s.out.size();
    s.move(2, 50, 50).wait(1.0).up(2, 50, 50);  // the last finger neither drags nor taps nor long-presses
    CHECK(s.out.size() == after_pinch);
    s.down(3, 10, 10).up(3, 10, 10);  // all fingers were up: a new touch is a tap again
    CHECK(s.kinds().back() == Kind::Tap);
}

TEST_CASE("a second finger ends a drag before the pinch begins") {
    Script s;
    s.down(1, 0, 0).move(1, 40, 0).down(2, 40, 100);
    REQUIRE(s.kinds() == std::vector<Kind>{Kind::Press, Kind::DragBegin, Kind::DragEnd, Kind::PinchBegin});
    CHECK(s.out[2].x == 40.0f);
    CHECK(s.out[3].start_x == 40.0f);
    CHECK(s.out[3].start_y == 50.0f);
    CHECK(s.out[3].start_distance == 100.0f);
}

TEST_CASE("a third finger is ignored, no long press during a pinch") {
    Script s;
    s.down(1, 0, 0).down(2, 100, 0).down(3, 50, 50).move(3, 80, 80).wait(2.0);
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::PinchBegin});
    s.up(3, 80, 80);
    CHECK(s.out.size() == 2);
}

TEST_CASE("a touch that starts off the canvas is ignored until every finger has left") {
    Script s;
    s.down(1, 10, 10, /*on_canvas=*/false).move(1, 300, 300).down(2, 200, 200).wait(1.0);
    CHECK(s.gestures.tracking());
    CHECK_FALSE(s.gestures.gesture_running());  // the panels may scroll with it
    s.up(2, 200, 200).up(1, 300, 300);
    CHECK(s.out.empty());
    s.down(4, 20, 20).up(4, 20, 20);
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::Tap});
}

TEST_CASE("a second finger that lands off the canvas does not start a pinch") {
    Script s;
    s.down(1, 10, 10).down(2, 500, 10, /*on_canvas=*/false).up(2, 500, 10).up(1, 10, 10);
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::Tap});
}

TEST_CASE("stray events: an Up or Move of an unknown finger, a repeated Down") {
    Script s;
    s.up(9, 0, 0).move(9, 1, 1);
    CHECK(s.out.empty());
    s.down(1, 10, 10).down(1, 12, 10).up(1, 12, 10);
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::Tap});
    CHECK_FALSE(s.gestures.tracking());
}

TEST_CASE("a finger that lands and leaves far apart with no move between is a drag, not a tap") {
    Script s;
    s.down(1, 100, 100).up(1, 160, 140);  // a busy page can deliver a quick swipe as just these two
    REQUIRE(s.kinds() == std::vector<Kind>{Kind::Press, Kind::DragBegin, Kind::DragMove, Kind::DragEnd});
    CHECK(s.out[1].start_x == 100.0f);
    CHECK(s.out[2].x == 160.0f);
    CHECK(s.out[2].y == 140.0f);
}

// [SECTION] a course page that scrolls (issue 41 item 5)
TEST_CASE("on a page that scrolls, one finger up or down on an inactive canvas scrolls the page, sideways still pans") {
    Script s;
    s.gestures.set_page_scrolls(true);
    CHECK_FALSE(s.gestures.active());
    s.down(1, 100, 300).move(1, 102, 250).move(1, 101, 200).up(1, 101, 180);
    REQUIRE(s.kinds() == std::vector<Kind>{Kind::Press, Kind::PageScroll, Kind::PageScroll, Kind::PageScroll, Kind::PageScrollEnd});
    float total = 0;
    for (const Gesture& g : s.out)
        if (g.kind == Kind::PageScroll) total += g.page_dy;
    CHECK(total == doctest::Approx(-120.0f));  // every pixel the finger moved, from where it landed
    CHECK_FALSE(s.gestures.active());          // scrolling past it does not make it active

    s.out.clear();
    s.down(2, 100, 300).move(2, 160, 290).up(2, 160, 290);  // mostly sideways: the canvas's own drag
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::DragBegin, Kind::DragEnd});
    CHECK(s.gestures.active());
}

TEST_CASE("a tap or two fingers make the canvas active, a touch elsewhere makes it inactive again") {
    Script s;
    s.gestures.set_page_scrolls(true);
    s.down(1, 100, 100).up(1, 100, 100);  // a tap
    CHECK(s.gestures.active());
    s.out.clear();
    s.down(2, 100, 300).move(2, 100, 200).up(2, 100, 200);  // now the same vertical drag pans
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::DragBegin, Kind::DragEnd});

    s.down(3, 10, 10, false).up(3, 10, 10);  // a touch that started on a panel
    CHECK_FALSE(s.gestures.active());
    s.out.clear();
    s.down(4, 100, 300).move(4, 100, 250).down(5, 200, 250).move(5, 220, 250);  // a second finger comes
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::PageScroll, Kind::PageScrollEnd, Kind::PinchBegin, Kind::Pinch});
    CHECK(s.gestures.active());
}

TEST_CASE("where the page cannot scroll, the canvas is always active and nothing scrolls the page") {
    Script s;
    CHECK(s.gestures.active());
    s.down(1, 100, 300).move(1, 100, 200).up(1, 100, 200);
    CHECK(s.kinds() == std::vector<Kind>{Kind::Press, Kind::DragBegin, Kind::DragEnd});
}

TEST_CASE("a quick swipe that arrives as a start and an end only still scrolls the page") {
    Script s;
    s.gestures.set_page_scrolls(true);
    s.down(1, 100, 400).up(1, 100, 100);
    REQUIRE(s.kinds() == std::vector<Kind>{Kind::Press, Kind::PageScroll, Kind::PageScrollEnd});
    CHECK(s.out[1].page_dy == doctest::Approx(-300.0f));
}

TEST_CASE("the page scroll follows the finger on the screen, not on the canvas that the scroll moves under it") {
    Script s;
    s.gestures.set_page_scrolls(true);
    // The finger goes up 30 px on the screen each time; the page has scrolled 30 px up in between, so on
    // the canvas the finger seems to stand still after the first move.
    const auto at = [&](FingerEvent::Kind kind, float canvas_y, float screen_y) {
        FingerEvent e{kind, 1, 100, canvas_y};
        e.screen_y = screen_y;
        s.gestures.feed(e, true, s.now, s.out);
    };
    at(FingerEvent::Kind::Down, 300, 500);
    at(FingerEvent::Kind::Move, 270, 470);
    at(FingerEvent::Kind::Move, 270, 440);
    at(FingerEvent::Kind::Up, 270, 410);
    float total = 0;
    for (const Gesture& g : s.out)
        if (g.kind == Kind::PageScroll) total += g.page_dy;
    CHECK(total == doctest::Approx(-90.0f));
}
