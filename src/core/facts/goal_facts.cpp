// The goal names table, and the facts of a live session (definitions in goal_facts.hpp).
#include "core/facts/goal_facts.hpp"

#include <cmath>
#include <cstdio>

#include "core/facts/model_facts.hpp"
#include "core/facts/shown_answer.hpp"
#include "core/learn/kernel.hpp"
#include "core/learn/lift.hpp"
#include "core/session/session.hpp"
#include "core/state/names.hpp"

namespace pl {

// [SECTION] The names
const std::array<GoalNameInfo, kGoalNameCount>& goal_names() {
    using K = GoalValueKind;
    static const std::array<GoalNameInfo, kGoalNameCount> table{{
        {GoalName::Points, "points", K::Number, "points"},
        {GoalName::Positives, "positives", K::Number, "positives"},
        {GoalName::Negatives, "negatives", K::Number, "negatives"},
        {GoalName::Separable, "separable", K::Boolean, "separable"},
        {GoalName::Converged, "converged", K::Boolean, "converged"},
        {GoalName::Mistakes, "mistakes", K::Number, "mistakes"},
        {GoalName::Epochs, "epochs", K::Number, "epochs"},
        {GoalName::Visits, "visits", K::Number, "visits"},
        {GoalName::Accuracy, "accuracy", K::Number, "accuracy"},
        {GoalName::R, "R", K::Number, "R"},
        {GoalName::GammaStar, "gamma_star", K::Number, "γ*"},
        {GoalName::Bound, "bound", K::Number, "the bound (R/γ*)²"},
        {GoalName::Margin, "margin", K::Number, "the margin"},
        {GoalName::SupportVectors, "support_vectors", K::Number, "support_vectors"},
        {GoalName::Dropped, "dropped", K::Number, "the points dropped as outliers"},
        {GoalName::Algorithm, "algorithm", K::Word, "algorithm"},
        {GoalName::Kernel, "kernel", K::Word, "kernel"},
        {GoalName::Lift, "lift", K::Word, "lift"},
        {GoalName::Bias, "bias", K::Word, "bias"},
        {GoalName::TestPoints, "test_points", K::Number, "test_points"},
        {GoalName::TestAccuracy, "test_accuracy", K::Number, "the test accuracy"},
        {GoalName::Hand, "hand", K::Boolean, "hand mode"},
        {GoalName::Order, "order", K::Word, "order"},
        {GoalName::Loss, "loss", K::Number, "the perceptron loss"},
        {GoalName::MaxMarginTestAccuracy, "max_margin_test_accuracy", K::Number, "the max-margin line's test accuracy"},
        {GoalName::GramPsd, "gram_psd", K::Boolean, "the Gram matrix is PSD"},
        {GoalName::GramMinEigenvalue, "gram_min_eigenvalue", K::Number, "the Gram matrix's smallest eigenvalue"},
        {GoalName::Mode, "mode", K::Word, "mode"},
        {GoalName::Messages, "messages", K::Number, "messages"},
        {GoalName::Ham, "ham_messages", K::Number, "ham_messages"},
        {GoalName::Spam, "spam_messages", K::Number, "spam_messages"},
        {GoalName::Vocabulary, "vocabulary", K::Number, "vocabulary"},
        {GoalName::WordWeight, "weight_<word>", K::Number, "the weight"},
    }};
    return table;
}

const GoalNameInfo& goal_name_info(GoalName name) { return goal_names()[static_cast<std::size_t>(name)]; }

bool find_goal_name(std::string_view text, GoalName& out) {
    for (const GoalNameInfo& info : goal_names())
        if (info.text == text) {
            out = info.name;
            return true;
        }
    return false;
}

std::string goal_word_choices(GoalName name) {
    switch (name) {
        case GoalName::Algorithm: return names_list<Algorithm>();
        case GoalName::Kernel: return names_list<KernelType>();
        case GoalName::Lift: return names_list<LiftKind>();
        case GoalName::Bias: return names_list<BiasMode>();
        case GoalName::Order: return names_list<Order>();
        case GoalName::Mode: return names_list<DataMode>();
        default: return {};
    }
}

namespace {
template <class E>
bool canonical_of(std::string_view text, std::string& canonical) {
    E value{};
    if (!parse(text, value)) return false;
    canonical = std::string(to_string(value));
    return true;
}
}  // namespace

bool parse_goal_word(GoalName name, std::string_view text, std::string& canonical) {
    switch (name) {
        case GoalName::Algorithm: return canonical_of<Algorithm>(text, canonical);
        case GoalName::Kernel: return canonical_of<KernelType>(text, canonical);
        case GoalName::Lift: return canonical_of<LiftKind>(text, canonical);
        case GoalName::Bias: return canonical_of<BiasMode>(text, canonical);
        case GoalName::Order: return canonical_of<Order>(text, canonical);
        case GoalName::Mode: return canonical_of<DataMode>(text, canonical);
        default: return false;
    }
}

// [SECTION] Facts as values
GoalFactValue goal_fact_value(const GoalFacts& f, GoalName name) {
    GoalFactValue v;
    v.kind = goal_name_info(name).kind;
    switch (name) {
        case GoalName::Points: v.number = static_cast<double>(f.points); break;
        case GoalName::Positives: v.number = static_cast<double>(f.positives); break;
        case GoalName::Negatives: v.number = static_cast<double>(f.negatives); break;
        case GoalName::Separable: v.boolean = f.separable; break;
        case GoalName::Converged: v.boolean = f.converged; break;
        case GoalName::Mistakes: v.number = static_cast<double>(f.mistakes); break;
        case GoalName::Epochs: v.number = static_cast<double>(f.epochs); break;
        case GoalName::Visits: v.number = static_cast<double>(f.visits); break;
        case GoalName::Accuracy: v.number = f.accuracy; break;
        case GoalName::R: v.number = f.R; break;
        case GoalName::GammaStar: v.number = f.gamma_star; break;
        case GoalName::Bound: v.number = f.bound; break;
        case GoalName::Margin: v.number = f.margin; break;
        case GoalName::SupportVectors: v.number = static_cast<double>(f.support_vectors); break;
        case GoalName::Dropped: v.number = static_cast<double>(f.dropped); break;
        case GoalName::Algorithm: v.word = std::string(to_string(f.algorithm)); break;
        case GoalName::Kernel: v.word = std::string(to_string(f.kernel)); break;
        case GoalName::Lift: v.word = std::string(to_string(f.lift)); break;
        case GoalName::Bias: v.word = std::string(to_string(f.bias)); break;
        case GoalName::TestPoints: v.number = static_cast<double>(f.test_points); break;
        case GoalName::TestAccuracy: v.number = f.test_accuracy; break;
        case GoalName::Hand: v.boolean = f.hand; break;
        case GoalName::Order: v.word = std::string(to_string(f.order)); break;
        case GoalName::Loss: v.number = f.loss; break;
        case GoalName::MaxMarginTestAccuracy: v.number = f.max_margin_test_accuracy; break;
        case GoalName::GramPsd: v.boolean = f.gram_psd; break;
        case GoalName::GramMinEigenvalue: v.number = f.gram_min_eigenvalue; break;
        case GoalName::Mode: v.word = std::string(to_string(f.mode)); break;
        case GoalName::Messages: v.number = static_cast<double>(f.messages); break;
        case GoalName::Ham: v.number = static_cast<double>(f.ham); break;
        case GoalName::Spam: v.number = static_cast<double>(f.spam); break;
        case GoalName::Vocabulary: v.number = static_cast<double>(f.vocabulary); break;
        case GoalName::WordWeight: break;  // needs its word: GoalFacts::word_weight
    }
    return v;
}

std::string describe_fact_value(const GoalFactValue& value) {
    switch (value.kind) {
        case GoalValueKind::Boolean: return value.boolean ? "true" : "false";
        case GoalValueKind::Word: return value.word;
        case GoalValueKind::Number: break;
    }
    const double x = value.number;
    if (!std::isfinite(x)) return x > 0 ? "infinite" : (x < 0 ? "-infinite" : "not a number");
    char buffer[40];
    if (x == std::floor(x) && std::fabs(x) < 1e15) std::snprintf(buffer, sizeof buffer, "%.0f", x);
    else std::snprintf(buffer, sizeof buffer, "%.4g", x);
    return buffer;
}

bool GoalFacts::word_weight(const std::string& word, double& out, std::string& why) const {
    if (!defined(GoalName::WordWeight)) {
        why = why_undefined(GoalName::WordWeight);
        return false;
    }
    const auto found = word_weights.find(word);
    if (found == word_weights.end()) {
        why = "no message has the word '" + word + "'";
        return false;
    }
    out = found->second;
    return true;
}

// [SECTION] Facts of a session
void set_theory_facts(GoalFacts& f, const TheoryFacts& t) {
    f.R = t.R;
    if (t.undecided) {
        const std::string why = "the exact solver gave no answer (" + t.undecided_why + ")";
        for (GoalName name : {GoalName::Separable, GoalName::GammaStar, GoalName::Bound}) f.set_undefined(name, why);
        return;
    }
    f.separable = t.separable;
    if (t.separable) {
        f.gamma_star = t.gamma_star;
        f.bound = t.bound;
    } else {
        const std::string why = std::string("the ") + t.data_name + " are not separable";
        f.set_undefined(GoalName::GammaStar, why);
        f.set_undefined(GoalName::Bound, why);
    }
}

namespace {
// gram_psd and gram_min_eigenvalue (goal_facts.hpp): the kernel panel's check, as the theory made it.
void set_gram_facts(GoalFacts& f, const TrainConfig& config, const TheorySummary& theory) {
    if (config.algorithm != Algorithm::Kernel) {
        const std::string why = "the algorithm is the " + std::string(to_string(config.algorithm)) +
                                ", not the kernel perceptron, so there is no Gram matrix";
        f.set_undefined(GoalName::GramPsd, why);
        f.set_undefined(GoalName::GramMinEigenvalue, why);
        return;
    }
    const GramSpectrum& spectrum = theory.kernel.spectrum;
    if (spectrum.computed) {
        f.gram_psd = spectrum.psd;
        f.gram_min_eigenvalue = spectrum.min_eigenvalue;
        return;
    }
    f.set_undefined(GoalName::GramMinEigenvalue,
                    spectrum.needed ? (spectrum.message.empty() ? "the smallest eigenvalue was not computed" : spectrum.message)
                                    : "the widget does not compute it for this kernel, which is positive semi-definite "
                                      "on any points");
    if (!spectrum.needed && (is_positive_semidefinite(config.kernel.type) || config.kernel.type == KernelType::Polynomial))
        f.gram_psd = true;  // PSD by construction (polynomial: the check is needed only for c < 0)
    else
        f.set_undefined(GoalName::GramPsd, spectrum.message.empty() ? "the Gram matrix was not checked" : spectrum.message);
}
}  // namespace

GoalFacts goal_facts(const Session& session) {
    const WidgetState& state = session.state();
    if (state.mode == DataMode::Words) return words_goal_facts(session);
    GoalFacts f;
    f.mode = DataMode::Points;
    for (GoalName name : {GoalName::Messages, GoalName::Ham, GoalName::Spam, GoalName::Vocabulary, GoalName::WordWeight})
        f.set_undefined(name, "the widget shows points, not messages (mode == points)");
    const Learner& learner = session.learner();
    const TheorySummary& theory = session.theory();

    f.points = state.data.size();
    f.positives = count_label(state.data, +1);
    f.negatives = count_label(state.data, -1);
    f.converged = learner.converged();
    f.mistakes = learner.mistakes();
    f.epochs = learner.epochs_completed();
    f.visits = learner.visits();
    f.algorithm = state.config.algorithm;
    f.kernel = state.config.kernel.type;
    f.lift = state.config.lift;
    f.bias = state.config.bias;
    f.hand = state.hand.on;
    f.order = state.config.order;
    f.test_points = state.held_out.size();

    // Accuracy, test accuracy and margin are the answer on screen's: the hand unit in hand mode, else the learner's.
    const ShownAnswer answer = shown_answer(session);
    if (answer.test.answer_known) f.test_accuracy = answer.test.answer_accuracy;
    else f.set_undefined(GoalName::TestAccuracy, answer.test.points == 0 ? "there are no test points"
                                                                          : "there are too many test points to score them quickly");
    if (answer.test.best_known) f.max_margin_test_accuracy = answer.test.best_accuracy;
    else f.set_undefined(GoalName::MaxMarginTestAccuracy, answer.test.points == 0 ? "there are no test points"
                                                                                  : answer.test.best_why_not);
    set_gram_facts(f, state.config, theory);

    if (f.algorithm == Algorithm::Kernel) {
        for (double alpha : learner.alphas())
            if (alpha > 0.0) ++f.support_vectors;
        f.dropped = learner.dropped_indices().size();
    } else {
        f.set_undefined(GoalName::Kernel, "the algorithm is the " + std::string(to_string(f.algorithm)) +
                                              ", not the kernel perceptron, so no kernel is in use");
    }

    if (f.points == 0) {
        for (GoalName name : {GoalName::Accuracy, GoalName::Separable, GoalName::R, GoalName::GammaStar,
                              GoalName::Bound, GoalName::Margin, GoalName::Loss})
            f.set_undefined(name, "there are no points");
        return f;
    }
    f.accuracy = answer.training_accuracy;
    if (answer.hand) {
        f.margin = answer.unit.geometric_margin;
        if (!answer.unit.geometric_defined) f.set_undefined(GoalName::Margin, "w = 0, so the unit has no line to measure from");
    } else {
        const FeatureMargin margin = feature_margin(learner.data(), answer.field);
        f.margin = margin.value;
        if (!margin.undefined.empty()) f.set_undefined(GoalName::Margin, margin.undefined);
    }
    const PerceptronLoss loss = perceptron_loss(state.data, answer.field);
    f.loss = loss.value;
    if (!loss.undefined.empty()) f.set_undefined(GoalName::Loss, loss.undefined);

    // Theory: R, γ*, bound and separability live in the learner space (theory.hpp).
    if (!theory.applicable) {
        const std::string why = theory.why_not.empty() ? "the theory does not apply to this kernel" : theory.why_not;
        for (GoalName name : {GoalName::Separable, GoalName::R, GoalName::GammaStar, GoalName::Bound})
            f.set_undefined(name, why);
        return f;
    }
    set_theory_facts(f, TheoryFacts{theory.R, theory.origin.undecided, theory.origin.reason, theory.separable,
                                    theory.gamma_star, theory.bound, "data"});
    return f;
}

}  // namespace pl
