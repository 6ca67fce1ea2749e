// The Words view: what the canvas area shows in Words mode (lecture 004's spam example), drawn from the
// session's WordsSession and a WordsModel snapshot (core/facts/words_model.hpp):
//   * the status line and the last update as "w ← w + y · (the words of this message)", with the
//     message, its score and each word's weight before and after;
//   * a text box to type a message and buttons that add it as spam or ham (in online mode the model's
//     prediction shows first, and the buttons reveal the label);
//   * the messages as a list (label, text with the last update's words highlighted, prediction and
//     score; a selected message can be flipped, edited or deleted) and a bar chart of every word's
//     weight, largest first (ham to the right, spam to the left), both scrollable. Side by side when
//     the area is wide enough, else as two tabs.
// Every visible row is reported to the test build's probe (roles "words-message", "words-weight",
// "words-update", "words-status", "words-prediction").
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/session/session.hpp"
#include "core/facts/words_model.hpp"
#include "imgui.h"

namespace pl::app {

struct PanelContext;

class WordsView {
public:
    void draw(PanelContext& context);  // fills the current child window
    // The message picked in the list: the keys Delete and F act on it (through Session::shown_data()).
    std::optional<std::size_t> selected() const { return selected_; }
    void forget_selection();  // the picked message was removed

    static constexpr float kTwoPanesMinWidth = 600.0f;  // below: Messages and Word weights as tabs
    static constexpr float kCompactBelowFonts = 30.0f;  // a shorter area leaves out the lines the lists repeat

private:
    const WordsModel& model(const Session& session);
    void draw_update(const Session& session, float width);
    void draw_input(PanelContext& context);
    void draw_selection(PanelContext& context);
    void draw_messages(PanelContext& context, ImVec2 size);
    void draw_weights(PanelContext& context, ImVec2 size);

    std::string input_;                      // the message being typed
    std::optional<std::size_t> selected_;    // a message picked in the list
    std::optional<std::size_t> editing_;     // the message the box edits (Save replaces it)
    bool scroll_to_update_ = false;          // bring the last update's message into view once
    bool compact_ = false;                   // a short area (a phone): fewer lines above the lists
    std::uint64_t update_serial_seen_ = 0;
    WordsModel model_;
    std::uint64_t model_revision_ = ~0ull;
};

// The Data section in Words mode (panel_words.cpp): the presets (back to points), undo, clear, counts,
// edit policy and online mode for the messages.
void draw_words_data_section(PanelContext& context);
// The Theory and Plots sections in Words mode: R, γ*, the bound, M, ... of the messages.
void draw_words_theory_section(PanelContext& context);
void draw_words_plots_section(PanelContext& context);

}  // namespace pl::app
