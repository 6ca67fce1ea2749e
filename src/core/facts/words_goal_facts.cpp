// The goal facts of Words mode (goal_facts.hpp): the text learner, its theory and the messages.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/facts/goal_facts.hpp"
#include "core/session/session.hpp"
#include "core/state/names.hpp"
#include "core/facts/words_model.hpp"

namespace pl {

GoalFacts words_goal_facts(const Session& session) {
    GoalFacts f;
    const WidgetState& state = session.state();
    const WordsSession& words = session.words();
    const TextLearner& learner = words.learner();
    const TextCorpus& corpus = learner.corpus();
    f.mode = DataMode::Words;
    for (GoalName name : {GoalName::Points, GoalName::Positives, GoalName::Negatives, GoalName::SupportVectors, GoalName::Dropped})
        f.set_undefined(name, "the widget shows messages, not points (mode == words): use messages, ham_messages or spam_messages");
    f.algorithm = learner.config().algorithm;  // what actually trains (the perceptron for kernel or voted)
    f.lift = state.config.lift;
    f.bias = state.config.bias;
    f.kernel = state.config.kernel.type;
    f.set_undefined(GoalName::Kernel, "no kernel is in use on messages");
    f.order = state.config.order;
    for (GoalName name : {GoalName::GramPsd, GoalName::GramMinEigenvalue})
        f.set_undefined(name, "no kernel is in use on messages, so there is no Gram matrix");
    f.set_undefined(GoalName::MaxMarginTestAccuracy, "messages have no test set");

    const WordsModel model = build_words_model(words);
    f.messages = corpus.size();
    f.ham = model.ham;
    f.spam = model.spam;
    f.vocabulary = corpus.vocabulary.size();
    f.word_weights.reserve(corpus.vocabulary.size());
    for (std::size_t k = 0; k < corpus.vocabulary.size(); ++k) f.word_weights.emplace(corpus.vocabulary.words()[k], model.weights[k]);
    f.converged = learner.converged();
    f.mistakes = learner.mistakes();
    f.epochs = learner.epochs_completed();
    f.visits = learner.visits();

    if (f.messages == 0) {
        for (GoalName name : {GoalName::Accuracy, GoalName::Separable, GoalName::R, GoalName::GammaStar, GoalName::Bound,
                              GoalName::Margin, GoalName::Loss})
            f.set_undefined(name, "there are no messages");
        return f;
    }
    f.accuracy = learner.training_accuracy();
    double norm = 0.0, worst = std::numeric_limits<double>::infinity();
    for (double w : model.weights) norm += w * w;
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        worst = std::min(worst, corpus.labels[i] * model.scores[i]);
        f.loss += std::max(0.0, -corpus.labels[i] * model.scores[i]);  // lecture 001's perceptron loss
    }
    f.margin = norm > 0.0 && std::isfinite(norm) ? worst / std::sqrt(norm) : 0.0;

    const TextTheory& t = words.theory();
    set_theory_facts(f, TheoryFacts{t.R, t.undecided, t.why_not, t.separable, t.gamma_star, t.bound, "messages"});
    return f;
}

}  // namespace pl
