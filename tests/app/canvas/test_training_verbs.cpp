// The training verbs of the app (training_verbs.hpp) on the data set shown: each stops Run and reaches
// the points or the messages through Session::shown_data(), never the other data set. The traces are
// those of tests/core/session/test_training_data.cpp (lecture 004's four points, its three messages).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "app/canvas/canvas.hpp"
#include "app/base/run_state.hpp"
#include "app/canvas/training_verbs.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"

using namespace pl;
using namespace pl::app;

namespace {
WidgetState both_data_sets(DataMode mode) {
    WidgetState state = default_link_state();
    state.words = lecture_words();
    state.config.bias = BiasMode::None;
    state.mode = mode;
    return state;
}
}  // namespace

TEST_CASE("training verbs: each verb stops Run and trains the points in Points mode, not the messages") {
    Session s(both_data_sets(DataMode::Points));
    Canvas canvas;
    RunState run;
    run.running = true;
    run_training_verb(s, canvas, run, TrainingVerb::Step);
    CHECK_FALSE(run.running);
    CHECK(s.learner().visits() == 1);
    run.running = true;
    run_training_verb(s, canvas, run, TrainingVerb::NextMistake);
    CHECK_FALSE(run.running);
    CHECK(s.learner().mistakes() == 2);
    run_training_verb(s, canvas, run, TrainingVerb::Reset);
    CHECK(s.learner().visits() == 0);
    run_training_verb(s, canvas, run, TrainingVerb::Epoch);
    CHECK(s.learner().epochs_completed() == 1);
    run_training_verb(s, canvas, run, TrainingVerb::Converge);
    CHECK(s.learner().converged());
    run_one_visit(s, canvas, true);  // Run at a slow speed: one more visit, of the points
    CHECK(s.learner().visits() == 9);
    CHECK(s.words().learner().visits() == 0);
    CHECK(s.state().words.trained_visits == 0);
}

TEST_CASE("training verbs: each verb stops Run and trains the messages in Words mode, not the points") {
    Session s(both_data_sets(DataMode::Words));
    Canvas canvas;
    RunState run;
    run.running = true;
    run_training_verb(s, canvas, run, TrainingVerb::Step);
    CHECK_FALSE(run.running);
    CHECK(s.words().learner().visits() == 1);
    run_training_verb(s, canvas, run, TrainingVerb::NextMistake);
    CHECK(s.words().learner().mistakes() == 2);
    run_one_visit(s, canvas, true);  // Run at a slow speed: message 3, a mistake
    CHECK(s.words().learner().visits() == 3);
    CHECK(s.words().learner().mistakes() == 3);
    run_training_verb(s, canvas, run, TrainingVerb::Reset);
    CHECK(s.words().learner().visits() == 0);
    run_training_verb(s, canvas, run, TrainingVerb::Epoch);
    CHECK(s.words().learner().visits() == 3);
    run_training_verb(s, canvas, run, TrainingVerb::Converge);
    CHECK(s.words().learner().converged());
    CHECK(s.words().learner().visits() == 6);
    CHECK(s.learner().visits() == 0);  // the points never trained
    CHECK(s.state().trained_visits == 0);
}
