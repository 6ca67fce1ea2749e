// Sentences and numbers for people: the status line under the canvas, the online-mode verdict. One
// formatter per purpose: display_number() for what a person reads (a few significant digits), while
// shortest_decimal() (decimal.hpp) writes the exact text that links and JSON need.
// Std only, so the canvas, the CLI and the accessible mirror can all say the same thing.
#pragma once
#include <string>

#include "learner.hpp"
#include "session.hpp"

namespace pl {

// "0.707", "1.2e+03", "n/a" for NaN, "∞" / "−∞"; `significant` digits, no trailing zeros.
std::string display_number(double value, int significant = 4);
// "+1" or "−1" (a real minus sign).
std::string label_text(int label);
// "point 3" for index 2: points are numbered from 1 wherever people read them (0-based only in JSON).
std::string point_name(std::size_t index);

// "converged (an epoch without mistakes)", "training", "not trained yet", ... A clean epoch of logistic
// SGD or of a kernel perceptron that dropped outliers says what it really was (clean_epoch_caveat).
std::string training_state_text(const Learner& learner);
// Why an epoch without mistakes is not plain convergence, "" when it is: logistic SGD still moved w on
// every visit; the kernel perceptron no longer visits the points it dropped as outliers.
std::string clean_epoch_caveat(const Learner& learner);
// What one visit does, for the Step button: "update w if y·f(x) ≤ 0 ..." or logistic SGD's every-visit step.
std::string update_rule_text(const TrainConfig& config);
// "Perceptron · M = 3 mistakes · epoch 2 · converged (an epoch without mistakes)"
std::string status_line(const Learner& learner, Algorithm algorithm);
// "Model predicted +1 (score 0.5); true label −1: mistake, w updated". A score of exactly 0 is said as
// "on the line", which counts as a mistake (y·f ≤ 0), whatever sign() would answer.
std::string online_sentence(const Session::OnlineResult& result);

}  // namespace pl
