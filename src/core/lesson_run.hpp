// A lesson in progress: which lesson, which step, the student's quiz choice and the last check. The
// position is kept in the session's state (WidgetState::lesson, lesson_step) so a link or a reload
// reopens the same step; the rest lives here. Entering a step applies what the step sets up (its state
// and its panels); the student's own edits inside a step stay until they move to another step.
// Std only: the app draws the lesson card from this, the JS handle and the CLI-free native flag
// (--lesson) drive it through the same verbs.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "lesson.hpp"
#include "session.hpp"

namespace pl {

class LessonRun {
public:
    // Opens `lesson` at `step` (clamped into the lesson). apply_step: set the step up (its state and its
    // panels), as when a student starts or moves on; false when the session already holds the student's
    // work at that step (a link, a reload). Always succeeds for a parsed lesson.
    void open(Session& session, Lesson lesson, std::size_t step, bool apply_step);
    // Built-in lessons by id; "" and an error sentence when the id is unknown.
    std::string open_builtin(Session& session, const std::string& id, std::size_t step, bool apply_step);
    void close(Session& session);
    // Moves to step k (applies it). False when k is outside the lesson.
    bool go_to(Session& session, std::size_t step);

    bool is_open() const { return lesson_.has_value(); }
    bool is_builtin() const { return builtin_; }
    const Lesson& lesson() const { return *lesson_; }
    std::size_t step() const { return step_; }
    std::size_t step_count() const { return lesson_ ? lesson_->steps.size() : 0; }
    const LessonStep& current() const { return lesson_->steps[step_]; }

    // The quiz: the student's choice (none yet: nullopt).
    void choose(std::size_t choice);
    std::optional<std::size_t> chosen() const { return chosen_; }

    // Checks the current step: its goal against the session now, and its quiz against the choice. A
    // step with neither passes. The message is the step's success text (or "Well done.") when it passes,
    // else what is missing and the hint.
    struct Verdict {
        bool checked = false;
        bool passed = false;
        std::string message;
    };
    const Verdict& check(const Session& session);
    const Verdict& verdict() const { return verdict_; }
    bool has_check() const { return is_open() && (current().goal || current().has_quiz()); }

    // The session's state names a lesson position that differs from this run (a loaded link): reopen
    // or close to follow it. Returns an error sentence for an unknown lesson ("" otherwise).
    std::string follow_state(Session& session);

private:
    void enter(Session& session, std::size_t step, bool apply_step);

    std::optional<Lesson> lesson_;
    bool builtin_ = false;
    std::size_t step_ = 0;
    std::optional<std::size_t> chosen_;
    Verdict verdict_;
};

// The panels a step's "controls" list shows (the lesson card itself is always shown while a lesson is open).
PanelState panels_for(const std::vector<LessonPanel>& controls, const PanelState& current);

}  // namespace pl
