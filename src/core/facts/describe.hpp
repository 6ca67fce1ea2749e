// Sentences and numbers for people: the status line under the canvas, the online-mode verdict, and what
// the accessible mirror says (each visit, each outcome, what changed since it last spoke). One
// formatter per purpose: display_number() for what a person reads (a few significant digits), while
// shortest_decimal() (decimal.hpp) writes the exact text that links and JSON need.
// Std only, so the canvas, the CLI and the accessible mirror can all say the same thing.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/base/display_text.hpp"  // display_number, label_text, count_text, point_name
#include "core/learn/learner.hpp"
#include "core/session/session.hpp"

namespace pl {

// "(1, 2, 1)"; more than `max_items` entries end in "…".
std::string vector_text(const Vec& values, std::size_t max_items = 8);
// "converged (an epoch without mistakes)", "training", "not trained yet", ... A clean epoch of logistic
// SGD or of a kernel perceptron that dropped outliers says what it really was (clean_epoch_caveat).
std::string training_state_text(const Learner& learner);
// Why an epoch without mistakes is not plain convergence, "" when it is: logistic SGD still moved w on
// every visit; the kernel perceptron no longer visits the points it dropped as outliers.
std::string clean_epoch_caveat(const Learner& learner);
// What one visit does, for the Step button: "update w if y·f(x) ≤ 0 ..." or logistic SGD's every-visit step.
std::string update_rule_text(const TrainConfig& config);
// "Perceptron · M = 3 mistakes · epoch 2 · converged (an epoch without mistakes)"; "M = 1 mistake" for one
std::string status_line(const Learner& learner, Algorithm algorithm);
// "Model predicted +1 (score 0.5); true label −1: mistake, w updated". A score of exactly 0 is said as
// "on the line", which counts as a mistake (y·f ≤ 0), whatever sign() would answer.
std::string online_sentence(const Session::OnlineResult& result);

// [SECTION] What the accessible mirror announces
// The points in words: "4 points, 2 of each class.", "5 points: 3 of class +1, 2 of class −1."
std::string data_sentence(const Dataset& data);
// One visit, with the point in the coordinates the student placed it at and the weights in the learner's
// space: "Visit 3: point 2 at (2, 1), label +1, score 0: a mistake; w becomes (3, 3, 2)." or
// "Visit 2: point 2 at (2, 1), label +1, score 4: correct, no update." (kernel: "α of point 2 becomes 1").
std::string visit_sentence(const Session::Visit& visit, const Dataset& data, const TrainConfig& config);
// How training ended: "Converged after 2 epochs and 3 mistakes.", the epoch cap, overflow; "" while it
// can go on.
std::string outcome_sentence(const Learner& learner, const TheorySummary& theory);

// Where training stood when the mirror last spoke.
struct TrainingMark {
    bool valid = false;  // false: nothing was said yet
    std::uint64_t data_revision = 0;
    std::size_t visits = 0, mistakes = 0;
    bool finished = false;  // converged, capped or diverged
};
TrainingMark training_mark(const Session& session);
// What happened since `before`, in a sentence or two ("" when nothing did): new points, a restart, the
// one visit (visit_sentence), or a batch of visits summed up ("Visits 5 to 8: no mistake (2 in all);
// w = (2, 1, 0)."), then the outcome if training just ended. While Run is on (`running`), visits are
// always summed up, so asking once a second gives one summary a second, not one sentence per visit.
std::string training_news(const TrainingMark& before, const Session& session, bool running = false);

}  // namespace pl
