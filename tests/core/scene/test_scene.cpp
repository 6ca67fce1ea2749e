// The scene (src/core/scene/scene.hpp): what is shown, worked out once per revision. Checked on
// small sessions worked out by hand: the field and the boundary line of a trained learner, the points
// flagged wrong (y·f <= 0, a tie included), the hand-set unit in hand mode, the status line, the
// online verdict, and that the snapshot is rebuilt once per Session revision and not in between.
#include <doctest/doctest.h>

#include <string>

#include "../learn/test_learner_helpers.hpp"
#include "core/scene/scene.hpp"
#include "core/facts/describe.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {

// Lecture 004's four points ((1,2)+ (2,1)+ (-1,-1)- (-1,1)-), the textbook perceptron, with a fifth
// point (1,-1)+ added: after the first visit w = (1, 2) and b = 1 (absorbed), and f(1,-1) = 1 - 2 + 1 = 0.
WidgetState lecture_with_tie(std::uint64_t visits) {
    WidgetState state = Session::default_state();
    state.data.add({1.0, -1.0}, +1);
    state.trained_visits = visits;
    return state;
}

}  // namespace

TEST_CASE("frame model: a trained perceptron's field is its weights, and its boundary is the line 2 x1 + x2 = 0") {
    Session session;  // lecture 004: converges to w = (2, 1), b = 0 after 2 mistakes
    SceneCache cache;
    CHECK_FALSE(cache.update(session).trained);  // no visit yet: no boundary worth drawing
    session.train_until_converged();
    const Scene& model = cache.update(session);
    CHECK_FALSE(model.hand);
    CHECK(model.trained);
    REQUIRE(model.field.kind == DecisionField::Kind::Linear);
    CHECK(model.field.w == Vec{2.0, 1.0, 0.0});  // over [x1, x2, 1]: the bias is absorbed
    CHECK(model.field.w == session.learner().weights());
    REQUIRE(model.line.has_value());
    CHECK(model.line->a == 2.0);
    CHECK(model.line->b == 1.0);
    CHECK(model.line->c == 0.0);
    CHECK(model.facts.wrong_count == 0);

    // A curved boundary is painted by the field, not drawn as a line.
    TrainConfig radial = session.state().config;
    radial.lift = LiftKind::Radial;
    session.set_config(radial);
    session.train_until_converged();
    CHECK_FALSE(cache.update(session).line.has_value());
}

TEST_CASE("frame model: the points flagged wrong are those with y f(x) <= 0, a point on the line included") {
    Session session(lecture_with_tie(1));
    SceneCache cache;
    const Scene& model = cache.update(session);
    REQUIRE(model.field.w == Vec{1.0, 2.0, 1.0});
    // (1,2)+: 6, (2,1)+: 5, (-1,-1)-: -2 are right; (-1,1)-: f = 2 is wrong; (1,-1)+: f = 0 is on the line.
    CHECK_FALSE(model.wrong(0));
    CHECK_FALSE(model.wrong(1));
    CHECK_FALSE(model.wrong(2));
    CHECK(model.wrong(3));
    CHECK(model.wrong(4));
    CHECK(model.facts.wrong_count == 2);
    const Dataset& data = session.state().data;
    for (std::size_t i = 0; i < data.size(); ++i)
        CHECK(model.wrong(i) == (data.labels[i] * model.field.eval(data.points[i]) <= 0.0));
}

TEST_CASE("frame model: in hand mode the snapshot is the hand-set unit, judged by its own rule (a sum at k fires)") {
    Session session;
    REQUIRE(session.load_gate(Gate::Or));  // the lecture's OR on {0,1}^2: w = (1, 1), k = 1, hand mode on
    SceneCache cache;
    const Scene& model = cache.update(session);
    CHECK(model.hand);
    CHECK(model.trained);
    CHECK(model.field.w == Vec{1.0, 1.0});
    CHECK(model.field.b == -1.0);
    REQUIRE(model.line.has_value());
    CHECK(model.line->a == 1.0);
    CHECK(model.line->b == 1.0);
    CHECK(model.line->c == -1.0);
    // (1,0) and (0,1) sit exactly on the threshold: y·f = 0, a mistake for the perceptron, but the unit fires.
    const Dataset& data = session.state().data;
    std::size_t ties = 0;
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (model.field.eval(data.points[i]) == 0.0) ++ties;
        CHECK_FALSE(model.wrong(i));
    }
    CHECK(ties == 2);
    CHECK(model.facts.wrong_count == 0);
    CHECK(model.status == "Hand mode (McCulloch-Pitts): fires when w\xC2\xB7x \xE2\x89\xA5 k \xC2\xB7 0 of 4 wrong \xC2\xB7 "
                          "2 on the threshold (they fire)");

    // Leaving hand mode shows the learner again, exactly where it was (it has not trained).
    session.set_hand_mode(false);
    const Scene& learner_view = cache.update(session);
    CHECK_FALSE(learner_view.hand);
    CHECK_FALSE(learner_view.trained);
    CHECK(learner_view.field.w == session.learner().weights());
}

TEST_CASE("frame model: the status line says the algorithm, the mistakes, the epoch and the state") {
    Session session(lecture_with_tie(0));
    SceneCache cache;
    CHECK(cache.update(session).status == "Perceptron \xC2\xB7 M = 0 mistakes \xC2\xB7 epoch 0 \xC2\xB7 not trained yet");
    session.step();
    CHECK(cache.update(session).status == "Perceptron \xC2\xB7 M = 1 mistake \xC2\xB7 epoch 1 \xC2\xB7 training");
}

TEST_CASE("frame model: the online verdict of the last add, kept after a Step and gone after Reset") {
    Session session;  // lecture 004
    session.set_online_mode(true);  // one pass over the four points: w = (2, 1), b = 0
    SceneCache cache;
    CHECK(cache.update(session).online_message.empty());
    const std::uint64_t serial = cache.update(session).online_serial;

    // (0, 1) with label -1: f = 1 before the update, so the model predicted +1: a mistake.
    REQUIRE(session.online_add({0.0, 1.0}, -1).accepted);
    const Scene& model = cache.update(session);
    CHECK(model.online_message == "Model predicted +1 (score 1); true label \xE2\x88\x92" "1: mistake, w updated");
    CHECK(model.online_serial == serial + 1);

    session.step();
    CHECK(cache.update(session).online_message == model.online_message);
    CHECK(cache.update(session).online_serial == serial + 1);

    session.reset_training();
    CHECK(cache.update(session).online_message.empty());
}

TEST_CASE("frame model: rebuilt once per Session revision, and at once when the revision moves") {
    Session session;
    SceneCache cache;
    const Scene& model = cache.update(session);
    CHECK(model.revision == session.revision());
    CHECK(model.field.w == Vec{0.0, 0.0, 0.0});

    // Train the learner behind the session's back (no revision bump): the cached snapshot must stay as
    // it was, since update() rebuilds only when the revision moves.
    const_cast<Learner&>(session.learner()).step();
    REQUIRE(session.learner().weights() == Vec{1.0, 2.0, 1.0});
    CHECK(&cache.update(session) == &model);
    CHECK(cache.update(session).field.w == Vec{0.0, 0.0, 0.0});
    CHECK_FALSE(cache.update(session).trained);

    // Any change of the session (here a pan) bumps the revision: the snapshot is rebuilt from the learner.
    ViewState view = session.state().view;
    view.center_x += 1.0;
    session.set_view(view);
    CHECK(cache.update(session).revision == session.revision());
    CHECK(cache.update(session).field.w == Vec{1.0, 2.0, 1.0});
    CHECK(cache.update(session).trained);
}

TEST_CASE("frame model: a big kernel run keeps its theory a background job, the snapshot never waits for the solve") {
    // 2,000 spiral points under an RBF kernel: the Gram solve for gamma* is spread over frames
    // (Session::advance_theory). The snapshot needs the max-margin line only to score test points, so
    // without them building it must not run the solve at once (a frame of seconds on a phone).
    Session session(test::big_rbf_spirals());
    REQUIRE(session.theory_pending());
    SceneCache cache;
    const Scene& model = cache.update(session);
    CHECK(session.theory_pending());  // still to be solved in slices
    CHECK(session.theory_so_far().computing);
    CHECK(model.test.points == 0);
}
