// The Author mode: an instructor builds a lesson from the widget itself. Each "add this screen" takes
// the current state and panels as a new step; the step's title, text, goal, quiz, hint and success
// are edited in place, with the goal and the whole lesson checked as they type (the same checks
// parse_lesson makes, so an exported lesson always loads). "Try it" opens the draft as the lesson;
// the host saves it as JSON, and Copy link then carries it inside the link. A step may also keep the
// student's work (no state): a question about what the student just did must not reset it.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "core/lesson/lesson.hpp"
#include "core/session/session.hpp"

namespace pl::app {

struct PanelContext;

struct LessonDraft {
    Lesson lesson{"my-lesson", "My lesson", {}};
    std::size_t selected = 0;
    std::string choices_text;           // the selected step's choices, one per line
    int answer = 1;                     // 1-based, as a person counts
    std::size_t choices_loaded_for = ~std::size_t{0};
    bool panel_open = false;            // Author mode is shown (the lesson list's "Write your own lesson")
    // The step text as its field shows it (soft-wrapped, see soft_wrap), for the step and width it was made for.
    std::string text_shown;
    std::size_t text_shown_for = ~std::size_t{0};
    float text_shown_width = 0;

    void add_step(const Session& session);       // the current screen as a new step (selected)
    void update_state(const Session& session);   // the selected step takes the current screen
    // keep: the selected step stores no state (opening it leaves the student's points and training as
    // they are); false: it takes the current screen again.
    void set_keeps_work(bool keep, const Session& session);
    void remove_selected();
    void move_selected(int delta);
    void sync_quiz();                   // choices_text and answer -> the selected step
    // "" when the draft would load as a lesson, else the message. Quiz answers are named as the author
    // counts them (from 1, as the field does), though the JSON stores them from 0.
    std::string problem() const;
};

// Soft wrapping for the step text's field (Dear ImGui 1.86's multiline input does not wrap). The field
// shows the text with "\r\n" in place of the space where a line is full (Dear ImGui draws '\r' as
// nothing); the text itself keeps the space. measure: a string's width on screen.
std::string soft_wrap(std::string_view plain, float width, const std::function<float(std::string_view)>& measure);
// The text of a field: "\r\n" is the space it replaced; a '\r' whose line break was deleted joins the
// two words (the author erased the break, so the space too).
std::string soft_unwrap(std::string_view shown);
// A cursor's byte offset in the shown text -> in the plain text, and back.
std::size_t plain_offset(std::string_view shown, std::size_t shown_offset);
std::size_t shown_offset(std::string_view shown, std::size_t plain_offset);

// The lesson card scrolls its top into view at its next frame (Try it opens it from the bottom of a
// column). panel_lesson.cpp.
void request_lesson_card_reveal();
// The way into lessons and Author mode at the top of the controls column while no lesson runs (the
// Lesson section, with the list and the door to Author mode, sits last there and folded). True when a
// button was pressed: the caller opens the Lesson section, whose list (or editor) then comes into view.
bool draw_lesson_entry(PanelContext& context);

// The panels a step shows, from the panel switches (inverse of panels_for in lesson_run.hpp).
std::vector<LessonPanel> controls_from(const PanelState& panels);

}  // namespace pl::app
