// state() and the JSON export with the learner's and the theory's numbers (snapshot_json.hpp): the settings and data as state_json.cpp writes them, then
// w, b, the mistakes, R, gamma*, the bound and whether it applies, the SVM's lines and the test points'
// scores. Here rather than in core/state because it reads the facts and the theory, which stand on
// the state (docs/architecture.md "Floors").
#include "core/facts/snapshot_json.hpp"

#include <utility>
#include <vector>

#include "core/facts/learner_progress.hpp"
#include "core/facts/shown_answer.hpp"
#include "core/facts/words_model.hpp"
#include "core/learn/learner.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json_object.hpp"
#include "core/theory/proof_status.hpp"
#include "core/theory/svm_view.hpp"
#include "core/theory/theory.hpp"

namespace pl {

namespace {

// Lecture 001's hard-margin SVM of the picture's space (svm_view.hpp), null when no line separates; the
// kernel perceptron's dual under "dual" (null until its Gram solve is done, or when there is none).
OrderedJson svm_json(const WidgetState& state, const TheorySummary& theory) {
    const SvmPrimal primal = svm_primal(theory.best, {}, {});  // no per-point constraints: O(1) per snapshot
    if (!primal.separable) return OrderedJson(nullptr);
    OrderedJson svm = OrderedJson::object();
    OrderedJson w = OrderedJson::array();
    for (double v : primal.w) w.push_back(json_number(v));
    svm["w"] = std::move(w);
    svm["b"] = json_number(primal.b);
    svm["margin"] = json_number(primal.margin);
    svm["supportVectors"] = primal.support;
    if (state.config.algorithm == Algorithm::Kernel) {
        const SvmDual dual = theory.computing ? SvmDual{} : svm_dual(theory.kernel, state.data.labels, state.config.bias);
        if (dual.separable) {
            OrderedJson d = OrderedJson::object();
            d["supportVectors"] = dual.support;
            OrderedJson alphas = OrderedJson::array();
            for (double a : dual.alpha) alphas.push_back(json_number(a));
            d["alphas"] = std::move(alphas);
            d["b"] = json_number(dual.b);
            d["margin"] = json_number(dual.margin);
            svm["dual"] = std::move(d);
        } else {
            svm["dual"] = nullptr;
        }
    }
    return svm;
}

}  // namespace

std::string snapshot_json(const WidgetState& state, const Learner& learner, const TheorySummary& theory,
                          SnapshotParts parts, const WordsSession* words) {
    const bool all = parts == SnapshotParts::Everything;
    OrderedJson out = state_object(state, all);
    // The light snapshot: counts instead of the lists that grow with the data or the run (a change
    // listener of a 100,000-point page must not serialise megabytes per frame).
    out["pointCount"] = state.data.size();
    out["testPointCount"] = state.held_out.size();
    out["messageCount"] = state.words.messages.size();
    auto numbers = [](const std::vector<double>& values) {
        OrderedJson list = OrderedJson::array();
        for (double v : values) list.push_back(json_number(v));
        return list;
    };
    out["weights"] = numbers(learner.weights());
    out["b"] = json_number(learner.bias());
    if (all) out["alphas"] = numbers(learner.alphas());
    const LearnerProgress progress = learner_progress(learner);
    write_progress_json(out, progress, all ? ProgressLists::With : ProgressLists::Without);
    out["R"] = json_number(theory.R);
    out["gamma"] = theory.separable && theory.applicable ? json_number(theory.gamma_star) : OrderedJson(nullptr);
    out["bound"] = json_number(theory.bound);
    out["separable"] = theory.separable;
    out["whyNot"] = theory.why_not;
    out["theoryComputing"] = theory.computing;  // a big kernel run's R, gamma, bound still to come
    const ProofStatus proof = proof_status(learner, theory);
    out["boundApplies"] = proof.applies;
    out["boundNote"] = proof.note();
    if (all) write_loss_per_epoch_json(out, progress);
    out["svm"] = svm_json(state, theory);
    // The test points: the answer on screen's accuracy on them (the hand-set unit in hand mode) and the
    // maximum-margin line's (null: no test points, or no such line).
    ShownAnswer answer = which_answer(state, learner);
    score_shown_answer(answer, state, &theory.best);
    const TestScores& test = answer.test;
    out["testAccuracy"] = test.answer_known ? OrderedJson(test.answer_accuracy) : OrderedJson(nullptr);
    out["maxMarginTestAccuracy"] = test.best_known ? OrderedJson(test.best_accuracy) : OrderedJson(nullptr);
    if (all) out["fragment"] = encode_fragment(state);
    if (all && words && state.mode == DataMode::Words) out["wordsModel"] = words_model_object(*words);
    return dump_json(out);
}

}  // namespace pl
