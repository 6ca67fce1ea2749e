// The training verbs (Step, Next mistake, Epoch, Converge, Reset, Run) on the data set the widget shows:
// the points (Session's learner) or, in Words mode, the messages (Session::words()). The Training
// section's buttons, the keys and the Run loop go through here, so a verb never reaches the learner the
// screen does not show. The JS handle's train() (pl_train, src/platform/web_host.cpp) counts and runs
// visits through here too, but still picks the shown learner itself for Epoch, Converge, Next mistake
// and Reset (issue 23 plans one seam for the data mode).
#pragma once
#include <cstddef>

#include "app/canvas/canvas.hpp"
#include "core/session/session.hpp"

namespace pl::app {

struct RunState;

enum class TrainingVerb { Step, NextMistake, Epoch, Converge, Reset };

// Stops Run and does the verb; a points update that changed w is animated on the canvas.
void run_training_verb(Session& session, Canvas& canvas, RunState& run, TrainingVerb verb);
// One visit for Run at slow speeds (animated on the canvas when `animate` and it was a mistake).
void run_one_visit(Session& session, Canvas& canvas, bool animate);
// n visits for Run at speed; returns the visits done (fewer when training stopped).
std::size_t run_shown_visits(Session& session, std::size_t n);
// Nothing more will happen: converged, capped, diverged or no data, in the shown data set.
bool shown_training_stopped(const Session& session);
// Visits so far of the shown learner.
std::size_t shown_visits(const Session& session);

}  // namespace pl::app
