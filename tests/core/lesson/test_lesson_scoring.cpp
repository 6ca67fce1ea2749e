// How a lesson scores (issue 40, item 3): "scoring": "passed" (every passed step counts) or "first-try"
// (a step counts only when its first check passed). Read, written back and refused as the format says;
// counted by the record, carried by the token (a 0.1.0 token without it reads as "passed"), said by the
// card's note, and the lesson complete whatever the score.
#include <doctest/doctest.h>

#include "core/lesson/lesson_result.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/base/base64url.hpp"

using namespace pl;

namespace {

// Three checked steps: a quiz (answer 1), a number (7), a text step without a check, a quiz (answer 0).
const char* kLesson = R"({"version": 2, "id": "first-tries", "title": "First tries", "scoring": "first-try", "steps": [
    {"title": "Q1", "text": "Which?", "choices": ["a", "b"], "answer": 1},
    {"title": "N", "text": "How many?", "number": {"answer": 7, "tolerance": 0.01}},
    {"title": "Read", "text": "Nothing to check."},
    {"title": "Q2", "text": "Which?", "choices": ["c", "d"], "answer": 0}]})";

Lesson lesson_of(const std::string& json) {
    const LessonParse parsed = parse_lesson(json);
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    return parsed.lesson;
}

}  // namespace

TEST_CASE("scoring: read on the lesson, written back, version 2 only, and a bad value is refused in one sentence") {
    const Lesson lesson = lesson_of(kLesson);
    CHECK(lesson.scoring == std::optional<Scoring>(Scoring::FirstTry));
    CHECK(lesson.scoring_rule() == Scoring::FirstTry);
    const Lesson again = lesson_of(lesson_to_json(lesson));
    CHECK(again.scoring == std::optional<Scoring>(Scoring::FirstTry));
    CHECK(lesson_to_json(again) == lesson_to_json(lesson));

    // Absent: "passed", and nothing is written (the lesson's text and hash stay as they were).
    const Lesson plain = lesson_of(R"({"id": "p", "title": "P", "steps": [{"title": "A", "text": "T"}]})");
    CHECK_FALSE(plain.scoring.has_value());
    CHECK(plain.scoring_rule() == Scoring::Passed);
    CHECK(lesson_to_json(plain).find("scoring") == std::string::npos);
    // An explicit "passed" is kept as written (and makes the lesson version 2).
    const Lesson passed = lesson_of(R"({"version": 2, "id": "p", "title": "P", "scoring": "passed", "steps": [{"title": "A", "text": "T"}]})");
    CHECK(passed.scoring == std::optional<Scoring>(Scoring::Passed));
    CHECK(lesson_to_json(passed).find("\"scoring\": \"passed\"") != std::string::npos);
    // A "first-try" lesson built in code (Author mode) is written as version 2.
    Lesson built = plain;
    built.scoring = Scoring::FirstTry;
    CHECK(lesson_to_json(built).find("\"version\": 2") != std::string::npos);
    CHECK(validate_lesson(built).empty());

    const LessonParse bad = parse_lesson(R"({"version": 2, "id": "p", "title": "P", "scoring": "best", "steps": [{"title": "A", "text": "T"}]})");
    CHECK_FALSE(bad.ok);
    CHECK(bad.error == "The lesson: \"scoring\" must be \"passed\" or \"first-try\", but it is \"best\".");
    const LessonParse number = parse_lesson(R"({"version": 2, "id": "p", "title": "P", "scoring": 1, "steps": [{"title": "A", "text": "T"}]})");
    CHECK_FALSE(number.ok);
    CHECK(number.error == "The lesson: \"scoring\" must be \"passed\" or \"first-try\", but it is 1.");
    const LessonParse v1 = parse_lesson(R"({"id": "p", "title": "P", "scoring": "first-try", "steps": [{"title": "A", "text": "T"}]})");
    CHECK_FALSE(v1.ok);
    CHECK(v1.error == "The lesson: \"scoring\" is a version 2 key: put \"version\": 2 at the top of the lesson.");
    const LessonParse on_step = parse_lesson(R"({"version": 2, "id": "p", "title": "P", "steps": [{"title": "A", "text": "T", "scoring": "first-try"}]})");
    CHECK_FALSE(on_step.ok);  // the rule is the lesson's: a step has no key of that name
}

TEST_CASE("scoring: first-try counts a step only when its first check passed, and the lesson is complete all the same") {
    Session session;
    LessonRun run;
    run.open(session, lesson_of(kLesson), 0, true);
    CHECK(run.scoring_note() == "Scored at the first try: this step counts toward your score only if your first Check passes.");
    run.choose(1);
    CHECK(run.check(session).passed);  // Q1 at the first try: counts
    CHECK(run.scoring_note() == "Passed at the first try: this step counts toward your score.");

    REQUIRE(run.go_to(session, 1));
    CHECK(run.set_answer("6").empty());
    CHECK_FALSE(run.check(session).passed);  // N: wrong first, then right: passed, does not count
    CHECK(run.scoring_note().rfind("Your first try did not pass, so this step does not count", 0) == 0);
    CHECK(run.set_answer("7").empty());
    CHECK(run.check(session).passed);
    CHECK(run.scoring_note().rfind("Your first try did not pass", 0) == 0);  // a later pass does not change that

    REQUIRE(run.go_to(session, 2));
    CHECK(run.scoring_note().empty());  // nothing to check here

    REQUIRE(run.go_to(session, 3));
    run.choose(1);
    CHECK_FALSE(run.check(session).passed);
    run.choose(0);
    CHECK(run.check(session).passed);  // Q2: second try

    CHECK(run.checks_passed() == 3);
    CHECK(run.checks_counted() == 1);
    const LessonResult r = *lesson_result(run, session);
    CHECK(r.scoring == Scoring::FirstTry);
    CHECK(r.max == 3);
    CHECK(r.raw == 1);
    CHECK(r.scaled == doctest::Approx(1.0 / 3.0));
    CHECK(r.completed);  // every check passed: done, with a score of 1 of 3
    CHECK(result_json(r).find(R"("score":{"raw":1,"max":3,"scaled":0.3333333333333333,"scoring":"first-try"})") != std::string::npos);

    // The token carries the rule; the reader counts by it again (it trusts no count in the token).
    const TokenRead back = read_token(result_token(r));
    REQUIRE_MESSAGE(back.ok, back.error);
    CHECK(back.result.scoring == Scoring::FirstTry);
    CHECK(back.result.raw == 1);
    CHECK(back.result.completed);
}

TEST_CASE("scoring: the same run under passed scores every passed step, and a passed lesson says nothing on the card") {
    std::string json = kLesson;
    json.replace(json.find("\"scoring\": \"first-try\", "), std::string("\"scoring\": \"first-try\", ").size(), "");
    Session session;
    LessonRun run;
    run.open(session, lesson_of(json), 0, true);
    CHECK(run.scoring_note().empty());
    run.choose(0);
    CHECK_FALSE(run.check(session).passed);
    run.choose(1);
    CHECK(run.check(session).passed);
    const LessonResult r = *lesson_result(run, session);
    CHECK(r.scoring == Scoring::Passed);
    CHECK(r.raw == 1);  // passed at the second try: counts under "passed"
    CHECK(run.checks_counted() == 1);
    CHECK_FALSE(r.completed);
}

TEST_CASE("scoring: a token without the key (0.1.0) reads as passed, and a bad value is damage") {
    Session session;
    LessonRun run;
    run.open(session, lesson_of(kLesson), 0, true);
    run.choose(0);
    CHECK_FALSE(run.check(session).passed);
    run.choose(1);
    CHECK(run.check(session).passed);
    const std::string json = result_json(*lesson_result(run, session));
    const auto token_of = [](const std::string& text) {
        return std::string(kResultTokenPrefix) + base64url_encode(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    };
    const std::string rule = R"(,"scoring":"first-try")";
    REQUIRE(json.find(rule) != std::string::npos);

    std::string old = json;
    old.erase(old.find(rule), rule.size());
    const TokenRead read_old = read_token(token_of(old));
    REQUIRE_MESSAGE(read_old.ok, read_old.error);
    CHECK(read_old.result.scoring == Scoring::Passed);
    CHECK(read_old.result.raw == 1);  // the step passed at its second try counts under "passed"

    std::string bad = json;
    bad.replace(bad.find(rule), rule.size(), R"(,"scoring":"most")");
    const TokenRead read_bad = read_token(token_of(bad));
    CHECK_FALSE(read_bad.ok);
    CHECK(read_bad.error == "The result token is damaged: its score's \"scoring\" is not \"passed\" or \"first-try\".");
}
