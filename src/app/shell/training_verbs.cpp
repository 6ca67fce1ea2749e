#include "app/shell/training_verbs.hpp"

#include "app/shell/run_state.hpp"

namespace pl::app {

namespace {
bool words_mode(const Session& s) { return s.state().mode == DataMode::Words; }
}  // namespace

void run_training_verb(Session& s, Canvas& canvas, RunState& run, TrainingVerb verb) {
    run.running = false;
    if (words_mode(s)) {
        WordsSession& w = s.words();
        switch (verb) {
            case TrainingVerb::Step: w.step(); break;
            case TrainingVerb::NextMistake: w.next_mistake(); break;
            case TrainingVerb::Epoch: w.epoch(); break;
            case TrainingVerb::Converge: w.train_until_converged(); break;
            case TrainingVerb::Reset: w.reset_training(); break;
        }
        return;
    }
    switch (verb) {
        case TrainingVerb::Step: canvas.start_update_animation(s.step()); break;
        case TrainingVerb::NextMistake: canvas.start_update_animation(s.next_mistake()); break;
        case TrainingVerb::Epoch: s.epoch(); break;
        case TrainingVerb::Converge: s.train_until_converged(); break;
        case TrainingVerb::Reset: s.reset_training(); break;
    }
}

void run_one_visit(Session& s, Canvas& canvas, bool animate) {
    if (words_mode(s)) {
        s.words().step();
        return;
    }
    const Update u = s.step();
    if (u.mistake && animate) canvas.start_update_animation(u);
}

std::size_t run_shown_visits(Session& s, std::size_t n) {
    return words_mode(s) ? s.words().run_visits(n) : s.run_visits(n);
}

bool shown_training_stopped(const Session& s) {
    if (words_mode(s)) {
        const TextLearner& l = s.words().learner();
        return l.converged() || l.capped() || l.diverged() || s.state().words.empty();
    }
    const Learner& l = s.learner();
    return l.converged() || l.capped() || l.diverged() || s.state().data.empty();
}

std::size_t shown_visits(const Session& s) {
    return words_mode(s) ? s.words().learner().visits() : s.learner().visits();
}

}  // namespace pl::app
