// The printable lesson (core/figures/worksheet.hpp): what a sheet holds for a built-in lesson, the key
// worked out by the learner (checked against numbers worked out by hand here, not read from the
// widget), the escaping of lesson text, and lessons that do not read.
#include <doctest/doctest.h>

#include <string>

#include "core/figures/worksheet.hpp"
#include "core/lesson/lesson.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"

using namespace pl;

namespace {

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

WorksheetOptions with_key(bool key) {
    WorksheetOptions o;
    o.key = key;
    return o;
}

// The start page's four points of lecture 004 (bias absorbed): (1, 2) and (2, 1) positive, (−1, −1) and
// (−1, 1) negative.
std::string start_link() { return "#" + encode_fragment(Session::default_state()); }

Lesson parsed(const std::string& json) {
    const LessonParse p = parse_lesson(json);
    REQUIRE_MESSAGE(p.ok, p.error);
    return p.lesson;
}

}  // namespace

TEST_CASE("a sheet for the update-rule lesson has every step, a figure per step with a state and the question") {
    const Lesson* lesson = find_builtin_lesson("update-rule");
    REQUIRE(lesson != nullptr);
    const std::string html = worksheet_html(*lesson);
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("@page") != std::string::npos);
    CHECK(html.find("page-break-inside: avoid") != std::string::npos);
    for (std::size_t i = 0; i < lesson->steps.size(); ++i)
        CHECK_MESSAGE(html.find("Step " + std::to_string(i + 1) + ". " + lesson->steps[i].title) != std::string::npos, i);
    // Steps 1 and 2 set their own points; 3 and 4 show the points step 2 left: a figure each.
    CHECK(count_of(html, "<svg") == 4);
    CHECK(count_of(html, "<figure>") == 4);
    // Step 2's quiz: its four choices with a box each, and the goal of step 4 as a sentence.
    CHECK(count_of(html, "<span class=\"box\"></span>") == 4);
    CHECK(html.find("w = (3, 3)") != std::string::npos);
    CHECK(html.find("reach a state where training has converged and mistakes is 2") != std::string::npos);
    // No key without --key.
    CHECK(html.find("class=\"key\"") == std::string::npos);
    CHECK(html.find("Goal reached") == std::string::npos);
    CHECK(html.find("Answer</b>") == std::string::npos);
}

TEST_CASE("the key of the update-rule lesson is worked out on the points") {
    const std::string html = worksheet_html(*find_builtin_lesson("update-rule"), with_key(true));
    CHECK(html.find("answer key") != std::string::npos);
    CHECK(html.find("<b>Answer</b>: (c) w = (2, 1).") != std::string::npos);
    // Step 4: Converge on the lecture's points without a bias makes 2 mistakes (w = (1, 2), then (2, 1)),
    // below the bound (R/γ*)² = 5 of these points.
    CHECK(html.find("<b>Goal reached</b> after Converge on these points: converged = true, mistakes = 2, the bound (R/\xCE\xB3*)\xC2\xB2 = 5.") != std::string::npos);
    // Step 1 asks for one mistake: one Step reaches it, and the key says so rather than "after Converge".
    CHECK(html.find("<b>Goal reached</b> after one Step on these points: mistakes = 1,") != std::string::npos);
}

TEST_CASE("a goal the student's own change reaches has the hint as its model answer") {
    const std::string html = worksheet_html(*find_builtin_lesson("separability"), with_key(true));
    CHECK(html.find("<b>Goal</b>: not reached on these points without the student's own change") != std::string::npos);
    CHECK(html.find("<b>Model answer</b> (the lesson's hint): Put a positive point between the two negative ones") != std::string::npos);
}

TEST_CASE("the spam sheet has lecture 004's 0/1 word matrix, and the key of its step 3 the weights and the bound 6") {
    const std::string sheet = worksheet_html(*find_builtin_lesson("spam-words"), with_key(false));
    CHECK(sheet.find("<th class=\"word\">viagra</th><th class=\"word\">the</th><th class=\"word\">learning</th><th class=\"word\">nigeria</th>") != std::string::npos);
    // "learning the" is (0, 1, 1, 0) over viagra, the, learning, nigeria.
    CHECK(sheet.find("<td>learning the</td><td class=\"word\">0</td><td class=\"word\">1</td><td class=\"word\">1</td><td class=\"word\">0</td>") != std::string::npos);
    const std::string key = worksheet_html(*find_builtin_lesson("spam-words"), with_key(true));
    CHECK(key.find("converged = true, mistakes = 3, the bound (R/\xCE\xB3*)\xC2\xB2 = 6; the weights: viagra \xE2\x88\x92" "1, the 0, learning 1, nigeria \xE2\x88\x92" "1.") != std::string::npos);
}

TEST_CASE("number, vector and predict keys equal a hand computation on the lecture's points") {
    const std::string state = start_link();
    const Lesson lesson = parsed(R"({"version": 2, "id": "hand-keys", "title": "Keys by hand", "steps": [
        {"title": "The bound", "text": "What is (R/γ*)²?", "state": ")" + state + R"(", "number": {"answer": "bound"}},
        {"title": "The first update", "text": "Type w after the first visit.", "state": ")" + state + R"(",
         "predict": true, "vector": {"answer": "next_w"}},
        {"title": "Any line", "text": "Press Converge.", "state": ")" + state + R"(", "goal": "converged"}]})");
    const std::string html = worksheet_html(lesson, with_key(true));
    // By hand (the number lecture 004's exercise gives, tests/e2e/exercises.test.mjs): with the absorbed
    // bias, (R/γ*)² = 39/7 = 5.571428…
    CHECK(html.find("<b>Answer</b>: 5.57143 = <code>bound</code>") != std::string::npos);
    // First visit from w = 0: point (1, 2), y = +1, score 0 ≤ 0: a mistake, and w = (1, 2, 1).
    CHECK(html.find("The next visit is point 1, (1, 2), with label +1.") != std::string::npos);
    CHECK(html.find("<b>Prediction</b>: mistake (y\xC2\xB7" "f(x) = 0 \xE2\x89\xA4 0).") != std::string::npos);
    CHECK(html.find("<b>Vector</b> = <code>next_w</code>: (1, 2, 1)") != std::string::npos);
    // The question itself: three slots for the three components.
    CHECK(html.find("(3 components, separated by commas)") != std::string::npos);
    CHECK(html.find("<b>Goal reached</b> after Converge") != std::string::npos);
}

TEST_CASE("the bias-and-order lesson's first key: w and b after the positive point (1, 3)") {
    // b moves too: from w = 0, b = 0 the point (1, 3) with y = +1 scores 0, a mistake: w = (1, 3), b = 1.
    const std::string html = worksheet_html(*find_builtin_lesson("bias-and-order"), with_key(true));
    CHECK(html.find("<b>Vector</b> = <code>next_w</code>: (1, 3, 1)") != std::string::npos);
}

TEST_CASE("a number step without its own state is keyed after the convergence the step before asks for") {
    // test-points step 2 counts the test points the converged perceptron gets wrong: by the lesson's
    // data, 5 of the 15 (a count the learner makes, here compared with the widget's own test accuracy).
    const Lesson* lesson = find_builtin_lesson("test-points");
    REQUIRE(lesson != nullptr);
    WidgetState walked = *lesson->steps[0].state;
    Session session(walked);
    session.shown_data().converge();
    std::size_t wrong = 0;
    const Dataset& test = session.state().held_out;
    for (std::size_t i = 0; i < test.size(); ++i) {
        const double f = session.learner().field().eval(test.points[i]);
        if (test.labels[i] * f <= 0) ++wrong;
    }
    const std::string html = worksheet_html(*lesson, with_key(true));
    CHECK(html.find("<b>Answer</b>: " + std::to_string(wrong) + " = <code>test_points * (1 - test_accuracy)</code> on the points "
                    "as the lesson left them, trained to convergence") != std::string::npos);
}

TEST_CASE("lesson text is escaped and its markup becomes HTML") {
    const Lesson lesson = parsed(R"({"id": "escapes", "title": "A < B & C", "steps": [
        {"title": "Less <than>", "text": "If a < b && c > 0 then **bold** and `x < 1`.", "choices": ["<b>no</b>", "a & b"], "answer": 1}]})");
    const std::string html = worksheet_html(lesson, with_key(true));
    CHECK(html.find("<title>A &lt; B &amp; C (answer key)</title>") != std::string::npos);
    CHECK(html.find("Step 1. Less &lt;than&gt;") != std::string::npos);
    CHECK(html.find("If a &lt; b &amp;&amp; c &gt; 0 then <strong>bold</strong> and <code>x &lt; 1</code>.") != std::string::npos);
    CHECK(html.find("&lt;b&gt;no&lt;/b&gt;") != std::string::npos);
    CHECK(html.find("<b>no</b>") == std::string::npos);
    CHECK(html.find("<b>Answer</b>: (b) a &amp; b.") != std::string::npos);
}

TEST_CASE("a lesson with a bad goal gives the loader's message, a goal that cannot be read still makes a sheet") {
    const WorksheetResult bad = worksheet_from_json(R"({"id": "bad", "title": "Bad", "steps": [
        {"title": "One", "text": "x", "goal": "points = 5"}]})");
    CHECK_FALSE(bad.ok);
    CHECK(bad.html.empty());
    CHECK(bad.error.find("Step 1: the goal is not valid: position 8") != std::string::npos);
    // Built in code (the author mode's draft): an unparsed goal has no sentence and no key, but a sheet.
    Lesson lesson;
    lesson.id = "draft";
    lesson.title = "Draft";
    LessonStep step;
    step.title = "Unread";
    step.text = "Text";
    step.goal = Goal{};
    step.goal->text = "points >";
    lesson.steps.push_back(step);
    const std::string html = worksheet_html(lesson, with_key(true));
    CHECK(html.find("<code>points &gt;</code>") != std::string::npos);
    CHECK(html.find("this goal cannot be read") != std::string::npos);
}

TEST_CASE("every built-in lesson makes a sheet and a key") {
    for (const LessonSummary& summary : builtin_lessons()) {
        const Lesson* lesson = find_builtin_lesson(summary.id);
        REQUIRE(lesson != nullptr);
        const std::string sheet = worksheet_html(*lesson);
        const std::string key = worksheet_html(*lesson, with_key(true));
        CHECK_MESSAGE(count_of(sheet, "<section class=\"step\">") == lesson->steps.size(), summary.id);
        CHECK_MESSAGE(count_of(key, "class=\"key\"") >= 1, summary.id);
        CHECK_MESSAGE(key.find("does not accept this key") == std::string::npos, summary.id);
        CHECK_MESSAGE(sheet.find("</html>") != std::string::npos, summary.id);
        CHECK(worksheet_file_name(*lesson, false) == summary.id + "-worksheet.html");
    }
}

TEST_CASE("a sheet of six steps of 100,000 points stays small: each picture draws 2,000 of them and says so") {
    // Issue 45: the pictures of such a lesson made 127 MB of HTML. Points on a slanted grid, labelled by
    // the side of x1 + x2 = 0.1 they are on (separable, so the key's training ends).
    WidgetState state = Session::default_state();
    state.data = Dataset{};
    for (std::size_t i = 0; i < kMaxPoints; ++i) {
        const double x = -2.0 + 4.0 * static_cast<double>(i % 317) / 316.0;
        const double y = -2.0 + 4.0 * static_cast<double>(i / 317) / 316.0;
        state.data.add({x, y}, x + y > 0.1 ? 1 : -1);
    }
    Lesson lesson;
    lesson.id = "big";
    lesson.title = "Big";
    for (int k = 0; k < 6; ++k) {
        LessonStep step;
        step.title = "Step " + std::to_string(k + 1);
        step.text = "Look.";
        step.state = state;
        step.choices = {"yes", "no"};
        lesson.steps.push_back(step);
    }
    REQUIRE(validate_lesson(lesson).empty());
    const std::string html = worksheet_html(lesson);
    MESSAGE("sheet of 6 x 100,000 points: " << html.size() << " bytes");
    CHECK(html.size() < 4u * 1024u * 1024u);
    CHECK(count_of(html, "It shows 2,000 of the 100,000 points, evenly spread over them; the widget has them all.") == 6);
    CHECK(count_of(html, "class=\"point ") == 6 * kWorksheetFigurePoints);
}

TEST_CASE("a predict step's picture on the student's sheet rings no point, the key's does") {
    // The update-rule start trained three visits: the next visit's point is a mistake the ring would show.
    WidgetState state = Session::default_state();
    state.trained_visits = 1;
    const std::string link = "#" + encode_fragment(state);
    const Lesson lesson = parsed(R"({"version": 2, "id": "p", "title": "P", "steps": [{"title": "Predict", "text": "Mistake?",
        "state": ")" + link + R"(", "predict": true}]})");
    CHECK(count_of(worksheet_html(lesson, with_key(false)), "class=\"mistake\"") == 0);
    CHECK(count_of(worksheet_html(lesson, with_key(true)), "class=\"mistake\"") > 0);
}
