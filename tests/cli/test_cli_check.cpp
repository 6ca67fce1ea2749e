// perceptron-cli check (issue 28): tokens made by driving a real LessonRun on a real Session, then
// re-checked by the command: it passes a passed lesson, finds the one step whose state was edited,
// catches "passed" flags that the state does not bear out, and refuses bad tokens with one sentence.
#include "test_temp_path.hpp"
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/lesson/lesson_result.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/state/state_codec.hpp"
#include "options.hpp"

using namespace pl;

namespace {

const std::string kLesson = std::string(PL_TEST_DATA_DIR) + "/result_lesson.json";

struct Run {
    int code = 0;
    std::string out, err;
};

Run check(const std::string& lesson, const std::string& token, bool json = false) {
    std::vector<std::string_view> args{"--lesson", lesson, "--token", token};
    if (json) args.push_back("--json");
    std::ostringstream out, err;
    Run r;
    r.code = cli::run_check(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

// A student who walks result_lesson.json (or the same lesson in another file) and passes every step
// (the quiz on the second try).
LessonResult passed_record(const std::string& lesson_path = kLesson) {
    Session session;
    LessonRun run;
    std::string text;
    {
        std::ostringstream s;
        s << std::ifstream(lesson_path).rdbuf();
        text = s.str();
    }
    const LessonParse parsed = parse_lesson(text);
    REQUIRE(parsed.ok);
    run.open(session, parsed.lesson, 0, true);
    REQUIRE(run.go_to(session, 1));
    session.step();
    REQUIRE(run.check(session).passed);
    REQUIRE(run.go_to(session, 2));
    run.choose(0);
    REQUIRE_FALSE(run.check(session).passed);
    run.choose(1);
    REQUIRE(run.check(session).passed);
    REQUIRE(run.go_to(session, 3));
    session.train_until_converged();
    REQUIRE(run.check(session).passed);
    return *lesson_result(run, session);
}

bool one_sentence(const std::string& err) {
    return err.rfind("perceptron-cli: ", 0) == 0 && err.find('\n') == err.size() - 1 && err[err.size() - 2] == '.';
}

}  // namespace

TEST_CASE("check: a token from a passed lesson passes, with every step re-checked") {
    const LessonResult record = passed_record();
    CHECK(record.completed);
    const Run r = check(kLesson, result_token(record));
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find("Step 1 \"Read this\": no check") != std::string::npos);
    CHECK(r.out.find("Step 2 \"One step\": passed (1 attempt)") != std::string::npos);
    CHECK(r.out.find("Step 3 \"A question\": passed (2 attempts)") != std::string::npos);
    CHECK(r.out.find("Step 4 \"Train to the end\": passed (1 attempt)") != std::string::npos);
    CHECK(r.out.find("Score: 3 of 3. Passed.") != std::string::npos);

    const Run j = check(kLesson, result_token(record), true);
    CHECK(j.code == 0);
    const nlohmann::json out = nlohmann::json::parse(j.out);
    CHECK(out["passed"] == true);
    CHECK(out["score"]["raw"] == 3);
    CHECK(out["score"]["max"] == 3);
    CHECK(out["steps"][1]["judgedOn"] == "own state");
    CHECK(out["steps"][2]["attempts"] == 2);
    CHECK(out["steps"][2]["firstTry"] == false);
}

TEST_CASE("check: a state edited so one goal no longer holds fails on exactly that step") {
    LessonResult record = passed_record();
    // Step 2's state without the Step the student pressed: no mistake made yet.
    DecodeResult state = decode_fragment(record.steps[1].state);
    REQUIRE(state.ok);
    state.state.trained_visits = 0;
    record.steps[1].state = "#" + encode_fragment(state.state);
    const Run r = check(kLesson, result_token(record));
    CHECK(r.code == 1);
    CHECK(r.out.find("Step 2 \"One step\": claimed passed but does not pass") != std::string::npos);
    CHECK(r.out.find("Step 3 \"A question\": passed") != std::string::npos);
    CHECK(r.out.find("Step 4 \"Train to the end\": passed") != std::string::npos);
    CHECK(r.out.find("Score: 2 of 3. Not passed.") != std::string::npos);
}

TEST_CASE("check: passed flags on a state that does not pass are reported as such") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    REQUIRE_FALSE(run.check(session).passed);  // checked before pressing Step: not passed
    LessonResult record = *lesson_result(run, session);
    REQUIRE_FALSE(record.steps[0].progress.passed);
    record.steps[0].progress.passed = record.steps[0].progress.first_try = true;  // the flags lie
    const Run r = check("update-rule", result_token(record), true);
    CHECK(r.code == 1);
    const nlohmann::json out = nlohmann::json::parse(r.out);
    CHECK(out["steps"][0]["verdict"] == "claimed passed but does not pass");
    CHECK(out["steps"][0]["claimedPassed"] == true);
    CHECK(out["steps"][0]["passed"] == false);
    CHECK(out["steps"][1]["verdict"] == "not checked");
    CHECK(out["score"]["raw"] == 0);
}

TEST_CASE("check: another lesson, a truncated token and random bytes each exit 2 with one sentence") {
    const std::string token = result_token(passed_record());
    const Run other = check("update-rule", token);
    CHECK(other.code == 2);
    CHECK(one_sentence(other.err));
    CHECK(other.err.find("for the lesson \"result-check\", not for \"update-rule\"") != std::string::npos);
    CHECK(other.out.empty());

    const Run cut = check(kLesson, token.substr(0, token.size() / 2));
    CHECK(cut.code == 2);
    CHECK(one_sentence(cut.err));

    std::string bytes;
    for (int i = 0; i < 200; ++i) bytes += static_cast<char>((i * 97 + 13) % 256);
    const Run random = check(kLesson, bytes);
    CHECK(random.code == 2);
    CHECK(one_sentence(random.err));

    const Run missing = check("no-such-lesson", token);
    CHECK(missing.code == 2);
    CHECK(one_sentence(missing.err));

    // The same lesson edited by one character is another lesson for the checker.
    std::ostringstream text;
    text << std::ifstream(kLesson).rdbuf();
    std::string edited = text.str();
    edited.replace(edited.find("\"this\""), 6, "\"thiS\"");
    const std::string path = pl::test::temp_path("pl_result_lesson_edited.json").string();
    std::ofstream(path, std::ios::binary) << edited;
    const Run changed = check(path, token);
    std::filesystem::remove(path);
    CHECK(changed.code == 2);
    CHECK(one_sentence(changed.err));
    CHECK(changed.err.find("another version of the lesson \"result-check\"") != std::string::npos);
}

TEST_CASE("check: version 2 answers are judged again with the same keys, and an edited value fails") {
    // The perceptron-loss lesson: step 1 a number (the loss of w = (1, 2), 1), step 3 a prediction with
    // the new w, step 4 a number with a limit of 3 tries, step 6 select-all.
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "perceptron-loss", 0, true).empty());
    CHECK(run.set_answer("2/2").empty());
    REQUIRE(run.check(session).passed);
    REQUIRE(run.go_to(session, 2));
    run.predict(true);
    CHECK(run.set_answer("1, 0.5").empty());
    REQUIRE(run.check(session).passed);
    REQUIRE(run.go_to(session, 3));
    for (const char* wrong : {"2", "-1", "0"}) {
        CHECK(run.set_answer(wrong).empty());
        REQUIRE_FALSE(run.check(session).passed);
    }
    CHECK(run.set_answer("-2").empty());
    CHECK(run.check(session).out_of_tries);  // right, but on the fourth try of three
    REQUIRE(run.go_to(session, 5));
    run.choose(0);
    run.choose(2);
    REQUIRE(run.check(session).passed);
    const LessonResult record = *lesson_result(run, session);

    const Run r = check("perceptron-loss", result_token(record), true);
    CHECK(r.code == 1);  // step 4 and the goal step 5 do not pass
    const nlohmann::json out = nlohmann::json::parse(r.out);
    CHECK(out["steps"][0]["verdict"] == "passed");
    CHECK(out["steps"][2]["verdict"] == "passed");
    CHECK(out["steps"][3]["verdict"] == "not passed");
    CHECK(out["steps"][3]["reason"].get<std::string>().find("allows 3 tries") != std::string::npos);
    CHECK(out["steps"][5]["verdict"] == "passed");

    // A value edited in the token: the number no longer matches the key on the step's state.
    LessonResult edited = record;
    edited.steps[0].progress.values = {2.0};
    const nlohmann::json wrong = nlohmann::json::parse(check("perceptron-loss", result_token(edited), true).out);
    CHECK(wrong["steps"][0]["verdict"] == "claimed passed but does not pass");
    // A prediction turned around: the visit it was about was a mistake.
    edited = record;
    edited.steps[2].progress.predicted = false;
    const nlohmann::json turned = nlohmann::json::parse(check("perceptron-loss", result_token(edited), true).out);
    CHECK(turned["steps"][2]["verdict"] == "claimed passed but does not pass");
    // Ticks changed: one right choice missing.
    edited = record;
    edited.steps[5].progress.selected = 1u;
    const nlohmann::json ticks = nlohmann::json::parse(check("perceptron-loss", result_token(edited), true).out);
    CHECK(ticks["steps"][5]["verdict"] == "claimed passed but does not pass");
}

TEST_CASE("check: a first-try lesson counts the steps passed at the first check, and the exit code still means every step passed") {
    // The same walk as passed_record(), through the same lesson scored at the first try: the quiz
    // passed at its second try no longer counts.
    const std::string lesson_path = std::string(PL_TEST_DATA_DIR) + "/result_lesson_first_try.json";
    const LessonResult record = passed_record(lesson_path);
    CHECK(record.raw == 2);
    CHECK(record.completed);

    const Run r = check(lesson_path, result_token(record));
    CHECK(r.code == 0);  // every step passes on re-check
    CHECK(r.out.find("Step 2 \"One step\": passed (1 attempt, counts)") != std::string::npos);
    CHECK(r.out.find("Step 3 \"A question\": passed (2 attempts, not at the first try: does not count)") != std::string::npos);
    CHECK(r.out.find("Score: 2 of 3 (first-try scoring: a step counts only when its first check passed). Passed.") != std::string::npos);
    const Run j = check(lesson_path, result_token(record), true);
    const nlohmann::json out = nlohmann::json::parse(j.out);
    CHECK(out["score"]["raw"] == 2);
    CHECK(out["score"]["max"] == 3);
    CHECK(out["score"]["scoring"] == "first-try");
    CHECK(out["passed"] == true);

    // A token that claims a first try the record's attempts contradict is still judged on the lesson's
    // rule: the claimed flag without a pass counts for nothing (the reader refuses it outright).
    LessonResult forged = record;
    forged.steps[2].progress.first_try = true;
    forged.steps[2].progress.passed = false;
    const Run f = check(lesson_path, result_token(forged));
    CHECK(f.code == 2);
    CHECK(f.err.find("says passed on the first try but not passed") != std::string::npos);
}

TEST_CASE("check: a token whose lesson id carries an escape sequence is refused, and nothing raw reaches the terminal") {
    LessonResult record = passed_record();
    record.id = "result-check\x1b]0;pwned\x07\x1b[2J\nScore: 3 of 3. Passed.";
    const Run r = check(kLesson, result_token(record));
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find('\x1b') == std::string::npos);
    CHECK(one_sentence(r.err));
    CHECK(r.err.find("lesson id is not a lesson id") != std::string::npos);
}
