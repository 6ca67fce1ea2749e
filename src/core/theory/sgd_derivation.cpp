// The derivation's texts (our own words; the steps are lecture 001's).
#include "core/theory/sgd_derivation.hpp"

#include "core/base/display_text.hpp"

namespace pl {

std::vector<std::string> sgd_derivation(const TrainConfig& config) {
    const std::string eta = display_number(config.eta);
    const std::string half = display_number(config.eta / 2.0);
    std::vector<std::string> steps = {
        "**1. Logistic regression, labels y \xE2\x88\x88 {0, 1}.** The model gives the probability of class 1 as "
        "\xCE\xBC = \xCF\x83(w\xC2\xB7x) = 1 / (1 + exp(\xE2\x88\x92w\xC2\xB7x)). Gradient descent takes w \xE2\x86\x90 w \xE2\x88\x92 \xCE\xB7\xC2\xB7\xCE\xA3\xE2\x82\x99(\xCE\xBC\xE2\x82\x99 \xE2\x88\x92 y\xE2\x82\x99)x\xE2\x82\x99; stochastic "
        "gradient descent (SGD) uses one randomly picked example per step: `w \xE2\x86\x90 w \xE2\x88\x92 \xCE\xB7(\xCE\xBC\xE2\x82\x99 \xE2\x88\x92 y\xE2\x82\x99)x\xE2\x82\x99`.",
        "**2. Hard predictions.** Put the predicted label \xC5\xB7\xE2\x82\x99 \xE2\x88\x88 {0, 1} in place of the probability \xCE\xBC\xE2\x82\x99: "
        "\xC5\xB7\xE2\x82\x99 = 1 when w\xC2\xB7x\xE2\x82\x99 \xE2\x89\xA5 0 (that is, \xCE\xBC\xE2\x82\x99 \xE2\x89\xA5 0.5), else 0. The step `w \xE2\x86\x90 w \xE2\x88\x92 \xCE\xB7(\xC5\xB7\xE2\x82\x99 \xE2\x88\x92 y\xE2\x82\x99)x\xE2\x82\x99` is zero whenever "
        "\xC5\xB7\xE2\x82\x99 = y\xE2\x82\x99: only a wrong prediction moves w.",
        "**3. Predictions and labels in {\xE2\x88\x92" "1, +1}.** Now \xC5\xB7\xE2\x82\x99 \xE2\x88\x92 y\xE2\x82\x99 is 0 for a right prediction and \xE2\x88\x92" "2y\xE2\x82\x99 for a wrong one, so a "
        "mistake gives `w \xE2\x86\x90 w + 2\xCE\xB7\xC2\xB7y\xE2\x82\x99x\xE2\x82\x99`.",
        "**4. The perceptron.** With \xCE\xB7 = 0.5 the step is `w \xE2\x86\x90 w + y\xE2\x82\x99x\xE2\x82\x99`: the perceptron's rule.",
    };
    // What the slider means depends on the learner (finding F3): for the perceptron family it is the
    // factor of the mistake step (2η of step 3), for logistic SGD step 1's own η on every visit, and the
    // kernel perceptron does not read it.
    const std::string perceptron_here = "**Here.** The \xCE\xB7 slider is the factor in `w \xE2\x86\x90 w + \xCE\xB7\xC2\xB7y\xC2\xB7x`, so it stands for 2\xCE\xB7 of the steps "
                                        "above: \xCE\xB7 = " + eta + " on the slider is SGD with \xCE\xB7 = " + half + ", and each mistake adds " +
                                        eta + "\xC2\xB7y\xC2\xB7x. ";
    std::string here;
    switch (config.algorithm) {
        case Algorithm::Logistic:
            here = "**Here.** The Logistic regression (SGD) algorithm keeps the soft \xCE\xBC of step 1, and the \xCE\xB7 slider is step 1's "
                   "\xCE\xB7 (at the start of a decaying rate). With labels \xC2\xB1" "1 its step is "
                   "w \xE2\x86\x90 w + \xCE\xB7\xE2\x82\x9C\xCF\x83(\xE2\x88\x92y\xC2\xB7" "f(x))\xC2\xB7y\xC2\xB7x, \xCE\xB7\xE2\x82\x9C = " + eta +
                   "/(1 + decay\xC2\xB7t), on every visit, also when the point is right: there is no mistake step of " + eta +
                   "\xC2\xB7y\xC2\xB7x.";
            break;
        case Algorithm::Kernel:
            here = "**Here.** The kernel perceptron ignores the \xCE\xB7 slider (> 0): its counters \xCE\xB1 count mistakes, so its w = "
                   "\xCE\xA3\xE1\xB5\xA2\xCE\xB1\xE1\xB5\xA2y\xE1\xB5\xA2\xCF\x86(x\xE1\xB5\xA2) is the w of the run with \xCE\xB7 = 1, and each mistake adds y\xC2\xB7\xCF\x86(x).";
            break;
        default:
            here = perceptron_here;
            if (config.init == Init::Random)
                here += "From the random start w\xE2\x82\x80 the scale does matter: w\xE2\x82\x80 stays as it is while the steps grow "
                        "with \xCE\xB7, so a small \xCE\xB7 needs more mistakes to get past w\xE2\x82\x80.";
            else
                here += "From w = 0 every w of the run is " + eta + " times the w of the run with \xCE\xB7 = 1, and a "
                        "positive factor changes no sign: the mistakes, the line and the bound are the same for every \xCE\xB7 > 0.";
            break;
    }
    steps.push_back(here);
    steps.push_back("**On the line.** Step 2 predicts 1 when w\xC2\xB7x = 0. The perceptron here, as in lectures 000 and "
                    "004, counts a point on the line as a mistake for either label (y\xC2\xB7(w\xC2\xB7x) \xE2\x89\xA4 0), so from w = 0 the "
                    "first point it visits is always learned.");
    return steps;
}

std::string perceptron_loss_text() {
    return "**The perceptron loss** L = \xCE\xA3\xE2\x82\x99 max(0, \xE2\x88\x92y\xE2\x82\x99" "f(x\xE2\x82\x99)), with f(x) = w\xC2\xB7x + b: a point on its side costs "
           "nothing, a point on the wrong side costs how far its score is on the wrong side. On one example the "
           "(sub)gradient is \xE2\x88\x92y\xE2\x82\x99x\xE2\x82\x99 for w and \xE2\x88\x92y\xE2\x82\x99 for b when y\xE2\x82\x99" "f(x\xE2\x82\x99) \xE2\x89\xA4 0, and 0 otherwise, so an SGD step with rate 1 "
           "is again `w \xE2\x86\x90 w + y\xE2\x82\x99x\xE2\x82\x99`, `b \xE2\x86\x90 b + y\xE2\x82\x99` on a mistake. The plot takes L of the running w at the end of "
           "each epoch, over all the points: it is 0 when no point is on the wrong side (a point on the line costs "
           "0 but is still a mistake).";
}

}  // namespace pl
