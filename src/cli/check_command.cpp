// `check --lesson FILE.json|ID --token TOKEN|@FILE [--json]`: re-checks a student's result token
// (core/lesson/lesson_result.hpp) for an autograder. It trusts nothing the token claims: each goal is
// evaluated again on the state the student had when checking the step (the learner replayed from
// that state by a Session), each quiz answer against the lesson's key. Exit 0 when every step with a
// goal or a quiz passes on re-check, 1 when not, 2 on a bad token or lesson (one sentence). The score
// follows the lesson's scoring: under "first-try" a step counts when it passes on re-check and the record
// says its first check passed (the try count is what the widget recorded; tokens are not signed).
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "check_command.hpp"
#include "commands.hpp"
#include "core/facts/goal_facts.hpp"
#include "core/lesson/goal_expression.hpp"
#include "core/lesson/lesson_exercise.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "core/base/table_cells.hpp"
#include "options.hpp"

namespace pl::cli {

namespace {

bool read_file(const std::string& path, std::string& text, std::size_t max_bytes) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return false;
    std::ostringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
    if (text.size() > max_bytes) text.resize(max_bytes + 1);  // the reader refuses it as too long
    return !file.bad();
}

// The verdict of one step on re-check, and which state it was judged on.
StepVerdict recheck(const LessonStep& step, const StepResult& claimed, const std::string& final_link,
                    std::string& bad_state) {
    StepVerdict v;
    v.claimed = claimed.progress.passed;
    if (!step.has_check()) {
        v.verdict = "no check";
        return v;
    }
    if (claimed.progress.attempts == 0) {
        v.verdict = "not checked";
        v.reason = "The student never checked this step.";
        return v;
    }
    bool passes = true;
    if (step.max_attempts && claimed.progress.attempts > *step.max_attempts) {
        // Tries at such a step stop counting once it passes, so more than the limit means no pass in time.
        passes = false;
        v.reason = "The step allows " + std::to_string(*step.max_attempts) + " tries for a pass; the student used " +
                   std::to_string(claimed.progress.attempts) + ".";
    }
    const bool reads_state = step.goal || step.number || step.vector || step.predict;
    if (passes && step.has_quiz() && !step.select_all()) {
        if (!claimed.progress.choice) {
            passes = false;
            v.reason = "No answer was chosen.";
        } else if (*claimed.progress.choice != step.answer) {
            passes = false;
            v.reason = "The answer chosen is not the right one.";
        }
    }
    if (passes) {
        Session session;
        if (reads_state) {
            v.judged_on = claimed.state.empty() ? "final link" : "own state";
            const DecodeResult decoded = decode_fragment(claimed.state.empty() ? final_link : claimed.state);
            if (!decoded.ok) {
                bad_state = decoded.error;
                return v;
            }
            session.load_state(decoded.state);  // the learner is replayed from the state, as the widget does
        }
        // The answer (ticked choices, a number, a vector, a prediction) as the widget judges it: the same
        // keys, worked out again on the state the student checked (a prediction: the state before its visit).
        const ExerciseJudgement judged = judge_exercise(step, stored_answer(claimed.progress), session);
        if (!judged.ready || !judged.passed) {
            passes = false;
            v.reason = judged.problem;
        } else if (step.goal) {
            const GoalCheck goal = check_goal(*step.goal, goal_facts(session));
            if (!goal.passed) {
                passes = false;
                v.reason = goal.message;
            }
        }
    }
    v.passed = passes;
    v.verdict = passes ? "passed" : v.claimed ? "claimed passed but does not pass" : "not passed";
    return v;
}

}  // namespace

std::string load_lesson_argument(const std::string& what, Lesson& out) {
    if (const Lesson* builtin = find_builtin_lesson(what)) {
        out = *builtin;
        return "";
    }
    std::string text;
    if (!read_file(what, text, kMaxLessonBytes))
        return "There is no built-in lesson called \"" + what + "\" and no file of that name can be read.";
    const LessonParse parsed = parse_lesson(text);
    if (!parsed.ok) return what + ": " + parsed.error;
    out = parsed.lesson;
    return "";
}

std::string read_token_argument(const std::string& what, std::string& token) {
    if (what.empty() || what[0] != '@') {
        token = what;
        return "";
    }
    if (!read_file(what.substr(1), token, kMaxResultTokenLength + 4096))
        return "The token file \"" + what.substr(1) + "\" cannot be read.";
    return "";
}

std::string recheck_token(const Lesson& lesson, const std::string& token_text, CheckReport& report) {
    const TokenRead token = read_token(token_text);
    if (!token.ok) return token.error;
    const LessonResult& r = token.result;
    report.lesson_id = lesson.id;
    report.lesson_title = lesson.title;
    report.hash = lesson_hash(lesson);
    if (r.id != lesson.id)
        return "This token is for the lesson \"" + r.id + "\", not for \"" + lesson.id + "\".";
    if (r.hash != report.hash || r.steps.size() != lesson.steps.size())
        return "This token was made for another version of the lesson \"" + lesson.id + "\" (its hash is " + r.hash +
               ", this lesson's is " + report.hash + ").";
    report.steps.clear();
    report.scoring = lesson.scoring_rule();  // the lesson's, which its hash covers; not the token's word
    report.raw = report.max = report.passed_steps = 0;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        std::string bad_state;
        StepVerdict v = recheck(lesson.steps[i], r.steps[i], r.link, bad_state);
        if (!bad_state.empty()) return "The token's state for step " + std::to_string(i + 1) + " cannot be read: " + bad_state;
        v.title = lesson.steps[i].title;
        v.progress = r.steps[i].progress;
        if (v.verdict != "no check") {
            ++report.max;
            if (v.passed) ++report.passed_steps;
            if (counts_toward_score(report.scoring, v.passed, v.progress.first_try)) ++report.raw;
        }
        report.steps.push_back(std::move(v));
    }
    return "";
}

namespace {

void print_text(const CheckReport& report, std::ostream& out) {
    out << "Lesson \"" << report.lesson_title << "\" (" << report.lesson_id << ", hash " << report.hash << ")\n";
    for (std::size_t i = 0; i < report.steps.size(); ++i) {
        const StepVerdict& v = report.steps[i];
        out << "Step " << (i + 1) << " \"" << v.title << "\": " << v.verdict;
        if (v.verdict != "no check") {
            out << " (" << v.progress.attempts << (v.progress.attempts == 1 ? " attempt" : " attempts");
            if (report.scoring == Scoring::FirstTry && v.passed) out << (v.progress.first_try ? ", counts" : ", not at the first try: does not count");
            out << ")";
        }
        if (!v.reason.empty() && !v.passed) out << ": " << v.reason;
        out << "\n";
    }
    out << "Score: " << report.raw << " of " << report.max;
    if (report.scoring == Scoring::FirstTry) out << " (first-try scoring: a step counts only when its first check passed)";
    out << ". " << (report.passed() ? "Passed." : "Not passed.") << "\n";
}

void print_json(const CheckReport& report, std::ostream& out) {
    nlohmann::ordered_json steps = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < report.steps.size(); ++i) {
        const StepVerdict& v = report.steps[i];
        steps.push_back({{"step", i + 1},
                         {"title", v.title},
                         {"verdict", v.verdict},
                         {"passed", v.passed},
                         {"claimedPassed", v.claimed},
                         {"attempts", v.progress.attempts},
                         {"firstTry", v.progress.first_try},
                         {"seconds", v.progress.seconds},
                         {"judgedOn", v.judged_on.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v.judged_on)},
                         {"reason", v.reason}});
    }
    const double scaled = report.max == 0 ? 1.0 : static_cast<double>(report.raw) / static_cast<double>(report.max);
    nlohmann::ordered_json j = {{"lesson", {{"id", report.lesson_id}, {"title", report.lesson_title}, {"hash", report.hash}}},
                                {"steps", std::move(steps)},
                                {"score", {{"raw", report.raw}, {"max", report.max}, {"scaled", scaled}, {"scoring", std::string(to_string(report.scoring))}}},
                                {"passed", report.passed()}};
    out << j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
}

}  // namespace

int run_check(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err) {
    std::string lesson_arg, token_arg;
    bool json = false, have_lesson = false, have_token = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--json") {
            json = true;
        } else if (a == "--lesson" || a == "--token") {
            if (i + 1 >= args.size()) throw UsageError(std::string(a) + " needs a value");
            (a == "--lesson" ? lesson_arg : token_arg) = std::string(args[++i]);
            (a == "--lesson" ? have_lesson : have_token) = true;
        } else {
            throw UsageError("unknown option '" + std::string(a) + "' for check");
        }
    }
    if (!have_lesson) throw UsageError("check: --lesson is required");
    if (!have_token) throw UsageError("check: --token is required");
    Lesson lesson;
    std::string token;
    std::string error = load_lesson_argument(lesson_arg, lesson);
    if (error.empty()) error = read_token_argument(token_arg, token);
    CheckReport report;
    if (error.empty()) error = recheck_token(lesson, token, report);
    if (!error.empty()) {
        err << "perceptron-cli: " << printable_text(error) << "\n";  // never a raw control character to the terminal
        return 2;
    }
    if (json) print_json(report, out);
    else print_text(report, out);
    return report.passed() ? 0 : 1;
}

}  // namespace pl::cli
