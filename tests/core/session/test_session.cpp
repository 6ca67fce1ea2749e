// Session (session.hpp) itself, beyond the verbs its seam tests (test_training_data.cpp): the replay
// invariant (the learner is exactly the replay of state().trained_visits visits on state().data, so a
// fresh Session of the same state agrees), the two revisions a view keys its caches on, undo and redo
// of edits, the edit policy, read-only, hand mode's refusal of training, settings that restart
// training, and loading a state.
//
// The points: lecture 004's four, x1 = (1, 2) +, x2 = (2, 1) +, x3 = (−1, −1) −, x4 = (−1, 1) −, the
// textbook perceptron with the bias absorbed, from w = 0: visit 1 is a mistake, w = (1, 2, 1); visits 2
// and 3 are right; visit 4 is a mistake, w = (2, 1, 0); epoch 2 has none (converged after 8 visits).
#include <doctest/doctest.h>

#include <cstdint>

#include "core/session/session.hpp"

using namespace pl;

namespace {

// The replay invariant: the learner has made exactly state().trained_visits visits, and a session
// started from the same state (a link, a reload) has the same answer.
void check_replay(const Session& s) {
    CHECK(s.learner().visits() == s.state().trained_visits);
    const Session replayed(s.state());
    CHECK(replayed.learner().visits() == s.learner().visits());
    CHECK(replayed.learner().weights() == s.learner().weights());
    CHECK(replayed.learner().mistakes() == s.learner().mistakes());
}

}  // namespace

TEST_CASE("session: training keeps the learner the replay of trained_visits, on lecture 004's trace") {
    Session s;
    check_replay(s);
    s.step();
    CHECK(s.learner().weights() == Vec{1.0, 2.0, 1.0});
    check_replay(s);
    s.run_visits(3);
    CHECK(s.learner().weights() == Vec{2.0, 1.0, 0.0});
    CHECK(s.learner().mistakes() == 2);
    check_replay(s);
    CHECK(s.train_until_converged());
    CHECK(s.learner().converged());
    CHECK(s.state().trained_visits == 8);
    check_replay(s);
    s.reset_training();
    CHECK(s.state().trained_visits == 0);
    CHECK(s.learner().weights() == Vec{0.0, 0.0, 0.0});
}

TEST_CASE("session: every change bumps the revision, only a change of the points bumps the data revision") {
    Session s;
    std::uint64_t revision = s.revision(), data = s.data_revision();
    s.step();  // training: the answer changed, the points did not
    CHECK(s.revision() > revision);
    CHECK(s.data_revision() == data);
    revision = s.revision();
    ViewState view = s.state().view;
    view.center_x += 1.0;
    s.set_view(view);  // a pan
    CHECK(s.revision() > revision);
    CHECK(s.data_revision() == data);
    revision = s.revision();
    CHECK(s.add_point({0.5, 0.5}, +1));
    CHECK(s.revision() > revision);
    CHECK(s.data_revision() > data);
}

TEST_CASE("session: undo and redo of edits, a new edit clears redo, the learner follows each") {
    Session s;
    CHECK_FALSE(s.can_undo());
    CHECK(s.add_point({3.0, 3.0}, +1));
    CHECK(s.flip_label(4));
    CHECK(s.state().data.size() == 5);
    CHECK(s.state().data.labels[4] == -1);
    CHECK(s.undo());  // the flip
    CHECK(s.state().data.labels[4] == +1);
    CHECK(s.undo());  // the add
    CHECK(s.state().data.size() == 4);
    CHECK_FALSE(s.undo());
    CHECK(s.redo());
    CHECK(s.state().data.size() == 5);
    CHECK(s.can_redo());
    CHECK(s.remove_point(0));  // a new edit
    CHECK_FALSE(s.can_redo());
    CHECK(s.state().data.size() == 4);
    check_replay(s);
}

TEST_CASE("session: the edit policy decides whether an edit restarts training") {
    Session reset;
    reset.epoch();
    REQUIRE(reset.state().trained_visits == 4);
    CHECK(reset.add_point({3.0, 3.0}, +1));
    CHECK(reset.state().trained_visits == 0);  // Reset: the run starts again on the new data
    check_replay(reset);

    Session go_on;
    go_on.set_edit_policy(EditPolicy::Continue);
    go_on.epoch();
    const Vec w = go_on.learner().weights();
    CHECK(go_on.add_point({3.0, 3.0}, +1));
    CHECK(go_on.state().trained_visits == 4);  // Continue: the visits so far stay, replayed on the new data
    CHECK(go_on.learner().weights() == w);     // the four visits were of the first four points
    check_replay(go_on);
}

TEST_CASE("session: read-only refuses every edit with a notice and changes nothing") {
    Session s;
    s.set_readonly(true);
    const std::uint64_t data = s.data_revision();
    CHECK_FALSE(s.add_point({3.0, 3.0}, +1));
    CHECK_FALSE(s.remove_point(0));
    CHECK_FALSE(s.flip_label(0));
    CHECK_FALSE(s.clear_points());
    CHECK(s.state().data.size() == 4);
    CHECK(s.data_revision() == data);
    CHECK_FALSE(s.notice().empty());
}

TEST_CASE("session: hand mode refuses training and says why, leaving it trains again") {
    Session s;
    s.set_hand_mode(true);
    s.step();
    s.epoch();
    CHECK(s.state().trained_visits == 0);
    CHECK(s.notice() == Session::hand_mode_training_notice());
    s.set_hand_mode(false);
    s.step();
    CHECK(s.state().trained_visits == 1);
    check_replay(s);
}

TEST_CASE("session: a new training setting restarts the run, loading a state replays its visits") {
    Session s;
    s.epoch();
    TrainConfig config = s.state().config;
    config.eta = 0.5;
    s.set_config(config);
    CHECK(s.state().trained_visits == 0);
    s.step();
    CHECK(s.learner().weights() == Vec{0.5, 1.0, 0.5});  // η = 0.5: half of the first update

    WidgetState state = Session::default_state();
    state.trained_visits = 4;
    s.load_state(state);
    CHECK(s.learner().weights() == Vec{2.0, 1.0, 0.0});
    check_replay(s);
    CHECK(s.undo());  // the load is one undo entry: the η = 0.5 session's points come back
    CHECK(s.state().data.size() == 4);
}
