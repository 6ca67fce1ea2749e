// A lesson in progress: entering steps, checking goals and quizzes against the live session, and
// keeping the position in the state so a link reopens the same step.
#include <doctest/doctest.h>

#include "core/lesson/lesson_run.hpp"
#include "core/state/state_codec.hpp"

using namespace pl;

TEST_CASE("lesson run: the update-rule lesson, step by step, judged on the live session") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    CHECK(run.is_builtin());
    CHECK(session.state().lesson == "update-rule");
    CHECK(session.state().lesson_step == 0);
    CHECK(session.state().config.bias == BiasMode::None);  // lecture 004's setting, from the step's state
    CHECK(session.state().panels.training_section);
    CHECK_FALSE(session.state().panels.data_section);     // not in this step's controls
    CHECK(session.state().panels.theory);

    // Goal "mistakes >= 1": fails before the student acts, passes after one Step.
    CHECK_FALSE(run.check(session).passed);
    CHECK(run.verdict().message.find("Hint: Press Step") != std::string::npos);
    session.step();
    CHECK(run.check(session).passed);

    // Step 2 is a quiz: w after the next mistake is (2, 1), the third choice.
    REQUIRE(run.go_to(session, 1));
    CHECK(session.state().lesson_step == 1);
    CHECK(session.learner().visits() == 1);  // the step's state: one visit done
    CHECK(run.check(session).message == "Pick an answer first.");
    run.choose(0);
    CHECK_FALSE(run.check(session).passed);
    run.choose(2);
    CHECK(run.check(session).passed);
    CHECK(run.verdict().message.rfind("Right:", 0) == 0);

    // Step 3 has no state: the student's session stays as it is.
    const std::uint64_t visits = session.learner().visits();
    REQUIRE(run.go_to(session, 2));
    CHECK(session.learner().visits() == visits);
    CHECK_FALSE(run.go_to(session, 99));
}

TEST_CASE("lesson run: the position travels in a link and a fresh session follows it") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "xor-lift", 0, true).empty());
    REQUIRE(run.go_to(session, 1));
    session.add_point({0.25, 0.5}, 1);  // the student's own edit inside the step
    const std::string link = encode_fragment(session.state());
    CHECK(link.find("lesson=xor-lift") != std::string::npos);
    CHECK(link.find("step=1") != std::string::npos);

    const DecodeResult decoded = decode_fragment(link);
    REQUIRE(decoded.ok);
    Session fresh;
    fresh.load_state(decoded.state);
    LessonRun reopened;
    CHECK(reopened.follow_state(fresh).empty());
    REQUIRE(reopened.is_open());
    CHECK(reopened.lesson().id == "xor-lift");
    CHECK(reopened.step() == 1);
    CHECK(fresh.state().data.size() == session.state().data.size());  // the edit is kept, not the step's state

    WidgetState unknown = decoded.state;
    unknown.lesson = "no-such-lesson";
    fresh.load_state(unknown);
    CHECK(reopened.follow_state(fresh).find("no built-in lesson called \"no-such-lesson\"") != std::string::npos);
    CHECK(fresh.state().lesson.empty());
    CHECK_FALSE(reopened.is_open());
}

TEST_CASE("lesson run: an instructor's lesson, and closing") {
    const LessonParse parsed = parse_lesson(R"({"id": "mine", "title": "Mine", "steps": [
        {"title": "Five points", "text": "Add points until there are five.", "goal": "points >= 5", "controls": ["data"]}]})");
    REQUIRE(parsed.ok);
    Session session;
    LessonRun run;
    run.open(session, parsed.lesson, 0, true);
    CHECK_FALSE(run.is_builtin());
    CHECK(session.state().panels.data_section);
    CHECK_FALSE(session.state().panels.training_section);
    CHECK_FALSE(run.check(session).passed);
    CHECK(run.verdict().message == "Not yet: points >= 5 is not met: points is 4.");
    session.add_point({3, 3}, 1);
    CHECK(run.check(session).passed);
    CHECK(run.verdict().message == "Well done.");
    run.close(session);
    CHECK_FALSE(run.is_open());
    CHECK(session.state().lesson.empty());
}

TEST_CASE("lesson run: an instructor's lesson that reuses a built-in id stays the instructor's") {
    const LessonParse parsed = parse_lesson(R"({"id": "update-rule", "title": "My own update rule", "steps": [
        {"title": "One", "text": "Mine."}, {"title": "Two", "text": "Also mine."}]})");
    REQUIRE(parsed.ok);
    Session session;
    LessonRun run;
    run.open(session, parsed.lesson, 1, true);
    CHECK_FALSE(run.is_builtin());
    CHECK(run.lesson().title == "My own update rule");
    CHECK(run.follow_state(session).empty());  // the state names the same id and step: nothing changes
    CHECK(run.lesson().title == "My own update rule");
    CHECK(run.step() == 1);
}

TEST_CASE("lesson run: leaving remembers the step, and reopening there keeps the student's work") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    REQUIRE(run.go_to(session, 2));
    session.step();
    const std::uint64_t visits = session.learner().visits();
    run.leave(session);
    CHECK_FALSE(run.is_open());
    CHECK(session.state().lesson.empty());
    CHECK(session.state().panels.data_section);  // the step hid it; the lesson list lives there
    REQUIRE(run.can_reopen());
    CHECK(run.left_lesson()->id == "update-rule");
    CHECK(run.left_step() == 2);
    REQUIRE(run.reopen_left(session));
    CHECK(run.is_builtin());
    CHECK(run.step() == 2);
    CHECK(session.state().lesson == "update-rule");
    CHECK(session.state().lesson_step == 2);
    CHECK(session.learner().visits() == visits);  // the step is not set up again
    CHECK_FALSE(run.can_reopen());
    run.close(session);  // the handle's close: nothing to reopen
    CHECK_FALSE(run.can_reopen());
}

TEST_CASE("lesson run: Finish says the lesson is complete and counts the checks passed once each") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    CHECK(run.check_count() == 4);
    session.step();
    CHECK(run.check(session).passed);
    CHECK(run.check(session).passed);  // passing again counts once
    REQUIRE(run.go_to(session, 3));
    run.finish();
    CHECK(run.finished());
    CHECK(run.is_open());
    CHECK(run.checks_passed() == 1);
    REQUIRE(run.go_to(session, 3));  // moving on ends the summary
    CHECK_FALSE(run.finished());
}
