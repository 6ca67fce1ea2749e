// McCulloch-Pitts units set by hand (lecture 002): the firing rule with its tie (a sum at k fires), the
// lecture's gates worked out by hand, the two margins, the handles' geometry, hand mode in the session
// (training refused, undo, nothing lost) and in the link, JSON and goal facts.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/facts/goal_facts.hpp"
#include "core/facts/model_facts.hpp"
#include "core/learn/threshold_unit.hpp"
#include "core/lesson/goal_expression.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"

using namespace pl;

namespace {

Dataset truth_table(bool (*gate)(bool, bool)) {
    Dataset d;
    for (double a : {0.0, 1.0})
        for (double b : {0.0, 1.0}) d.add({a, b}, gate(a > 0, b > 0) ? 1 : -1);
    return d;
}
bool gate_and(bool a, bool b) { return a && b; }
bool gate_or(bool a, bool b) { return a || b; }

HandUnit unit(double w1, double w2, double k) {
    HandUnit u;
    u.on = true;
    u.w1 = w1;
    u.w2 = w2;
    u.k = k;
    return u;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("unit: AND with w = (1, 1), k = 2 gets all four {0,1} points right, (1,1) sits on the threshold and fires") {
    const Dataset data = truth_table(gate_and);
    const HandUnit u = unit(1, 1, 2);
    CHECK(unit_sum(u, {1.0, 1.0}) == 2.0);
    CHECK(unit_fires(u, {1.0, 1.0}));        // 2 >= 2: the tie fires
    CHECK_FALSE(unit_fires(u, {1.0, 0.0}));  // 1 < 2
    const UnitFacts f = unit_facts(u, data);
    CHECK(f.wrong_count == 0);
    CHECK(f.accuracy == 1.0);
    CHECK(f.on_threshold == 1);
    // y (w.x - k): (0,0) -1*(0-2) = 2, (0,1) and (1,0) -1*(1-2) = 1, (1,1) +1*(2-2) = 0.
    CHECK(f.functional_margin == 0.0);
    CHECK(f.geometric_margin == 0.0);
    // The perceptron's bookkeeping calls that same (1,1) a mistake: y (w.x - k) = 0 <= 0.
    CHECK(is_wrong(unit_field(u, 2).eval({1.0, 1.0}), +1));
}

TEST_CASE("unit: the lecture's AND (k = 1.5) has functional margin 0.5 and geometric margin 0.5/sqrt(2)") {
    const UnitFacts f = unit_facts(unit(1, 1, 1.5), truth_table(gate_and));
    CHECK(f.wrong_count == 0);
    CHECK(f.on_threshold == 0);
    CHECK(f.functional_margin == 0.5);  // (0,1), (1,0): -(1 - 1.5); (1,1): 2 - 1.5
    CHECK(f.geometric_margin == doctest::Approx(0.5 / std::sqrt(2.0)).epsilon(1e-15));
    CHECK(f.geometric_defined);
}

TEST_CASE("unit: k = 1 turns the same weights into OR, on the AND table it then fires twice too often") {
    const HandUnit u = unit(1, 1, 1);
    const UnitFacts on_or = unit_facts(u, truth_table(gate_or));
    CHECK(on_or.wrong_count == 0);
    CHECK(on_or.on_threshold == 2);  // (0,1) and (1,0): sum 1 = k, they fire, as OR needs
    CHECK(on_or.functional_margin == 0.0);
    const UnitFacts on_and = unit_facts(u, truth_table(gate_and));
    CHECK(on_and.wrong_count == 2);
    CHECK(on_and.wrong == std::vector<signed char>{0, 1, 1, 0});  // (0,1) and (1,0) fire but are -1
    CHECK(on_and.accuracy == 0.5);
    CHECK(on_and.functional_margin == 0.0);  // -1 * (1 - 1) = 0: on the wrong side's edge
}

TEST_CASE("unit: AND with k = 2.5 never fires: (1,1) is wrong by 0.5") {
    const UnitFacts f = unit_facts(unit(1, 1, 2.5), truth_table(gate_and));
    CHECK(f.wrong_count == 1);
    CHECK(f.wrong[3] == 1);
    CHECK(f.functional_margin == -0.5);
    CHECK(f.geometric_margin == doctest::Approx(-0.5 / std::sqrt(2.0)));
}

TEST_CASE("unit: NOT with w = -1, k = -0.5 on 1-D inputs: 0 fires, 1 stays silent, both 0.5 from the threshold") {
    // The lecture's NOT(x) = -x as a threshold unit (finding F11): k = 0 would leave 0 on the threshold.
    const GateExample g = make_gate(Gate::Not);
    CHECK(g.data.dim == 1);
    REQUIRE(g.data.size() == 2);
    CHECK(g.data.labels == std::vector<int>{1, -1});
    CHECK(g.unit.w1 == -1.0);
    CHECK(g.unit.k == -0.5);
    CHECK(unit_fires(g.unit, {0.0}));
    CHECK_FALSE(unit_fires(g.unit, {1.0}));
    const UnitFacts f = unit_facts(g.unit, g.data);
    CHECK(f.wrong_count == 0);
    CHECK(f.on_threshold == 0);
    CHECK(f.functional_margin == 0.5);
    CHECK(f.geometric_margin == 0.5);
    // w2 plays no part for 1-D data, whatever it holds.
    HandUnit odd = g.unit;
    odd.w2 = 100.0;
    CHECK(unit_facts(odd, g.data).geometric_margin == 0.5);
    CHECK(unit_sum(odd, {1.0}) == -1.0);
}

TEST_CASE("unit: the gates are the lecture's truth tables and units") {
    const GateExample a = make_gate(Gate::And), o = make_gate(Gate::Or);
    CHECK(a.data.labels == truth_table(gate_and).labels);
    CHECK(o.data.labels == truth_table(gate_or).labels);
    CHECK(a.unit.k == 1.5);
    CHECK(o.unit.k == 1.0);
    CHECK((a.unit.w1 == 1.0 && a.unit.w2 == 1.0 && o.unit.w1 == 1.0 && o.unit.w2 == 1.0));
    CHECK(a.unit.on);
    CHECK(unit_facts(a.unit, a.data).wrong_count == 0);
    CHECK(unit_facts(o.unit, o.data).wrong_count == 0);
    CHECK(std::string(gate_name(Gate::Not)) == "NOT");
}

TEST_CASE("unit: w = 0 fires everywhere when k <= 0 and nowhere else, it has no line and no geometric margin") {
    const Dataset data = truth_table(gate_or);
    const UnitFacts nowhere = unit_facts(unit(0, 0, 0.5), data);
    CHECK(nowhere.wrong_count == 3);  // the three +1 points
    const UnitFacts everywhere = unit_facts(unit(0, 0, 0), data);
    CHECK(everywhere.wrong_count == 1);  // (0,0) fires but is -1
    CHECK_FALSE(everywhere.geometric_defined);
    Vec foot;
    CHECK_FALSE(threshold_foot(unit(0, 0, 1), 2, foot));
}

TEST_CASE("unit: the field the canvas paints is f(x) = w.x - k") {
    const DecisionField f = unit_field(unit(2, -1, 0.5), 2);
    CHECK(f.kind == DecisionField::Kind::Linear);
    CHECK(f.eval({1.0, 3.0}) == 2.0 - 3.0 - 0.5);
    const DecisionField one_d = unit_field(unit(-1, 7, 0), 1);
    CHECK(one_d.eval({1.0, 5.0}) == -1.0);  // the canvas's x2 is ignored for 1-D data
}

TEST_CASE("unit: the handles: w's tip, the threshold's foot k w / |w|^2, drags snapped to 1/8") {
    const HandUnit u = unit(1, 1, 1.5);
    CHECK(weight_tip(u, 2) == Vec{1.0, 1.0});
    Vec foot;
    REQUIRE(threshold_foot(u, 2, foot));
    CHECK(foot == Vec{0.75, 0.75});  // on the line x1 + x2 = 1.5, nearest the origin
    const HandUnit moved = with_weight_tip(u, {0.9, 1.3}, 2);
    CHECK(moved.w1 == 0.875);
    CHECK(moved.w2 == 1.25);
    CHECK(moved.k == 1.5);
    CHECK(with_threshold_through(u, {1.0, 0.0}, 2).k == 1.0);   // the line through (1, 0): OR
    CHECK(with_threshold_through(u, {1.05, 0.98}, 2).k == 2.0);  // 2.03 snaps to 2
    // 1-D: only w1 moves, the foot is k / w1 on the axis.
    const HandUnit n = unit(-1, 0.5, 0.5);
    CHECK(with_weight_tip(n, {-2.1, 4.0}, 1).w1 == -2.125);
    CHECK(with_weight_tip(n, {-2.1, 4.0}, 1).w2 == 0.5);
    REQUIRE(threshold_foot(n, 1, foot));
    CHECK(foot == Vec{-0.5, 0.0});
}

TEST_CASE("session: a gate turns hand mode on, training is refused with a reason and nothing is lost") {
    Session s;
    s.train_until_converged();
    const std::uint64_t trained = s.state().trained_visits;
    const std::size_t mistakes = s.learner().mistakes();
    REQUIRE(trained > 0);
    s.set_hand_mode(true);
    CHECK(s.state().hand.on);
    const Update u = s.step();
    CHECK_FALSE(u.visited);
    CHECK(contains(s.notice(), "Hand mode"));
    CHECK(s.epoch() == 0);
    CHECK_FALSE(s.train_until_converged());
    CHECK(s.run_visits(100) == 0);
    CHECK(s.next_mistake().visited == false);
    CHECK(s.state().trained_visits == trained);
    s.set_hand_mode(false);
    CHECK(s.learner().mistakes() == mistakes);  // the learner is as it was
    CHECK(s.step().visited);

    REQUIRE(s.load_gate(Gate::And));
    CHECK(s.state().hand.on);
    CHECK(s.state().preset == "mcculloch-pitts-and");
    CHECK(s.state().data.size() == 4);
    CHECK(s.state().hand.k == 1.5);
    REQUIRE(s.undo());  // back to the lecture points; the switch stays on
    CHECK(s.state().data.size() == 4);
    CHECK(s.state().data.points[0] == Vec{1.0, 2.0});
    CHECK(s.state().hand.on);
}

TEST_CASE("session: hand edits are undoable, a drag is one entry, and undo keeps training") {
    Session s;
    s.set_hand_mode(true);
    REQUIRE(s.set_hand_unit(unit(2, 0.5, 1)));
    CHECK(s.state().hand.w1 == 2.0);
    CHECK(s.state().hand.on);
    s.set_hand_mode(false);
    s.train_until_converged();
    const std::uint64_t trained = s.state().trained_visits;
    s.set_hand_mode(true);
    s.begin_hand_drag();
    CHECK(s.drag_hand_unit(unit(3, 0.5, 1)));
    CHECK(s.drag_hand_unit(unit(4, 0.5, 1)));
    s.end_hand_drag();
    CHECK(s.state().hand.w1 == 4.0);
    REQUIRE(s.undo());  // the whole drag
    CHECK(s.state().hand.w1 == 2.0);
    CHECK(s.state().trained_visits == trained);  // only w and k changed: the learner is untouched
    REQUIRE(s.undo());
    CHECK(s.state().hand.w1 == 1.0);
    CHECK(s.state().hand.k == 1.5);
    REQUIRE(s.redo());
    CHECK(s.state().hand.w1 == 2.0);
    // Non-finite or oversized values are refused with a message.
    CHECK_FALSE(s.set_hand_unit(unit(std::nan(""), 0, 0)));
    CHECK(contains(s.notice(), "finite"));
    CHECK_FALSE(s.set_hand_unit(unit(2e6, 0, 0)));
    CHECK(s.state().hand.w1 == 2.0);
}

TEST_CASE("session: hand mode and online mode exclude each other") {
    Session s;
    s.set_online_mode(true);
    s.set_hand_mode(true);
    CHECK_FALSE(s.state().online_mode);
    s.set_online_mode(true);
    CHECK_FALSE(s.state().hand.on);
    WidgetState both = s.state();
    both.hand.on = true;
    both.online_mode = true;
    s.load_state(both);  // a hand-made link with both: hand mode wins
    CHECK(s.state().hand.on);
    CHECK_FALSE(s.state().online_mode);
}

TEST_CASE("link and JSON: hand mode travels, an old link without it means hand mode off") {
    WidgetState s = default_link_state();
    s.hand = unit(-0.5, 2.25, 0.125);
    const std::string link = encode_fragment(s);
    CHECK(contains(link, "hand=1&hw1=-0.5&hw2=2.25&hk=0.125&"));
    const DecodeResult back = decode_fragment(link);
    REQUIRE(back.ok);
    CHECK(back.state.hand.on);
    CHECK(back.state.hand.w1 == -0.5);
    CHECK(back.state.hand.w2 == 2.25);
    CHECK(back.state.hand.k == 0.125);
    const DecodeResult old = decode_fragment("d=AgQDgBCAIIAQ_w__L_8fAIAg&alg=kernel&v=1");
    REQUIRE(old.ok);
    CHECK_FALSE(old.state.hand.on);
    CHECK(old.state.hand.k == 1.5);
    const DecodeResult json = state_from_json(state_to_json(s));
    REQUIRE(json.ok);
    CHECK(json.state.hand.w2 == 2.25);
    CHECK(contains(state_to_json(s), "\"hand\":{\"on\":true,\"w1\":-0.5,\"w2\":2.25,\"k\":0.125}"));
    // Refused, with the setting named.
    const DecodeResult bad = decode_fragment("hw1=nan&v=1");
    CHECK_FALSE(bad.ok);
    CHECK(contains(bad.error, "the hand-set weight w1 (hw1)"));
    const DecodeResult big = state_from_json(R"({"hand": {"k": 1e7}})");
    CHECK_FALSE(big.ok);
    CHECK(contains(big.error, "the hand-set threshold k (hand.k)"));
}

TEST_CASE("goal facts: hand, and accuracy and margin of the hand unit in hand mode") {
    Session s;
    REQUIRE(s.load_gate(Gate::Or));
    GoalFacts f = goal_facts(s);
    CHECK(f.hand);
    CHECK(f.accuracy == 1.0);
    CHECK(f.margin == 0.0);  // the two ties
    REQUIRE(s.set_hand_unit(unit(1, 1, 1.5)));  // now AND's unit on OR's table: (0,1), (1,0) silent
    f = goal_facts(s);
    CHECK(f.accuracy == 0.5);
    CHECK(f.margin == doctest::Approx(-0.5 / std::sqrt(2.0)));
    const GoalParse goal = parse_goal("hand and accuracy == 1");
    REQUIRE(goal.ok);
    CHECK_FALSE(evaluate_goal(goal.goal, f));
    REQUIRE(s.set_hand_unit(unit(1, 1, 0.5)));
    CHECK(evaluate_goal(goal.goal, goal_facts(s)));
    s.set_hand_mode(false);
    CHECK_FALSE(goal_facts(s).hand);
}

TEST_CASE("status line: the rule, the wrong count and the ties") {
    const UnitFacts f = unit_facts(unit(1, 1, 1), truth_table(gate_or));
    const std::string line = unit_status_line(unit(1, 1, 1), f, 4);
    CHECK(contains(line, "fires when w\xC2\xB7x \xE2\x89\xA5 k"));
    CHECK(contains(line, "0 of 4 wrong"));
    CHECK(contains(line, "2 on the threshold (they fire)"));
}
