// `train --text`: the learners on messages (lecture 004's spam example) through core/words/text_learner.hpp,
// sparse all the way: no dense row is ever built for training. Reports one weight per word, the
// mistakes, and the theory numbers where the exact solver can afford them.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/state/state_json_object.hpp"  // json_number: a number, or null when not finite

#include "commands.hpp"
#include "core/facts/learner_progress.hpp"
#include "core/state/names.hpp"
#include "core/state/state_json.hpp"
#include "core/words/text_learner.hpp"
#include "core/words/text_theory.hpp"
#include "options.hpp"

namespace pl::cli {

namespace {

using Json = nlohmann::ordered_json;


std::string num(double v) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    std::ostringstream s;
    s << std::setprecision(10) << (v == 0.0 ? 0.0 : v);
    return s.str();
}

std::string bias_space(BiasMode bias) {
    return bias == BiasMode::None ? "word occurrences" : "[word occurrences, 1]";
}

// The words with the largest weights of one sign, largest first (ties in vocabulary order).
std::string strongest(const TextLearner& learner, const std::vector<double>& w, int sign, std::size_t count) {
    std::vector<std::size_t> ids;
    for (std::size_t k = 0; k < w.size(); ++k)
        if (sign * w[k] > 0) ids.push_back(k);
    std::stable_sort(ids.begin(), ids.end(), [&](std::size_t a, std::size_t b) { return sign * w[a] > sign * w[b]; });
    std::string out;
    for (std::size_t i = 0; i < ids.size() && i < count; ++i)
        out += (i ? ", " : "") + learner.corpus().vocabulary.words()[ids[i]] + " " + num(w[ids[i]]);
    if (ids.size() > count) out += ", ... (" + std::to_string(ids.size()) + " in all)";
    return out.empty() ? "none" : out;
}

void print_text(std::ostream& out, const TrainOptions& o, const TextLearner& learner, const TextTheory& t) {
    const TrainConfig& c = o.config;
    out << display_name(c.algorithm) << " on " << o.data_path << ": " << learner.corpus().summary() << "\n";
    const std::size_t epochs = learner.epochs_completed();
    out << (learner.converged() ? "converged after " : "did not converge in ") << epochs
        << (epochs == 1 ? " epoch, " : " epochs, ") << learner.mistakes() << " mistakes (per epoch:";
    for (std::size_t m : learner.mistakes_per_epoch()) out << ' ' << m;
    out << ")\n";
    if (learner.diverged()) out << "training stopped: an update would have made the weights non-finite\n";
    const std::vector<double> w = learner.answer_word_weights();
    out << "ham words (w > 0): " << strongest(learner, w, 1, 10) << "\n";
    out << "spam words (w < 0): " << strongest(learner, w, -1, 10) << "\n";
    if (c.bias != BiasMode::None) out << "bias: " << num(learner.answer_bias()) << "\n";
    out << "training accuracy: " << num(100 * learner.training_accuracy()) << "%\n";
    out << "theory in " << bias_space(c.bias) << ": R = " << num(t.R);
    if (t.undecided) out << "; gamma* not computed: " << t.why_not << "\n";
    else if (!t.separable) out << "; not separable (" << t.why_not << "), so there is no mistake bound\n";
    else out << ", gamma* = " << num(t.gamma_star) << ", bound (R/gamma*)^2 = " << num(t.bound) << "\n";
    const ProofStatus proof = words_proof_status(learner.config(), t, learner.corpus().size());
    if (t.separable && !proof.applies) out << "the mistake bound does not apply to this run: " << proof.reason << "\n";
    else if (!proof.remark.empty()) out << "note: " << proof.remark << "\n";
}

void print_json(std::ostream& out, const TrainOptions& o, const TextLearner& learner, const TextTheory& t) {
    const TextCorpus& corpus = learner.corpus();
    const auto ham = static_cast<std::size_t>(std::count(corpus.labels.begin(), corpus.labels.end(), 1));
    Json head;
    head["data"] = {{"file", o.data_path}, {"messages", corpus.size()}, {"ham", ham}, {"spam", corpus.size() - ham},
                    {"vocabulary", corpus.vocabulary.size()}};
    head["config"] = Json::parse(training_settings_json(o.config));
    std::string text = head.dump();
    text.pop_back();  // the closing brace
    text += ",\"words\":" + word_weights_json(corpus.vocabulary, learner.answer_word_weights());
    Json tail;
    tail["bias"] = json_number(learner.answer_bias());
    write_progress_json(tail, learner_progress(learner), ProgressLists::With);
    tail["theorySpace"] = bias_space(o.config.bias);
    tail["R"] = json_number(t.R);
    tail["gamma"] = t.separable ? json_number(t.gamma_star) : Json(nullptr);
    tail["bound"] = t.separable ? json_number(t.bound) : Json(nullptr);
    tail["separable"] = t.undecided ? Json(nullptr) : Json(t.separable);
    if (!t.why_not.empty()) tail["whyNot"] = t.why_not;
    const ProofStatus proof = words_proof_status(learner.config(), t, corpus.size());
    tail["boundApplies"] = proof.applies;  // as train --json on points (proof_status.hpp)
    tail["boundNote"] = proof.note();
    const std::string rest = tail.dump();
    text += ',' + rest.substr(1);  // rest starts with '{' and ends with the closing brace
    out << text << "\n";
}

}  // namespace

int run_train_text(const TrainOptions& options, const std::string& text, std::ostream& out, std::ostream& err) {
    const std::string refused = TextLearner::unsupported(options.config);
    if (!refused.empty()) {
        err << "perceptron-cli: --text: " << refused << "\n";
        return 2;
    }
    TsvResult tsv = parse_tsv(text);
    if (!tsv.ok) {
        report_parse_errors(err, options.data_path, tsv);
        return 2;
    }
    for (const std::string& note : options.notes) err << "perceptron-cli: note: " << note << "\n";
    if (tsv.empty_messages > 0)
        err << "perceptron-cli: note: " << tsv.empty_messages
            << (tsv.empty_messages == 1 ? " message has" : " messages have") << " no words (a zero vector)\n";

    TextLearner learner(std::move(tsv.corpus), options.config);
    learner.train_until_converged();
    const TextTheory theory = analyze_text(learner.corpus(), options.config.bias);
    if (options.json) print_json(out, options, learner, theory);
    else print_text(out, options, learner, theory);
    return 0;
}

}  // namespace pl::cli
