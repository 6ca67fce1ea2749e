// Writing the JSON state (state_json.hpp: state_to_json, training_settings_json, snapshot_json) over the
// property table of state_table.hpp; dump replaces invalid UTF-8 (nlohmann/json is used only through
// calls that do not throw: the Emscripten build aborts on a throw). The reader is state_json_read.cpp.
#include "core/state/state_json.hpp"

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/facts/learner_progress.hpp"
#include "core/facts/shown_answer.hpp"
#include "core/learn/learner.hpp"
#include "core/state/names.hpp"
#include "core/theory/held_out.hpp"
#include "core/theory/proof_status.hpp"
#include "core/theory/svm_view.hpp"
#include "core/theory/theory.hpp"
#include "core/words/words_state.hpp"

namespace pl {

using namespace state_table;

namespace {

using OrderedJson = nlohmann::ordered_json;

constexpr std::uint64_t kMaxExactInJs = 9007199254740992ull;  // 2^53

// [SECTION] Writing
OrderedJson number_or_null(double value) { return std::isfinite(value) ? OrderedJson(value) : OrderedJson(nullptr); }

OrderedJson& at_path(OrderedJson& root, std::string_view path) {
    OrderedJson* node = &root;
    while (true) {
        const std::size_t dot = path.find('.');
        node = &(*node)[std::string(path.substr(0, dot))];
        if (dot == std::string_view::npos) return *node;
        path.remove_prefix(dot + 1);
    }
}

OrderedJson point_list(const Dataset& data) {
    OrderedJson points = OrderedJson::array();
    for (const Vec& p : data.points) {
        OrderedJson point = OrderedJson::array();
        for (double v : p) point.push_back(number_or_null(v));
        points.push_back(std::move(point));
    }
    return points;
}

struct JsonWriter {
    OrderedJson& out;
    bool lists = true;  // false: the light snapshot, without the lists that grow with the data
    void points(const Dataset& data) {
        if (lists) {
            out["points"] = point_list(data);
            out["labels"] = data.labels;
        }
        out["dim"] = data.dim;
    }
    void held_out(const Dataset& test, const Dataset&) {
        if (!lists) return;
        OrderedJson group = OrderedJson::object();
        group["points"] = point_list(test);
        group["labels"] = test.labels;
        out["heldOut"] = std::move(group);
    }
    template <class E>
    void name(const Key& key, const E& value) { at_path(out, key.json) = std::string(to_string(value)); }
    template <class T>
    void whole(const Key& key, const T& value, const WholeRange&) {
        if constexpr (std::is_unsigned_v<T>) {
            if (value > kMaxExactInJs) {
                at_path(out, key.json) = std::to_string(value);
                return;
            }
        }
        at_path(out, key.json) = value;
    }
    void real(const Key& key, const double& value, const RealRange&) { at_path(out, key.json) = number_or_null(value); }
    void label(const Key& key, const int& value) { at_path(out, key.json) = value; }
    void flag(const Key& key, const bool& value) { at_path(out, key.json) = value; }
    void text(const Key& key, const std::string& value) { at_path(out, key.json) = value; }
    void progress(const Key& key, const LessonProgress& value) {  // only once a step was checked: states stay as they were
        const std::string text = encode_lesson_progress(value);
        if (!text.empty()) at_path(out, key.json) = text;
    }
    void messages(const Key&, const WordsData& words) {
        if (!lists) return;
        out["words"]["messages"] = words.messages;
        out["words"]["labels"] = words.labels;
    }
};

OrderedJson state_object(const WidgetState& state, bool lists = true) {
    OrderedJson out = OrderedJson::object();
    out["version"] = kStateVersion;
    JsonWriter writer{out, lists};
    visit_properties(state, writer);
    visit_words_properties(state, writer);
    return out;
}

OrderedJson training_settings_object(const TrainConfig& config) {
    OrderedJson out = OrderedJson::object();
    JsonWriter writer{out};
    visit_training_settings(config, writer);
    return out;
}

// Lecture 001's hard-margin SVM of the picture's space (svm_view.hpp), null when no line separates; the
// kernel perceptron's dual under "dual" (null until its Gram solve is done, or when there is none).
OrderedJson svm_json(const WidgetState& state, const TheorySummary& theory) {
    const SvmPrimal primal = svm_primal(theory.best, {}, {});  // no per-point constraints: O(1) per snapshot
    if (!primal.separable) return OrderedJson(nullptr);
    OrderedJson svm = OrderedJson::object();
    OrderedJson w = OrderedJson::array();
    for (double v : primal.w) w.push_back(number_or_null(v));
    svm["w"] = std::move(w);
    svm["b"] = number_or_null(primal.b);
    svm["margin"] = number_or_null(primal.margin);
    svm["supportVectors"] = primal.support;
    if (state.config.algorithm == Algorithm::Kernel) {
        const SvmDual dual = theory.computing ? SvmDual{} : svm_dual(theory.kernel, state.data.labels, state.config.bias);
        if (dual.separable) {
            OrderedJson d = OrderedJson::object();
            d["supportVectors"] = dual.support;
            OrderedJson alphas = OrderedJson::array();
            for (double a : dual.alpha) alphas.push_back(number_or_null(a));
            d["alphas"] = std::move(alphas);
            d["b"] = number_or_null(dual.b);
            d["margin"] = number_or_null(dual.margin);
            svm["dual"] = std::move(d);
        } else {
            svm["dual"] = nullptr;
        }
    }
    return svm;
}

std::string dump(const OrderedJson& j) { return j.dump(-1, ' ', false, OrderedJson::error_handler_t::replace); }

}  // namespace

// [SECTION] Public functions
std::string state_to_json(const WidgetState& state) { return dump(state_object(state)); }

std::string training_settings_json(const TrainConfig& config) { return dump(training_settings_object(config)); }

std::string snapshot_json(const WidgetState& state, const Learner& learner, const TheorySummary& theory,
                          SnapshotParts parts) {
    const bool all = parts == SnapshotParts::Everything;
    OrderedJson out = state_object(state, all);
    // The light snapshot: counts instead of the lists that grow with the data or the run (a change
    // listener of a 100,000-point page must not serialise megabytes per frame).
    out["pointCount"] = state.data.size();
    out["testPointCount"] = state.held_out.size();
    out["messageCount"] = state.words.messages.size();
    auto numbers = [](const std::vector<double>& values) {
        OrderedJson list = OrderedJson::array();
        for (double v : values) list.push_back(number_or_null(v));
        return list;
    };
    out["weights"] = numbers(learner.weights());
    out["b"] = number_or_null(learner.bias());
    if (all) out["alphas"] = numbers(learner.alphas());
    const LearnerProgress progress = learner_progress(learner);
    write_progress_json(out, progress, all ? ProgressLists::With : ProgressLists::Without);
    out["R"] = number_or_null(theory.R);
    out["gamma"] = theory.separable && theory.applicable ? number_or_null(theory.gamma_star) : OrderedJson(nullptr);
    out["bound"] = number_or_null(theory.bound);
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
    return dump(out);
}

}  // namespace pl
