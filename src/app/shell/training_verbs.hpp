// The training verbs (Step, Next mistake, Epoch, Converge, Reset) and Run's single visits, on the data
// set the widget shows: Session::shown_data() (core/session/training_data.hpp) picks the points or the
// messages from the mode, so no caller here or elsewhere tests the mode. This file adds what the screen
// needs around a verb: Run stops, and a points update that moved w is animated on the canvas.
// The Training section's buttons, the lesson card's buttons and the keys call run_training_verb; Run
// (App::advance_training) calls run_one_visit at slow speeds and shown_data().run_visits(n) at speed;
// the accessible mirror's buttons and the JS handle's train() (pl_train, src/platform/web_host.cpp)
// call shown_data() directly.
#pragma once
#include "app/canvas/canvas.hpp"
#include "core/session/session.hpp"

namespace pl::app {

struct RunState;

enum class TrainingVerb { Step, NextMistake, Epoch, Converge, Reset };

// Stops Run and does the verb; a points update that changed w is animated on the canvas.
void run_training_verb(Session& session, Canvas& canvas, RunState& run, TrainingVerb verb);
// One visit for Run at slow speeds (animated on the canvas when `animate` and it was a mistake).
void run_one_visit(Session& session, Canvas& canvas, bool animate);

}  // namespace pl::app
