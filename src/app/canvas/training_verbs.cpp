#include "app/canvas/training_verbs.hpp"

#include <algorithm>
#include <cstring>

#include "app/base/run_state.hpp"

namespace pl::app {

namespace {

// The canvas animates an update of w on the plane (a data set drawn by another view has none).
void animate(Canvas& canvas, const TrainingVisit& visit) {
    if (visit.plane_update) canvas.start_update_animation(*visit.plane_update);
}
}  // namespace

bool refuse_run_while_held(Session& s, RunState& run) {
    if (!run.training_held || !run.running) return false;
    run.running = false;
    run.carry = 0;
    s.set_notice(kPredictFirstNotice);
    return true;
}

void run_training_verb(Session& s, Canvas& canvas, RunState& run, TrainingVerb verb) {
    run.running = false;
    if (run.training_held && verb != TrainingVerb::Reset) {
        s.set_notice(kPredictFirstNotice);
        return;
    }
    TrainingData& data = s.shown_data();
    switch (verb) {
        case TrainingVerb::Step: animate(canvas, data.step()); break;
        case TrainingVerb::NextMistake: animate(canvas, data.next_mistake()); break;
        case TrainingVerb::Epoch: data.epoch(); break;
        case TrainingVerb::Converge: data.converge(); break;
        case TrainingVerb::Reset: data.reset(); break;
    }
}

long long train_by_name(Session& s, RunState& run, const char* name, std::size_t count) {
    const NamedVerb* found = nullptr;
    for (const NamedVerb& v : kNamedVerbs)
        if (name && std::strcmp(v.name, name) == 0) found = &v;
    if (!found) return -1;
    run.running = false;
    if (run.training_held && found->verb != TrainingVerb::Reset) {
        s.set_notice(kPredictFirstNotice);
        return 0;
    }
    TrainingData& data = s.shown_data();  // the points, or the messages in Words mode
    const std::size_t before = data.visits();
    switch (found->verb) {
        case TrainingVerb::Step: data.run_visits(count); break;  // in one go: a handle may ask for millions
        case TrainingVerb::Epoch: for (std::size_t i = 0; i < count; ++i) data.epoch(); break;
        case TrainingVerb::NextMistake: for (std::size_t i = 0; i < count; ++i) data.next_mistake(); break;
        case TrainingVerb::Converge: data.converge(); break;
        case TrainingVerb::Reset: data.reset(); break;
    }
    const std::size_t after = data.visits();
    return static_cast<long long>(after - std::min(before, after));
}

bool go_to_visit(Session& s, RunState& run, std::size_t t) {
    if (run.training_held && t > shown_visits(s.state())) {
        s.set_notice(kPredictFirstNotice);
        return false;
    }
    run.running = false;
    run.trace.went_to(t);
    const bool shown = s.show_visit(t);
    if (!shown) run.trace.went_to(shown_visits(s.state()));
    return shown;
}

void run_one_visit(Session& s, Canvas& canvas, bool animate_mistake) {
    const TrainingVisit visit = s.shown_data().step();
    if (visit.mistake && animate_mistake) animate(canvas, visit);
}

}  // namespace pl::app
