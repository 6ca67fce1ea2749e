// The numbers and words a lesson goal can talk about ("points >= 5 and separable == false"), as one
// plain struct. The goal evaluator (goal_expression.hpp) reads only this struct, so it is testable
// without a session; goal_facts(session) fills it from a live pl::Session.
//
// What each name means (all measured on the training points the canvas shows):
//   points, positives, negatives   how many points, and of each class
//   separable        theory: the classes are strictly separable in the space the learner runs in
//                    (bias and lift included, as TheorySummary::separable)
//   converged        the last complete epoch had no mistake (Learner::converged)
//   mistakes         updates so far, M;  epochs  complete epochs;  visits  examples looked at
//   accuracy         share of training points the learner's answer gets right, in [0, 1]
//   R, gamma_star, bound   R, γ* and (R/γ*)² of the theory panel (learner space)
//   margin           geometric margin of the learner's current answer on the data (see below)
//   support_vectors  kernel perceptron: points with alpha > 0; 0 for every other algorithm
//   dropped          kernel perceptron: points dropped as outliers (alpha reached the threshold s); 0 otherwise
//   algorithm, kernel, lift, bias   the settings, as their canonical names (names.hpp)
//   test_points      how many test (held-out) points there are
//   test_accuracy    share of the test points the current answer gets right (y f(x) > 0), in [0, 1]
//   hand             hand mode is on: the answer is a McCulloch-Pitts unit set by hand
//   order            the visiting order, sequential or random (names.hpp)
//   loss             lecture 001's perceptron loss of the answer on screen, sum_i max(0, -y_i f(x_i))
//                    (perceptron_loss in model_facts.hpp): 0 when no point is strictly on the wrong
//                    side, so w = 0 has loss 0 too (its ties are mistakes, not loss)
//   max_margin_test_accuracy   share of the test points the maximum-margin line of the training points
//                    gets right (as test_accuracy; undefined without test points or without such a line)
//   gram_psd         kernel perceptron: the Gram matrix K~(x_i, x_j) the learner uses is positive
//                    semi-definite, so the kernel is a dot product on these points: always for the
//                    linear, polynomial (c >= 0), Gaussian and RBF kernels, by the smallest eigenvalue for
//                    the sigmoid kernel (and c < 0); undefined for the other learners or when unchecked
//   gram_min_eigenvalue   that smallest eigenvalue, where the widget computes it (sigmoid, c < 0)
//
// In hand mode the answer is the hand-set unit (threshold_unit.hpp): accuracy, test_accuracy and margin
// are the unit's (a sum exactly at the threshold fires; margin = min_i y_i (w.x_i - k) / |w|), while
// mistakes, epochs, visits and converged stay the learner's (it does not train in hand mode).
//
// Words mode (words_session.hpp; mode == words): the learner facts above (separable, converged,
// mistakes, epochs, visits, accuracy, R, gamma_star, bound, margin) are the text learner's, on the
// messages; and
//   mode             points or words: which data set the widget shows and trains
//   messages, ham_messages, spam_messages   how many messages, and of each class (+1 ham, -1 spam)
//   vocabulary       how many distinct words the messages have
//   weight_WORD      the answer's weight of the word WORD (a-z, 0-9, as the messages spell it after
//                    lower-casing): weight_the, weight_viagra
// In points mode the words facts are undefined, and in Words mode the points facts (points,
// positives, negatives, support_vectors, dropped) are, each with the reason.
//
// margin, exactly: the answer is f(x) = w·φ̃(x) + b (DecisionField::eval: pocket weights for Pocket,
// the average for Averaged, sum_i alpha_i y_i K(x_i, x) + b for the kernel perceptron). Its hyperplane
// lives in the lifted space φ(x) (the raw plane when there is no lift), with the bias as an offset:
//     margin = min_i y_i f(x_i) / ‖w_φ‖
// where w_φ is the weight on the features φ(x), i.e. without the absorbed bias weight (kernel:
// ‖w_φ‖² = sum_ij c_i c_j K(x_i, x_j), c_i = alpha_i y_i). So it is the signed distance from the
// hyperplane to the worst point, the band the canvas draws for the raw plane: positive only when every
// point is strictly on its own side, negative when some point is on the wrong side, and 0 when w_φ = 0
// (there is no hyperplane yet, e.g. w = 0 before the first update).
//
// Undefined facts. Some facts have no value in some states: γ* and the bound when the data are not
// separable, R/γ*/bound/separable for a kernel whose feature space is implicit, accuracy and margin
// without points, margin for the voted perceptron (a vote of many hyperplanes has no single margin),
// kernel when the algorithm is not the kernel perceptron. Such a fact carries a reason instead of a
// value, and every comparison with it is false (so "not (gamma_star > 1)" is true); the goal checker
// reports the reason ("γ* is undefined: the data are not separable").
#pragma once
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include <unordered_map>

#include "core/base/config.hpp"
#include "core/words/words_state.hpp"

namespace pl {

class Session;

enum class GoalName {
    Points, Positives, Negatives, Separable, Converged, Mistakes, Epochs, Visits, Accuracy,
    R, GammaStar, Bound, Margin, SupportVectors, Dropped, Algorithm, Kernel, Lift, Bias, TestPoints, TestAccuracy, Hand,
    Order, Loss, MaxMarginTestAccuracy, GramPsd, GramMinEigenvalue,
    Mode, Messages, Ham, Spam, Vocabulary, WordWeight
};
inline constexpr std::size_t kGoalNameCount = 33;
static_assert(static_cast<std::size_t>(GoalName::WordWeight) + 1 == kGoalNameCount, "one count per name");
// weight_WORD is written as this prefix and the word (goal_names() lists it as "weight_<word>").
inline constexpr std::string_view kWordWeightPrefix = "weight_";

enum class GoalValueKind { Number, Boolean, Word };

struct GoalNameInfo {
    GoalName name;
    std::string_view text;   // as written in goals: "gamma_star"
    GoalValueKind kind;
    std::string_view label;  // as shown to students: "γ*"
};
const std::array<GoalNameInfo, kGoalNameCount>& goal_names();  // in the order of the enum
const GoalNameInfo& goal_name_info(GoalName name);
bool find_goal_name(std::string_view text, GoalName& out);      // exact spelling only

// The words a Word name accepts (canonical names from names.hpp), and the check of one.
// parse_goal_word accepts the aliases names.hpp accepts and gives back the canonical name.
std::string goal_word_choices(GoalName name);  // "perceptron|pocket|..."
bool parse_goal_word(GoalName name, std::string_view text, std::string& canonical);

struct GoalFacts {
    std::size_t points = 0, positives = 0, negatives = 0;
    bool separable = false, converged = false;
    std::size_t mistakes = 0, epochs = 0, visits = 0;
    double accuracy = 0.0;
    double R = 0.0, gamma_star = 0.0, bound = 0.0, margin = 0.0;
    std::size_t support_vectors = 0;
    std::size_t dropped = 0;  // kernel perceptron: points dropped as outliers (threshold s)
    Algorithm algorithm = Algorithm::Perceptron;
    KernelType kernel = KernelType::Rbf;
    LiftKind lift = LiftKind::None;
    BiasMode bias = BiasMode::Absorbed;
    std::size_t test_points = 0;
    double test_accuracy = 0.0;
    bool hand = false;
    Order order = Order::Sequential;
    double loss = 0.0;
    double max_margin_test_accuracy = 0.0;
    bool gram_psd = false;
    double gram_min_eigenvalue = 0.0;
    DataMode mode = DataMode::Points;
    std::size_t messages = 0, ham = 0, spam = 0, vocabulary = 0;
    std::unordered_map<std::string, double> word_weights;  // Words mode: the answer's weight per word

    // weight_WORD: the word's weight, or false with the reason it has none.
    bool word_weight(const std::string& word, double& out, std::string& why) const;

    // Why a fact has no value ("" = it has one), indexed by GoalName.
    std::array<std::string, kGoalNameCount> undefined{};
    void set_undefined(GoalName name, std::string why) { undefined[static_cast<std::size_t>(name)] = std::move(why); }
    const std::string& why_undefined(GoalName name) const { return undefined[static_cast<std::size_t>(name)]; }
    bool defined(GoalName name) const { return why_undefined(name).empty(); }
};

// One fact as a value: kind from goal_names(); number for Number names (booleans as 0/1 are not used),
// the canonical word for Word names. (weight_WORD needs its word: see GoalFacts::word_weight.)
struct GoalFactValue {
    GoalValueKind kind = GoalValueKind::Number;
    double number = 0.0;
    bool boolean = false;
    std::string word;
};
GoalFactValue goal_fact_value(const GoalFacts& facts, GoalName name);
std::string describe_fact_value(const GoalFactValue& value);  // "4", "0.75", "true", "kernel"

// Reads every fact from the session (learner, theory, state). Cost: the theory is the session's cached
// one; margin evaluates the answer once per point (kernel: plus one Gram sum over the support points,
// and above kMaxMarginKernelTerms kernel evaluations the margin is left undefined with a reason: see
// feature_margin in model_facts.hpp, the one place margins are computed).
GoalFacts goal_facts(const Session& session);
// The facts of Words mode (words_goal_facts.cpp; goal_facts calls it when mode == words). margin is
// min_i y_i f(x_i) / ‖w‖ over the word weights of the answer (the bias is an offset), 0 while w = 0.
GoalFacts words_goal_facts(const Session& session);

// The theory facts of either mode (R, separable, gamma_star, bound), shared by goal_facts and
// words_goal_facts: undefined with the reason when the exact solver gave no answer or the data
// ("data", "messages") are not separable.
struct TheoryFacts {
    double R = 0;
    bool undecided = false;
    std::string undecided_why;
    bool separable = false;
    double gamma_star = 0, bound = 0;
    const char* data_name = "data";
};
void set_theory_facts(GoalFacts& facts, const TheoryFacts& theory);

}  // namespace pl
