// The training verbs (Step, Next mistake, Epoch, Converge, Reset) and Run's single visits, on the data
// set the widget shows: Session::shown_data() (core/session/training_data.hpp) picks the points or the
// messages from the mode, so no caller here or elsewhere tests the mode. This file adds what the screen
// needs around a verb: Run stops, and a points update that moved w is animated on the canvas.
// The Training section's buttons, the lesson card's buttons and the keys call run_training_verb; Run
// (App::advance_training) calls run_one_visit at slow speeds and shown_data().run_visits(n) at speed;
// the JS handle's train() and the accessible mirror's buttons (pl_train, src/platform/web_host.cpp)
// call train_by_name with the verb's name from the one table below.
//
// [SECTION] The hold of a predict step
// A lesson step that asks "mistake or not?" about the next visit (LessonRun::training_blocked) holds
// the verbs back until its Check, which makes that visit itself: Step, Next mistake, Epoch, Converge
// and Run are refused with a notice saying so (Reset is not: it changes nothing the student is asked
// about, the question is about whatever visit comes next). The App says at the start of each frame
// whether the hold is on; every screen verb comes through here, so this is the one gate.
#pragma once
#include "app/canvas/canvas.hpp"
#include "core/session/session.hpp"

namespace pl::app {

struct RunState;

enum class TrainingVerb { Step, NextMistake, Epoch, Converge, Reset };

// Stops Run and does the verb; a points update that changed w is animated on the canvas. While the
// hold is on, a verb other than Reset is refused instead (the notice says why).
void run_training_verb(Session& session, Canvas& canvas, RunState& run, TrainingVerb verb);
// The verbs by the names the JS handle, the page's messages and data-train use ("steps", "epochs",
// "untilConverged", "nextMistake", "reset"), each with how many times a count does it.
struct NamedVerb {
    const char* name;
    TrainingVerb verb;
    bool counted;  // {steps: 5} is five steps; untilConverged and reset take no count
};
inline constexpr NamedVerb kNamedVerbs[] = {
    {"steps", TrainingVerb::Step, true},          {"epochs", TrainingVerb::Epoch, true},
    {"untilConverged", TrainingVerb::Converge, false}, {"nextMistake", TrainingVerb::NextMistake, true},
    {"reset", TrainingVerb::Reset, false},
};
// The verb named `name`, `count` times (nothing animated, Run stopped, the same hold as the screen's);
// the visits it made. -1: no verb has that name.
long long train_by_name(Session& session, RunState& run, const char* name, std::size_t count);
// One visit for Run at slow speeds (animated on the canvas when `animate` and it was a mistake).
void run_one_visit(Session& session, Canvas& canvas, bool animate);

// The canvas, the Trace's row or the mirror's button goes back to visit t (0: before any visit), or on to
// one already made: Run stops and the Trace follows. Past the visits shown while the hold is on
// (RunState::training_held), refused with the notice instead. False when refused or when the session
// could not (online mode: its notice says why).
bool go_to_visit(Session& session, RunState& run, std::size_t t);
// Run while held: stopped, and the notice says why. True when it was refused (the caller then runs nothing).
bool refuse_run_while_held(Session& session, RunState& run);
inline constexpr const char* kPredictFirstNotice =
    "Predict first, then Check makes the step: say on the lesson card whether the next visit is a mistake.";

}  // namespace pl::app
