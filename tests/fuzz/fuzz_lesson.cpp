// Fuzz target: the lesson reader (pl::parse_lesson), the goal parser (pl::parse_goal) and the text
// markup (pl::parse_markup) on arbitrary bytes: an instructor's typo must give a message, never a crash
// or a hang. Besides "no crash, no sanitizer report", it checks (lesson.hpp, goal_expression.hpp):
//   parse_lesson not ok -> one non-empty message, and no half-read lesson comes back;
//   parse_lesson ok     -> at least one step; lesson_to_json reads back, and writing that again gives
//                          the same text; every goal evaluates and check_goal explains a failure;
//                          the first step's state (small data, replay clamped) builds a Session whose
//                          facts the goals are checked against;
//   parse_goal          -> ok with a tree whose root exists, or "position N: ..." with 1 <= N <= length + 1;
//   parse_markup        -> runs are never empty and never repeat a style back to back;
//   version 2 (lesson_exercise.hpp): select-all answers ascending, distinct and in range, feedback one per
//                          choice; every step's answer kinds judged on the first step's session with a
//                          typed answer made from the input (never a crash, a verdict or "not ready");
//   parse_goal_number, read_typed_number/vector -> a finite value, or a message (with a position for
//                          parse_goal_number).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/lesson/goal_expression.hpp"
#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_exercise.hpp"
#include "core/lesson/lesson_markup.hpp"
#include "core/session/session.hpp"
#include "fuzz_check.hpp"

namespace {

constexpr std::uint64_t kMaxFuzzVisits = 2000;
constexpr std::size_t kMaxFuzzPoints = 500;

pl::GoalFacts varied_facts(std::size_t salt) {
    pl::GoalFacts f;
    f.points = salt % 7;
    f.mistakes = salt % 5;
    f.accuracy = static_cast<double>(salt % 11) / 10.0;
    f.separable = salt % 2 == 0;
    f.converged = salt % 3 == 0;
    if (salt % 4 == 1) f.set_undefined(pl::GoalName::GammaStar, "the data are not separable");
    return f;
}

void check_goal_result(const pl::Goal& goal, const pl::GoalFacts& facts) {
    FUZZ_CHECK(!goal.nodes.empty(), "parsed goal without nodes");
    const bool holds = pl::evaluate_goal(goal, facts);
    const pl::GoalCheck check = pl::check_goal(goal, facts);
    FUZZ_CHECK(check.passed == holds, "check_goal disagrees with evaluate_goal");
    FUZZ_CHECK(holds || !check.message.empty(), "a failed goal without an explanation: " + goal.text);
    for (const pl::GoalNode& node : goal.nodes)
        if (node.kind == pl::GoalNode::Kind::Compare) {
            // The canonical text of each comparison parses again.
            FUZZ_CHECK(pl::parse_goal(pl::describe_comparison(node.compare)).ok, pl::describe_comparison(node.compare));
        }
}

void check_markup(std::string_view text) {
    const pl::MarkupResult markup = pl::parse_markup(text);
    FUZZ_CHECK(markup.error.empty() == (markup.position == 0), "markup error without position (or the reverse)");
    for (const pl::TextParagraph& paragraph : markup.paragraphs) {
        FUZZ_CHECK(!paragraph.empty(), "empty paragraph");
        for (std::size_t i = 0; i < paragraph.size(); ++i) {
            FUZZ_CHECK(!paragraph[i].text.empty(), "empty run");
            FUZZ_CHECK(i == 0 || paragraph[i].style != paragraph[i - 1].style, "two runs of one style in a row");
        }
    }
}

void check_lesson(std::string_view text) {
    const pl::LessonParse parsed = pl::parse_lesson(text);
    if (!parsed.ok) {
        FUZZ_CHECK(!parsed.error.empty(), "refused without a message");
        FUZZ_CHECK(parsed.lesson.steps.empty(), "refused lesson came back half read");
        return;
    }
    const pl::Lesson& lesson = parsed.lesson;
    FUZZ_CHECK(!lesson.steps.empty(), "a lesson without steps was accepted");
    const std::string json = pl::lesson_to_json(lesson);
    const pl::LessonParse again = pl::parse_lesson(json);
    FUZZ_CHECK(again.ok, "lesson_to_json output does not load: " + again.error);
    FUZZ_CHECK(pl::lesson_to_json(again.lesson) == json, "lesson JSON round trip is not stable");

    for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
        const pl::LessonStep& step = lesson.steps[k];
        FUZZ_CHECK(!step.has_quiz() || step.answer < step.choices.size(), "answer out of range was accepted");
        FUZZ_CHECK(std::is_sorted(step.answers.begin(), step.answers.end()) &&
                       std::adjacent_find(step.answers.begin(), step.answers.end()) == step.answers.end(),
                   "select-all answers not ascending and distinct");
        FUZZ_CHECK(step.answers.empty() || step.answers.back() < step.choices.size(), "select-all answer out of range");
        FUZZ_CHECK(step.feedback.empty() || step.feedback.size() == step.choices.size(), "feedback not one per choice");
        check_markup(step.text);
        if (step.goal) check_goal_result(*step.goal, varied_facts(k));
    }
    const pl::LessonStep& first = lesson.steps.front();
    if (first.state && first.state->data.size() <= kMaxFuzzPoints) {
        pl::WidgetState state = *first.state;
        state.trained_visits = std::min<std::uint64_t>(state.trained_visits, kMaxFuzzVisits);
        state.config.max_epochs = std::min(state.config.max_epochs, 20);
        pl::Session session(state);
        session.step();
        const pl::GoalFacts facts = pl::goal_facts(session);
        FUZZ_CHECK(facts.points == session.state().data.size(), "points fact out of step");
        for (const pl::LessonStep& step : lesson.steps)
            if (step.goal) check_goal_result(*step.goal, facts);
        // Every answer kind judged on this session (keys on a step's own state build their own).
        for (std::size_t k = 0; k < lesson.steps.size() && k < 4; ++k) {
            const pl::LessonStep& step = lesson.steps[k];
            if (step.state && (step.state->data.size() > kMaxFuzzPoints || step.state->trained_visits > kMaxFuzzVisits)) continue;
            pl::StepAnswer answer;
            answer.choice = static_cast<std::uint32_t>(k % 3);
            answer.selected = static_cast<std::uint32_t>(k + 1);
            answer.values.assign(k % 4, 0.5 * static_cast<double>(k));
            answer.predicted_mistake = k % 2 == 0;
            const pl::ExerciseJudgement j = pl::judge_exercise(step, answer, session);
            FUZZ_CHECK(j.passed || !j.problem.empty(), "an answer judged wrong without a reason");
            FUZZ_CHECK(!step.select_all() || !j.ready || j.marks.size() == step.choices.size(), "select-all without a mark per choice");
        }
    }
}

void check_typed(std::string_view text) {
    const pl::GoalNumberParse parsed = pl::parse_goal_number(text);
    if (!parsed.ok) {
        FUZZ_CHECK(parsed.error.rfind("position ", 0) == 0, "number error without a position: " + parsed.error);
        FUZZ_CHECK(parsed.position >= 1 && parsed.position <= text.size() + 1, "number error position out of range");
    }
    double x = 0;
    if (pl::read_typed_number(text, x).empty()) FUZZ_CHECK(std::isfinite(x), "a typed number that is not finite");
    std::vector<double> v;
    if (pl::read_typed_vector(text, v).empty()) {
        FUZZ_CHECK(!v.empty() && v.size() <= pl::kMaxVectorAnswerLength, "a typed vector of a bad length");
        for (double c : v) FUZZ_CHECK(std::isfinite(c), "a typed component that is not finite");
    }
}

void check_goal_text(std::string_view text) {
    const pl::GoalParse parsed = pl::parse_goal(text);
    if (parsed.ok) {
        FUZZ_CHECK(parsed.goal.text == text, "goal text not kept");
        check_goal_result(parsed.goal, varied_facts(text.size()));
        return;
    }
    FUZZ_CHECK(parsed.error.rfind("position ", 0) == 0, "goal error without a position: " + parsed.error);
    FUZZ_CHECK(parsed.position >= 1 && parsed.position <= text.size() + 1, "goal error position out of range");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(bytes), size);
    check_lesson(text);
    check_goal_text(text);
    if (size <= pl::kMaxGoalLength) check_typed(text);
    if (size <= pl::kMaxStepTextLength) check_markup(text);
    return 0;
}
