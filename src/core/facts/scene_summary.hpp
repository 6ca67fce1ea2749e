// The scene in words and tables, for the accessible mirror next to the canvas (web/embed_a11y.js): the
// sentence a screen reader hears first, one page of the points table, the theory numbers as a list.
// Built from the same answer the canvas draws (the learner's DecisionField and its ModelFacts), so the
// two never disagree; the caller passes those in because the app already keeps them per change.
// Std only.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/facts/model_facts.hpp"
#include "core/learn/decision_field.hpp"
#include "core/session/session.hpp"
#include "core/theory/proof_status.hpp"

namespace pl {

struct PointRow {
    std::size_t number = 0;   // 1-based, as the sentences say "point 2"
    Vec x;                    // the coordinates the point was placed at
    int label = 0;
    double score = 0;         // f(x) of the current answer
    std::string verdict;      // "yes", "no", "no: on the line", "not trained yet"
};

struct TheoryItem {
    std::string name;   // "R, the radius of the data"
    std::string value;  // "2.449", "none: not linearly separable"
};

struct SceneSummary {
    std::string sentence;  // data_sentence + the answer + progress: "4 points, 2 of each class. The line ..."
    std::string status;    // status_line: "Perceptron · M = 2 mistakes · epoch 2 · converged (...)"
    std::size_t page = 0;        // 0-based, clamped to the pages there are
    std::size_t pages = 1;       // at least 1 (an empty table has one empty page)
    std::size_t first_row = 0;   // 0-based index of rows[0] in the data
    std::vector<PointRow> rows;  // at most rows_per_page: a big data set is never listed whole
    std::vector<TheoryItem> theory;
};

inline constexpr std::size_t kRowsPerPage = 50;

// The answer in words: "The line w·x = 0 with w = (2, 1, 0) separates all of them; 2 mistakes so far,
// bound 5.57." (kernel and voted answers and lifts are said as boundaries, before training "Not trained
// yet: ...").
std::string answer_sentence(const Session& session, const DecisionField& field, const ModelFacts& facts);

// The mistake bound as both scenes say it (points here, Words mode in words_scene.hpp), only where it
// holds for this run (proof_status.hpp). bounded: the data are separable and the bound is defined.
//   the theory row "Mistakes M": "3 (within the bound)", "23 (the bound does not apply: ...)", "3"
//   the answer sentence's clause: ", bound 6", ", and the bound 6 does not apply to this run", and ""
//   without a bound (each scene says why in its own words)
std::string mistakes_against_bound(std::size_t mistakes, bool bounded, double bound, const ProofStatus& proof);
std::string bound_clause(bool bounded, double bound, const ProofStatus& proof);

SceneSummary summarize_scene(const Session& session, const DecisionField& field, const ModelFacts& facts,
                             std::size_t page, std::size_t rows_per_page = kRowsPerPage);

}  // namespace pl
