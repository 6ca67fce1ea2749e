#include "core/lesson/lesson_run.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/facts/goal_facts.hpp"
#include "core/facts/next_visit.hpp"
#include "core/state/state_codec.hpp"

namespace pl {

PanelState panels_for(const std::vector<LessonPanel>& controls, const PanelState& current) {
    PanelState p = current;  // keeps the overlays and the theme the student chose
    p.data_section = p.training_section = p.kernel_section = p.show_section = p.share_section = false;
    p.theory = p.plots = p.lift_view = p.svm = p.trace = false;
    for (LessonPanel panel : controls) {
        switch (panel) {
            case LessonPanel::Train: p.training_section = true; break;
            case LessonPanel::Data: p.data_section = true; break;
            case LessonPanel::Kernel: p.kernel_section = true; break;
            case LessonPanel::Show: p.show_section = true; break;
            case LessonPanel::Share: p.share_section = true; break;
            case LessonPanel::Theory: p.theory = true; break;
            case LessonPanel::Plots: p.plots = true; break;
            case LessonPanel::Lift: p.lift_view = true; break;
            case LessonPanel::Svm: p.svm = true; break;
            case LessonPanel::Trace: p.trace = true; break;
            case LessonPanel::Lesson: break;
        }
    }
    p.controls = true;  // the lesson card lives in the controls column
    return p;
}

WidgetState state_walked_to(const Lesson& lesson, std::size_t step, const WidgetState& from) {
    WidgetState walked = from;
    if (lesson.steps.empty()) return walked;
    step = std::min(step, lesson.steps.size() - 1);
    // As enter() does for each step in turn: a step's state replaces all but the panels, which its
    // controls decide (or which at least show the lesson card).
    for (std::size_t i = 0; i <= step; ++i) {
        const LessonStep& s = lesson.steps[i];
        if (s.state) {
            const PanelState panels = walked.panels;
            walked = *s.state;
            walked.panels = panels;
        }
        if (s.controls) walked.panels = panels_for(*s.controls, walked.panels);
        else walked.panels.controls = true;
    }
    walked.lesson = lesson.id;
    walked.lesson_step = static_cast<std::uint32_t>(step);
    walked.lesson_progress = from.lesson_progress;  // a link's progress survives the steps' own states
    return walked;
}

void LessonRun::open(Session& session, Lesson lesson, std::size_t step, bool apply_step) {
    // A lesson set up afresh (from the list, a page, Try it) starts from the panels the student had; one
    // that comes back with a link or a reload does not know them (leave() then shows the usual sections).
    if (apply_step && !lesson_) panels_before_ = session.state().panels;
    else if (!apply_step && !lesson_) panels_before_.reset();
    if (!leave_notice_.empty() && session.notice() == leave_notice_) session.clear_notice();
    leave_notice_.clear();
    lesson_ = std::move(lesson);
    left_.reset();
    // A link or a reload of this lesson brings the student's progress with it; a fresh start has none.
    const LessonProgress& kept = session.state().lesson_progress;
    const bool keep = !apply_step && session.state().lesson == lesson_->id && kept.size() == lesson_->steps.size();
    progress_ = keep ? kept : LessonProgress(lesson_->steps.size());
    seconds_.assign(lesson_->steps.size(), 0.0);
    for (std::size_t i = 0; i < progress_.size(); ++i) seconds_[i] = progress_[i].seconds;
    check_links_.assign(lesson_->steps.size(), std::string());
    builtin_ = false;  // an instructor's lesson may reuse a built-in id; it is still theirs (open_builtin sets it)
    enter(session, std::min(step, lesson_->steps.size() - 1), apply_step);
}

std::string LessonRun::open_builtin(Session& session, const std::string& id, std::size_t step, bool apply_step) {
    const Lesson* lesson = find_builtin_lesson(id);
    if (!lesson) {
        std::string known;
        for (const LessonSummary& l : builtin_lessons()) {
            // A listed lesson whose text is missing (the served web build could not fetch the lessons'
            // file, lesson_texts.hpp): the reason, not "there is no such lesson".
            if (l.id == id && !builtin_lesson_problems().empty()) return builtin_lesson_problems().front();
            known += (known.empty() ? "" : ", ") + l.id;
        }
        return "There is no built-in lesson called \"" + id + "\" (there are: " + known + ").";
    }
    open(session, *lesson, step, apply_step);
    builtin_ = true;
    return "";
}

void LessonRun::leave(Session& session) {
    if (!lesson_) return;
    const std::string title = lesson_->title;
    const std::size_t at = step_ + 1, steps = lesson_->steps.size();
    const bool was_finished = finished_;
    const std::string summary = was_finished ? completion_summary() : "";
    Left left{*lesson_, builtin_, step_, progress(), seconds_, check_links_, panels_before_};
    const std::optional<PanelState> before = panels_before_;
    close(session);
    left_ = std::move(left);
    restore_panels(session, before);
    if (was_finished)
        leave_notice_ = "You closed the lesson \"" + title + "\". " + summary + " The lesson list can open it again.";
    else
        leave_notice_ = "You left the lesson \"" + title + "\" at step " + std::to_string(at) + " of " + std::to_string(steps) +
                        ". Your points stay as they are; Reopen brings you back to that step.";
    session.set_notice(leave_notice_);
}

// The sections the steps switched off come back: as they were before the lesson, or the widget's own
// set. The lesson list (and its offer to reopen a lesson) lives with the Data section, so that one is
// always on: a student must never be left with no way back.
void LessonRun::restore_panels(Session& session, const std::optional<PanelState>& before) {
    PanelState p = session.state().panels;
    const PanelState usual = before ? *before : PanelState{};
    p.data_section = true;
    p.training_section = usual.training_section;
    p.kernel_section = usual.kernel_section;
    p.show_section = usual.show_section;
    p.share_section = usual.share_section;
    p.theory = usual.theory;
    p.plots = usual.plots;
    p.lift_view = usual.lift_view;
    p.svm = usual.svm;
    p.trace = usual.trace;
    p.controls = true;
    session.set_panels(p);
}

void LessonRun::dismiss(Session& session) {
    if (!lesson_) return;
    const std::optional<PanelState> before = panels_before_;
    close(session);
    restore_panels(session, before);
}

std::string LessonRun::completion_summary() const {
    if (!lesson_) return "";
    const std::size_t checks = check_count(), passed = checks_passed();
    std::string summary = "You went through all " + std::to_string(step_count()) + " steps";
    if (checks == 0) return summary + ".";
    summary += " and passed " + std::to_string(passed) + " of the " + std::to_string(checks) + (checks == 1 ? " check." : " checks.");
    if (lesson_->scoring_rule() == Scoring::FirstTry)
        summary += " This lesson scores at the first try: " + std::to_string(checks_counted()) + " of " + std::to_string(checks) +
                   (checks == 1 ? " step was" : " steps were") + " passed at the first check, and that is your score.";
    return summary;
}

bool LessonRun::reopen_left(Session& session) {
    if (!can_reopen()) return false;
    Left left = std::move(*left_);
    open(session, std::move(left.lesson), left.step, false);
    panels_before_ = left.panels_before;
    builtin_ = left.builtin;
    progress_ = std::move(left.progress);
    seconds_ = std::move(left.seconds);
    check_links_ = std::move(left.check_links);
    store_progress(session);
    return true;
}

std::size_t LessonRun::checks_passed() const {
    if (!lesson_) return 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < lesson_->steps.size() && i < progress_.size(); ++i) {
        const LessonStep& s = lesson_->steps[i];
        if (s.has_check() && progress_[i].passed) ++n;
    }
    return n;
}

std::size_t LessonRun::checks_counted() const {
    if (!lesson_) return 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < lesson_->steps.size() && i < progress_.size(); ++i) {
        const LessonStep& s = lesson_->steps[i];
        if (s.has_check() && counts_toward_score(lesson_->scoring_rule(), progress_[i].passed, progress_[i].first_try)) ++n;
    }
    return n;
}

std::string LessonRun::scoring_note() const {
    if (!lesson_ || lesson_->scoring_rule() != Scoring::FirstTry || !current().has_check()) return "";
    const StepProgress p = step_ < progress_.size() ? progress_[step_] : StepProgress{};
    if (p.attempts == 0) return "Scored at the first try: this step counts toward your score only if your first Check passes.";
    if (p.first_try) return "Passed at the first try: this step counts toward your score.";
    return "Your first try did not pass, so this step does not count toward your score; passing it still "
           "completes the lesson.";
}

std::size_t LessonRun::check_count() const {
    if (!lesson_) return 0;
    return static_cast<std::size_t>(std::count_if(lesson_->steps.begin(), lesson_->steps.end(),
                                                  [](const LessonStep& s) { return s.has_check(); }));
}

void LessonRun::close(Session& session) {
    lesson_.reset();
    panels_before_.reset();
    finished_ = false;
    answer_ = StepAnswer{};
    verdict_ = Verdict{};
    session.set_lesson_position("", 0);
    session.set_lesson_progress({});
}

bool LessonRun::go_to(Session& session, std::size_t step) {
    if (!lesson_ || step >= lesson_->steps.size()) return false;
    enter(session, step, true);  // writes the time spent at the step left
    return true;
}

void LessonRun::enter(Session& session, std::size_t step, bool apply_step) {
    step_ = step;
    finished_ = false;
    answer_ = StepAnswer{};
    verdict_ = Verdict{};
    named_visit_.reset();
    const LessonStep& s = lesson_->steps[step_];
    if (apply_step) {
        if (s.state) {
            WidgetState next = *s.state;
            next.panels = session.state().panels;  // the step's controls decide, below
            next.lesson = lesson_->id;
            next.lesson_step = static_cast<std::uint32_t>(step_);
            session.load_state(next);  // undoable: the student's previous points are one undo away
        }
        if (s.controls) session.set_panels(panels_for(*s.controls, session.state().panels));
        else if (!session.state().panels.controls) {
            PanelState p = session.state().panels;
            p.controls = true;  // the lesson card must be visible
            session.set_panels(p);
        }
    }
    session.set_lesson_position(lesson_->id, static_cast<std::uint32_t>(step_));
    store_progress(session);
}

LessonProgress LessonRun::progress() const {
    LessonProgress out = progress_;
    for (std::size_t i = 0; i < out.size() && i < seconds_.size(); ++i)
        out[i].seconds = static_cast<std::uint32_t>(std::min<double>(seconds_[i], kMaxLessonSeconds));
    return out;
}

bool LessonRun::has_attempts() const {
    return is_open() && std::any_of(progress_.begin(), progress_.end(), [](const StepProgress& p) { return p.attempts > 0; });
}

void LessonRun::store_progress(Session& session) {
    if (lesson_) session.set_lesson_progress(progress());
}

void LessonRun::add_time(double seconds) {
    if (!lesson_ || !(seconds > 0.0) || !std::isfinite(seconds) || step_ >= seconds_.size()) return;
    seconds_[step_] = std::min<double>(seconds_[step_] + std::min(seconds, kMaxLessonTimeSlice), kMaxLessonSeconds);
}

void LessonRun::choose(std::size_t choice) {
    if (!lesson_ || choice >= current().choices.size()) return;
    if (current().select_all()) answer_.selected ^= (1u << choice);
    else answer_.choice = static_cast<std::uint32_t>(choice);
    verdict_ = Verdict{};
}

std::string LessonRun::set_answer(std::string_view typed) {
    if (!lesson_) return "No lesson is open.";
    const LessonStep& s = current();
    verdict_ = Verdict{};
    answer_.values.clear();
    answer_.typed.clear();
    answer_.unread.clear();
    std::string error;
    if (s.number) {
        double x = 0;
        error = read_typed_number(typed, x);
        if (error.empty()) answer_.values = {x};
    } else if (s.vector) {
        error = read_typed_vector(typed, answer_.values);
    } else {
        return "This step asks for no number.";
    }
    if (error.empty()) answer_.typed = std::string(typed.substr(0, 200));
    else if (typed.find_first_not_of(" \t\r\n") != std::string_view::npos) answer_.unread = error;  // blank: "Type a number first."
    return error;
}

void LessonRun::predict(bool mistake) {
    if (!lesson_ || !current().predict) return;
    answer_.predicted_mistake = mistake;
    verdict_ = Verdict{};
}

const LessonRun::Verdict& LessonRun::check(Session& session) {
    verdict_ = Verdict{};
    if (!lesson_) return verdict_;
    const LessonStep& s = current();
    verdict_.checked = true;
    // A prediction is about the next visit (visits are counted from 1); which one it is, is said below.
    const std::uint64_t visit = session.state().trained_visits + 1;
    const NextVisit about = s.predict ? preview_next_visit(session) : NextVisit{};
    const ExerciseJudgement judged = judge_exercise(s, answer_, session);
    if (!judged.ready) {
        verdict_.message = judged.problem;  // no hint yet: it would give the answer away
        return verdict_;
    }
    std::string problem = judged.passed ? "" : judged.problem;
    if (problem.empty() && s.goal) {
        const GoalCheck goal = check_goal(*s.goal, goal_facts(session));
        if (!goal.passed) problem = goal.message;
    }
    verdict_.marks = judged.marks;
    verdict_.passed = problem.empty();
    bool tries_over = false;  // set below when this try used up the step's tries
    bool last_try = false;
    std::string explanation = s.success.empty() ? "" : " " + s.success;
    if (step_ < progress_.size()) {
        StepProgress& p = progress_[step_];
        // A step with a limit of tries counts tries only until it is passed: its attempts then say on
        // which try it passed, which the autograder checks against the limit.
        const bool counted = !(s.max_attempts && p.passed);
        const std::uint32_t tries = counted ? std::min(p.attempts + 1, kMaxLessonAttempts) : p.attempts;
        if (s.max_attempts && !p.passed && tries > *s.max_attempts) {
            if (verdict_.passed) {
                verdict_.passed = false;
                verdict_.out_of_tries = true;
                problem = "Right, but after " + std::to_string(tries) + " tries; this step gives a pass within " +
                          std::to_string(*s.max_attempts) + "." + explanation;
            }
        }
        if (counted) {
            if (p.attempts == 0 && verdict_.passed) p.first_try = true;
            p.attempts = tries;
        }
        // The evidence of a step is its passing check once it has one: a student who passed and then
        // tried something else (a wrong answer, other points) keeps the answer and the state that
        // passed, so perceptron-cli check judges what earned the pass.
        if (!p.passed || verdict_.passed) {
            store_answer(answer_, p);
            WidgetState checked = session.state();  // a prediction's state is the one before its visit
            checked.lesson_progress.clear();        // the record carries the progress itself
            check_links_[step_] = "#" + encode_fragment(checked);
        }
        last_try = s.max_attempts && !p.passed && !verdict_.passed && !verdict_.out_of_tries && tries == *s.max_attempts;
        if (last_try) problem += " That was the last try that can pass this step." + explanation;
        tries_over = last_try || verdict_.out_of_tries;
        p.passed = p.passed || verdict_.passed;
        ++checks_made_;
        store_progress(session);
    }
    // A select-all try that fails shows no marks and no feedback by default: which choices are right is
    // the key, and a wrong first try would hand it over (the second then always passes). The marks come
    // with a pass, or once the tries run out; a lesson for practice says "reveal": "each-try".
    if (!verdict_.passed && s.select_all() && judged.ready && !judged.passed && !tries_over &&
        reveal_of(*lesson_, s) == Reveal::AfterPass) {
        verdict_.marks.clear();
        problem = "Not quite: the choices you ticked are not exactly the right ones. Look at each one again.";
    }
    // The step's success text and hint are written for the visit the step names. A try after a wrong
    // prediction is about the next visit (Check makes the visit either way): its verdict is worded for
    // the visit it judged, never with a text about another point.
    bool other_visit = false;
    if (s.predict) {
        if (!named_visit_) named_visit_ = s.state ? s.state->trained_visits + 1 : visit;
        other_visit = visit != *named_visit_;
        session.step();  // the real visit the prediction was about
        if (!verdict_.passed && problem.empty()) problem = "Not this time.";
    }
    if (other_visit && about.defined) {
        const std::string which = "Visit " + std::to_string(visit) + " (point " + std::to_string(about.update.index + 1) + ")";
        const std::string what = about.update.mistake ? " was a mistake, so w moved." : " was no mistake, so w stayed.";
        if (verdict_.passed) verdict_.message = "Right: " + which + what;
        else if (verdict_.out_of_tries) verdict_.message = "Right about " + which + ", but after the step's " +
                                                           std::to_string(*s.max_attempts) + " tries.";
        else verdict_.message = which + ": " + (judged.passed ? problem : judged.problem) +
                                (last_try ? " That was the last try that can pass this step." : "");
        return verdict_;
    }
    if (verdict_.passed) verdict_.message = s.success.empty() ? "Well done." : s.success;
    else if (verdict_.out_of_tries) verdict_.message = problem;
    else verdict_.message = s.hint.empty() ? problem : problem + " Hint: " + s.hint;
    return verdict_;
}

std::string LessonRun::follow_state(Session& session) {
    const WidgetState& state = session.state();
    if (state.lesson.empty()) {
        if (lesson_) { lesson_.reset(); answer_ = StepAnswer{}; verdict_ = Verdict{}; finished_ = false; }
        return "";
    }
    if (lesson_ && lesson_->id == state.lesson) {
        if (step_ != state.lesson_step && state.lesson_step < lesson_->steps.size()) {
            step_ = state.lesson_step;
            finished_ = false;
            answer_ = StepAnswer{};
            verdict_ = Verdict{};
        }
        return "";
    }
    const std::string error = open_builtin(session, state.lesson, state.lesson_step, false);
    if (!error.empty()) close(session);
    return error;
}

void LessonRun::adopt_progress(Session& session) {
    if (!lesson_ || session.state().lesson != lesson_->id) return;
    const LessonProgress& kept = session.state().lesson_progress;
    LessonProgress next = kept.size() == lesson_->steps.size() ? kept : LessonProgress(lesson_->steps.size());
    for (std::size_t i = 0; i < next.size() && i < check_links_.size(); ++i)
        if (i >= progress_.size() || next[i].attempts != progress_[i].attempts) check_links_[i].clear();
    progress_ = std::move(next);
    seconds_.assign(progress_.size(), 0.0);
    for (std::size_t i = 0; i < progress_.size(); ++i) seconds_[i] = progress_[i].seconds;
}

std::size_t LessonRun::restore_check_links(const std::vector<std::string>& links,
                                           const std::vector<std::uint32_t>& attempts) {
    if (!lesson_ || links.size() != progress_.size() || attempts.size() != progress_.size()) return 0;
    std::size_t taken = 0;
    for (std::size_t i = 0; i < links.size(); ++i) {
        if (!check_links_[i].empty() || progress_[i].attempts == 0 || attempts[i] != progress_[i].attempts) continue;
        if (links[i].size() < 2 || links[i][0] != '#' || links[i].size() > kMaxCheckLinkLength) continue;
        const DecodeResult decoded = decode_fragment(std::string_view(links[i]).substr(1));
        if (!decoded.ok) continue;  // kept by a page, so read as any link: a bad one is not taken
        check_links_[i] = links[i];
        ++taken;
    }
    return taken;
}

}  // namespace pl
