// The text field a finger is typing into, for a host that has to open a phone's on-screen keyboard.
// Dear ImGui's text fields are drawn into the canvas: a phone shows its keyboard only for a focused
// text element of the page, so the web host puts a transparent input over the field while it is
// edited (web/embed_soft_keyboard.js) and feeds what is typed there back to Dear ImGui. This is the
// plain description of that field the app hands over (no Dear ImGui types).
#pragma once
#include <string>

namespace pl::app {

struct TextFieldFocus {
    bool active = false;      // a field opened by a finger is being edited
    unsigned int id = 0;      // which field (another id: another field, a fresh input)
    float x = 0, y = 0, width = 0, height = 0;  // its frame in the widget's pixels (CSS pixels of the canvas)
    std::string label;        // its accessible name
    bool multiline = false;   // Enter makes a new line rather than ending the edit

    bool operator==(const TextFieldFocus& o) const {
        return active == o.active && id == o.id && x == o.x && y == o.y && width == o.width && height == o.height &&
               label == o.label && multiline == o.multiline;
    }
    bool operator!=(const TextFieldFocus& o) const { return !(*this == o); }
};

// Right after a text field is drawn (ImGui::InputText...): its name for the on-screen keyboard's input
// (Dear ImGui's "##" labels name nothing a person reads). Does nothing unless the field is being edited.
void name_text_field(const char* label);

// After the frame's windows: the field Dear ImGui edits now. It is active only when a finger opened it
// (finger_is_mouse when it became active: TouchStatus::mouse_from_finger); `last` is the previous
// answer, which keeps that decision while the same field stays edited (inactive, id 0: none edited).
TextFieldFocus edited_text_field(bool finger_is_mouse, const TextFieldFocus& last);

// The host's input lost the page's focus (the person tapped elsewhere in the page, or closed the
// keyboard with Escape): the field stops being edited, keeping its text. Between frames.
void stop_editing_text_field(unsigned int id);

}  // namespace pl::app
