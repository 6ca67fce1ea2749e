#include "core/learn/threshold_unit.hpp"

#include <algorithm>
#include <cmath>


namespace pl {

namespace {
double snapped(double value) {
    const double limit = kMaxSettingMagnitude;
    return std::clamp(std::round(value / kHandStep) * kHandStep, -limit, limit);
}
double coordinate(const Vec& x, std::size_t i) { return i < x.size() ? x[i] : 0.0; }
std::size_t used_dims(int dim) { return dim >= 2 ? 2 : 1; }
}  // namespace

// [SECTION] The unit's rule
double unit_sum(const HandUnit& unit, const Vec& x) {
    double sum = unit.w1 * coordinate(x, 0);
    if (x.size() >= 2) sum += unit.w2 * x[1];
    return sum;
}

bool unit_fires(const HandUnit& unit, const Vec& x) { return unit_sum(unit, x) >= unit.k; }

bool unit_wrong(const HandUnit& unit, const Vec& x, int label) { return unit_fires(unit, x) != (label > 0); }

DecisionField unit_field(const HandUnit& unit, int input_dim) {
    DecisionField field;
    field.kind = DecisionField::Kind::Linear;
    field.input_dim = std::max(1, input_dim);
    field.lift = LiftKind::None;
    field.bias = BiasMode::None;
    field.w.assign(static_cast<std::size_t>(field.input_dim), 0.0);
    field.w[0] = unit.w1;
    if (field.input_dim >= 2) field.w[1] = unit.w2;
    field.b = -unit.k;
    return field;
}

// [SECTION] Facts on a set of points
UnitFacts unit_facts(const HandUnit& unit, const Dataset& data) {
    UnitFacts facts;
    facts.wrong.assign(data.size(), 0);
    double worst = INFINITY;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const double sum = unit_sum(unit, data.points[i]);
        const bool wrong = unit_wrong(unit, data.points[i], data.labels[i]);
        facts.wrong[i] = wrong ? 1 : 0;
        facts.wrong_count += wrong ? 1u : 0u;
        facts.on_threshold += sum == unit.k ? 1u : 0u;
        worst = std::min(worst, (data.labels[i] > 0 ? 1.0 : -1.0) * (sum - unit.k));
    }
    if (data.empty()) return facts;
    facts.accuracy = static_cast<double>(data.size() - facts.wrong_count) / static_cast<double>(data.size());
    facts.margins_defined = std::isfinite(worst);
    facts.functional_margin = worst;
    const double length = data.dim >= 2 ? std::hypot(unit.w1, unit.w2) : std::fabs(unit.w1);
    facts.geometric_defined = facts.margins_defined && length > 0;
    if (facts.geometric_defined) facts.geometric_margin = worst / length;
    return facts;
}

std::string unit_status_line(const HandUnit&, const UnitFacts& facts, std::size_t points) {
    std::string line = "Hand mode (McCulloch-Pitts): fires when w\xC2\xB7x \xE2\x89\xA5 k";
    if (points == 0) return line + " \xC2\xB7 no points";
    line += " \xC2\xB7 " + std::to_string(facts.wrong_count) + " of " + std::to_string(points) + " wrong";
    if (facts.on_threshold > 0)
        line += " \xC2\xB7 " + std::to_string(facts.on_threshold) + " on the threshold (they fire)";
    return line;
}

// [SECTION] Handles
Vec weight_tip(const HandUnit& unit, int dim) {
    Vec tip{unit.w1, 0.0};
    if (dim >= 2) tip[1] = unit.w2;
    return tip;
}

bool threshold_foot(const HandUnit& unit, int dim, Vec& out) {
    const Vec w = weight_tip(unit, dim);
    const double squared = squared_norm(w);
    if (!(squared > 0) || !std::isfinite(squared)) return false;
    out = {unit.k * w[0] / squared, unit.k * w[1] / squared};
    return std::isfinite(out[0]) && std::isfinite(out[1]);
}

HandUnit with_weight_tip(const HandUnit& unit, const Vec& tip, int dim) {
    HandUnit out = unit;
    out.w1 = snapped(coordinate(tip, 0));
    if (used_dims(dim) == 2) out.w2 = snapped(coordinate(tip, 1));
    return out;
}

HandUnit with_threshold_through(const HandUnit& unit, const Vec& point, int dim) {
    HandUnit out = unit;
    Vec x{coordinate(point, 0), used_dims(dim) == 2 ? coordinate(point, 1) : 0.0};
    out.k = snapped(unit_sum(unit, x));
    return out;
}

// [SECTION] The lecture's gates
const char* gate_name(Gate gate) {
    switch (gate) {
        case Gate::And: return "AND";
        case Gate::Or: return "OR";
        case Gate::Not: return "NOT";
    }
    return "";
}

GateExample make_gate(Gate gate) {
    GateExample g;
    g.unit.on = true;
    if (gate == Gate::Not) {
        g.data.dim = 1;
        g.data.add({0.0}, +1);  // NOT 0 = 1: the unit fires
        g.data.add({1.0}, -1);
        g.unit.w1 = -1.0;
        g.unit.w2 = 0.0;
        // The lecture gives NOT(x) = -x, with no threshold. As a threshold unit, k = 0 would put the
        // input 0 exactly on the threshold (a tie that fires); k = -0.5 leaves both inputs 0.5 away.
        g.unit.k = -0.5;
        g.preset = "mcculloch-pitts-not";
        return g;
    }
    const bool is_and = gate == Gate::And;
    g.data.dim = 2;
    for (double x1 : {0.0, 1.0})
        for (double x2 : {0.0, 1.0}) {
            const bool on = is_and ? (x1 > 0 && x2 > 0) : (x1 > 0 || x2 > 0);
            g.data.add({x1, x2}, on ? +1 : -1);
        }
    g.unit.w1 = 1.0;
    g.unit.w2 = 1.0;
    g.unit.k = is_and ? 1.5 : 1.0;
    g.preset = is_and ? "mcculloch-pitts-and" : "mcculloch-pitts-or";
    return g;
}

}  // namespace pl
