// The Words view's numbers and sentences (words_model.hpp).
#include "core/facts/words_model.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/state/state_json_object.hpp"  // json_number: a number, or null when not finite

#include "core/facts/describe.hpp"
#include "core/facts/learner_progress.hpp"
#include "core/state/names.hpp"
#include "core/words/text_theory.hpp"

namespace pl {

WordsModel build_words_model(const WordsSession& session) {
    WordsModel m;
    const TextLearner& learner = session.learner();
    const TextCorpus& corpus = learner.corpus();
    m.weights = learner.answer_word_weights();
    m.bias = learner.answer_bias();
    m.scores.resize(corpus.size());
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        double sum = 0.0;  // in increasing word index, as TextLearner sums
        for (const std::uint32_t* k = corpus.rows.begin(i); k != corpus.rows.end(i); ++k) sum += m.weights[*k];
        m.scores[i] = sum + m.bias;
        if (corpus.labels[i] * m.scores[i] <= 0.0) ++m.wrong;
        (corpus.labels[i] > 0 ? m.ham : m.spam) += 1;
    }
    m.by_strength.resize(m.weights.size());
    for (std::size_t k = 0; k < m.weights.size(); ++k) {
        m.by_strength[k] = static_cast<std::uint32_t>(k);
        if (std::isfinite(m.weights[k])) m.largest = std::max(m.largest, std::fabs(m.weights[k]));
    }
    const auto strength = [&](std::uint32_t k) { return std::isfinite(m.weights[k]) ? std::fabs(m.weights[k]) : 0.0; };
    std::stable_sort(m.by_strength.begin(), m.by_strength.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return strength(a) > strength(b); });
    return m;
}

std::string words_status_line(const TextLearner& learner) {
    std::string state = "training";
    if (learner.diverged()) state = "stopped: weights overflowed";
    else if (learner.converged() && learner.config().algorithm == Algorithm::Logistic)
        state = "stopped after an epoch with every message on its side (logistic SGD still moved w on each visit)";
    else if (learner.converged()) state = "converged (an epoch without mistakes)";
    else if (learner.capped()) state = "stopped at the epoch cap";
    else if (learner.visits() == 0) state = "not trained yet";
    const std::size_t epoch = learner.epochs_completed() + (learner.visits() > 0 && !learner.converged() ? 1 : 0);
    return std::string(display_name(learner.config().algorithm)) + " \xC2\xB7 M = " + std::to_string(learner.mistakes()) +
           " mistakes \xC2\xB7 epoch " + std::to_string(epoch) + " \xC2\xB7 " + state;
}

const char* class_name(int label) { return label > 0 ? "ham" : "spam"; }

namespace {
constexpr const char* kMinus = "\xE2\x88\x92";
constexpr const char* kArrow = "\xE2\x86\x90";
constexpr const char* kDot = "\xC2\xB7";

// "−1" with a real minus sign, "0.5", ...
std::string signed_number(double v) {
    std::string text = display_number(v, 3);
    if (!text.empty() && text[0] == '-') text = kMinus + text.substr(1);
    return text;
}
}  // namespace

std::string update_equation(const WordsUpdate& u) {
    if (!u.visited) return "";
    if (u.step == 0.0) return std::string("no update: w stays (y") + kDot + "f > 0)";
    std::string words;
    for (std::size_t k = 0; k < u.words.size(); ++k) words += (k ? ", " : "") + u.words[k];
    if (u.has_bias) words += words.empty() ? "1" : ", 1";
    std::string out = std::string("w ") + kArrow + " w " + (u.step < 0 ? kMinus : "+") + " " +
                      display_number(std::fabs(u.step), 3) + " " + kDot + " (" + words + ")";
    return out;
}

std::string update_sentence(const WordsUpdate& u, const std::string& message) {
    if (!u.visited) return "Nothing was visited: no messages, or training stopped.";
    std::string quoted = message.size() > 60 ? message.substr(0, 57) + "..." : message;
    std::string out = "Message " + std::to_string(u.index + 1) + " \"" + quoted + "\" (" + class_name(u.y) + ", y = " +
                      label_text(u.y) + ") scored " + signed_number(u.score_before) + ": ";
    if (u.score_before == 0.0) out += "on the line, which counts as a mistake";
    else out += u.mistake ? "a mistake" : "correct";
    return out;
}

std::string words_online_sentence(const WordsOnlineResult& r) {
    const std::string truth = std::string("it is ") + class_name(r.truth);
    if (r.score == 0.0) return "The message is on the line (score 0); " + truth + ": counts as a mistake, w updated";
    return std::string("The model said ") + class_name(r.predicted) + " (score " + signed_number(r.score) + "); " + truth +
           ": " + (r.mistake ? "mistake, w updated" : "correct, no update");
}

// [SECTION] JSON for the JS handle
namespace {
using Json = nlohmann::ordered_json;
Json numbers(const std::vector<double>& values) {
    Json list = Json::array();
    for (double v : values) list.push_back(json_number(v));
    return list;
}

}  // namespace

nlohmann::ordered_json words_model_object(const WordsSession& session) {
    const TextLearner& learner = session.learner();
    const WordsModel m = build_words_model(session);
    Json tail;
    tail["words"] = word_weights_object(learner.corpus().vocabulary, m.weights);
    tail["bias"] = json_number(m.bias);
    write_progress_json(tail, learner_progress(learner), ProgressLists::With);
    tail["scores"] = numbers(m.scores);
    Json predictions = Json::array();
    for (double s : m.scores) predictions.push_back(s > 0 ? 1 : -1);
    tail["predictions"] = std::move(predictions);
    const TextTheory& t = session.theory();
    tail["R"] = json_number(t.R);
    tail["gamma"] = t.separable ? json_number(t.gamma_star) : Json(nullptr);
    tail["bound"] = t.separable ? json_number(t.bound) : Json(nullptr);
    tail["separable"] = t.undecided ? Json(nullptr) : Json(t.separable);
    tail["whyNot"] = t.why_not;
    const ProofStatus proof = words_proof_status(learner.config(), t, learner.corpus().size());
    tail["boundApplies"] = proof.applies;  // as the points' state (proof_status.hpp)
    tail["boundNote"] = proof.note();
    tail["unsupported"] = session.unsupported();
    if (const auto& u = session.last_update(); u && u->visited) {
        tail["lastUpdate"] = {{"index", u->index}, {"y", u->y}, {"score", json_number(u->score_before)},
                              {"mistake", u->mistake}, {"step", json_number(u->step)}, {"words", u->words},
                              {"before", numbers(u->before)}, {"after", numbers(u->after)},
                              {"equation", update_equation(*u)}};
    } else {
        tail["lastUpdate"] = nullptr;
    }
    tail["onlineMistakes"] = session.online_mistakes();
    return tail;
}

std::string words_model_json(const WordsSession& session) { return dump_json(words_model_object(session)); }

}  // namespace pl
