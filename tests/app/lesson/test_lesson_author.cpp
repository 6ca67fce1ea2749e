// The Author mode's draft: screens become steps, the quiz fields follow the step, and what the checks
// accept loads back as the same lesson.
#include <doctest/doctest.h>

#include <algorithm>

#include "app/lesson/lesson_author.hpp"
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
