// The seam for the data mode (training_data.hpp): every verb through Session::shown_data() on a small
// data set, against hand-computed traces, for the points and for the messages; the accessor follows
// the mode; undo and redo; and no verb reaches the data set that is not shown.
//
// The points: lecture 004's four, x1 = (1, 2) +, x2 = (2, 1) +, x3 = (−1, −1) −, x4 = (−1, 1) −, the
// textbook perceptron with the bias absorbed (the learner sees [x, 1]) from w = 0, in order:
//   visit 1: x1 scores 0, a mistake: w = (1, 2, 1); visits 2 and 3 are right (5, and −2 for a −);
//   visit 4: x4 scores 2 for a −, a mistake: w = (2, 1, 0). Epoch 1 had 2 mistakes; epoch 2 (visits
//   5 to 8) has none: converged after 8 visits and 2 mistakes.
// The messages: 1 "viagra the" spam, 2 "learning the" ham, 3 "nigeria" spam, without a bias:
//   visit 1: score 0, a mistake (viagra, the −1); visit 2: −1 for ham, a mistake (learning 1, the 0);
//   visit 3: 0, a mistake (nigeria −1). Epoch 1 had 3 mistakes; epoch 2 (visits 4 to 6) scores −1, 1,
//   −1: none. Converged after 6 visits and 3 mistakes.
#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

#include "core/session/session.hpp"
#include "core/session/training_data.hpp"
#include "core/state/state_codec.hpp"

using namespace pl;

namespace {

// Both data sets are in the state: the lecture's points and its three messages.
WidgetState both_data_sets(DataMode mode) {
    WidgetState state = default_link_state();
    state.words = lecture_words();
    state.mode = mode;
    return state;
}

// Words mode with the messages' trace above: without a bias (a setting both data sets share).
Session words_session() {
    WidgetState state = both_data_sets(DataMode::Words);
    state.config.bias = BiasMode::None;
    return Session(state);
}

// What one data set is, whatever the other does: compared before and after a verb on the other.
struct PointsPrint {
    std::size_t visits, trained, size;
    bool can_undo;
    std::vector<int> labels;
    bool operator==(const PointsPrint& o) const {
        return visits == o.visits && trained == o.trained && size == o.size && can_undo == o.can_undo && labels == o.labels;
    }
};
PointsPrint points_print(const Session& s) {
    std::vector<int> labels;
    for (std::size_t i = 0; i < s.state().data.size(); ++i) labels.push_back(s.state().data.labels[i]);
    return {s.learner().visits(), static_cast<std::size_t>(s.state().trained_visits), s.state().data.size(), s.can_undo(), labels};
}
struct MessagesPrint {
    std::size_t visits, trained, size;
    bool can_undo;
    std::vector<int> labels;
    bool operator==(const MessagesPrint& o) const {
        return visits == o.visits && trained == o.trained && size == o.size && can_undo == o.can_undo && labels == o.labels;
    }
};
MessagesPrint messages_print(const Session& s) {
    return {s.words().learner().visits(), static_cast<std::size_t>(s.state().words.trained_visits),
            s.state().words.size(), s.words().can_undo(), s.state().words.labels};
}

// Every verb of the seam once, on the shown data set (ends with the data set as it was: undo after
// each edit).
void every_verb(TrainingData& data) {
    data.step();
    data.next_mistake();
    data.epoch();
    data.converge();
    data.reset();
    data.run_visits(5);
    data.flip_label(0);
    data.undo();
    data.redo();
    data.undo();
    data.remove(1);
    data.undo();
}

}  // namespace

TEST_CASE("training data: the points' verbs through the seam give the hand-computed trace") {
    Session s(both_data_sets(DataMode::Points));
    TrainingData& data = s.shown_data();
    CHECK(data.size() == 4);
    CHECK(data.visits() == 0);
    CHECK_FALSE(data.stopped());

    TrainingVisit v = data.step();  // visit 1: x1 on the line
    CHECK(v.visited);
    CHECK(v.mistake);
    REQUIRE(v.plane_update.has_value());  // the canvas animates it
    CHECK(v.plane_update->w_after == Vec{1, 2, 1});
    v = data.step();  // visit 2: x2 scores 5
    CHECK(v.visited);
    CHECK_FALSE(v.mistake);
    CHECK(v.plane_update->score_before == 5.0);
    v = data.next_mistake();  // visit 3 right, visit 4 the mistake
    CHECK(v.mistake);
    CHECK(v.plane_update->index == 3);
    CHECK(v.plane_update->w_after == Vec{2, 1, 0});
    CHECK(data.visits() == 4);
    CHECK(data.mistakes() == 2);
    CHECK(s.state().trained_visits == 4);

    data.reset();
    CHECK(data.visits() == 0);
    CHECK(data.mistakes() == 0);
    CHECK(data.epoch() == 2);  // epoch 1's mistakes
    CHECK(data.visits() == 4);
    CHECK(data.converge());
    CHECK(data.visits() == 8);
    CHECK(data.mistakes() == 2);
    CHECK(data.stopped());  // Run stops here; the learner would go on visiting without a mistake
    CHECK(data.run_visits(4) == 4);
    CHECK(data.mistakes() == 2);

    data.reset();
    CHECK(data.run_visits(3) == 3);  // Run's visits
    CHECK(data.visits() == 3);
    CHECK(s.state().trained_visits == 3);
}

TEST_CASE("training data: the messages' verbs through the seam give the hand-computed trace") {
    Session s = words_session();
    TrainingData& data = s.shown_data();
    CHECK(data.size() == 3);
    CHECK(data.visits() == 0);
    CHECK_FALSE(data.stopped());

    TrainingVisit v = data.step();  // visit 1: message 1 scores 0
    CHECK(v.visited);
    CHECK(v.mistake);
    CHECK_FALSE(v.plane_update.has_value());  // the Words view shows it, not the canvas
    CHECK(s.words().last_update()->index == 0);
    v = data.next_mistake();  // visit 2: message 2 scores −1 for ham
    CHECK(v.mistake);
    CHECK(s.words().last_update()->index == 1);
    CHECK(s.words().last_update()->score_before == -1.0);
    CHECK(data.visits() == 2);
    CHECK(data.mistakes() == 2);
    CHECK(s.state().words.trained_visits == 2);

    data.reset();
    CHECK(data.visits() == 0);
    CHECK(data.epoch() == 3);  // every message of epoch 1 was a mistake
    CHECK(data.visits() == 3);
    CHECK(data.converge());
    CHECK(data.visits() == 6);
    CHECK(data.mistakes() == 3);
    CHECK(data.stopped());
    CHECK(data.run_visits(3) == 3);
    CHECK(data.mistakes() == 3);

    data.reset();
    CHECK(data.run_visits(4) == 4);
    CHECK(data.visits() == 4);
    CHECK(s.state().words.trained_visits == 4);
}

TEST_CASE("training data: undo, redo, remove and flip through the seam, for the points and the messages") {
    SUBCASE("points") {
        Session s(both_data_sets(DataMode::Points));
        TrainingData& data = s.shown_data();
        CHECK_FALSE(data.can_undo());
        CHECK(data.flip_label(0));  // x1 becomes a −
        CHECK(s.state().data.labels[0] == -1);
        CHECK(data.remove(3));  // x4 goes
        CHECK(data.size() == 3);
        CHECK(data.can_undo());
        CHECK(data.undo());  // x4 is back
        CHECK(data.size() == 4);
        CHECK(data.can_redo());
        CHECK(data.undo());  // x1 is a + again
        CHECK(s.state().data.labels[0] == 1);
        CHECK_FALSE(data.can_undo());
        CHECK_FALSE(data.undo());
        CHECK(data.redo());
        CHECK(data.redo());
        CHECK(data.size() == 3);
        CHECK(s.state().data.labels[0] == -1);
        CHECK_FALSE(data.redo());
    }
    SUBCASE("messages") {
        Session s = words_session();
        TrainingData& data = s.shown_data();
        CHECK_FALSE(data.can_undo());
        CHECK(data.flip_label(0));  // "viagra the" becomes ham
        CHECK(s.state().words.labels[0] == 1);
        CHECK(data.remove(2));  // "nigeria" goes
        CHECK(data.size() == 2);
        CHECK(data.undo());
        CHECK(data.size() == 3);
        CHECK(s.state().words.messages[2] == "nigeria");
        CHECK(data.undo());
        CHECK(s.state().words.labels[0] == -1);
        CHECK_FALSE(data.can_undo());
        CHECK(data.redo());
        CHECK(data.redo());
        CHECK(data.size() == 2);
        CHECK_FALSE(data.redo());
    }
    SUBCASE("read-only refuses every edit") {
        WidgetState state = both_data_sets(DataMode::Words);
        state.readonly = true;
        Session s(state);
        CHECK_FALSE(s.shown_data().remove(0));
        CHECK_FALSE(s.shown_data().flip_label(0));
        CHECK(s.state().words.size() == 3);
    }
}

TEST_CASE("training data: the shown data set follows the mode") {
    Session s(both_data_sets(DataMode::Points));
    CHECK(s.shown_data().size() == 4);  // the points
    s.set_mode(DataMode::Words);
    CHECK(s.shown_data().size() == 3);  // the messages
    const Session& seen = s;
    CHECK(&seen.shown_data() == &s.shown_data());
    s.set_mode(DataMode::Points);
    CHECK(s.shown_data().size() == 4);
    CHECK(s.shown_data().step().plane_update.has_value());
    // An empty data set has stopped: nothing to train.
    s.clear_points();
    CHECK(s.shown_data().stopped());
    CHECK_FALSE(s.shown_data().step().visited);
}

TEST_CASE("training data: no verb reaches the data set that is not shown") {
    SUBCASE("Words mode leaves the points alone") {
        Session s(both_data_sets(DataMode::Words));
        const PointsPrint points = points_print(s);
        every_verb(s.shown_data());
        CHECK(points_print(s) == points);
        CHECK(s.shown_data().can_redo());  // the verbs did reach the messages: the last undo can be redone
    }
    SUBCASE("Points mode leaves the messages alone") {
        Session s(both_data_sets(DataMode::Points));
        const MessagesPrint messages = messages_print(s);
        every_verb(s.shown_data());
        CHECK(messages_print(s) == messages);
        CHECK(s.shown_data().can_redo());
    }
}

// Going to a visit (the Trace's rows, the mirror's buttons) is a verb of the seam too: Session::show_visit
// says no in online mode, then the data set shown replays exactly t visits, back or on.
TEST_CASE("training data: going back and on to a visit, for the points and the messages") {
    Session points(both_data_sets(DataMode::Points));
    CHECK(points.show_visit(4));
    CHECK(points.learner().weights() == Vec{2.0, 1.0, 0.0});  // after x4's mistake
    CHECK(points.state().trained_visits == 4);
    CHECK(points.show_visit(1));
    CHECK(points.learner().weights() == Vec{1.0, 2.0, 1.0});  // back: after x1's mistake
    CHECK(points.show_visit(0));
    CHECK(points.learner().visits() == 0);
    CHECK(points.state().words.trained_visits == 0);  // the messages were not touched

    Session words = words_session();
    CHECK(words.show_visit(3));
    CHECK(words.shown_data().visits() == 3);
    CHECK(words.shown_data().mistakes() == 3);  // the three mistakes of epoch 1
    CHECK(words.show_visit(6));
    CHECK(words.shown_data().mistakes() == 3);  // epoch 2 has none
    CHECK(words.show_visit(2));
    CHECK(words.shown_data().mistakes() == 2);
    CHECK(words.state().trained_visits == 0);  // the points were not touched

    WidgetState online = both_data_sets(DataMode::Points);
    online.online_mode = true;
    Session refused(online);
    const std::size_t before = refused.learner().visits();
    CHECK_FALSE(refused.show_visit(1));
    CHECK(refused.learner().visits() == before);
    CHECK(refused.notice().find("online mode") != std::string::npos);
}
