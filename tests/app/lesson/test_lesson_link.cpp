// A lesson link without a state of its own (#lesson=update-rule&v=1, written by hand), opened as the
// native app opens one (perceptron-lab --state): the step is set up as a student walking the lesson
// meets it, as the web does, and the set-up leaves nothing to undo that the student never did.
#include <doctest/doctest.h>

#include "app/shell/app.hpp"
#include "app/shell/load_state.hpp"
#include "core/lesson/lesson.hpp"

using namespace pl;
using namespace pl::app;

namespace {
// The lecture's four points (lecture 1), which the update-rule lesson's first steps set up.
const std::vector<Vec> kLecturePoints = {{1, 2}, {2, 1}, {-1, -1}, {-1, 1}};
const std::vector<int> kLectureLabels = {1, 1, -1, -1};

// The app as perceptron-lab --state LINK starts it, after its first frame has followed the state's
// lesson (App::frame calls follow_state; no window is needed for that).
struct Started {
    App app;
    explicit Started(const std::string& link) : app(AppOptions{link, "", 0, false}) { app.lesson().follow_state(app.session()); }
};
}  // namespace

TEST_CASE("lesson link, native: --state 'lesson=update-rule&v=1' sets up step 1 (no bias, the lecture points, w = 0)") {
    Started started("lesson=update-rule&v=1");
    const WidgetState& s = started.app.session().state();
    REQUIRE(started.app.lesson().is_open());
    CHECK(started.app.lesson().lesson().id == "update-rule");
    CHECK(started.app.lesson().step() == 0);
    CHECK(s.config.bias == BiasMode::None);  // the step's text says "no bias"
    CHECK(s.data.points == kLecturePoints);
    CHECK(s.data.labels == kLectureLabels);
    CHECK(s.trained_visits == 0);
    CHECK(s.panels.training_section);  // the step's controls: train, theory, lesson
    CHECK_FALSE(s.panels.data_section);
}

TEST_CASE("lesson link, native: a step without a state shows the state of the last step before it (the quiz's w)") {
    Started started("#lesson=update-rule&step=2&v=1");  // step 3 has no state; step 2 trained one visit
    const WidgetState& s = started.app.session().state();
    CHECK(started.app.lesson().step() == 2);
    CHECK(s.config.bias == BiasMode::None);
    CHECK(s.data.points == kLecturePoints);
    CHECK(s.trained_visits == 1);
    CHECK(started.app.session().learner().weights() == Vec{1, 2});  // what the quiz of step 2 asks about
}

TEST_CASE("lesson link, native: undo after the set-up brings back no earlier step, only the student's own edits") {
    Started started("lesson=update-rule&step=2&v=1");
    Session& session = started.app.session();
    CHECK_FALSE(session.can_undo());
    CHECK_FALSE(session.undo());
    CHECK(session.state().data.points == kLecturePoints);
    CHECK(session.state().trained_visits == 1);

    session.add_point({2, -2}, -1);  // the student's own edit: undone, and nothing before it
    CHECK(session.undo());
    CHECK(session.state().data.points == kLecturePoints);
    CHECK_FALSE(session.undo());
    CHECK(session.state().data.points == kLecturePoints);
    CHECK(session.state().config.bias == BiasMode::None);
}

TEST_CASE("lesson link, native: over the student's own work the link keeps that work one undo away") {
    Started started("");
    Session& session = started.app.session();
    session.add_point({3, 3}, 1);  // something of the student's
    const std::vector<Vec> before = session.state().data.points;
    CHECK(load_into(started.app, "#lesson=update-rule&step=1&v=1").empty());
    CHECK(session.state().data.points == kLecturePoints);
    REQUIRE(session.undo());  // one entry: the student's screen, not step 1's
    CHECK(session.state().data.points == before);
}

TEST_CASE("lesson link, native: a link with its own points keeps them (a made link, not a hand-written one)") {
    Started started("#d=AgQDgBCAIIAQ_w__L_8fAIAg&lesson=update-rule&step=2&v=1");
    CHECK(started.app.lesson().step() == 2);
    CHECK(started.app.session().state().trained_visits == 0);  // the link's own state, not step 2's
    CHECK(started.app.session().state().config.bias != BiasMode::None);
}
