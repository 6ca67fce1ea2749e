// The printable lesson (issue 25, part 3): a lesson as one self-contained HTML page to hand out: its
// title, then per step the text, the step's picture as inline SVG (figure_svg.hpp), the question with
// room to answer, the goal as a sentence, and on request an answer key that the learner works out, never
// copied from the lesson's texts. The page carries a print stylesheet (A4, a step's figure and question
// kept on one page), so "Print" in any browser, or headless Chromium's --print-to-pdf, makes the PDF.
// Std only: `perceptron-cli worksheet`, the lesson card's "Print this lesson" and lab.printLesson() call it.
//
// [SECTION] Which state a step is drawn and keyed on
// Each step shows what a student walking the lesson from the start meets there (state_walked_to in
// lesson_run.hpp): its own state, else the state the last step before it set up. Steps before any state
// work on the student's own points and get no figure. Keys are worked out as the card judges them
// (lesson_exercise.hpp): number and vector keys on the step's own state; on a step without one, on the
// walked state, first trained to convergence when the goal of a step since that state asks for
// convergence (the student has just done that); a prediction on the walked state (preview_next_visit);
// a goal on the walked state, trained to convergence when the goal reads the training (mistakes,
// epochs, visits, converged). The key says which of these it did.
#pragma once
#include <string>
#include <string_view>

#include "core/figures/figure_svg.hpp"
#include "core/lesson/lesson.hpp"

namespace pl {

// Points drawn per picture on a sheet: more cannot be told apart at 10 cm, and a lesson of 100,000 points
// a step would otherwise print as a sheet of over 100 MB.
inline constexpr std::size_t kWorksheetFigurePoints = 2000;

struct WorksheetOptions {
    bool key = false;             // add the answer key under each question
    bool print_on_open = false;   // the page asks the browser to print once it has loaded (the widget's button)
    FigureOptions figure = default_worksheet_figure();
    static FigureOptions default_worksheet_figure() {
        FigureOptions f;
        f.print = true;
        f.width_cm = 10.0;
        f.max_points = kWorksheetFigurePoints;  // the caption says when a picture shows fewer than all
        return f;
    }
};

std::string worksheet_html(const Lesson& lesson, const WorksheetOptions& options = {});

// A lesson file's text to a sheet: ok and the page, or the lesson reader's own sentence (parse_lesson).
struct WorksheetResult {
    bool ok = false;
    std::string html;
    std::string error;
};
WorksheetResult worksheet_from_json(std::string_view lesson_json, const WorksheetOptions& options = {});

// "update-rule-worksheet.html", "update-rule-key.html": the name a download or the CLI suggests.
std::string worksheet_file_name(const Lesson& lesson, bool key);

// The goal in words: "reach a state where training has converged and mistakes is 2". Exposed for tests.
std::string goal_sentence(const Goal& goal);

}  // namespace pl
