// The sections of the side panels. Each reads the session and calls its verbs; none keeps state of
// its own beyond what the widgets need between frames.
#pragma once
#include <functional>

#include "app/canvas/canvas.hpp"
#include "app/base/widgets.hpp"
#include "core/scene/scene.hpp"
#include "app/base/layout.hpp"
#include "app/base/run_state.hpp"
#include "app/base/theme.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/session/session.hpp"

namespace pl::app {

struct LessonDraft;  // app/lesson/lesson_author.hpp: the Author mode's draft

struct PanelContext {
    Session& session;
    LessonRun& lesson;
    LessonDraft& draft;
    SceneCache& models;
    Canvas& canvas;
    RunState& run;
    const std::function<void(HostRequest)>* host = nullptr;  // null: no Share section
    bool system_more_contrast = false;  // the high-contrast theme is on by the system's preference
    bool reduced_motion = false;        // no animation, no trail (the system's preference or --reduced-motion)
    // The snapshot of the session as it is now (a button earlier in the frame may have changed it).
    const Scene& model() { return models.update(session); }
};

void draw_section(Section section, PanelContext& context);

void draw_header(PanelContext& context);         // title, collapse button
void draw_notice(PanelContext& context);         // the last message for the user, dismissible
void draw_notice_overlay(PanelContext& context); // ... or, when an action in this window caused it, over it (last)
void draw_data_section(PanelContext& context);   // presets, generators, class toggle, edits, online mode
// The Data section's list of data sets in both modes: every preset of points and "Words (spam)", which
// opens Words mode with the lecture's messages. True when a preset of points was picked (set in
// `preset`; from Words mode the points show again); preview: the closed combo's text (nullptr: the
// preset's name).
bool preset_combo(PanelContext& context, Preset& preset, const char* preview);
void draw_training_section(PanelContext& context);
// What the Training section does with new settings (also used by the JS handle's configure()).
void apply_training_settings(Session& session, const TrainConfig& config);
void draw_show_section(PanelContext& context);   // overlays and theme
void draw_share_section(PanelContext& context);  // copy link, import/export, PNG snapshot
void draw_kernel_section(PanelContext& context); // alphas of the kernel perceptron (sortable)
void draw_theory_section(PanelContext& context); // R, gamma, bound, M, ... with tooltips
void draw_plots_section(PanelContext& context);  // mistakes per epoch, the two proof inequalities
void draw_trace_section(PanelContext& context);  // every visit of the run in a table (panel_trace.cpp)
// The SVM section (panel_svm.cpp): its header is open exactly while PanelState::svm is on (a click on it
// flips the switch, which also draws the SVM's band on the canvas); the section is lecture 001's primal.
bool svm_section_header(PanelContext& context);
void draw_svm_section(PanelContext& context);
// Test points (panel_generalisation.cpp): making them (end of the Data section) and scoring them (end of
// the Theory section).
void draw_test_points_block(PanelContext& context);
void draw_generalisation_block(PanelContext& context);
// Hand mode (panel_hand.cpp): its switch ends the Training section; when it is on, the Training section
// is the hand block alone (draw_hand_block returns true: training is off in hand mode).
void draw_hand_switch(PanelContext& context);
bool draw_hand_block(PanelContext& context);
void draw_hand_theory_note(PanelContext& context);  // top of the Theory section in hand mode: whose numbers

}  // namespace pl::app
