// Lecture 001's road from logistic regression to the perceptron, step by step, with the widget's
// current learning rate filled in: the texts of the Plots section's derivation (lesson markup:
// **bold** and `code`, lesson_markup.hpp). Std only, so the numbers and the glyphs are unit-tested.
#pragma once
#include <string>
#include <vector>

#include "core/base/config.hpp"

namespace pl {

// One paragraph per step. The widget's eta (the factor in w <- w + eta y x) is 2 eta of the derivation's
// SGD in {0, 1} labels, so the derivation's eta = 0.5 is the slider's 1: the textbook perceptron.
std::vector<std::string> sgd_derivation(const TrainConfig& config);

// The perceptron loss of lecture 001 and how its subgradient gives the same update (one paragraph).
std::string perceptron_loss_text();

}  // namespace pl
