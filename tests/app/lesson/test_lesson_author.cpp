// The Author mode's draft: screens become steps, the quiz fields follow the step, and what the checks
// accept loads back as the same lesson.
#include <doctest/doctest.h>

#include <algorithm>

#include "app/lesson/lesson_author.hpp"
#include "core/facts/describe.hpp"
#include "core/facts/goal_facts.hpp"
#include "core/lesson/lesson_run.hpp"

using namespace pl;
using namespace pl::app;

TEST_CASE("author: two screens become a lesson that loads back and runs") {
    Session session;
    LessonDraft draft;
    CHECK(draft.problem().rfind("Add at least one step", 0) == 0);
    draft.add_step(session);  // the four lecture points
    session.add_point({2, -2}, -1);
    draft.add_step(session);  // five points
    REQUIRE(draft.lesson.steps.size() == 2);
    CHECK(draft.selected == 1);
    CHECK(draft.lesson.steps[1].state->data.size() == 5);
    CHECK(draft.problem().empty());

    LessonStep& second = draft.lesson.steps[1];
    second.goal = parse_goal("points >= 6").goal;
    draft.choices_text = "yes\nno\n\n";
    draft.answer = 2;
    draft.sync_quiz();
    CHECK(second.choices == std::vector<std::string>{"yes", "no"});
    CHECK(second.answer == 1);
    CHECK(draft.problem().empty());

    const LessonParse back = parse_lesson(lesson_to_json(draft.lesson));
    REQUIRE(back.ok);
    CHECK(back.lesson.steps.size() == 2);
    CHECK(back.lesson.steps[1].goal->text == "points >= 6");

    // Tried as a student: step 2 starts from its five points.
    Session student;
    LessonRun run;
    run.open(student, back.lesson, 1, true);
    CHECK(student.state().data.size() == 5);
    student.add_point({3, 3}, 1);
    run.choose(1);
    CHECK(run.check(student).passed);
}

TEST_CASE("author: a typo in a goal or a quiz without choices is reported, naming the step") {
    Session session;
    LessonDraft draft;
    draft.add_step(session);
    draft.lesson.steps[0].goal = Goal{"points >= 5 and separble == false", {}};  // kept as typed
    const std::string problem = draft.problem();
    CHECK(problem.rfind("Step 1:", 0) == 0);
    CHECK(problem.find("separable") != std::string::npos);  // the suggestion
    draft.lesson.steps[0].goal.reset();
    draft.choices_text = "only one";
    draft.sync_quiz();
    CHECK(draft.problem().rfind("Step 1:", 0) == 0);
    draft.remove_selected();
    CHECK(draft.lesson.steps.empty());
}

TEST_CASE("author: steps move, and the panels a step shows come from the switches") {
    Session session;
    LessonDraft draft;
    draft.add_step(session);
    PanelState p = session.state().panels;
    p.data_section = false;
    p.lift_view = true;
    session.set_panels(p);
    draft.add_step(session);
    draft.move_selected(-1);
    CHECK(draft.selected == 0);
    const auto& controls = *draft.lesson.steps[0].controls;
    CHECK(std::find(controls.begin(), controls.end(), LessonPanel::Lift) != controls.end());
    CHECK(std::find(controls.begin(), controls.end(), LessonPanel::Data) == controls.end());
    const PanelState back = panels_for(controls, PanelState{});
    CHECK(back.lift_view);
    CHECK_FALSE(back.data_section);
}

TEST_CASE("author: a step that keeps the student's work stores no state, and opening it changes nothing") {
    Session session;
    LessonDraft draft;
    draft.add_step(session);
    session.add_point({2, -2}, -1);
    draft.add_step(session);
    draft.set_keeps_work(true, session);
    CHECK_FALSE(draft.lesson.steps[1].state.has_value());
    CHECK(draft.problem().empty());
    const LessonParse back = parse_lesson(lesson_to_json(draft.lesson));
    REQUIRE(back.ok);
    CHECK_FALSE(back.lesson.steps[1].state.has_value());

    Session student;
    student.add_point({3, 3}, 1);
    student.step();
    const std::size_t points = student.state().data.size();
    const std::uint64_t visits = student.learner().visits();
    LessonRun run;
    run.open(student, back.lesson, 1, true);
    CHECK(student.state().data.size() == points);
    CHECK(student.learner().visits() == visits);
    draft.set_keeps_work(false, session);  // takes the screen again
    CHECK(draft.lesson.steps[1].state->data.size() == 5);
}

TEST_CASE("author: the right answer is named as the author counts it, from 1") {
    Session session;
    LessonDraft draft;
    draft.add_step(session);
    draft.choices_text = "a\nb\nc";
    draft.answer = 4;
    draft.sync_quiz();
    CHECK(draft.problem() == "Step 1: the right answer is number 4, but the quiz has only 3 choices (count from 1: 1 is the first choice).");
    draft.answer = 3;
    draft.sync_quiz();
    CHECK(draft.problem().empty());
    CHECK(draft.lesson.steps[0].answer == 2);  // the JSON counts from 0
}

TEST_CASE("author: the step text wraps in its field and comes back as typed") {
    const auto measure = [](std::string_view s) { return static_cast<float>(s.size()); };  // 1 per byte
    const std::string plain = "one two three four\n\nfive six seven";
    const std::string shown = soft_wrap(plain, 9.0f, measure);
    CHECK(shown == "one two\r\nthree\r\nfour\n\nfive six\r\nseven");
    CHECK(soft_unwrap(shown) == plain);
    // The cursor after "three" stays after "three"; a soft break is one character (the space) of the text.
    CHECK(plain_offset(shown, shown.find("four")) == plain.find("four"));
    CHECK(shown_offset(shown, plain.find("four")) == shown.find("four"));
    CHECK(shown_offset(shown, plain.size()) == shown.size());
    // Deleting the line break of a soft wrap joins the words (the author erased the break).
    std::string erased = shown;
    erased.erase(erased.find("\r\nthree") + 1, 1);
    CHECK(soft_unwrap(erased) == "one twothree four\n\nfive six seven");
    // A word longer than a line stays whole on its own line.
    CHECK(soft_wrap("a verylongword b", 5.0f, measure) == "a\r\nverylongword\r\nb");
}

// [SECTION] What a step asks (issue 24): every exercise kind edited in place
namespace {
std::string saved(const LessonDraft& draft) { return lesson_to_json(draft.lesson); }
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("author: a number key is checked as typed, with the position of a typo, then its value now") {
    Session session;  // the four lecture points: separable, so gamma_star and bound are defined
    LessonDraft draft;
    draft.add_step(session);
    draft.set_kind(AskKind::Number);
    CHECK(contains(draft.problem(), "Step 1: the key is not valid: type the key"));
    draft.number_key_text = "R / gamma_str";
    draft.set_number_key();
    const KeyCheck typo = check_number_key(draft.number_key_text, session);
    CHECK_FALSE(typo.ok);
    CHECK(typo.message.rfind("position 5:", 0) == 0);
    CHECK(contains(typo.message, "gamma_star"));  // the suggestion
    CHECK(draft.problem() == "Step 1: the key is not valid: " + typo.message);

    draft.number_key_text = "R / gamma_star";
    draft.set_number_key();
    const KeyCheck fixed = check_number_key(draft.number_key_text, session);
    REQUIRE(fixed.ok);
    double value = 0;
    std::string why;
    REQUIRE(goal_number_value(parse_goal_number("R / gamma_star").number, goal_facts(session), value, why));
    CHECK(fixed.message == "now: " + display_number(value));
    CHECK(draft.problem().empty());
    draft.lesson.steps[0].number->tolerance = 0.05;  // as the tolerance field does
    draft.lesson.steps[0].number->tolerance_written = true;
    const LessonParse back = parse_lesson(saved(draft));
    REQUIRE(back.ok);
    CHECK(contains(saved(draft), "\"version\": 2"));
    CHECK(back.lesson.steps[0].number->expression->text == "R / gamma_star");
    CHECK(back.lesson.steps[0].number->tolerance == 0.05);

    // A plain number is saved as a number; a key with no value on this screen says why.
    draft.number_key_text = "2.5";
    draft.set_number_key();
    CHECK(check_number_key("2.5", session).message == "now: 2.5");
    CHECK(contains(saved(draft), "\"answer\": 2.5"));
    const auto& data = session.state().data;
    session.add_point({data.points[0][0], data.points[0][1]}, -data.labels[0]);  // the same point, other label: not separable
    const KeyCheck undefined = check_number_key("gamma_star", session);
    CHECK(undefined.ok);
    CHECK(undefined.message.rfind("undefined now: ", 0) == 0);
}

TEST_CASE("author: a vector key is w, next_w or numbers, checked as typed") {
    Session session;
    LessonDraft draft;
    draft.add_step(session);
    draft.set_kind(AskKind::Vector);
    draft.vector_key_text = "nextw";
    draft.set_vector_key();
    CHECK(check_vector_key("nextw", session).message == "not w, next_w or a list of numbers (did you mean next_w?)");
    CHECK(contains(draft.problem(), "Step 1: the key is not valid: not w, next_w"));
    CHECK(check_vector_key("1, -2", session).message == "now: (1, \xE2\x88\x92" "2)");
    draft.vector_key_text = "next_w";
    draft.set_vector_key();
    const KeyCheck next = check_vector_key(draft.vector_key_text, session);
    CHECK(next.ok);
    CHECK(next.message == "now: " + vector_text(vector_key_value(VectorKey{}, session).values));
    CHECK(draft.problem().empty());
    const LessonParse back = parse_lesson(saved(draft));
    REQUIRE(back.ok);
    CHECK(back.lesson.steps[0].vector->source == VectorKey::Source::NextW);
}

TEST_CASE("author: select all with feedback per choice, and tries limited") {
    Session session;
    LessonDraft draft;
    draft.add_step(session);
    draft.set_kind(AskKind::SelectAll);
    CHECK(contains(draft.problem(), "type the choices"));
    draft.choices_text = "the margin\nthe radius\nthe colour\n";
    draft.sync_quiz();
    CHECK(draft.problem() == "Step 1: mark at least one choice right (select all that apply)");
    draft.set_right(0, true);
    draft.set_right(1, true);
    draft.feedback_texts[2] = "The colour is only how the points are drawn.";
    draft.sync_quiz();
    draft.set_limit_tries(true);
    CHECK(draft.problem().empty());
    const LessonParse back = parse_lesson(saved(draft));
    REQUIRE(back.ok);
    const LessonStep& step = back.lesson.steps[0];
    CHECK(step.answers == std::vector<std::size_t>{0, 1});
    CHECK(step.feedback == std::vector<std::string>{"", "", "The colour is only how the points are drawn."});
    CHECK(step.max_attempts == std::optional<std::uint32_t>(3));
    draft.set_right(0, false);
    CHECK(draft.lesson.steps[0].answers == std::vector<std::size_t>{1});

    // Another step and back: the fields come back from the step.
    draft.add_step(session);
    CHECK(draft.kind == AskKind::Nothing);
    CHECK(draft.choices_text.empty());
    draft.selected = 0;
    draft.load_selected();
    CHECK(draft.kind == AskKind::SelectAll);
    CHECK(draft.choices_text == "the margin\nthe radius\nthe colour\n");
    CHECK(draft.feedback_texts[2] == "The colour is only how the points are drawn.");
    // One answer keeps the first right choice; feedback stays.
    draft.set_kind(AskKind::OneAnswer);
    CHECK(draft.lesson.steps[0].answers.empty());
    CHECK(draft.lesson.steps[0].answer == 1);
    CHECK(draft.problem().empty());
}

TEST_CASE("author: predict then step, with the new w, and Nothing leaves a version 1 lesson") {
    Session session;
    LessonDraft draft;
    draft.add_step(session);
    draft.set_kind(AskKind::Number);
    draft.number_key_text = "bound";
    draft.set_number_key();
    draft.set_limit_tries(true);
    draft.set_kind(AskKind::Predict);  // the number key goes: a step asks one thing
    draft.lesson.steps[0].vector = VectorKey{};  // "Also ask for the new w"
    CHECK(draft.problem().empty());
    const LessonParse back = parse_lesson(saved(draft));
    REQUIRE(back.ok);
    CHECK(back.lesson.steps[0].predict);
    CHECK_FALSE(back.lesson.steps[0].number.has_value());
    CHECK(back.lesson.steps[0].vector->source == VectorKey::Source::NextW);
    CHECK(back.lesson.steps[0].max_attempts.has_value());
    draft.set_kind(AskKind::Nothing);  // nothing to answer: no tries to limit either
    CHECK(draft.problem().empty());
    CHECK(contains(saved(draft), "\"version\": 1"));
}
