// The scene in words and tables, for the accessible mirror next to the canvas (web/embed_a11y.js): the
// sentence a screen reader hears first, one page of the points table, the theory numbers as a list.
// Read from the scene the canvas draws (scene.hpp: the answer on screen, its facts, "trained", the status
// line), so the two never disagree, in hand mode too: there the answer is the hand-set unit, whose rule
// fires at the threshold. Std only.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/facts/mirror_rows.hpp"
#include "core/scene/scene.hpp"

namespace pl {

struct PointRow {
    std::size_t number = 0;   // 1-based, as the sentences say "point 2"
    Vec x;                    // the coordinates the point was placed at
    int label = 0;
    double score = 0;         // f(x) of the current answer
    std::string verdict;      // "yes", "no", "no: on the line", "not trained yet"
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

// The answer in words: "The line w·x = 0 with w = (2, 1, 0) separates all of them; 2 mistakes so far,
// bound 5.57." (kernel and voted answers and lifts are said as boundaries, before training "Not trained
// yet: ...", in hand mode the unit and its rule).
std::string answer_sentence(const Scene& scene);

SceneSummary summarize_scene(const Scene& scene, std::size_t page, std::size_t rows_per_page = kRowsPerPage);

}  // namespace pl
