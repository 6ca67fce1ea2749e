// The Author mode: an instructor builds a lesson from the widget itself. Each "add this screen" takes
// the current state and panels as a new step; the step's title, text, goal, quiz, hint and success
// are edited in place, with the goal and the whole lesson checked as they type (the same checks
// parse_lesson makes, so an exported lesson always loads). "Try it" opens the draft as the lesson;
// the host saves it as JSON, and Copy link then carries it inside the link. A step may also keep the
// student's work (no state): a question about what the student just did must not reset it.
// Each step chooses what Check asks (AskKind): nothing beyond its goal, one answer or select-all
// choices (with feedback per choice), a number or a vector whose key is checked as it is typed (the
// error with its position, or the value it gives on the widget now), or predict-then-step.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/lesson/lesson.hpp"
#include "core/session/session.hpp"

namespace pl::app {

struct PanelContext;

// What a step asks for beyond its goal (lesson_exercise.hpp has the kinds).
enum class AskKind { Nothing, OneAnswer, SelectAll, Number, Vector, Predict };
AskKind ask_kind_of(const LessonStep& step);
bool asks_choices(AskKind kind);

// A key as the author types it, checked at once: ok and "now: 5.571" (its value on the widget now),
// ok and "undefined now: <why>", or not ok and what is wrong ("position 6: unknown name ...").
struct KeyCheck {
    bool ok = false;
    std::string message;
};
KeyCheck check_number_key(std::string_view text, const Session& session);
// "w", "next_w" or a list of numbers ("1, -2, 0.5").
KeyCheck check_vector_key(std::string_view text, const Session& session);

struct LessonDraft {
    Lesson lesson{"my-lesson", "My lesson", {}, std::nullopt, std::nullopt};
    std::size_t selected = 0;
    std::string choices_text;           // the selected step's choices, one per line
    int answer = 1;                     // 1-based, as a person counts
    std::size_t choices_loaded_for = ~std::size_t{0};  // the step the fields below were loaded from
    AskKind kind = AskKind::Nothing;    // the selected step's (a kind chosen before its fields are filled)
    std::string number_key_text;        // the selected step's keys as typed
    std::string vector_key_text;
    // One feedback text per choice, kept for all kMaxChoices lines: removing a choice line for a moment
    // does not lose the feedback of the lines after it.
    std::vector<std::string> feedback_texts = std::vector<std::string>(kMaxChoices);
    std::uint32_t max_attempts = 3;     // the "Limit tries" field (kept while the box is unticked)
    bool panel_open = false;            // Author mode is shown (the lesson list's "Write your own lesson")
    // The step text as its field shows it (soft-wrapped, see soft_wrap), for the step and width it was made for.
    std::string text_shown;
    std::size_t text_shown_for = ~std::size_t{0};
    float text_shown_width = 0;

    void add_step(const Session& session);       // the current screen as a new step (selected)
    void open(Lesson saved);                     // a saved lesson file to edit (its first step selected)
    void update_state(const Session& session);   // the selected step takes the current screen
    // keep: the selected step stores no state (opening it leaves the student's points and training as
    // they are); false: it takes the current screen again.
    void set_keeps_work(bool keep, const Session& session);
    void remove_selected();
    void move_selected(int delta);
    void sync_quiz();                   // choices_text, answer and feedback_texts -> the selected step
    void load_selected();               // the fields above <- the selected step
    void set_kind(AskKind kind);        // the selected step asks this (and nothing else)
    // The choice k (0-based) is right (one answer: the only right one) or, select all, not.
    void set_right(std::size_t k, bool right);
    void set_number_key();              // number_key_text -> the step (a bad key is kept and reported)
    void set_vector_key();              // vector_key_text -> the step
    void set_limit_tries(bool limit);   // max_attempts -> the step, or none
    // "" when the draft would load as a lesson, else the message. Quiz answers are named as the author
    // counts them (from 1, as the field does), though the JSON stores them from 0.
    std::string problem() const;

private:
    std::string selected_step_problem() const;  // what the selected step's fields miss, "" when nothing
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


// Author mode's parts drawn in other files: a field's label, wrapped (panel_lesson_author.cpp), and what
// the selected step asks, under its goal (panel_author_exercise.cpp).
void author_field_label(const char* label);
void draw_step_exercise(PanelContext& context, LessonDraft& draft);

// The panels a step shows, from the panel switches (inverse of panels_for in lesson_run.hpp).
std::vector<LessonPanel> controls_from(const PanelState& panels);

}  // namespace pl::app
