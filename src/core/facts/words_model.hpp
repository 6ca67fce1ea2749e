// What the Words view shows, computed from a WordsSession in one pass (std only, so the app, the JS
// handle's state() and the tests read the same numbers): the answer's weight of every word, the score
// and prediction of every message, the words ordered by the size of their weight, and the sentences
// (status line, the update "w ← w + y · (words)", the online verdict).
//
// The answer is what the learner classifies with (TextLearner::answer_word_weights: the pocket, the
// average, or the running weights); the update equation shows the running weights, which the rule
// changes. Scores are f(x) = Σ w_word over the message's distinct words + b.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/session/words_session.hpp"

namespace pl {

struct WordsModel {
    std::vector<double> weights;            // the answer's weight per vocabulary word
    double bias = 0;                        // the answer's bias (0 without one)
    std::vector<double> scores;             // f of the answer, per message
    std::vector<std::uint32_t> by_strength; // vocabulary ids, largest |w| first (ties: vocabulary order)
    double largest = 0;                     // the largest |w| (the chart's scale)
    std::size_t wrong = 0;                  // messages with y·f <= 0
    std::size_t ham = 0, spam = 0;
    bool wrong_of(std::size_t i, int y) const { return i < scores.size() && y * scores[i] <= 0.0; }
};

WordsModel build_words_model(const WordsSession& words);

// "Perceptron · M = 2 mistakes · epoch 1 · converged (an epoch without mistakes)"
std::string words_status_line(const TextLearner& learner);
// "ham" / "spam" for +1 / -1.
const char* class_name(int label);
// "w ← w − 1 · (viagra, the)": the rule with the actual step and words (a minus sign for a negative
// step, η·y shown as one number); "no update" when the visit changed nothing.
std::string update_equation(const WordsUpdate& update);
// "Message 1 "viagra the" (spam) scored 0: on the line, a mistake" and the like.
std::string update_sentence(const WordsUpdate& update, const std::string& message);
// "The model said spam (score −1); it is ham: mistake, w updated". A score of exactly 0 is said as
// "on the line", which counts as a mistake (y·f <= 0).
std::string words_online_sentence(const WordsOnlineResult& result);

// The "wordsModel" member of the JS handle's state() (docs/reference.md "Words mode: state().wordsModel"): {"words": {"viagra": -1,
// ...} (every vocabulary word), "bias", "mistakes", "mistakesPerEpoch", "epochs", "visits",
// "converged", "capped", "diverged", "accuracy", "scores" [per message], "predictions" [+1/-1],
// "R", "gamma", "bound", "separable", "whyNot", "unsupported", "lastUpdate" {index, y, score,
// mistake, step, words, before, after} or null, "onlineMistakes"}.
std::string words_model_json(const WordsSession& words);
// The same as a structure, for the snapshot that carries it (snapshot_json.hpp): built, not spliced.
nlohmann::ordered_json words_model_object(const WordsSession& words);

}  // namespace pl
