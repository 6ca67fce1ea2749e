// Session verbs of hand mode: a McCulloch-Pitts unit whose w and k a person sets (threshold_unit.hpp).
// Declared in session.hpp.
#include <cmath>
#include <utility>

#include "core/session/session.hpp"

namespace pl {

namespace {
bool finite_unit(const HandUnit& unit) {
    for (double v : {unit.w1, unit.w2, unit.k})
        if (!std::isfinite(v) || std::fabs(v) > kMaxSettingMagnitude) return false;
    return true;
}
bool same_values(const HandUnit& a, const HandUnit& b) { return a.w1 == b.w1 && a.w2 == b.w2 && a.k == b.k; }
}  // namespace

const char* Session::hand_mode_training_notice() {
    return "Hand mode: you set w and k yourself, as McCulloch and Pitts did in 1943, so the perceptron does not "
           "train. Turn hand mode off to let it learn w from the mistakes (it starts from its own w\xE2\x82\x80, not from yours).";
}

// Training progress is kept while hand mode is on (training is refused, not reset), so turning it off
// shows the learner exactly as it was.
void Session::set_hand_mode(bool on) {
    if (state_.hand.on == on) return;
    if (on && state_.online_mode) set_online_mode(false);
    state_.hand.on = on;
    touch();
}

bool Session::set_hand_unit(const HandUnit& unit) {
    if (!editable("setting w and k")) return false;
    if (!finite_unit(unit)) {
        notice_ = "w and k must be finite numbers of size at most 1000000.";
        touch();
        return false;
    }
    if (same_values(unit, state_.hand)) return false;
    push_undo();
    const bool on = state_.hand.on;
    state_.hand = unit;
    state_.hand.on = on;
    touch();
    return true;
}

void Session::begin_hand_drag() {
    if (!state_.readonly) hand_origin_ = snapshot();
}

bool Session::drag_hand_unit(const HandUnit& unit) {
    if (!hand_origin_ || !finite_unit(unit) || same_values(unit, state_.hand)) return false;
    const bool on = state_.hand.on;
    state_.hand = unit;
    state_.hand.on = on;
    touch();
    return true;
}

void Session::end_hand_drag() {
    if (!hand_origin_) return;
    if (!same_values(hand_origin_->hand, state_.hand)) {
        undo_.push_back(std::move(*hand_origin_));
        redo_.clear();
    }
    hand_origin_.reset();
}

bool Session::load_gate(Gate gate) {
    if (!editable("loading the logic gates")) return false;
    GateExample example = make_gate(gate);
    push_undo();
    new_data_set(std::move(example.data), example.preset);
    state_.hand = example.unit;  // on: the gate is a unit set by hand
    if (state_.online_mode) set_online_mode(false);
    touch();
    return true;
}

}  // namespace pl
