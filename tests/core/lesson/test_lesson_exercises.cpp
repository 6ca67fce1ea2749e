// The exercise kinds of lesson format version 2 (issue 24): numbers and vectors whose keys the widget
// computes, select-all with a mark per choice, feedback per choice, predict-then-step against the real
// next visit, and a limit of tries. Keys are checked against numbers worked out here by hand from the
// data (the update rule and R written out in the test), never against the key expression itself.
#include <doctest/doctest.h>

#include <cmath>

#include "core/facts/next_visit.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/base/decimal.hpp"
#include "core/state/state_codec.hpp"

using namespace pl;

namespace {

// The four lecture points without a bias: the learner space is the plane itself.
WidgetState plane_state(BiasMode bias = BiasMode::None, double eta = 1.0) {
    WidgetState s = Session::default_state();
    s.config.bias = bias;
    s.config.eta = eta;
    return s;
}

Lesson one_step(LessonStep step) {
    if (step.title.empty()) step.title = "Q";
    if (step.text.empty()) step.text = "Answer.";
    Lesson lesson{"ex", "Exercises", {std::move(step)}, std::nullopt, std::nullopt};
    REQUIRE(validate_lesson(lesson).empty());
    return lesson;
}

NumberKey key_of(const std::string& expression, double tolerance = kDefaultAnswerTolerance, bool relative = false) {
    NumberKey key;
    GoalNumberParse parsed = parse_goal_number(expression);
    REQUIRE(parsed.ok);
    key.expression = parsed.number;
    key.tolerance = tolerance;
    key.relative = relative;
    return key;
}

// The textbook rule, written out: w += eta y x when y w.x <= 0 (no bias), in the data's order.
std::vector<double> hand_run(const WidgetState& s, std::size_t visits) {
    std::vector<double> w(2, 0.0);
    const auto& pts = s.data.points;
    for (std::size_t t = 0; t < visits; ++t) {
        const std::size_t i = t % pts.size();
        const int y = s.data.labels[i];
        if (y * (w[0] * pts[i][0] + w[1] * pts[i][1]) <= 0) {
            w[0] += s.config.eta * y * pts[i][0];
            w[1] += s.config.eta * y * pts[i][1];
        }
    }
    return w;
}

}  // namespace

TEST_CASE("exercise: a typed number reads fractions, roots and the printed minus sign") {
    double x = 0;
    CHECK(read_typed_number("39/7", x).empty());
    CHECK(x == doctest::Approx(39.0 / 7.0).epsilon(1e-15));
    CHECK(read_typed_number("sqrt(5)", x).empty());
    CHECK(x == doctest::Approx(std::sqrt(5.0)));
    CHECK(read_typed_number("\xE2\x88\x92" "2.5", x).empty());  // −2.5 as the widget prints it
    CHECK(x == -2.5);
    CHECK(read_typed_number("2,5", x).empty());
    CHECK(x == 2.5);
    CHECK(read_typed_number(" (1 + 2) * 3 ", x).empty());
    CHECK(x == 9.0);
    CHECK(read_typed_number("bound", x).find("not the name of a fact") != std::string::npos);
    CHECK(read_typed_number("1/0", x).find("divides by 0") != std::string::npos);
    CHECK(read_typed_number("", x).find("no number") != std::string::npos);
    CHECK(read_typed_number("3 4", x).find("position 3") != std::string::npos);
}

TEST_CASE("exercise: a typed vector splits at commas, semicolons or spaces, with or without brackets") {
    std::vector<double> v;
    CHECK(read_typed_vector("1, -2, 0.5", v).empty());
    CHECK(v == std::vector<double>{1, -2, 0.5});
    CHECK(read_typed_vector("(1, \xE2\x88\x92" "2)", v).empty());
    CHECK(v == std::vector<double>{1, -2});
    CHECK(read_typed_vector("[1 -2 3]", v).empty());
    CHECK(v == std::vector<double>{1, -2, 3});
    CHECK(read_typed_vector("sqrt(4); 1/4", v).empty());
    CHECK(v == std::vector<double>{2, 0.25});
    CHECK(read_typed_vector("1, , 2", v).rfind("Component 2:", 0) == 0);
    CHECK(read_typed_vector("1,2,3,4,5,6,7,8,9", v).find("at most 8") != std::string::npos);
}

TEST_CASE("exercise: a number key is an expression of facts, worked out on the step's own state") {
    LessonStep step;
    step.state = plane_state();
    step.number = key_of("R");
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    // R by hand: the longest of the four points (no bias, so the plane itself).
    double R = 0;
    for (const Vec& p : session.state().data.points) R = std::max(R, std::hypot(p[0], p[1]));
    CHECK(run.check(session).message == "Type a number first.");
    CHECK(run.attempts() == 0);  // nothing to judge: not a try
    CHECK(run.set_answer("bound") != "");
    CHECK(run.set_answer(shortest_decimal(R + 0.02)).empty());
    CHECK_FALSE(run.check(session).passed);
    CHECK(run.verdict().message == "Not this value.");
    CHECK(run.set_answer(shortest_decimal(R + 0.005)).empty());
    // The student moving a point does not change the key: it is read on the step's own state.
    session.add_point({3.0, 3.0}, 1);
    CHECK(run.check(session).passed);
    CHECK(run.attempts() == 2);
}

TEST_CASE("exercise: without a state of its own a step reads the key on the student's run") {
    LessonStep step;
    step.number = key_of("mistakes");
    Session session(plane_state());
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    session.train_until_converged();
    // Mistakes by hand: the textbook rule until an epoch has none.
    std::size_t mistakes = 0;
    {
        const WidgetState s = plane_state();
        std::vector<double> w(2, 0.0);
        for (std::size_t epoch = 0; epoch < 100; ++epoch) {
            std::size_t m = 0;
            for (std::size_t i = 0; i < s.data.points.size(); ++i) {
                const auto& p = s.data.points[i];
                const int y = s.data.labels[i];
                if (y * (w[0] * p[0] + w[1] * p[1]) <= 0) { w[0] += y * p[0]; w[1] += y * p[1]; ++m; }
            }
            mistakes += m;
            if (m == 0) break;
        }
    }
    REQUIRE(mistakes > 0);
    CHECK(run.set_answer(std::to_string(mistakes)).empty());
    CHECK(run.check(session).passed);
}

TEST_CASE("exercise: tolerance, absolute and relative") {
    CHECK(within_tolerance({1.005}, {1.0}, 0.01, false));
    CHECK_FALSE(within_tolerance({1.02}, {1.0}, 0.01, false));
    CHECK(within_tolerance({101.0}, {100.0}, 0.01, true));
    CHECK_FALSE(within_tolerance({102.0}, {100.0}, 0.01, true));
    CHECK(within_tolerance({0.1 + 0.2}, {0.3}, 0.0, false));   // rounding is not the student's error
    CHECK(within_tolerance({1.0, 2.009}, {1.0, 2.0}, 0.01, false));
    CHECK_FALSE(within_tolerance({1.0}, {1.0, 2.0}, 0.01, false));  // a component missing
    CHECK(within_tolerance({10.5, 0.0}, {10.0, 0.1}, 0.05, true));  // relative to the largest component
}

TEST_CASE("exercise: select all with reveal each-try marks every choice after every try and passes only the exact set") {
    LessonStep step;
    step.choices = {"a", "b", "c", "d"};
    step.answers = {0, 2};
    step.feedback = {"", "b is not right because of x.", "", "d: see step 1."};
    step.reveal = Reveal::EachTry;
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    CHECK(run.check(session).message == "Tick at least one answer first.");
    run.choose(0);
    run.choose(1);
    CHECK(run.ticked(0));
    CHECK(run.ticked(1));
    const auto& v = run.check(session);
    CHECK_FALSE(v.passed);
    REQUIRE(v.marks.size() == 4);
    CHECK(v.marks[0] == ChoiceMark::Right);
    CHECK(v.marks[1] == ChoiceMark::WronglyPicked);
    CHECK(v.marks[2] == ChoiceMark::Missed);
    CHECK(v.marks[3] == ChoiceMark::RightlyLeft);
    CHECK(v.message.find("2 choices are marked wrong") != std::string::npos);
    CHECK(v.message.find("b is not right because of x.") != std::string::npos);
    CHECK(v.message.find("d: see step 1.") == std::string::npos);  // d was rightly left alone
    run.choose(1);  // untick b
    run.choose(2);
    CHECK(run.check(session).passed);
    CHECK(session.state().lesson_progress[0].selected == std::optional<std::uint32_t>(5u));
}

TEST_CASE("exercise: by default a failed select-all try shows no mark and no feedback, and the pass shows them") {
    LessonStep step;
    step.choices = {"a", "b", "c", "d"};
    step.answers = {0, 2};
    step.feedback = {"a is right: see x.", "b is not right because of x.", "c is right too.", ""};
    step.hint = "Think of x.";
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    run.choose(0);
    const auto& v = run.check(session);  // a ticked, c missed: the key must not show
    CHECK_FALSE(v.passed);
    CHECK(v.marks.empty());
    CHECK(v.message == "Not quite: the choices you ticked are not exactly the right ones. Look at each one again. Hint: Think of x.");
    for (const char* feedback : {"a is right", "c is right", "b is not right"}) CHECK(v.message.find(feedback) == std::string::npos);
    run.choose(2);
    const auto& passed = run.check(session);
    CHECK(passed.passed);
    REQUIRE(passed.marks.size() == 4);
    CHECK(passed.marks[2] == ChoiceMark::Right);
}

TEST_CASE("exercise: select all with two tries shows the marks once the tries have run out") {
    LessonStep step;
    step.choices = {"a", "b", "c"};
    step.answers = {1};
    step.max_attempts = 2;
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    run.choose(0);
    CHECK(run.check(session).marks.empty());  // first try: nothing given away
    const auto& last = run.check(session);    // second and last try, still wrong
    CHECK_FALSE(last.passed);
    REQUIRE(last.marks.size() == 3);
    CHECK(last.marks[0] == ChoiceMark::WronglyPicked);
    CHECK(last.marks[1] == ChoiceMark::Missed);
    CHECK(last.message.find("That was the last try") != std::string::npos);
}

TEST_CASE("lesson format: reveal is read on the lesson and on a step, written back, and a bad value is refused") {
    const std::string json = R"({"version": 2, "id": "r", "title": "R", "reveal": "each-try", "steps": [
        {"title": "A", "text": "Pick.", "choices": ["x", "y"], "answers": [0]},
        {"title": "B", "text": "Pick.", "choices": ["x", "y"], "answers": [1], "reveal": "after-pass"}]})";
    const LessonParse parsed = parse_lesson(json);
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    CHECK(reveal_of(parsed.lesson, parsed.lesson.steps[0]) == Reveal::EachTry);
    CHECK(reveal_of(parsed.lesson, parsed.lesson.steps[1]) == Reveal::AfterPass);
    const LessonParse again = parse_lesson(lesson_to_json(parsed.lesson));
    REQUIRE(again.ok);
    CHECK(again.lesson.reveal == std::optional<Reveal>(Reveal::EachTry));
    CHECK(again.lesson.steps[1].reveal == std::optional<Reveal>(Reveal::AfterPass));
    const LessonParse bad = parse_lesson(R"({"version": 2, "id": "r", "title": "R", "steps": [
        {"title": "A", "text": "Pick.", "choices": ["x", "y"], "answers": [0], "reveal": "always"}]})");
    CHECK_FALSE(bad.ok);
    CHECK(bad.error == "Step 1: \"reveal\" must be \"after-pass\" or \"each-try\", but it is \"always\".");
    const LessonParse v1 = parse_lesson(R"({"id": "r", "title": "R", "reveal": "each-try", "steps": [{"title": "A", "text": "T"}]})");
    CHECK_FALSE(v1.ok);
}

TEST_CASE("exercise: a wrong single choice shows its own feedback") {
    LessonStep step;
    step.choices = {"a", "b", "c"};
    step.answer = 2;
    step.feedback = {"a forgets the bias.", "", ""};
    step.hint = "Look again.";
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    run.choose(0);
    CHECK(run.check(session).message == "Not this one. a forgets the bias. Hint: Look again.");
    run.choose(1);
    CHECK(run.check(session).message == "Not this one. Hint: Look again.");
}

TEST_CASE("exercise: maxAttempts gives the explanation, not a pass, after the limit") {
    LessonStep step;
    step.choices = {"a", "b", "c"};
    step.answer = 1;
    step.max_attempts = 2;
    step.success = "b, because y w.x <= 0.";
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    run.choose(0);
    CHECK_FALSE(run.check(session).passed);
    run.choose(2);
    const auto& last = run.check(session);
    CHECK_FALSE(last.passed);
    CHECK(last.message.find("That was the last try that can pass this step. b, because y w.x <= 0.") != std::string::npos);
    run.choose(1);
    const auto& late = run.check(session);
    CHECK_FALSE(late.passed);
    CHECK(late.out_of_tries);
    CHECK(late.message == "Right, but after 3 tries; this step gives a pass within 2. b, because y w.x <= 0.");
    CHECK(run.attempts() == 3);
    CHECK_FALSE(session.state().lesson_progress[0].passed);

    // Passed in time: later tries are not counted, so the attempts say on which try it passed.
    LessonRun again;
    Session other;
    again.open(other, one_step(step), 0, true);
    again.choose(0);
    again.check(other);
    again.choose(1);
    CHECK(again.check(other).passed);
    again.choose(2);
    again.check(other);
    CHECK(again.attempts() == 2);
    CHECK(other.state().lesson_progress[0].choice == std::optional<std::uint32_t>(1u));  // the passing answer is kept
}

TEST_CASE("exercise: the next visit previewed is the visit Step makes, for every visit of a run") {
    for (BiasMode bias : {BiasMode::None, BiasMode::Absorbed, BiasMode::Explicit}) {
        for (Order order : {Order::Sequential, Order::Random}) {
            WidgetState s = plane_state(bias, 0.5);
            s.config.order = order;
            Session session(s);
            for (int k = 0; k < 12; ++k) {
                const NextVisit next = preview_next_visit(session);
                const WeightVector predicted = next_weights(session);
                REQUIRE(next.defined);
                REQUIRE(predicted.defined);
                const Update real = session.step();
                CHECK(next.update.index == real.index);
                CHECK(next.update.mistake == real.mistake);
                CHECK(next.update.w_after == real.w_after);
                std::vector<double> w(real.w_after.begin(), real.w_after.end());
                if (bias == BiasMode::Explicit) w.push_back(real.b_after);
                CHECK(predicted.values == w);
                CHECK(current_weights(session).values == w);
            }
        }
    }
    Session hand(plane_state());
    hand.set_hand_mode(true);
    CHECK(preview_next_visit(hand).why == "in hand mode nothing is trained");
    WidgetState kernel = plane_state();
    kernel.config.algorithm = Algorithm::Kernel;
    CHECK_FALSE(current_weights(Session(kernel)).defined);
}

TEST_CASE("exercise: predict, then step: the verdict follows the real visit, w by hand") {
    LessonStep step;
    step.predict = true;
    VectorKey key;
    key.source = VectorKey::Source::NextW;
    step.vector = key;
    step.state = plane_state();
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    CHECK(run.training_blocked());
    CHECK(run.check(session).message == "Say first whether the next visit is a mistake.");
    // The first visit from w = 0 is a mistake (y w.x = 0): w becomes y x of the first point.
    run.predict(false);
    CHECK(run.set_answer("0, 0").empty());
    const auto& wrong = run.check(session);
    CHECK_FALSE(wrong.passed);
    CHECK(wrong.message.rfind("It was a mistake", 0) == 0);
    CHECK(session.learner().visits() == 1);  // the visit was made anyway
    CHECK(run.training_blocked());
    // The next visit, worked out by hand from the textbook rule.
    const WidgetState s = plane_state();
    const std::vector<double> w1 = hand_run(s, 1), w2 = hand_run(s, 2);
    const bool mistake = w1 != w2;
    run.predict(mistake);
    CHECK(run.set_answer(std::to_string(w2[0]) + ", " + std::to_string(w2[1])).empty());
    CHECK(run.check(session).passed);
    CHECK(session.learner().visits() == 2);
    CHECK_FALSE(run.training_blocked());
    const StepProgress& p = session.state().lesson_progress[0];
    CHECK(p.predicted == std::optional<bool>(mistake));
    CHECK(p.values == std::vector<double>{w2[0], w2[1]});
    // The check state is the one before the visit the prediction was about.
    const DecodeResult checked = decode_fragment(run.check_links()[0].substr(1));
    REQUIRE(checked.ok);
    CHECK(checked.state.trained_visits == 1);
}

TEST_CASE("exercise: predict, a try after a wrong one is about the next visit and is worded for it, not with the step's texts") {
    // Lecture 004's points without a bias, w = 0. Visit 1, point (1, 2): y w.x = 0, a mistake (w = (1, 2)).
    // Visit 2, point (2, 1): y w.x = 4 > 0, no mistake. Worked out by hand.
    LessonStep step;
    step.predict = true;
    step.state = plane_state();
    step.hint = "The score of point 1 is 0.";
    step.success = "Right: point 1 is a mistake, its score 0 is not above 0.";
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    run.predict(false);
    const auto& first = run.check(session);  // about visit 1, the one the step names: its hint
    CHECK_FALSE(first.passed);
    CHECK(first.message == "It was a mistake: y·f(x) = 0 is not above 0, so w moved. Hint: The score of point 1 is 0.");
    run.predict(false);
    const auto& second = run.check(session);  // about visit 2: right, and said so for visit 2
    CHECK(second.passed);
    CHECK(second.message == "Right: Visit 2 (point 2) was no mistake, so w stayed.");
    CHECK(second.message.find("point 1 is a mistake") == std::string::npos);
    // The record's check state is the one before visit 2: the visit that passed.
    const DecodeResult checked = decode_fragment(run.check_links()[0].substr(1));
    REQUIRE(checked.ok);
    CHECK(checked.state.trained_visits == 1);
}

TEST_CASE("exercise: predict, a right first try gets the step's own success text") {
    LessonStep step;
    step.predict = true;
    step.state = plane_state();
    step.success = "Right: point 1 is a mistake.";
    Session session;
    LessonRun run;
    run.open(session, one_step(step), 0, true);
    run.predict(true);
    const auto& v = run.check(session);
    CHECK(v.passed);
    CHECK(v.message == "Right: point 1 is a mistake.");
}

TEST_CASE("exercise: version 2 keys round-trip, need version 2, and one answer kind per step") {
    const std::string lesson = R"({"version": 2, "id": "v2", "title": "V2", "steps": [
      {"title": "N", "text": "x", "number": {"answer": "R / gamma_star", "tolerance": 0.05, "relative": true}, "maxAttempts": 3},
      {"title": "L", "text": "x", "number": {"answer": 2.5}},
      {"title": "V", "text": "x", "vector": {"answer": [1, -2]}},
      {"title": "P", "text": "x", "predict": true, "vector": {"answer": "next_w", "tolerance": 0.1}},
      {"title": "S", "text": "x", "choices": ["a", "b", "c"], "answers": [2, 0], "feedback": ["", "no", ""]}]})";
    const LessonParse parsed = parse_lesson(lesson);
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    const Lesson& l = parsed.lesson;
    CHECK(l.steps[0].number->expression->text == "R / gamma_star");
    CHECK(l.steps[0].number->relative);
    CHECK(l.steps[0].max_attempts == std::optional<std::uint32_t>(3u));
    CHECK(*l.steps[1].number->literal == 2.5);
    CHECK(l.steps[2].vector->literal == std::vector<double>{1, -2});
    CHECK(l.steps[3].predict);
    CHECK(l.steps[4].answers == std::vector<std::size_t>{0, 2});
    const std::string written = lesson_to_json(l);
    CHECK(written.find("\"version\": 2") != std::string::npos);
    const LessonParse again = parse_lesson(written);
    REQUIRE(again.ok);
    CHECK(lesson_to_json(again.lesson) == written);

    // A version 1 lesson stays version 1 when written, and refuses version 2 keys.
    const LessonParse v1 = parse_lesson(R"({"id": "v1", "title": "V1", "steps": [{"title": "Q", "text": "x", "choices": ["a", "b"], "answer": 1}]})");
    REQUIRE(v1.ok);
    CHECK(lesson_to_json(v1.lesson).find("\"version\": 1") != std::string::npos);
    CHECK(parse_lesson(R"({"id": "v1", "title": "V1", "steps": [{"title": "Q", "text": "x", "number": {"answer": 1}}]})").error ==
          "Step 1: \"number\" is a version 2 key: put \"version\": 2 at the top of the lesson.");

    auto refusal = [](const std::string& step) {
        return parse_lesson(R"({"version": 2, "id": "e", "title": "E", "steps": [{"title": "Q", "text": "x", )" + step + "}]}").error;
    };
    CHECK(refusal(R"("choices": ["a", "b"], "answer": 0, "answers": [1])").find("exclude each other") != std::string::npos);
    CHECK(refusal(R"("choices": ["a", "b"], "answers": [1, 1])") == "Step 1: \"answers\" names choice 1 twice.");
    CHECK(refusal(R"("choices": ["a", "b"], "answers": [2])").find("each from 0 to 1") != std::string::npos);
    CHECK(refusal(R"("choices": ["a", "b"], "answer": 0, "feedback": ["x"])").find("a list of 2 texts") != std::string::npos);
    CHECK(refusal(R"("number": {"answer": "boundd"})").find("did you mean 'bound'") != std::string::npos);
    CHECK(refusal(R"("number": {"answer": "bound", "tolerence": 1})").find("did you mean \"tolerance\"") != std::string::npos);
    CHECK(refusal(R"("number": {"answer": 1, "tolerance": -1})").find("0 or more") != std::string::npos);
    CHECK(refusal(R"("vector": {"answer": "next_v"})").find("did you mean \"next_w\"") != std::string::npos);
    CHECK(refusal(R"("number": {"answer": 1}, "choices": ["a", "b"], "answer": 0)").find("a step asks one thing") != std::string::npos);
    CHECK(refusal(R"("predict": true, "vector": {"answer": "w"})").find("must be \"next_w\"") != std::string::npos);
    CHECK(refusal(R"("maxAttempts": 2)").find("asks for none") != std::string::npos);
    CHECK(refusal(R"("number": {"answer": 1}, "maxAttempts": 0)").find("from 1 to 100") != std::string::npos);
    CHECK(refusal(R"("predict": "yes")").find("true or false") != std::string::npos);
}

TEST_CASE("exercise: the answers travel in the link's progress and back") {
    LessonProgress progress(4);
    progress[0].attempts = 1; progress[0].passed = true; progress[0].first_try = true; progress[0].selected = 5u;
    progress[1].attempts = 2; progress[1].values = {39.0 / 7.0};
    progress[2].attempts = 1; progress[2].predicted = true; progress[2].values = {1.5, -2.0, 0.0};
    progress[3].attempts = 3; progress[3].predicted = false;
    const std::string text = encode_lesson_progress(progress);
    CHECK(text.find("1.3.s5.0_2.0.v5p571428571428571.0_1.0.mv1p5~-2~0.0_3.0.k.0") == 0);
    LessonProgress back;
    CHECK(read_lesson_progress(text, back).empty());
    CHECK(back == progress);
    CHECK(read_lesson_progress("1.0.vx.0", back).find("'v' and values") != std::string::npos);
    CHECK(read_lesson_progress("1.0.s256.0", back) != "");
    CHECK(read_lesson_progress("1.0.vnan.0", back) != "");
    CHECK(read_lesson_progress("1.0.v1~2~3~4~5~6~7~8~9.0", back) != "");
}
