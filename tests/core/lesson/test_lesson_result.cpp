// The result record of a lesson run (issue 28): attempts, first tries, answers and time per step, the
// score and completion, the lesson hash, the token and its reader on hostile input, and the progress
// travelling in the link.
#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "core/lesson/lesson_result.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/base/base64url.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"

using namespace pl;

namespace {

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Lesson grading_lesson() {
    const LessonParse parsed = parse_lesson(file_text(std::string(PL_TEST_DATA_DIR) + "/result_lesson.json"));
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    return parsed.lesson;
}

std::string token_of(const std::string& json) {
    return std::string(kResultTokenPrefix) + base64url_encode(reinterpret_cast<const std::uint8_t*>(json.data()), json.size());
}

}  // namespace

TEST_CASE("result: attempts, first try, answer and time of each step of the update-rule lesson") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    run.add_time(4.0);
    CHECK_FALSE(run.check(session).passed);  // attempt 1: nothing trained yet
    session.step();
    run.add_time(2.5);
    CHECK(run.check(session).passed);  // attempt 2
    REQUIRE(run.go_to(session, 1));
    run.add_time(1000.0);  // a tab left alone: one slice counts at most 30 s
    run.add_time(-3.0);
    run.add_time(std::numeric_limits<double>::quiet_NaN());
    CHECK(run.check(session).message == "Pick an answer first.");  // no answer: not an attempt
    run.choose(2);
    CHECK(run.check(session).passed);

    const std::optional<LessonResult> r = lesson_result(run, session);
    REQUIRE(r);
    CHECK(r->id == "update-rule");
    CHECK(r->steps[0].progress.attempts == 2);
    CHECK(r->steps[0].progress.passed);
    CHECK_FALSE(r->steps[0].progress.first_try);
    CHECK(r->steps[0].progress.seconds == 6);  // 4 + 2.5, whole seconds
    CHECK(r->steps[0].response == "mistakes >= 1");
    CHECK(r->steps[0].state.find("visits=1") != std::string::npos);  // the state it was checked on
    CHECK(r->steps[1].progress.attempts == 1);
    CHECK(r->steps[1].progress.first_try);
    CHECK(r->steps[1].progress.choice == std::optional<std::uint32_t>(2));
    CHECK(r->steps[1].progress.seconds == 30);
    CHECK(r->steps[1].kind == "quiz");
    CHECK(r->steps[2].progress.attempts == 0);
    CHECK(run.checks_made() == 3);
}

TEST_CASE("result: the score counts only steps with a goal or a quiz, and completion needs all of them") {
    Session session;
    LessonRun run;
    run.open(session, grading_lesson(), 0, true);
    CHECK(run.check(session).passed);  // step 1 has neither goal nor quiz: passes, but is not scored
    std::optional<LessonResult> r = lesson_result(run, session);
    REQUIRE(r);
    CHECK(r->steps[0].kind == "text");
    CHECK(r->max == 3);
    CHECK(r->raw == 0);
    CHECK(r->scaled == 0.0);
    CHECK_FALSE(r->completed);

    REQUIRE(run.go_to(session, 2));
    run.choose(1);
    CHECK(run.check(session).passed);
    r = lesson_result(run, session);
    CHECK(r->raw == 1);
    CHECK(r->scaled == doctest::Approx(1.0 / 3.0));
    CHECK_FALSE(r->completed);

    REQUIRE(run.go_to(session, 1));
    session.step();
    CHECK(run.check(session).passed);
    REQUIRE(run.go_to(session, 3));
    session.train_until_converged();
    CHECK(run.check(session).passed);
    r = lesson_result(run, session);
    CHECK(r->raw == 3);
    CHECK(r->scaled == 1.0);
    CHECK(r->completed);
}

TEST_CASE("result: the lesson hash is FNV-1a 64 of the canonical JSON, stable, and moves with one character") {
    CHECK(fnv1a64("") == 0xcbf29ce484222325ull);  // the offset basis
    CHECK(fnv1a64("a") == 0xaf63dc4c8601ec8cull);   // the published test vector
    const Lesson lesson = grading_lesson();
    const std::string hash = lesson_hash(lesson);
    CHECK(hash.size() == 16);
    CHECK(hash == lesson_hash(parse_lesson(lesson_to_json(lesson)).lesson));  // written and read back
    char expected[17];
    std::snprintf(expected, sizeof expected, "%016llx", static_cast<unsigned long long>(fnv1a64(lesson_to_json(lesson))));
    CHECK(hash == expected);
    Lesson edited = lesson;
    edited.steps[2].choices[0] = "thiS";
    CHECK(lesson_hash(edited) != hash);
    const Lesson* builtin = find_builtin_lesson("update-rule");
    REQUIRE(builtin);
    CHECK(lesson_hash(*builtin) != hash);
}

TEST_CASE("result: a token reads back as the record it was made from") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    session.step();
    run.add_time(3.0);
    CHECK(run.check(session).passed);
    const LessonResult r = *lesson_result(run, session);
    const std::string token = result_token(r);
    REQUIRE(token.rfind("PLR1.", 0) == 0);
    const TokenRead back = read_token("  " + token + "\n");  // pasted with spaces around it
    REQUIRE_MESSAGE(back.ok, back.error);
    CHECK(back.result.id == r.id);
    CHECK(back.result.hash == r.hash);
    CHECK(back.result.link == r.link);
    REQUIRE(back.result.steps.size() == r.steps.size());
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
        CHECK(back.result.steps[i].progress == r.steps[i].progress);
        CHECK(back.result.steps[i].state == r.steps[i].state);
        CHECK(back.result.steps[i].kind == r.steps[i].kind);
    }
    CHECK(back.result.raw == 1);
    CHECK(result_token(back.result) == token);
}

TEST_CASE("result: the token reader refuses hostile input with one sentence") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    CHECK_FALSE(run.check(session).passed);
    const std::string token = result_token(*lesson_result(run, session));
    const std::string json = result_json(*lesson_result(run, session));

    auto refused = [](const std::string& text) {
        const TokenRead r = read_token(text);
        CHECK_FALSE(r.ok);
        CHECK(!r.error.empty());
        CHECK(r.error.back() == '.');
        CHECK(r.error.find('\n') == std::string::npos);
        return r.error;
    };
    for (std::size_t cut : {token.size() - 1, token.size() - 7, token.size() / 2, std::size_t{7}, std::size_t{3}})
        refused(token.substr(0, cut));
    std::mt19937 random(28);
    for (int i = 0; i < 50; ++i) {
        std::string bytes(1 + random() % 300, '\0');
        for (char& c : bytes) c = static_cast<char>(random() % 256);
        refused(bytes);
        refused("PLR1." + bytes);
    }
    CHECK(refused("PLR1." + std::string(kMaxResultTokenLength, 'A')).find("too long") != std::string::npos);
    CHECK(refused("PLR2." + token.substr(5)).find("another version") != std::string::npos);
    std::string v2 = json;
    v2.replace(v2.find("\"version\":1"), 11, "\"version\":2");
    CHECK(refused(token_of(v2)).find("version 2") != std::string::npos);
    std::string wrong_type = json;
    wrong_type.replace(wrong_type.find("\"attempts\":1"), 12, "\"attempts\":\"1\"");
    CHECK(refused(token_of(wrong_type)) == "The result token is damaged: step 1's \"attempts\" is not a whole number from 0 to 9999.");
    std::string claimed = json;
    claimed.replace(claimed.find("\"attempts\":0"), 12, "\"attempts\":-1");
    refused(token_of(claimed));
    refused(token_of("[1,2,3]"));
    refused(token_of(std::string(100, '[')));
    refused("");
}

TEST_CASE("result: the progress travels in the link, and a v=1 link without it loads as before") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "update-rule", 0, true).empty());
    CHECK(encode_fragment(session.state()).find("lp=") == std::string::npos);  // nothing checked: no key
    CHECK(state_to_json(session.state()).find("lessonProgress") == std::string::npos);
    run.check(session);
    session.step();
    run.add_time(12.0);
    run.check(session);
    const std::string link = encode_fragment(session.state());
    CHECK(link.find("lp=2.1.-.12_0_0_0") != std::string::npos);

    const DecodeResult decoded = decode_fragment(link);
    REQUIRE(decoded.ok);
    Session reloaded;
    reloaded.load_state(decoded.state);
    LessonRun again;
    REQUIRE(again.follow_state(reloaded).empty());
    REQUIRE(again.is_open());
    CHECK(again.progress()[0].attempts == 2);
    CHECK(again.progress()[0].passed);
    CHECK(again.progress()[0].seconds == 12);
    CHECK(again.checks_passed() == 1);
    again.check(reloaded);
    CHECK(again.progress()[0].attempts == 3);
    CHECK(again.check_links()[0].rfind("#", 0) == 0);

    const DecodeResult old = decode_fragment("lesson=update-rule&step=1&v=1");
    REQUIRE(old.ok);
    CHECK(old.state.lesson_progress.empty());
    for (const char* bad : {"lesson=update-rule&lp=x&v=1", "lp=1.2.-.0&v=1", "lp=0.1.-.0&v=1", "lp=1.1.9.0&v=1"})
        CHECK_FALSE(decode_fragment(bad).ok);
    const DecodeResult json = state_from_json(state_to_json(session.state()));
    REQUIRE(json.ok);
    CHECK(json.state.lesson_progress == session.state().lesson_progress);
}

TEST_CASE("result: a step keeps the state and answer it passed on, and a reload takes kept states back only for the same check") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "separability", 0, true).empty());
    const std::size_t start_points = session.state().data.size();  // the lesson's four points
    // Goal: exactly one more point, and the data no longer separable. A positive point between the negatives.
    REQUIRE(session.add_point(Vec{-1.0, 0.0}, +1));
    REQUIRE(run.check(session).passed);
    const std::string passed_on = run.check_links()[0];
    REQUIRE_FALSE(passed_on.empty());
    // The student goes on: the point taken away again, checked again (fails). The pass and its state stay.
    REQUIRE(session.remove_point(start_points));
    CHECK_FALSE(run.check(session).passed);
    CHECK(run.progress()[0].attempts == 2);
    CHECK(run.progress()[0].passed);
    CHECK(run.check_links()[0] == passed_on);

    // A reload: the link keeps the progress, not the per-step states.
    const DecodeResult decoded = decode_fragment(encode_fragment(session.state()));
    REQUIRE(decoded.ok);
    auto reload = [&](Session& s, LessonRun& r) {
        s.load_state(decoded.state);
        REQUIRE(r.follow_state(s).empty());
        REQUIRE(r.check_links()[0].empty());
    };
    const std::size_t steps = run.step_count();
    std::vector<std::string> kept(steps);
    kept[0] = passed_on;
    std::vector<std::uint32_t> attempts(steps, 0);
    attempts[0] = 2;
    {
        Session s;
        LessonRun r;
        reload(s, r);
        CHECK(r.restore_check_links(kept, attempts) == 1);
        CHECK(r.check_links()[0] == passed_on);
        CHECK(r.restore_check_links(kept, attempts) == 0);  // a step that has its state keeps it
    }
    {
        Session s;
        LessonRun r;
        reload(s, r);
        std::vector<std::uint32_t> older = attempts;
        older[0] = 1;  // kept at an earlier check: it does not stand for the second one
        CHECK(r.restore_check_links(kept, older) == 0);
        std::vector<std::string> bad = kept;
        bad[0] = "#d=%%%&v=1";
        CHECK(r.restore_check_links(bad, attempts) == 0);  // a kept link that does not decode
        bad[0] = passed_on.substr(1);
        CHECK(r.restore_check_links(bad, attempts) == 0);  // not a link ("#...")
        CHECK(r.restore_check_links(std::vector<std::string>(steps + 1), std::vector<std::uint32_t>(steps + 1)) == 0);
        std::vector<std::string> unchecked(steps);
        unchecked[1] = passed_on;
        CHECK(r.restore_check_links(unchecked, attempts) == 0);  // step 2 was never checked
        CHECK(r.check_links()[0].empty());
    }
}

TEST_CASE("result: a state loaded over the open lesson brings its attempts, and a lesson link without points keeps them") {
    Session session;
    LessonRun run;
    REQUIRE(run.open_builtin(session, "separability", 0, true).empty());
    REQUIRE(session.add_point(Vec{-1.0, 0.0}, +1));
    REQUIRE(run.check(session).passed);
    const WidgetState worked = session.state();  // step 1 checked once

    // A page opens the same lesson fresh (data-lesson), then its saved work is loaded over it.
    Session page;
    LessonRun fresh;
    REQUIRE(fresh.open_builtin(page, "separability", 0, true).empty());
    CHECK(fresh.progress()[0].attempts == 0);
    page.load_state(worked);
    REQUIRE(fresh.follow_state(page).empty());
    CHECK(fresh.progress()[0].attempts == 0);  // following the position alone does not take the progress
    fresh.adopt_progress(page);
    CHECK(fresh.progress()[0].attempts == 1);
    CHECK(fresh.progress()[0].passed);
    CHECK(fresh.checks_passed() == 1);

    // A lesson link without points walks the steps' own states but keeps the link's progress.
    WidgetState walked = state_walked_to(*find_builtin_lesson("separability"), 2, worked);
    CHECK(walked.lesson_progress == worked.lesson_progress);
    CHECK(walked.lesson_step == 2);
}

TEST_CASE("result token: an unknown key with a line break or a quote is named escaped, in one line") {
    // Found by fuzz_token in a fresh-clone run: the key went into the message as it was.
    const std::string record = R"({"format": "perceptron-lab-result", "version": 1, "lesson": {"id": "a", "title": "A", "hash": "0123456789abcdef"},)"
                               R"( "steps": [{"title": "S", "kind": "text", "attempts": 0, "passed": false, "k\n\"x": 1}],)"
                               R"( "score": {"raw": 0, "max": 0, "scaled": 0}, "completed": false})";
    const TokenRead read = read_token(std::string(kResultTokenPrefix) +
                                      base64url_encode(reinterpret_cast<const std::uint8_t*>(record.data()), record.size()));
    REQUIRE_FALSE(read.ok);
    CHECK(read.error.find('\n') == std::string::npos);
    CHECK_MESSAGE(read.error.find("unknown key \"k\\x0A\\x22x\"") != std::string::npos, read.error);
}
