// Everything the widget shows, as plain data: the points, the training settings, how far training has
// gone, and the view. The link and the JSON export (state_table.hpp) serialise exactly this,
// so a link reproduces the screen: the learner itself is never stored, it is replayed from here.
#pragma once
#include <cstdint>
#include <string>

#include "core/learn/dataset.hpp"
#include "core/learn/threshold_unit.hpp"  // HandUnit
#include "core/base/config.hpp"
#include "core/state/lesson_progress.hpp"
#include "core/words/words_state.hpp"

namespace pl {

struct ViewState {
    double center_x = 0.0;  // data coordinates at the canvas centre
    double center_y = 0.0;
    double span = 7.0;      // data units across the shorter side of the canvas (equal aspect)
};

struct PanelState {
    bool controls = true;
    bool theory = true;
    bool plots = true;
    bool lift_view = false;
    bool margin_band = false;   // geometric margin band of the current w
    bool max_margin = false;    // the maximum-margin separator and its support points
    bool hulls = false;         // convex hull of each class
    bool field = true;          // decision regions painted per pixel
    bool trail = true;          // fading trail of earlier hyperplanes
    bool dark = false;          // dark theme
    bool high_contrast = false; // high-contrast theme (also on when the system asks for more contrast)
    int text_size = 100;        // percent of the normal text size (kTextSizeRange)
    // Sections of the controls panel (an embedding instructor may show only some).
    bool data_section = true;
    bool training_section = true;
    bool kernel_section = true;  // shown only for the kernel perceptron anyway
    bool show_section = true;
    bool share_section = true;
    bool svm = false;            // the SVM section open: lecture 001's hard-margin SVM, its band on the canvas
    bool trace = false;          // the Trace section: every visit of the run in a table (core/figures/trace_table.hpp)
};

enum class EditPolicy { Reset, Continue };  // what an edit to the data does to training

struct WidgetState {
    Dataset data;                      // the canvas shows dims 0 and 1 (1-D data sits on the x axis)
    // Test points: held out from training (the learner and the theory never see them) and scored by
    // the current answer and by the maximum-margin line. Same dimension as `data` (empty: dim follows
    // data); data.size() + held_out.size() <= kMaxPoints.
    Dataset held_out;
    TrainConfig config;
    ViewState view;
    PanelState panels;
    EditPolicy edit_policy = EditPolicy::Reset;
    int active_label = +1;             // class that a plain click adds
    bool online_mode = false;          // online protocol: predict each new click, then learn it
    bool readonly = false;             // embedded read-only widget: no edits
    std::uint64_t trained_visits = 0;  // training progress, replayed on load (visits since reset)
    std::string preset;                // name of the preset the data came from (informational)
    // Where the student is in a lesson (lesson.hpp): the lesson's id ("" = none) and the 0-based step.
    // A built-in lesson reopens from these alone; an instructor's own lesson also needs its text.
    std::string lesson;
    std::uint32_t lesson_step = 0;
    // What the student did at each step of that lesson (lesson_progress.hpp; empty: nothing yet).
    LessonProgress lesson_progress;
    HandUnit hand;                     // hand mode (off by default)
    // Words mode (words_state.hpp): which data set the widget shows and trains, and the messages. The
    // points stay while the messages show (and the other way round); the settings above are shared.
    DataMode mode = DataMode::Points;
    WordsData words;
};

// The widget's starting state, defined once: WidgetState{} with the lecture-4 points and preset
// "lecture4". A new Session starts here (Session::default_state), and a link or a JSON state means
// this for every key it leaves out (default_link_state). Limits on every field: limits.hpp.
WidgetState default_widget_state();

}  // namespace pl
