// A lesson in progress: which lesson, which step, the student's quiz choice and the last check. The
// position is kept in the session's state (WidgetState::lesson, lesson_step) so a link or a reload
// reopens the same step; the rest lives here. Entering a step applies what the step sets up (its state
// and its panels); the student's own edits inside a step stay until they move to another step.
// Std only: the app draws the lesson card from this, the JS handle and the CLI-free native flag
// (--lesson) drive it through the same verbs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/session/session.hpp"

namespace pl {

class LessonRun {
public:
    // Opens `lesson` at `step` (clamped into the lesson). apply_step: set the step up (its state and its
    // panels), as when a student starts or moves on; false when the session already holds the student's
    // work at that step (a link, a reload). Always succeeds for a parsed lesson.
    void open(Session& session, Lesson lesson, std::size_t step, bool apply_step);
    // Built-in lessons by id; "" and an error sentence when the id is unknown.
    std::string open_builtin(Session& session, const std::string& id, std::size_t step, bool apply_step);
    // Closes and forgets the lesson; the panels stay as the steps left them (opening another lesson,
    // a link that replaces it). dismiss(): closes and puts the panels back as leave() does, without a
    // notice or a way to reopen (a page's script closing the lesson: handle.closeLesson()).
    void close(Session& session);
    void dismiss(Session& session);
    // A student leaving from the card or the table view (Leave the lesson, or Close the lesson once it is
    // complete): closes, and remembers the lesson and the step so the card, the table view or the notice
    // can reopen it there: one press must never lose the lesson for good. The panels come back as they
    // were before the lesson (when it was opened here; else the widget's own sections), so the lesson
    // list and the data sets are there again, and the notice says what happened.
    void leave(Session& session);
    bool can_reopen() const { return !is_open() && left_.has_value(); }
    const Lesson* left_lesson() const { return left_ ? &left_->lesson : nullptr; }
    std::size_t left_step() const { return left_ ? left_->step : 0; }
    // Reopens the lesson left last at the step it was left, without setting the step up again (the
    // points and training stay as the student has them). False when there is nothing to reopen.
    bool reopen_left(Session& session);
    void forget_left() { left_.reset(); }
    // Moves to step k (applies it). False when k is outside the lesson.
    bool go_to(Session& session, std::size_t step);

    bool is_open() const { return lesson_.has_value(); }
    bool is_builtin() const { return builtin_; }
    const Lesson& lesson() const { return *lesson_; }
    std::size_t step() const { return step_; }
    std::size_t step_count() const { return lesson_ ? lesson_->steps.size() : 0; }
    const LessonStep& current() const { return lesson_->steps[step_]; }

    // The student's answer at this step (lesson_exercise.hpp), cleared when the step changes.
    // choose: a quiz choice (in a select-all quiz it ticks or unticks the choice).
    void choose(std::size_t choice);
    std::optional<std::size_t> chosen() const { return answer_.choice; }
    bool ticked(std::size_t choice) const { return choice < 32 && ((answer_.selected >> choice) & 1u); }
    // A typed number or vector ("39/7", "1, -2, 0.5"): "" when it reads, else the sentence saying why
    // (the answer is then empty, and Check repeats that sentence; after blank text it says to type one).
    std::string set_answer(std::string_view typed);
    // Predict, then step: the student's prediction for the next visit (true = a mistake).
    void predict(bool mistake);
    const StepAnswer& answer() const { return answer_; }
    // A predict step that has not passed holds the training buttons back: the student predicts, and
    // Check makes the visit.
    bool training_blocked() const { return is_open() && current().predict && step_ < progress_.size() && !progress_[step_].passed; }
    // Check presses counted at this step, for "tries used: 2 of 3".
    std::uint32_t attempts() const { return step_ < progress_.size() ? progress_[step_].attempts : 0; }

    // Checks the current step: its goal against the session now, and its quiz against the choice. A
    // step with neither passes. The message is the step's success text (or "Well done.") when it passes,
    // else what is missing and the hint. A check that judged something (not "Pick an answer first.")
    // counts as an attempt: the step's progress is updated and written into the session's state
    // (lesson_progress.hpp), and the state the student checked is kept as a link for the result record.
    struct Verdict {
        bool checked = false;
        bool passed = false;
        std::string message;
        std::vector<ChoiceMark> marks;  // select-all: one per choice, after a judged check
        bool out_of_tries = false;      // right, but after the step's maxAttempts: the explanation, no pass
    };
    const Verdict& check(Session& session);
    const Verdict& verdict() const { return verdict_; }
    bool has_check() const { return is_open() && current().has_check(); }

    // Finish on the last step: the card says "Lesson complete" and how many of the lesson's checks
    // passed (a step counts once it passed a check, on any visit). Moving to a step ends it.
    void finish() {
        if (is_open() && !finished_) ++finishes_made_;
        if (is_open()) finished_ = true;
    }
    void unfinish() { finished_ = false; }
    bool finished() const { return is_open() && finished_; }
    std::size_t checks_passed() const;
    std::size_t check_count() const;  // steps with a goal or a quiz
    // The steps that count toward the score under the lesson's scoring (lesson.hpp Scoring): as
    // checks_passed() for "passed", the steps passed at their first check for "first-try".
    std::size_t checks_counted() const;
    // "You went through all 6 steps and passed 4 of the 6 checks." (and, for a first-try lesson, the
    // score): what "Lesson complete" says on the card and in the table view.
    std::string completion_summary() const;
    // What the card says about a first-try lesson's scoring at this step, before and after its first
    // check ("" for a "passed" lesson and for a step without a check). The table view says the same.
    std::string scoring_note() const;

    // [SECTION] The record of the run (lesson_result.hpp reads it)
    // Time spent at the current step, given from outside (the core reads no clock): the app passes each
    // frame's seconds, tests pass made-up times. Non-finite or negative times are ignored, and one call
    // counts at most kMaxLessonTimeSlice seconds (a frame after the tab slept is not time spent working).
    static constexpr double kMaxLessonTimeSlice = 30.0;
    void add_time(double seconds);
    // Per step: attempts, passed, first try, answer, whole seconds (including the time not yet written
    // to the state).
    LessonProgress progress() const;
    // Per step: the state link ("#" + encode_fragment, without the progress) at its passing check, or
    // at its last judged check when none passed; "" when not known (the step was not checked since the
    // lesson was opened, and nothing gave it back: links keep the progress, not these states).
    const std::vector<std::string>& check_links() const { return check_links_; }
    // Gives back the check links a reload lost, kept by the page (web/embed_check_states.js keeps them
    // in local storage with the attempts each step had when they were kept). Link i is taken only when
    // the run has none for step i, the step was checked, attempts[i] equals its attempts now (it is the
    // link of the same check, not of an older try) and it decodes as a state link of at most
    // kMaxCheckLinkLength characters. Returns how many were taken.
    static constexpr std::size_t kMaxCheckLinkLength = 1'000'000;
    std::size_t restore_check_links(const std::vector<std::string>& links, const std::vector<std::uint32_t>& attempts);
    // Whether any step of the open lesson was checked (kept across a link or a reload, with the progress).
    bool has_attempts() const;
    // Judged checks since the widget started (the JS 'result' event fires when it moves).
    std::uint64_t checks_made() const { return checks_made_; }
    // Finish presses since the widget started (the 'result' event fires then too: a host that grades
    // the lesson as a whole, as H5P does, sends its one statement when the student finishes).
    std::uint64_t finishes_made() const { return finishes_made_; }

    // A state was loaded (a link, saved work, an LMS's suspend data) while this lesson is open and the
    // state names it: the run takes the state's progress (attempts, passes, answers, seconds; none when
    // the state has none, as a link is the whole state) and forgets the check states of the steps whose
    // attempts changed. Undo and redo do not call it: they never change what was checked.
    void adopt_progress(Session& session);
    // The session's state names a lesson position that differs from this run (a loaded link): reopen
    // or close to follow it. Returns an error sentence for an unknown lesson ("" otherwise).
    std::string follow_state(Session& session);

private:
    void enter(Session& session, std::size_t step, bool apply_step);

    std::optional<Lesson> lesson_;
    bool builtin_ = false;
    std::size_t step_ = 0;
    StepAnswer answer_;
    Verdict verdict_;
    void store_progress(Session& session);  // the progress (whole seconds) into the session's state

    LessonProgress progress_;                // per step; progress_[i].passed: a check passed there
    std::vector<double> seconds_;            // per step, unrounded
    std::vector<std::string> check_links_;   // per step, see check_links()
    std::uint64_t checks_made_ = 0;
    std::uint64_t finishes_made_ = 0;
    bool finished_ = false;
    // Predict steps: the visit the step is about (its state's next visit, or the visit of the first try
    // made at the step since it was entered). A later try is about a later visit, and is worded for it.
    std::optional<std::uint64_t> named_visit_;
    // The panels when the lesson was opened from the list (or set up by a page): leave() puts them back.
    std::optional<PanelState> panels_before_;
    static void restore_panels(Session& session, const std::optional<PanelState>& before);
    // The notice leave() set: a lesson opened next takes it away (it would cover the new card's buttons),
    // and only it, never another message the student still needs.
    std::string leave_notice_;
    struct Left {
        Lesson lesson;
        bool builtin = false;
        std::size_t step = 0;
        LessonProgress progress;
        std::vector<double> seconds;
        std::vector<std::string> check_links;
        std::optional<PanelState> panels_before;
    };
    std::optional<Left> left_;
};

// The panels a step's "controls" list shows (the lesson card itself is always shown while a lesson is open).
PanelState panels_for(const std::vector<LessonPanel>& controls, const PanelState& current);

// The screen a student meets at `step` (clamped into the lesson) when they walk the lesson from its
// start over `from`: each step up to it sets up what it names (its state, its panels), so a step
// without a state of its own shows the state of the last step before it that has one (the quiz after
// "Step once" needs that step's w). What a lesson link without a state of its own opens
// (#lesson=update-rule&step=2&v=1): one state, loaded at once, so the set-up leaves no undo entries
// of steps the student never saw.
WidgetState state_walked_to(const Lesson& lesson, std::size_t step, const WidgetState& from);

}  // namespace pl
