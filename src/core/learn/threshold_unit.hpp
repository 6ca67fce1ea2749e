// McCulloch-Pitts threshold units (lecture 002), set by hand: the unit fires (answers +1) when
//     w1 x1 + w2 x2 >= k
// and stays silent (answers -1) otherwise. A sum exactly at the threshold FIRES. That is the
// opposite of the perceptron's bookkeeping, where a point with y (w.x - k) <= 0 counts as a mistake
// whatever its label: a +1 point with w.x = k is right for the unit and a mistake for the perceptron.
// The widget says so wherever both appear (the hand panel, the status line).
//
// The lecture's gates on inputs in {0, 1}: OR is w = (1, 1), k = 1 ("at least one input is on"),
// AND is w = (1, 1), k = 1.5 ("both inputs are on"). The lecture's NOT is NOT(x) = -x; its threshold
// version here is the single weight w = -1 with k = -0.5 (k = 0 would leave the input 0 on the threshold).
//
// Margins of the unit on labelled points, y = +1 for "fires" and -1 for "silent", with f(x) = w.x - k
// (the threshold is the bias b = -k of lecture 001):
//     functional margin  min_i y_i (w.x_i - k)
//     geometric margin   min_i y_i (w.x_i - k) / |w|   (a signed distance in the input plane)
// Std only.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/learn/decision_field.hpp"

namespace pl {

// A McCulloch-Pitts threshold unit set by hand (lecture 002): it fires (answers +1) when
// w1 x1 + w2 x2 >= k, a sum exactly at k included. Its rules are below.
struct HandUnit {
    bool on = false;   // hand mode: the canvas shows this unit instead of the learner's answer
    double w1 = 1.0;
    double w2 = 1.0;
    double k = 1.5;    // the threshold (the lecture's AND)
};

// A drag on the canvas moves w and k in steps of 1/8: exact in binary, so a sum can land exactly on the
// threshold (the tie the lecture's OR relies on) instead of 1e-17 beside it.
inline constexpr double kHandStep = 1.0 / 8.0;

// [SECTION] The unit's rule
double unit_sum(const HandUnit& unit, const Vec& x);   // w1 x1 + w2 x2 (a missing coordinate is 0)
bool unit_fires(const HandUnit& unit, const Vec& x);   // unit_sum >= k
bool unit_wrong(const HandUnit& unit, const Vec& x, int label);  // fires, but the label is -1; or the reverse

// f(x) = w.x - k as a linear decision field on `input_dim`-D input (no lift, no bias mode): the canvas
// paints and draws the unit like any linear answer. Weights beyond the second coordinate are 0.
DecisionField unit_field(const HandUnit& unit, int input_dim);

// [SECTION] What the unit does on a set of labelled points
struct UnitFacts {
    std::vector<signed char> wrong;   // per point, unit_wrong
    std::size_t wrong_count = 0;
    std::size_t on_threshold = 0;     // points with w.x = k exactly (they fire)
    double accuracy = 0;              // share right; 0 without points
    bool margins_defined = false;     // there are points
    double functional_margin = 0;     // min_i y_i (w.x_i - k)
    bool geometric_defined = false;   // also w != 0
    double geometric_margin = 0;      // functional / |w|
};
UnitFacts unit_facts(const HandUnit& unit, const Dataset& data);

// "Hand mode (McCulloch-Pitts): fires when w·x ≥ k · 1 of 4 wrong"
std::string unit_status_line(const HandUnit& unit, const UnitFacts& facts, std::size_t points);

// [SECTION] The two handles on the canvas (input plane, `dim` = 1 or 2 coordinates used)
Vec weight_tip(const HandUnit& unit, int dim);  // w drawn from the origin: its tip
// The threshold's handle: the point of the line w.x = k nearest the origin, k w / |w|^2. False when
// w = 0 (there is no line).
bool threshold_foot(const HandUnit& unit, int dim, Vec& out);
// The unit after a drag: w's tip at `tip`, or the line through `point` (k = w.point), snapped to kHandStep.
HandUnit with_weight_tip(const HandUnit& unit, const Vec& tip, int dim);
HandUnit with_threshold_through(const HandUnit& unit, const Vec& point, int dim);

// [SECTION] The lecture's gates on {0, 1} inputs: the truth table as points (fires = +1) and the unit
enum class Gate { And, Or, Not };
struct GateExample {
    Dataset data;
    HandUnit unit;       // on = true
    std::string preset;  // the name kept in the state: "mcculloch-pitts-and", ...
};
GateExample make_gate(Gate gate);
const char* gate_name(Gate gate);  // "AND", "OR", "NOT"

}  // namespace pl
