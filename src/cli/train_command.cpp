// `train`: read a CSV, train one learner through the Learner facade until it converges (or hits the
// epoch cap), then report the weights, the mistake counts and the theory numbers (R, gamma*, bound).
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/state/state_json_object.hpp"  // json_number: a number, or null when not finite

#include "commands.hpp"
#include "core/facts/describe.hpp"
#include "core/facts/learner_progress.hpp"
#include "core/learn/csv.hpp"
#include "core/learn/learner.hpp"
#include "core/base/decimal.hpp"
#include "core/state/names.hpp"
#include "core/state/state_json.hpp"
#include "core/state/state_table.hpp"
#include "core/theory/proof_status.hpp"
#include "core/theory/theory.hpp"
#include "options.hpp"

namespace pl::cli {

namespace {

// [SECTION] Input

bool read_text(const std::string& path, std::string& text) {
    if (path == "-") {
        std::ostringstream buffer;
        buffer << std::cin.rdbuf();
        text = buffer.str();
        return true;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) return false;
    std::ostringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
    return !file.bad();
}

// The space R and gamma* are measured in, in words (an explicit b counts as a weight on a constant 1; the
// kernel learner's: that of the kernel it computes with, K + 1 with a bias, K without; kernel_theory.hpp).
std::string theory_space(const TrainConfig& c) {
    if (c.algorithm == Algorithm::Kernel) {
        const std::string phi = c.lift == LiftKind::None ? "x" : "phi(x)";
        return "the feature space of K(" + phi + ", " + phi + "')" + (c.bias == BiasMode::None ? "" : " + 1");
    }
    return learner_space_name(c, true);
}

// The space learner.weights() lives in: the explicit bias is kept apart from w (printed as "bias").
std::string weight_space(const TrainConfig& c) {
    TrainConfig without_bias = c;
    if (c.bias == BiasMode::Explicit) without_bias.bias = BiasMode::None;
    return learner_space_name(without_bias, true);
}

// [SECTION] Text output

std::string num(double v) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    std::ostringstream s;
    s << std::setprecision(10) << (v == 0.0 ? 0.0 : v);  // no "-0"
    return s.str();
}

std::string vec_text(const Vec& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + num(v[i]);
    return out + "]";
}

// "name=value" for each training setting that matters to the algorithm, under its JSON name.
struct SettingsText {
    Algorithm algorithm;
    std::string out;
    void add(const state_table::Key& key, const std::string& value) {
        if (!setting_applies(key.json, algorithm)) return;
        out += ' ';
        out += key.json;
        out += '=';
        out += value;
    }
    template <class E>
    void name(const state_table::Key& key, const E& value) { add(key, std::string(to_string(value))); }
    template <class T>
    void whole(const state_table::Key& key, const T& value, const WholeRange&) { add(key, std::to_string(value)); }
    void real(const state_table::Key& key, const double& value, const RealRange&) { add(key, shortest_decimal(value)); }
};

void print_text(std::ostream& out, const TrainOptions& o, const CsvResult& csv, const Learner& learner,
                const TheorySummary& t) {
    const TrainConfig& c = o.config;
    out << display_name(c.algorithm) << " on " << o.data_path << ": " << csv.summary() << "\n";
    SettingsText settings{c.algorithm, {}};
    state_table::visit_training_settings(c, settings);
    out << "settings:" << settings.out << "\n";

    const std::size_t epochs = learner.epochs_completed();
    const std::string epoch_count = std::to_string(epochs) + (epochs == 1 ? " epoch" : " epochs");
    const std::string caveat = clean_epoch_caveat(learner);  // logistic SGD, dropped outliers
    if (learner.converged() && caveat.empty())
        out << "converged after " << epoch_count << ", ";
    else if (learner.converged())
        out << "stopped after " << epoch_count << ", the last without a mistake (" << caveat << "), ";
    else
        out << "did not converge in " << epoch_count << ", ";
    out << learner.mistakes() << " mistakes (per epoch:";
    for (std::size_t m : learner.mistakes_per_epoch()) out << ' ' << m;
    out << ")\n";
    out << "perceptron loss sum max(0, -y f(x)) at each epoch's end:";
    for (double loss : learner.loss_per_epoch()) out << ' ' << num(loss);
    out << "\n";
    if (learner.diverged()) out << "training stopped: an update would have made the weights non-finite\n";

    if (c.algorithm == Algorithm::Kernel) {
        out << "alphas (mistakes per example): " << vec_text(learner.alphas()) << "\n";
    } else {
        out << "weights over " << weight_space(c) << ": " << vec_text(learner.weights()) << "\n";
        if (c.bias == BiasMode::Explicit) out << "bias: " << num(learner.bias()) << "\n";
        if (c.algorithm == Algorithm::Pocket)
            out << "pocket weights: " << vec_text(learner.pocket_weights()) << " (accuracy "
                << num(100 * learner.pocket_accuracy()) << "%)\n";
        if (c.algorithm == Algorithm::Averaged) out << "averaged weights: " << vec_text(learner.averaged_weights()) << "\n";
    }
    out << "training accuracy: " << num(100 * learner.training_accuracy()) << "%\n";

    if (!t.applicable) {
        out << "theory: " << t.why_not << "\n";
    } else if (t.separable) {
        out << "theory in " << theory_space(c) << ": R = " << num(t.R) << ", gamma* = " << num(t.gamma_star)
            << ", bound (R/gamma*)^2 = " << num(t.bound) << "; ";
        const ProofStatus proof = proof_status(learner, t);
        if (!proof.applies)
            out << "the bound does not apply to this run: " << proof.reason << "\n";
        else
            out << "mistakes " << learner.mistakes()
                << (static_cast<double>(learner.mistakes()) <= t.bound ? " <= bound" : " > bound (!)") << "\n";
        if (!t.note.empty()) out << "separable: " << t.note << "\n";
    } else {
        out << "theory in " << theory_space(c) << ": R = " << num(t.R) << ", not separable (" << t.why_not
            << "), so there is no mistake bound\n";
    }
    if (t.best.separable)
        out << "maximum-margin separator" << (c.lift == LiftKind::None ? "" : " (lifted space)") << ": w = "
            << vec_text(t.best.w) << ", b = " << num(t.best.b) << ", margin = " << num(t.best.margin) << "\n";
}

// [SECTION] JSON output
// The names are those of the JSON state export and of the widget's state() (state_json.hpp): "config"
// holds the training settings exactly as the export writes them, and every result the widget also
// reports has the widget's name ("b", "mistakesPerEpoch", "accuracy", "gamma", "whyNot").
using Json = nlohmann::ordered_json;

// JSON has no infinity or NaN: those become null.

Json separator_json(const Separator& s) {
    Json j;
    j["separable"] = s.separable;
    if (s.separable) {
        j["w"] = s.w;
        j["b"] = s.b;
        j["margin"] = s.margin;
        j["support"] = s.support;
    } else {
        j["reason"] = s.reason;
    }
    return j;
}

void print_json(std::ostream& out, const TrainOptions& o, const CsvResult& csv, const Learner& learner,
                const TheorySummary& t) {
    const TrainConfig& c = o.config;
    Json j;
    j["data"] = {{"file", o.data_path}, {"count", csv.data.size()}, {"dim", csv.data.dim},
                 {"positive", count_label(csv.data, 1)}, {"negative", count_label(csv.data, -1)}};
    j["config"] = Json::parse(training_settings_json(c));
    j["weights"] = learner.weights();
    j["b"] = json_number(learner.bias());
    const LearnerProgress progress = learner_progress(learner);
    write_progress_json(j, progress, ProgressLists::With);
    if (c.algorithm == Algorithm::Pocket) {
        j["pocketWeights"] = learner.pocket_weights();
        j["pocketBias"] = json_number(learner.pocket_bias());
        j["pocketAccuracy"] = json_number(learner.pocket_accuracy());
    }
    if (c.algorithm == Algorithm::Averaged) {
        j["averagedWeights"] = learner.averaged_weights();
        j["averagedBias"] = json_number(learner.averaged_bias());
    }
    if (c.algorithm == Algorithm::Kernel) {
        j["alphas"] = learner.alphas();
        j["dropped"] = learner.dropped_indices();
    }
    j["theorySpace"] = theory_space(c);
    j["theoryApplicable"] = t.applicable;
    j["R"] = json_number(t.R);
    j["gamma"] = t.separable && t.applicable ? json_number(t.gamma_star) : Json(nullptr);  // gamma*
    j["bound"] = json_number(t.bound);  // null: no bound (not separable or not applicable)
    j["separable"] = t.separable;
    if (!t.why_not.empty()) j["whyNot"] = t.why_not;
    const ProofStatus proof = proof_status(learner, t);
    j["boundApplies"] = proof.applies;  // does M <= bound hold for this run (proof_status.hpp)
    j["boundNote"] = proof.note();
    write_loss_per_epoch_json(j, progress);
    j["maxMargin"] = separator_json(t.best);
    out << j.dump() << "\n";
}

}  // namespace

int run_train(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err) {
    const TrainOptions options = parse_train_options(args);
    std::string text;
    if (!read_text(options.data_path, text)) {
        err << "perceptron-cli: cannot read '" << options.data_path << "'\n";
        return 2;
    }
    if (options.text) return run_train_text(options, text, out, err);
    const CsvResult csv = parse_csv(text);
    if (!csv.ok) {
        report_parse_errors(err, options.data_path, csv);
        return 2;
    }
    for (const std::string& note : options.notes) err << "perceptron-cli: note: " << note << "\n";

    Learner learner(csv.data, options.config);
    learner.record_epoch_loss();
    learner.train_until_converged();
    const TheorySummary theory = analyze(csv.data, options.config);

    if (options.json) print_json(out, options, csv, learner, theory);
    else print_text(out, options, csv, learner, theory);
    return 0;
}

}  // namespace pl::cli
