// The convergence theory for messages: R, gamma* and the bound (R / gamma*)^2 in the space the text
// learner runs in (binary word occurrences, with the constant 1 when there is a bias).
// R is exact and cheap: sqrt(the most distinct words in one message, +1 with a bias).
// gamma* needs the exact maximum-margin solver (theory.hpp); it runs on the words that occur (a word in
// no message has weight 0 in the best separator), and declines beyond kMaxTextTheoryCells
// (messages x occurring words) with a reason rather than freezing.
#pragma once
#include <cstddef>
#include <string>

#include "core/base/config.hpp"
#include "core/theory/proof_status.hpp"
#include "core/words/text_corpus.hpp"

namespace pl {

inline constexpr std::size_t kMaxTextTheoryMessages = 2000;
inline constexpr std::size_t kMaxTextTheoryCells = 4'000'000;

struct TextTheory {
    double R = 0;
    double gamma_star = 0;   // 0 unless separable
    double bound = 0;        // (R / gamma*)^2; +inf when not separable
    bool separable = false;
    bool undecided = false;  // the solver was not run or gave no answer (why_not says why)
    std::string why_not;
};

TextTheory analyze_text(const TextCorpus& corpus, BiasMode bias);

// Does the mistake bound hold for this run on the messages? The same decision the points use
// (core/theory/proof_status.hpp): the messages must be separable, then the run's premises (from w = 0,
// updates only on mistakes by one multiple of y·x: not logistic SGD, not a random start). `config` is
// the text learner's (TextLearner::config()), `messages` how many it trains on.
ProofStatus words_proof_status(const TrainConfig& config, const TextTheory& theory, std::size_t messages);

}  // namespace pl
