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

// "converged (an epoch without mistakes)", "training", "not trained yet", ...
std::string training_state_text(const Learner& learner);
// "Perceptron · M = 3 mistakes · epoch 2 · converged (an epoch without mistakes)"
std::string status_line(const Learner& learner, Algorithm algorithm);
// "Model predicted +1 (score 0.5); true label −1: mistake, w updated". A score of exactly 0 is said as
// "on the line", which counts as a mistake (y·f ≤ 0), whatever sign() would answer.
std::string online_sentence(const Session::OnlineResult& result);

}  // namespace pl
