// Typed answers with powers (issue 41 item 12): a student who works the bound out as "(2.449/1.038)^2"
// is read like any other typed number, and text that does not read gets one message, the parse error,
// at the field and at Check alike (not also "Type a number first.", which would deny anything was typed).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/lesson/lesson_run.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {

Lesson one_step(LessonStep step) {
    step.title = "Q";
    step.text = "Answer.";
    Lesson lesson{"powers", "Powers", {std::move(step)}, std::nullopt, std::nullopt};
    REQUIRE(validate_lesson(lesson).empty());
    return lesson;
}

// A number step whose key is the bound of the lecture's four points with the bias absorbed (the default
// state): R² = 6 (the point (2, 1) with its 1), γ*² = 14/13, so (R/γ*)² = 39/7 = 5.5714...
LessonStep bound_step(double tolerance) {
    LessonStep step;
    step.state = Session::default_state();
    NumberKey key;
    const GoalNumberParse parsed = parse_goal_number("bound");
    REQUIRE(parsed.ok);
    key.expression = parsed.number;
    key.tolerance = tolerance;
    step.number = key;
    return step;
}

// (2.449 / 1.038)^2 by hand: 2.449 / 1.038 = 2.3593448940..., squared 5.5665083289...
constexpr double kTypedBound = 5.566508328971157;

}  // namespace

TEST_CASE("typed answer: a power reads as the number it is") {
    double x = 0;
    CHECK(read_typed_number("(2.449/1.038)^2", x).empty());
    CHECK(x == doctest::Approx(kTypedBound).epsilon(1e-14));
    CHECK(read_typed_number("2^10", x).empty());
    CHECK(x == 1024);
    CHECK(read_typed_number("-2^2", x).empty());
    CHECK(x == -4);
    CHECK(read_typed_number("\xE2\x88\x92" "2^2", x).empty());  // the printed minus sign, the same way
    CHECK(x == -4);
    CHECK(read_typed_number("(\xE2\x88\x92" "2)^2", x).empty());
    CHECK(x == 4);
    CHECK(read_typed_number("2^-1", x).empty());
    CHECK(x == 0.5);
    CHECK(read_typed_number("2^3^2", x).empty());
    CHECK(x == 512);
    CHECK(read_typed_number("sqrt(6)^2 / (14/13)", x).empty());
    CHECK(x == doctest::Approx(39.0 / 7.0).epsilon(1e-14));
    CHECK(read_typed_number("10^400", x) == "That number has no value: '10^400' has no value: it is too large.");
    CHECK(read_typed_number("(-8)^(1/3)", x).find("a negative number to a power that is not a whole number") != std::string::npos);
    CHECK(read_typed_number("gamma_star^2", x).find("not the name of a fact") != std::string::npos);
}

TEST_CASE("typed answer: the components of a vector take powers too") {
    std::vector<double> v;
    CHECK(read_typed_vector("2^2, -2^-1", v).empty());
    CHECK(v == std::vector<double>{4, -0.5});
    CHECK(read_typed_vector("[3^2 (1/2)^2]", v).empty());
    CHECK(v == std::vector<double>{9, 0.25});
    CHECK(read_typed_vector("1, 2^", v) ==  // the position counts in " 2^"
          "Component 2: That is not a number: position 4: expected a number or a name after '^', found the end. Type for example 2.5, 39/7 or sqrt(5).");
}

TEST_CASE("typed answer: (2.449/1.038)^2 is judged against the key bound = 39/7") {
    Session session;
    {
        LessonRun run;
        run.open(session, one_step(bound_step(0.01)), 0, true);
        CHECK(run.set_answer("(2.449/1.038)^2").empty());
        REQUIRE(run.answer().values.size() == 1);
        CHECK(run.answer().values[0] == doctest::Approx(kTypedBound).epsilon(1e-14));
        CHECK(run.answer().typed == "(2.449/1.038)^2");
        // |5.56651 - 5.57143| = 0.0049, within 0.01.
        CHECK(run.check(session).passed);
        CHECK(run.attempts() == 1);
    }
    {
        LessonRun run;  // a key that wants three decimals: the rounded R and γ* are too coarse for it
        run.open(session, one_step(bound_step(0.001)), 0, true);
        CHECK(run.set_answer("(2.449/1.038)^2").empty());
        CHECK_FALSE(run.check(session).passed);
        CHECK(run.verdict().message == "Not this value.");
        CHECK(run.set_answer("(2.44949/1.03775)^2").empty());  // 5.57142..., within 0.001
        CHECK(run.check(session).passed);
    }
}

TEST_CASE("typed answer: text that does not read gives one message, at the field and at Check") {
    Session session;
    LessonRun run;
    run.open(session, one_step(bound_step(0.01)), 0, true);
    const std::string expected =
        "That is not a number: position 3: expected a number or a name after '^', found '^'. Type for example 2.5, 39/7 or sqrt(5).";
    CHECK(run.set_answer("2^^3") == expected);
    CHECK(run.answer().values.empty());
    const std::string said = run.check(session).message;
    CHECK(said == expected);
    CHECK(said.find("Type a number first") == std::string::npos);
    CHECK_FALSE(run.verdict().passed);
    CHECK(run.attempts() == 0);  // nothing to judge: not a try
    // Text that did not read, then nothing: Check asks for a number again.
    CHECK_FALSE(run.set_answer("  ").empty());
    CHECK(run.check(session).message == "Type a number first.");
    // Text that did not read, then text that does: the old message is gone.
    CHECK_FALSE(run.set_answer("^2").empty());
    CHECK(run.check(session).message ==
          "That is not a number: position 1: expected a number at the start, found '^'. Type for example 2.5, 39/7 or sqrt(5).");
    CHECK(run.set_answer("39/7").empty());
    CHECK(run.check(session).passed);
}

TEST_CASE("typed answer: a vector that does not read gives its component's message at Check") {
    LessonStep step;
    step.state = Session::default_state();
    VectorKey key;
    key.source = VectorKey::Source::Literal;
    key.literal = {4, 0.5};
    step.vector = key;
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    const std::string error = run.set_answer("2^2, 2^");
    CHECK(error.rfind("Component 2: That is not a number: position 4:", 0) == 0);  // counted in " 2^"
    CHECK(run.check(session).message == error);
    CHECK(run.set_answer("2^2, 2^-1").empty());
    CHECK(run.check(session).passed);
}

TEST_CASE("typed answer: a lesson's key and goal may use powers, and load and write back as written") {
    const std::string json = R"({"version": 2, "id": "power-key", "title": "Powers", "steps": [
        {"title": "Bound", "text": "What is the bound?", "state": "#d=AgQDgBCAIIAQ_w__L_8fAIAg&bias=none&v=1",
         "number": {"answer": "(R / gamma_star)^2", "tolerance": 0.01}},
        {"title": "Train", "text": "Converge.", "goal": "converged and mistakes <= (R / gamma_star)^2"}]})";
    const LessonParse parsed = parse_lesson(json);
    INFO(parsed.error);
    REQUIRE(parsed.ok);
    REQUIRE(parsed.lesson.steps[0].number);
    REQUIRE(parsed.lesson.steps[0].number->expression);
    CHECK(parsed.lesson.steps[0].number->expression->text == "(R / gamma_star)^2");
    const LessonParse again = parse_lesson(lesson_to_json(parsed.lesson));
    INFO(again.error);
    REQUIRE(again.ok);
    CHECK(again.lesson.steps[0].number->expression->text == "(R / gamma_star)^2");
    CHECK(again.lesson.steps[1].goal->text == "converged and mistakes <= (R / gamma_star)^2");
    // The key on the step's state: the lecture's points without a bias, R = √5, γ* = 1, so 5.
    Session session;
    LessonRun run;
    run.open(session, parsed.lesson, 0, true);
    CHECK(run.set_answer("sqrt(5)^2").empty());
    CHECK(run.check(session).passed);

    std::string broken = json;
    broken.replace(broken.find("(R / gamma_star)^2\", \"tol"), 18, "(R / gamma_star)^^");
    const LessonParse bad = parse_lesson(broken);
    CHECK_FALSE(bad.ok);
    CHECK(bad.error.find("\"number\"'s \"answer\" is not valid: position 18: expected a number or a name after '^', found '^'") !=
          std::string::npos);
}
