// [SECTION] The Words view: layout, the last update, the text box (words_view.hpp). The two lists are
// in words_lists.cpp.
#include "app/words/words_view.hpp"

#include <algorithm>
#include <cmath>

#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "app/base/text_field_focus.hpp"
#include "app/base/theme.hpp"
#include "app/words/words_draw.hpp"
#include "imgui_stdlib.h"

namespace pl::app {

const WordsModel& WordsView::model(const Session& session) {
    if (model_revision_ != session.revision()) {
        model_ = build_words_model(session.words());
        model_revision_ = session.revision();
    }
    return model_;
}

void WordsView::forget_selection() {
    selected_.reset();
    editing_.reset();
}

// [SECTION] layout
void WordsView::draw(PanelContext& c) {
    Session& s = c.session;
    const std::size_t count = s.state().words.size();
    if (selected_ && *selected_ >= count) selected_.reset();
    if (editing_ && *editing_ >= count) editing_.reset();
    // A new visit: the list brings the message it visited into view (once, so the student can scroll).
    const std::uint64_t visits = s.words().learner().visits();
    if (visits != update_serial_seen_) {
        update_serial_seen_ = visits;
        scroll_to_update_ = s.words().last_update().has_value();
    }

    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10, 8));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8, 6));
    // Nav-flattened (as every child of the canvas area, app_layout.cpp): the app's Tab order runs through
    // Dear ImGui's navigation of the root window, which enters a child only when it is flattened. Without
    // it no key ever reached the message box, and letters typed "there" ran the canvas's shortcuts.
    ImGui::BeginChild("##words-view", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NavFlattened);
    const float width = ImGui::GetContentRegionAvail().x;
    compact_ = ImGui::GetContentRegionAvail().y < ImGui::GetFontSize() * kCompactBelowFonts;
    const std::string status = words_status_line(s.words().learner());
    probe_wrapped("words-status", status, width);
    ImGui::TextWrapped("%s", status.c_str());
    draw_update(s, width);
    draw_input(c);
    ImGui::Separator();

    // The two panes share what is left; on a short screen the view scrolls instead of squeezing them.
    const float font = ImGui::GetFontSize();
    const float height = std::max(ImGui::GetContentRegionAvail().y, font * 14.0f);
    const WordsModel& m = model(s);
    const std::string messages_title = "Messages (" + std::to_string(count) + ")###messages";
    const std::string weights_title = "Word weights (" + std::to_string(m.weights.size()) + ")###weights";
    if (width >= kTwoPanesMinWidth) {
        const float left = std::floor((width - 8.0f) * 0.56f);
        draw_messages(c, ImVec2(left, height));
        ImGui::SameLine();
        draw_weights(c, ImVec2(0, height));
    } else if (ImGui::BeginTabBar("##words-tabs")) {
        const float tab_body = std::max(height - ImGui::GetFrameHeightWithSpacing(), font * 10.0f);
        if (ImGui::BeginTabItem(messages_title.c_str())) {
            draw_messages(c, ImVec2(0, tab_body));
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem(weights_title.c_str())) {
            draw_weights(c, ImVec2(0, tab_body));
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    ImGui::EndChild();
    ImGui::PopStyleVar(2);
}

// [SECTION] the last update: "w ← w + y · (words)", the message and each weight before and after
void WordsView::draw_update(const Session& s, float width) {
    const WordsSession& w = s.words();
    const auto& u = w.last_update();
    const Palette& colors = active_palette();  // the theme in use, high contrast included
    if (!u || !u->visited) {
        std::string hint = "Press Step to visit message " + std::to_string(w.learner().next_index() + 1) + ".";
        if (s.state().words.empty()) hint = "No messages yet: type one below and add it as spam or ham.";
        else if (w.learner().visits() == 0) hint = "No update yet. " + hint;
        probe_wrapped("words-update", hint, width);
        ImGui::TextWrapped("%s", hint.c_str());
        return;
    }
    const std::string equation = update_equation(*u);
    const std::string message = u->index < s.state().words.size() ? s.state().words.messages[u->index] : std::string();
    const std::string sentence = update_sentence(*u, message);
    probe_wrapped("words-update", equation, width);
    const ImU32 ink = u->step > 0 ? colors.positive : u->step < 0 ? colors.negative : ImGui::GetColorU32(ImGuiCol_Text);
    ImGui::PushStyleColor(ImGuiCol_Text, ink);
    ImGui::TextWrapped("%s", equation.c_str());
    ImGui::PopStyleColor();
    probe_wrapped("words-sentence", sentence, width);
    ImGui::TextWrapped("%s", sentence.c_str());
    if (u->step == 0.0 || compact_) return;  // compact: the chart marks the words and shows their new weights
    std::string changes;
    for (std::size_t k = 0; k < u->words.size(); ++k)
        changes += (k ? ",  " : "") + u->words[k] + " " + signed_text(u->before[k]) + " \xE2\x86\x92 " + signed_text(u->after[k]);
    if (u->has_bias)
        changes += (changes.empty() ? "" : ",  ") + std::string("bias ") + signed_text(u->bias_before) + " \xE2\x86\x92 " +
                   signed_text(u->bias_after);
    probe_wrapped("words-changes", changes, width);
    ImGui::TextWrapped("%s", changes.c_str());
}

// [SECTION] the text box: add as spam or ham, the online protocol, editing a message
void WordsView::draw_input(PanelContext& c) {
    Session& s = c.session;
    WordsSession& w = s.words();
    const bool readonly = s.state().readonly;
    const bool online = s.state().online_mode && !editing_;
    const Palette& colors = active_palette();  // the theme in use, high contrast included
    const float width = ImGui::GetContentRegionAvail().x;

    ImGui::SetNextItemWidth(-1.0f);
    const char* hint = editing_ ? "Edit the message" : online ? "Type a message: the model predicts before you label it"
                                                               : "Type a message, e.g. cheap viagra tonight";
    ImGui::BeginDisabled(readonly);
    ImGui::InputTextWithHint("##new-message", hint, &input_);
    name_text_field(editing_ ? "Edit the message" : "New message");  // a phone's on-screen keyboard (text_field_focus.hpp)
    ImGui::EndDisabled();
    const bool has_words = !message_words(input_).empty();

    if (online) {
        // Predict first: the model's answer before the label is revealed.
        std::string line;
        if (has_words) {
            const WordsPrediction p = w.predict(input_);
            line = std::string("The model says ") + class_name(p.predicted) + " (score " + signed_text(p.score) + ")";
            if (p.score == 0.0) line += ", on the line";
            line += ": ";
            const WordsModel& m = model(s);
            const Vocabulary& vocabulary = w.learner().corpus().vocabulary;
            std::size_t shown = 0;
            for (const std::string& word : message_words(input_)) {
                if (++shown > 8) { line += ", \xE2\x80\xA6"; break; }
                const std::uint32_t* id = vocabulary.find(word);
                line += (shown > 1 ? ", " : "") + word + " " + (id ? signed_text(m.weights[*id]) : std::string("(new, 0)"));
            }
            line += ". Now reveal its label:";
        } else if (const auto& last = w.last_online()) {
            line = words_online_sentence(*last) + ".";
        } else {
            line = "Online mode: type a message, read the model's prediction, then reveal its label.";
        }
        probe_wrapped("words-prediction", line, width);
        ImGui::TextWrapped("%s", line.c_str());
    }

    const float half = std::floor((width - ImGui::GetStyle().ItemSpacing.x) * 0.5f);
    if (editing_) {
        ImGui::BeginDisabled(!has_words || readonly);
        if (fit_button({"Save the edit", "Save"}, "save-edit", half) && w.edit(*editing_, input_)) {
            editing_.reset();
            input_.clear();
        }
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (fit_button({"Cancel the edit", "Cancel"}, "cancel-edit", half)) {
            editing_.reset();
            input_.clear();
        }
        return;
    }
    ImGui::BeginDisabled(!has_words || readonly);
    bool added = false;
    class_button_colors(colors.negative);
    if (fit_button(online ? std::initializer_list<const char*>{"It is spam (\xE2\x88\x92" "1)", "It is spam", "Spam"}
                          : std::initializer_list<const char*>{"Add as spam (\xE2\x88\x92" "1)", "Add as spam", "Spam"},
                   "add-spam", half)) {
        c.run.running = false;
        added = w.add(input_, -1);
    }
    ImGui::PopStyleColor(3);
    item_tooltip("Spam is the class \xE2\x88\x92" "1. The message joins the training set.");
    ImGui::SameLine();
    class_button_colors(colors.positive);
    if (fit_button(online ? std::initializer_list<const char*>{"It is ham (+1)", "It is ham", "Ham"}
                          : std::initializer_list<const char*>{"Add as ham (+1)", "Add as ham", "Ham"},
                   "add-ham", half)) {
        c.run.running = false;
        added = w.add(input_, +1);
    }
    ImGui::PopStyleColor(3);
    item_tooltip("Ham (a wanted message) is the class +1. The message joins the training set.");
    ImGui::EndDisabled();
    if (added) {
        input_.clear();
        selected_ = s.state().words.size() - 1;
        scroll_to_update_ = true;
    }
}

// [SECTION] the selected message: flip, edit, delete
void WordsView::draw_selection(PanelContext& c) {
    Session& s = c.session;
    if (!selected_) {
        if (!compact_) ImGui::TextDisabled("Pick a message to flip, edit or delete it.");
        return;
    }
    const std::size_t i = *selected_;
    ImGui::BeginDisabled(s.state().readonly);
    ButtonGrid grid(3, {"Flip", "Edit", "Delete"});
    grid.next();
    if (fit_button({"Flip label (F)", "Flip label", "Flip"}, "flip-message", grid.width())) s.words().flip_label(i);
    grid.next();
    if (fit_button({"Edit", "Edit"}, "edit-message", grid.width())) {
        editing_ = i;
        input_ = s.state().words.messages[i];
    }
    grid.next();
    if (fit_button({"Delete (Del)", "Delete"}, "delete-message", grid.width()) && s.words().remove(i)) forget_selection();
    ImGui::EndDisabled();
}

}  // namespace pl::app
