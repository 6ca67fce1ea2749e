// See text_theory.hpp. The solver sees dense rows, but only of bounded size (kMaxTextTheoryCells).
#include "core/words/text_theory.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/theory/theory.hpp"

namespace pl {

TextTheory analyze_text(const TextCorpus& corpus, BiasMode bias) {
    TextTheory t;
    const std::size_t n = corpus.size();
    const std::size_t extra = bias == BiasMode::None ? 0 : 1;
    std::size_t widest = 0;
    for (std::size_t i = 0; i < n; ++i) widest = std::max(widest, corpus.rows.count(i));
    t.R = n == 0 ? 0.0 : std::sqrt(static_cast<double>(widest + extra));
    t.bound = std::numeric_limits<double>::infinity();
    if (n == 0) {
        t.undecided = true;
        t.why_not = "no messages";
        return t;
    }
    const std::size_t dim = corpus.vocabulary.size() + extra;
    if (n > kMaxTextTheoryMessages || n * dim > kMaxTextTheoryCells) {
        t.undecided = true;
        t.why_not = "too large for the exact solver (" + std::to_string(n) + " messages x " + std::to_string(dim) +
                    " features; it takes at most " + std::to_string(kMaxTextTheoryMessages) + " messages and " +
                    std::to_string(kMaxTextTheoryCells) + " cells)";
        return t;
    }
    std::vector<Vec> rows(n, Vec(dim, 0.0));
    for (std::size_t i = 0; i < n; ++i) {
        for (const std::uint32_t* k = corpus.rows.begin(i); k != corpus.rows.end(i); ++k) rows[i][*k] = 1.0;
        if (extra) rows[i][dim - 1] = 1.0;
    }
    const Separator s = max_margin_through_origin(rows, corpus.labels);
    if (s.undecided) {
        t.undecided = true;
        t.why_not = s.reason;
        return t;
    }
    t.separable = s.separable;
    if (!s.separable) {
        t.why_not = s.reason.empty() ? "no weights put every message on its side" : s.reason;
        return t;
    }
    t.gamma_star = s.margin;
    t.bound = mistake_bound(t.R, t.gamma_star);
    return t;
}

ProofStatus words_proof_status(const TrainConfig& config, const TextTheory& theory, std::size_t messages) {
    ProofStatus s;
    s.step = config.eta;
    if (messages == 0) { s.reason = "there are no messages"; return s; }
    if (theory.undecided) {
        s.reason = "\xCE\xB3* is not known (" + theory.why_not + ")";
        return s;
    }
    if (!theory.separable) {
        s.reason = "the messages are not separable in the word space, so no w* exists and the theorem promises nothing";
        return s;
    }
    return proof_status_of_run(config, 0);
}

}  // namespace pl
