// The lesson format (lesson.hpp): what a good lesson reads as, each refusal and its one message, the
// JSON round trip, and the text markup runs (lesson_markup.hpp).
#include <doctest/doctest.h>

#include <string>

#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_markup.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"

using namespace pl;

namespace {

// A one-step lesson whose step members are `step_members` (JSON text without braces).
std::string lesson_with_step(const std::string& step_members) {
    return R"({"version": 1, "id": "demo", "title": "Demo", "steps": [{)" + step_members + "}]}";
}

std::string refusal(const std::string& json) {
    const LessonParse parsed = parse_lesson(json);
    INFO(json);
    REQUIRE_FALSE(parsed.ok);
    CHECK(parsed.lesson.steps.empty());  // refused as a whole: nothing half-read comes back
    return parsed.error;
}

const char* kGoodStep = R"("title": "T", "text": "Some text.")";

}  // namespace

TEST_CASE("lesson: a complete lesson reads into every field") {
    const std::string json = R"({
      "version": 1, "id": "update-rule-2", "title": "The **update** rule",
      "steps": [
        {"title": "One", "text": "First paragraph.\n\nSecond with `code`.",
         "state": "#d=AgQDgBCAIIAQ_w__L_8fAIAg&bias=none&visits=1&v=1",
         "controls": ["train", "theory", "train"],
         "goal": "mistakes >= 2 and not converged",
         "hint": "Press Step.", "success": "Well done."},
        {"title": "Two", "text": "A quiz.", "choices": ["a", "b", "c"], "answer": 2,
         "state": {"algorithm": "kernel", "kernel": {"type": "rbf", "gamma": 2}}}
      ]})";
    const LessonParse parsed = parse_lesson(json);
    INFO(parsed.error);
    REQUIRE(parsed.ok);
    const Lesson& l = parsed.lesson;
    CHECK(l.id == "update-rule-2");
    CHECK(l.title == "The **update** rule");
    REQUIRE(l.steps.size() == 2);

    const LessonStep& one = l.steps[0];
    CHECK(one.title == "One");
    REQUIRE(one.state.has_value());
    CHECK(one.state_as_link);
    CHECK(one.state->config.bias == BiasMode::None);
    CHECK(one.state->trained_visits == 1);
    CHECK(one.state->data.size() == 4);
    REQUIRE(one.controls.has_value());
    CHECK(*one.controls == std::vector<LessonPanel>{LessonPanel::Train, LessonPanel::Theory});  // repeats dropped
    REQUIRE(one.goal.has_value());
    CHECK(one.goal->text == "mistakes >= 2 and not converged");
    CHECK_FALSE(one.has_quiz());
    CHECK(one.hint == "Press Step.");
    CHECK(one.success == "Well done.");

    const LessonStep& two = l.steps[1];
    CHECK_FALSE(two.controls.has_value());
    CHECK_FALSE(two.goal.has_value());
    REQUIRE(two.has_quiz());
    CHECK(two.choices == std::vector<std::string>{"a", "b", "c"});
    CHECK(two.answer == 2);
    REQUIRE(two.state.has_value());
    CHECK_FALSE(two.state_as_link);
    CHECK(two.state->config.algorithm == Algorithm::Kernel);
    CHECK(two.state->config.kernel.gamma == 2.0);
    CHECK(two.state->data.size() == 4);  // missing keys take the link defaults (lecture 4 points)
}

TEST_CASE("lesson: version, id and title") {
    CHECK(parse_lesson(R"({"id": "a", "title": "A", "steps": [{"title": "T", "text": "x"}]})").ok);  // version 1 implied
    CHECK(parse_lesson(R"({"version": 2, "id": "a", "title": "A", "steps": [{"title": "T", "text": "x"}]})").ok);
    CHECK(refusal(R"({"version": 3, "id": "a", "title": "A", "steps": []})") ==
          "The lesson was made for a newer version of Perceptron Lab (version 3); this widget reads version 2.");
    CHECK(refusal(R"({"version": "1", "id": "a", "title": "A", "steps": []})") ==
          "The lesson has a bad \"version\": it should be 1 or 2, but it is \"1\".");
    CHECK(refusal(R"({"title": "A", "steps": []})") == "The lesson has no \"id\".");
    CHECK(refusal(R"({"id": "Update Rule", "title": "A", "steps": []})") ==
          "The lesson's \"id\" must be text of 1 to 64 characters a-z, 0-9 and '-', starting with a letter or digit, "
          "but it is \"Update Rule\".");
    CHECK(refusal(R"({"id": "-x", "title": "A", "steps": []})").find("must be text of 1 to 64") != std::string::npos);
    CHECK(refusal(R"({"id": "a", "steps": []})") == "The lesson has no \"title\".");
    CHECK(refusal(R"({"id": "a", "title": "  ", "steps": []})") == "The lesson: the title is empty.");
}

TEST_CASE("lesson: malformed JSON, wrong types and limits") {
    const std::string broken = refusal("{\"id\": \"a\",\n \"title\": }");
    CHECK(broken.rfind("The lesson could not be read: parse error at line 2, column 11", 0) == 0);
    CHECK(refusal("[1, 2]") == "The lesson must be a JSON object {...}, but it is a list.");
    const std::string binary = refusal("\xff\xfe{}");
    CHECK(binary.rfind("The lesson could not be read: parse error at line 1, column 1", 0) == 0);
    for (char c : binary) CHECK(static_cast<unsigned char>(c) < 0x80);  // the quoted bytes are made printable
    CHECK(refusal("") .rfind("The lesson could not be read:", 0) == 0);
    CHECK(refusal(std::string(40, '[') + std::string(40, ']')) == "The lesson is nested too deeply (more than 32 levels).");
    CHECK(refusal(std::string(kMaxLessonBytes + 1, ' ')).rfind("The lesson is too long (4194305 bytes)", 0) == 0);
    CHECK(refusal(R"({"id": "a", "title": "A"})") == "The lesson has no steps: \"steps\" must be a non-empty list of steps.");
    CHECK(refusal(R"({"id": "a", "title": "A", "steps": []})") ==
          "The lesson has no steps: \"steps\" must be a non-empty list of steps, but it is a list.");
    std::string many = R"({"id": "a", "title": "A", "steps": [)";
    for (std::size_t i = 0; i <= kMaxLessonSteps; ++i) many += std::string(i ? "," : "") + "{" + kGoodStep + "}";
    CHECK(refusal(many + "]}") == "The lesson has 61 steps; at most 60 are allowed.");
}

TEST_CASE("lesson: unknown keys are refused with the closest known key") {
    CHECK(refusal(R"({"id": "a", "title": "A", "setps": []})") ==
          "The lesson has an unknown key \"setps\" (did you mean \"steps\"?); the keys are version, id, title, reveal, scoring, steps.");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "hnit": "x")")) ==
          "Step 1 has an unknown key \"hnit\" (did you mean \"hint\"?); the keys are title, text, state, controls, goal, "
          "choices, answer, answers, feedback, number, vector, predict, maxAttempts, reveal, hint, success.");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "xyzzy123": 1)")).find("unknown key \"xyzzy123\"; the keys") !=
          std::string::npos);
}

TEST_CASE("lesson: each step problem names the step") {
    const std::string two_steps = R"({"id": "a", "title": "A", "steps": [{"title": "T", "text": "x"}, )";
    CHECK(refusal(two_steps + "5]}") == "Step 2 must be an object {...}, but it is 5.");
    CHECK(refusal(two_steps + R"({"text": "x"}]})") == "Step 2 has no \"title\".");
    CHECK(refusal(two_steps + R"({"title": "T"}]})") == "Step 2 has no \"text\".");
    CHECK(refusal(lesson_with_step(R"("title": "T", "text": " \n\n ")")) == "Step 1: the text is empty.");
    CHECK(refusal(lesson_with_step(R"("title": 7, "text": "x")")) == "Step 1: the title must be text, but it is 7.");
    CHECK(refusal(lesson_with_step(R"("title": "Two\nlines", "text": "x")")) ==
          "Step 1: the title must be one line of text, but it contains a control character.");
    CHECK(refusal(lesson_with_step(R"("title": "T", "text": "bell\u0007")")) == "Step 1: the text contains a control character.");
    CHECK(refusal(lesson_with_step(R"("title": "T", "text": ")" + std::string(kMaxStepTextLength + 1, 'x') + "\"")) ==
          "Step 1: the text is too long (8001 bytes; at most 8000).");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "hint": ")" + std::string(1001, 'h') + "\"")) ==
          "Step 1: the hint is too long (1001 bytes; at most 1000).");
    CHECK(refusal(lesson_with_step(R"("title": "T", "text": "a **bold start")")) ==
          "Step 1: the text has an unclosed '**' (bold) that starts at position 3.");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "success": "see `w")")) ==
          "Step 1: the success has an unclosed '`' (code) that starts at position 5.");
}

TEST_CASE("lesson: states are decoded and validated at load time") {
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "state": 5)")) ==
          "Step 1: the state must be a link (text) or a state object, but it is 5.");
    const std::string bad_link = refusal(lesson_with_step(std::string(kGoodStep) + R"(, "state": "#alg=kernal&v=1")"));
    CHECK(bad_link.rfind("Step 1: the state is not valid: The link has a bad value for the algorithm (alg)", 0) == 0);
    const std::string cut = refusal(lesson_with_step(std::string(kGoodStep) + R"(, "state": "#d=AgA&bias=none")"));
    CHECK(cut.rfind("Step 1: the state is not valid: ", 0) == 0);
    const std::string bad_object =
        refusal(lesson_with_step(std::string(kGoodStep) + R"(, "state": {"eta": -1})"));
    CHECK(bad_object.rfind("Step 1: the state is not valid: The JSON state has a bad value for the learning rate", 0) == 0);
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "state": "#algo=kernel&v=1")")) ==
          "Step 1: the state is not valid: Ignored the setting \"algo\": this version does not know it.");
}

TEST_CASE("lesson: controls, goals and quizzes") {
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "controls": ["trian"])")) ==
          "Step 1: \"controls\" names an unknown panel \"trian\" (did you mean \"train\"?); the panels are train, data, "
          "kernel, show, share, theory, plots, lift, lesson, svm, trace.");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "controls": "train")")).find(
              "\"controls\" must be a list of panel names") != std::string::npos);
    const LessonParse none = parse_lesson(lesson_with_step(std::string(kGoodStep) + R"(, "controls": [])"));
    REQUIRE(none.ok);
    REQUIRE(none.lesson.steps[0].controls.has_value());
    CHECK(none.lesson.steps[0].controls->empty());  // present and empty: the bare canvas

    const std::string three = R"({"id": "a", "title": "A", "steps": [{"title": "T", "text": "x"}, {"title": "T", "text": "x"}, )";
    CHECK(refusal(three + R"({"title": "T", "text": "x", "goal": "points = 5"}]})") ==
          "Step 3: the goal is not valid: position 8: expected a comparison operator after 'points', found '=' "
          "(did you mean '=='?).");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "goal": true)")) ==
          "Step 1: the goal must be text such as \"points >= 5\", but it is true.");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "goal": "")")) ==
          "Step 1: the goal is not valid: position 1: the goal is empty (expected a comparison such as 'points >= 5').");

    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "choices": ["a", "b"])")) ==
          "Step 1 has \"choices\" but no \"answer\" (the index of the right one).");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "answer": 0)")) == "Step 1 has an \"answer\" but no \"choices\".");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "choices": ["a", "b", "c"], "answer": 3)")) ==
          "Step 1: \"answer\" must be a whole number from 0 to 2 (the index of the right choice, counting from 0), but it "
          "is 3.");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "choices": ["a", "b"], "answer": -1)")).find(
              "but it is -1") != std::string::npos);
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "choices": ["a", "b"], "answer": 0.5)")).find(
              "but it is 0.5") != std::string::npos);
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "choices": ["only"], "answer": 0)")) ==
          "Step 1: \"choices\" must be a list of 2 to 8 texts, but it has 1.");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "choices": ["a", ""], "answer": 0)")) ==
          "Step 1: choice 2 is empty.");
    CHECK(refusal(lesson_with_step(std::string(kGoodStep) + R"(, "choices": ["a", 2], "answer": 0)")) ==
          "Step 1: choice 2 must be text, but it is 2.");
}

TEST_CASE("lesson: lesson_to_json round-trips, links and state objects alike") {
    Lesson lesson;
    lesson.id = "round-trip";
    lesson.title = "Round trip";
    LessonStep a;
    a.title = "Links";
    a.text = "Para one.\n\nPara **two** with `code`.";
    WidgetState state = default_link_state();
    state.config.algorithm = Algorithm::Pocket;
    state.trained_visits = 3;
    a.state = state;
    a.controls = std::vector<LessonPanel>{LessonPanel::Data, LessonPanel::Lesson};
    a.goal = parse_goal("accuracy >= 0.5 or not converged").goal;
    a.hint = "h";
    a.success = "s";
    LessonStep b;
    b.title = "Objects";
    b.text = "Quiz.";
    WidgetState off_grid = default_link_state();
    off_grid.data.points[0] = {0.1, 1.0 / 3.0};  // off the 1/1024 grid: only the JSON object keeps it exactly
    b.state = off_grid;
    b.state_as_link = false;
    b.choices = {"yes", "no"};
    b.answer = 1;
    lesson.steps = {a, b};

    CHECK(validate_lesson(lesson).empty());
    const std::string json = lesson_to_json(lesson);
    const LessonParse back = parse_lesson(json);
    INFO(json);
    REQUIRE(back.ok);
    CHECK(lesson_to_json(back.lesson) == json);
    REQUIRE(back.lesson.steps.size() == 2);
    CHECK(back.lesson.steps[0].goal->text == "accuracy >= 0.5 or not converged");
    CHECK(encode_fragment(*back.lesson.steps[0].state, FragmentStyle::Full) == encode_fragment(state, FragmentStyle::Full));
    CHECK(state_to_json(*back.lesson.steps[1].state) == state_to_json(off_grid));
    CHECK(back.lesson.steps[1].state->data.points[0][1] == 1.0 / 3.0);
    CHECK(json.find("\"state\": \"#d=") != std::string::npos);  // written as a link
    CHECK(json.find("\"state\": {") != std::string::npos);      // written as an object

    lesson.id = "Bad Id";
    CHECK(validate_lesson(lesson).find("The lesson's \"id\" must be text") == 0);
}

TEST_CASE("lesson: panel names") {
    CHECK(lesson_panels().size() == 11);  // with svm (issue 25 part 4) and trace (part 2)
    for (LessonPanel p : lesson_panels()) {
        LessonPanel back = LessonPanel::Lesson;
        REQUIRE(parse(to_string(p), back));
        CHECK(back == p);
    }
    LessonPanel untouched = LessonPanel::Plots;
    CHECK_FALSE(parse("Train", untouched));  // exact names only
    CHECK(untouched == LessonPanel::Plots);
}

TEST_CASE("markup: paragraphs, bold, code and escapes become runs") {
    const MarkupResult r = parse_markup("First line\ncontinues here.  \n\n\n**Bold** then `w ← w + y·x` and **a `c` b**.\n \t\nw* and γ* stay plain; \\*\\* and \\` and \\\\ too.");
    CHECK(r.error.empty());
    REQUIRE(r.paragraphs.size() == 3);
    REQUIRE(r.paragraphs[0].size() == 1);
    CHECK(r.paragraphs[0][0].style == RunStyle::Plain);
    CHECK(r.paragraphs[0][0].text == "First line continues here.");

    const TextParagraph& p = r.paragraphs[1];
    REQUIRE(p.size() == 8);
    CHECK((p[0].style == RunStyle::Bold && p[0].text == "Bold"));
    CHECK((p[1].style == RunStyle::Plain && p[1].text == " then "));
    CHECK((p[2].style == RunStyle::Code && p[2].text == "w ← w + y·x"));
    CHECK((p[3].style == RunStyle::Plain && p[3].text == " and "));
    CHECK((p[4].style == RunStyle::Bold && p[4].text == "a "));
    CHECK((p[5].style == RunStyle::Code && p[5].text == "c"));
    CHECK((p[6].style == RunStyle::Bold && p[6].text == " b"));
    CHECK((p[7].style == RunStyle::Plain && p[7].text == "."));

    REQUIRE(r.paragraphs[2].size() == 1);
    CHECK(r.paragraphs[2][0].text == "w* and γ* stay plain; ** and ` and \\ too.");
}

TEST_CASE("markup: an unclosed marker is reported and shown as plain text") {
    MarkupResult r = parse_markup("γ is **big\n\nnext **ok**");
    CHECK(r.error == "an unclosed '**' (bold) that starts at position 6");
    CHECK(r.position == 6);
    REQUIRE(r.paragraphs.size() == 2);
    REQUIRE(r.paragraphs[0].size() == 1);
    CHECK(r.paragraphs[0][0].text == "γ is **big");
    CHECK(r.paragraphs[1][1].style == RunStyle::Bold);

    r = parse_markup("a `b **c** d");
    CHECK(r.error == "an unclosed '`' (code) that starts at position 3");
    REQUIRE(r.paragraphs.size() == 1);
    const TextParagraph& p = r.paragraphs[0];
    REQUIRE(p.size() == 3);
    CHECK(p[0].text == "a `b ");
    CHECK((p[1].style == RunStyle::Bold && p[1].text == "c"));
    CHECK(p[2].text == " d");

    CHECK(parse_markup("").paragraphs.empty());
    CHECK(parse_markup("\n\n  \n").paragraphs.empty());
    CHECK(parse_markup("**").error == "an unclosed '**' (bold) that starts at position 1");
    CHECK(parse_markup("****").error.empty());  // an empty bold run: nothing to draw
    CHECK(parse_markup("****").paragraphs.empty());
}
