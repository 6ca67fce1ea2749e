// Test (held-out) points: scoring by the answer and by the maximum-margin line, worked out by hand on the
// lecture-4 points; the session's verbs (undo, limits, generate, hold out); and their way through the
// link, the JSON state, the CSV split column and the goal facts.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/facts/goal_facts.hpp"
#include "core/learn/csv.hpp"
#include "core/lesson/goal_expression.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "core/facts/snapshot_json.hpp"
#include "core/state/state_json.hpp"
#include "core/theory/held_out.hpp"

using namespace pl;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Five test points for the lecture-4 data (1,2)+ (2,1)+ (-1,-1)- (-1,1)-.
//   The unbiased perceptron ends at w = (2, 1) (lecture 004): f = 2x + y.
//   The maximum-margin line bisects the closest pair (1,2), (-1,1): w* = (2,1)/sqrt(5), 2x + y = 1.5.
//   point       label  2x+y   answer          2x+y-1.5  max margin
//   (0, 0)       -1     0     wrong (on it)    -1.5     right
//   (1, 0)       +1     2     right             0.5     right
//   (0, 2)       +1     2     right             0.5     right
//   (-2, 5)      +1     1     right            -0.5     wrong
//   (1, -1.5)    -1     0.5   wrong            -1       right
// answer 3 of 5, max margin 4 of 5.
Dataset lecture4_test_points() {
    Dataset t;
    t.add({0.0, 0.0}, -1);
    t.add({1.0, 0.0}, +1);
    t.add({0.0, 2.0}, +1);
    t.add({-2.0, 5.0}, +1);
    t.add({1.0, -1.5}, -1);
    return t;
}

WidgetState lecture4_unbiased_with_tests() {
    WidgetState s = default_link_state();
    s.config.bias = BiasMode::None;
    s.held_out = lecture4_test_points();
    return s;
}

}  // namespace

TEST_CASE("scores: the answer and the max-margin line on the same test points, by hand") {
    const Dataset train = default_link_state().data;
    const Separator best = max_margin_with_bias(train.points, train.labels);
    REQUIRE(best.separable);
    CHECK(best.w[0] == doctest::Approx(2.0 / std::sqrt(5.0)));
    CHECK(best.b == doctest::Approx(-1.5 / std::sqrt(5.0)));
    DecisionField answer;
    answer.bias = BiasMode::None;
    answer.w = {2.0, 1.0};
    const TestScores t = score_test_points(lecture4_test_points(), answer, nullptr, best, LiftKind::None);
    CHECK(t.points == 5);
    REQUIRE(t.answer_known);
    CHECK(t.answer_wrong == std::vector<signed char>{1, 0, 0, 0, 1});
    CHECK(t.answer_correct == 3);
    CHECK(t.answer_accuracy == 0.6);
    REQUIRE(t.best_known);
    CHECK(t.best_correct == 4);
    CHECK(t.best_accuracy == 0.8);
    // In hand mode the unit's rule scores them: x1 + x2 >= 1 fires.
    HandUnit unit;
    unit.w1 = unit.w2 = 1.0;
    unit.k = 1.0;
    const TestScores h = score_test_points(lecture4_test_points(), answer, &unit, best, LiftKind::None);
    CHECK(h.answer_wrong == std::vector<signed char>{0, 0, 0, 0, 0});  // (1,0): sum 1 = k fires, and is +1
    // No test points, or no max-margin line (one class).
    CHECK(score_test_points(Dataset{}, answer, nullptr, best, LiftKind::None).best_why_not == "there are no test points");
    Dataset one_class;
    one_class.add({1.0, 1.0}, 1);
    const TestScores none = score_test_points(lecture4_test_points(), answer, nullptr,
                                              max_margin_with_bias(one_class.points, one_class.labels), LiftKind::None);
    CHECK_FALSE(none.best_known);
    CHECK(contains(none.best_why_not, "only one class"));
}

TEST_CASE("session: training never sees the test points, goal facts and the JSON snapshot score them") {
    Session s(lecture4_unbiased_with_tests());
    CHECK(s.learner().data().size() == 4);
    CHECK(s.theory().n == 4);
    s.train_until_converged();
    CHECK(s.learner().weights() == Vec{2.0, 1.0});
    const GoalFacts f = goal_facts(s);
    CHECK(f.test_points == 5);
    CHECK(f.test_accuracy == 0.6);
    const std::string snapshot = snapshot_json(s.state(), s.learner(), s.theory());
    CHECK(contains(snapshot, "\"testAccuracy\":0.6"));
    CHECK(contains(snapshot, "\"maxMarginTestAccuracy\":0.8"));
    const GoalParse goal = parse_goal("test_points == 5 and test_accuracy < 0.7");
    REQUIRE(goal.ok);
    CHECK(evaluate_goal(goal.goal, f));
    Session empty;
    CHECK_FALSE(goal_facts(empty).defined(GoalName::TestAccuracy));
    CHECK(goal_facts(empty).why_undefined(GoalName::TestAccuracy) == "there are no test points");
    CHECK(contains(snapshot_json(empty.state(), empty.learner(), empty.theory()), "\"testAccuracy\":null"));
}

TEST_CASE("session: moving points between training and test is undoable and restarts training") {
    Session s;
    s.train_until_converged();
    REQUIRE(s.move_to_test(1));  // (2,1)+
    CHECK(s.state().data.size() == 3);
    REQUIRE(s.state().held_out.size() == 1);
    CHECK(s.state().held_out.points[0] == Vec{2.0, 1.0});
    CHECK(s.state().held_out.labels[0] == 1);
    CHECK(s.state().trained_visits == 0);  // the training set changed (edit policy: restart)
    REQUIRE(s.move_to_training(0));
    CHECK(s.state().data.points.back() == Vec{2.0, 1.0});
    CHECK(s.state().held_out.empty());
    REQUIRE(s.undo());
    CHECK(s.state().held_out.size() == 1);
    REQUIRE(s.undo());
    CHECK(s.state().held_out.empty());
    CHECK(s.state().data.points[1] == Vec{2.0, 1.0});
    REQUIRE(s.add_test_point({0.30001, -0.7}, -1));
    CHECK(s.state().held_out.points[0] == Vec{snap_to_grid(0.30001), snap_to_grid(-0.7)});
    const std::uint64_t revision = s.data_revision();
    REQUIRE(s.remove_test_point(0));
    CHECK(s.data_revision() > revision);
    CHECK_FALSE(s.remove_test_point(0));
    REQUIRE(s.add_test_point({1, 1}, 1));
    REQUIRE(s.clear_test_set());
    CHECK(s.state().held_out.empty());
    REQUIRE(s.undo());
    CHECK(s.state().held_out.size() == 1);
    // A new data set drops the old test points (undo brings them back).
    REQUIRE(s.load_preset(Preset::Xor, {}));
    CHECK(s.state().held_out.empty());
    REQUIRE(s.undo());
    CHECK(s.state().held_out.size() == 1);
}

TEST_CASE("session: a test set from the same generator with another seed, refused for fixed data") {
    Session s;
    CHECK_FALSE(s.generate_test_set());
    CHECK(contains(s.notice(), "only for data made by a generator"));
    GeneratorParams g;
    g.n = 60;
    g.seed = 7;
    REQUIRE(s.load_preset(Preset::Circles, g));
    REQUIRE(s.generate_test_set());
    const Dataset first = s.state().held_out;
    CHECK(first.size() == 60);
    CHECK(first.points != s.state().data.points);
    g.seed = test_set_seed(7);
    CHECK(first.points == make_preset(Preset::Circles, g).points);  // exactly the generator's other stream
    REQUIRE(s.generate_test_set());
    CHECK(s.state().held_out.points == first.points);  // same seed, same test set
    CHECK(test_set_seed(7) != 7);
    CHECK(test_set_seed(7) != 8);
    CHECK(test_set_seed(7) != test_set_seed(8));
}

TEST_CASE("session: a test set of separable data lies about the same hidden line as the training set") {
    // Found while writing the test-points lesson: the test set drew a new hidden line with its seed,
    // so the training set's separators (and the max-margin line) were tested against another problem.
    for (std::uint64_t seed : {1u, 7u, 23u, 40u}) {
        GeneratorParams g;
        g.n = 40;
        g.seed = seed;
        g.margin = 0.2;
        Session s;
        REQUIRE(s.load_preset(Preset::SeparableMargin, g));
        REQUIRE(s.generate_test_set());
        REQUIRE(s.state().held_out.size() == 40);
        CHECK(s.state().held_out.points != s.state().data.points);
        // Training and test points together are still separable (with a bias): one line for both.
        WidgetState both = s.state();
        for (std::size_t i = 0; i < both.held_out.size(); ++i) both.data.add(both.held_out.points[i], both.held_out.labels[i]);
        both.held_out = Dataset{};
        both.config.bias = BiasMode::Absorbed;
        Session joined(both);
        CHECK_MESSAGE(joined.theory().separable, "seed " << seed);
        CHECK(joined.theory().gamma_star > 0.0);
    }
}

TEST_CASE("session: hold out a quarter, seeded, keeping at least one training point") {
    Session s;
    REQUIRE(s.hold_out_share(0.25));  // 4 points: 1 held out
    CHECK(s.state().data.size() == 3);
    CHECK(s.state().held_out.size() == 1);
    const WidgetState after = s.state();
    REQUIRE(s.undo());
    REQUIRE(s.hold_out_share(0.25));
    CHECK(s.state().held_out.points == after.held_out.points);  // the same choice again
    CHECK(choose_held_out(8, 2, 5) == choose_held_out(8, 2, 5));
    CHECK(choose_held_out(8, 2, 5).size() == 2);
    CHECK(choose_held_out(3, 10, 1) == std::vector<std::size_t>{0, 1, 2});
    Session one;
    one.clear_points();
    one.add_point({1, 1}, 1);
    CHECK_FALSE(one.hold_out_share(0.25));
    CHECK(contains(one.notice(), "at least two"));
}

TEST_CASE("session: the point limit counts training and test points together") {
    WidgetState big = default_link_state();
    big.data.points.assign(kMaxPoints - 1, Vec{0.5, 0.5});
    big.data.labels.assign(kMaxPoints - 1, 1);
    Session s(big);
    REQUIRE(s.add_test_point({1, 1}, -1));
    CHECK_FALSE(s.add_test_point({1, 2}, -1));
    CHECK(contains(s.notice(), "training and test together"));
    CHECK_FALSE(s.add_point({1, 2}, -1));
}

TEST_CASE("link: test points travel as t, an old link has none, a bad t is refused by name") {
    WidgetState s = lecture4_unbiased_with_tests();
    const std::string link = encode_fragment(s);
    CHECK(contains(link, "&t="));
    const DecodeResult back = decode_fragment(link);
    REQUIRE(back.ok);
    CHECK(back.state.held_out.points == s.held_out.points);
    CHECK(back.state.held_out.labels == s.held_out.labels);
    const DecodeResult old = decode_fragment("d=AgQDgBCAIIAQ_w__L_8fAIAg&bias=none&v=1");
    REQUIRE(old.ok);
    CHECK(old.state.held_out.empty());
    CHECK(old.state.held_out.dim == 2);
    CHECK_FALSE(contains(encode_fragment(old.state), "t="));  // none: left out
    // 1-D data with 1-D test points.
    WidgetState one_d = default_link_state();
    one_d.data = make_preset(Preset::Bias1D);
    one_d.held_out.dim = 1;
    one_d.held_out.add({0.5}, 1);
    const DecodeResult b1 = decode_fragment(encode_fragment(one_d));
    REQUIRE(b1.ok);
    CHECK(b1.state.held_out.points == std::vector<Vec>{{0.5}});
    // A 1-D test set beside 2-D data.
    const std::string t1 = encode_points(one_d.held_out);
    const DecodeResult mismatch = decode_fragment("d=AgQDgBCAIIAQ_w__L_8fAIAg&t=" + t1 + "&v=1");
    CHECK_FALSE(mismatch.ok);
    CHECK(contains(mismatch.error, "test points have dimension 1 but the training points 2"));
    const DecodeResult damaged = decode_fragment("t=AgQDgB&v=1");
    CHECK_FALSE(damaged.ok);
    CHECK(contains(damaged.error, "In the test points (t): The link is damaged"));
}

TEST_CASE("JSON: heldOut travels, a state without it has none, bad ones are refused by name") {
    const WidgetState s = lecture4_unbiased_with_tests();
    const std::string json = state_to_json(s);
    CHECK(contains(json, "\"heldOut\":{\"points\":[[0.0,0.0],[1.0,0.0],[0.0,2.0],[-2.0,5.0],[1.0,-1.5]],\"labels\":[-1,1,1,1,-1]}"));
    const DecodeResult back = state_from_json(json);
    REQUIRE(back.ok);
    CHECK(back.state.held_out.points == s.held_out.points);
    CHECK(back.warnings.empty());
    const DecodeResult none = state_from_json(R"({"points": [[1, 2]], "labels": [1]})");
    REQUIRE(none.ok);
    CHECK(none.state.held_out.empty());
    const DecodeResult wrong_dim = state_from_json(R"({"points": [[1, 2]], "labels": [1], "heldOut": {"points": [[1, 2, 3]], "labels": [1]}})");
    CHECK_FALSE(wrong_dim.ok);
    CHECK(contains(wrong_dim.error, "the test points (heldOut.points): point 1 must be a list of 2 numbers"));
    const DecodeResult labels = state_from_json(R"({"heldOut": {"points": [[1, 2]], "labels": [1, -1]}})");
    CHECK_FALSE(labels.ok);
    CHECK(contains(labels.error, "(heldOut.labels): there are 2 labels for 1 points"));
    const DecodeResult not_object = state_from_json(R"({"heldOut": [1, 2]})");
    CHECK_FALSE(not_object.ok);
    CHECK(contains(not_object.error, "heldOut"));
}

TEST_CASE("CSV: an optional split column sends rows to training or test, writing adds it only when needed") {
    const CsvResult r = parse_csv("x1,x2,label,split\n1,2,1,train\n2,1,1,TEST\n-1,-1,0,train\n0,0,0,test\n");
    REQUIRE(r.ok);
    CHECK(r.had_split);
    CHECK(r.data.dim == 2);
    CHECK(r.data.points == std::vector<Vec>{{1, 2}, {-1, -1}});
    CHECK(r.held_out.points == std::vector<Vec>{{2, 1}, {0, 0}});
    CHECK(r.held_out.labels == std::vector<int>{1, -1});  // 0/1 labels: 0 is -1 in both lists
    CHECK(contains(r.summary(), "2 points in 2-D (1 positive, 1 negative) for training and 2 test points"));
    const CsvResult bad = parse_csv("1,2,1,train\n2,1,1,validation\n");
    CHECK_FALSE(bad.ok);
    CHECK(contains(bad.summary(), "line 2: split 'validation' must be train or test"));
    // Found by fuzz_csv: a file of test rows only was read as ok with no training points.
    const CsvResult only_test = parse_csv("x1,x2,label,split\n-1,1,-1,TEST\n");
    CHECK_FALSE(only_test.ok);
    CHECK(contains(only_test.summary(), "every row is a test point (split = test): at least one row must be split = train"));
    const CsvResult missing = parse_csv("1,2,1,train\n2,1,1\n");
    CHECK_FALSE(missing.ok);
    CHECK(contains(missing.summary(), "expected 4 columns"));
    // No split column: the old three-column format, everything for training.
    const CsvResult plain = parse_csv("1,2,1\n2,1,-1\n");
    REQUIRE(plain.ok);
    CHECK_FALSE(plain.had_split);
    CHECK(plain.held_out.empty());
    const WidgetState s = lecture4_unbiased_with_tests();
    const std::string written = write_csv(s.data, s.held_out);
    CHECK(written.rfind("x1,x2,label,split\n1,2,1,train\n", 0) == 0);
    CHECK(contains(written, "\n1,-1.5,-1,test\n"));
    const CsvResult again = parse_csv(written);
    REQUIRE(again.ok);
    CHECK(again.data.points == s.data.points);
    CHECK(again.held_out.points == s.held_out.points);
    CHECK(write_csv(s.data, Dataset{}) == write_csv(s.data));
    // The session takes both lists from an import.
    Session session;
    REQUIRE(session.replace_data(again.data, "mine.csv", again.held_out));
    CHECK(session.state().held_out.size() == 5);
}
