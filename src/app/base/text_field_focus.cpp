#include "app/base/text_field_focus.hpp"

#include "imgui.h"
#include "imgui_internal.h"  // the active id, its text state and the navigation rectangle

namespace pl::app {

namespace {
// The edited field as its own drawing code named it, in the frame it did.
struct NamedField {
    ImGuiID id = 0;
    int frame = -1;
    ImRect rect;
    std::string label;
    float room = 0;  // the height of the part of its window that shows, when it was last named
};
// Made on first use: a global with a constructor would run at start-up, code the first frame does not
// otherwise need (src/platform/split/keep_functions.txt).
NamedField& named() {
    static NamedField field;
    return field;
}

// Fields nobody named (Author mode's) still get an input, with a name that says what it is.
constexpr const char* kUnnamedLabel = "Text field";
}  // namespace

void name_text_field(const char* label) {
    if (!ImGui::IsItemActive()) return;
    NamedField& last_named = named();
    // A field being edited stays in sight: when it has just opened, or when the part of its window that
    // shows got shorter (a phone's on-screen keyboard shrinks the page, and the card with it), a field
    // that ends outside that part is scrolled into it (its window, and the windows around that). Not on
    // other frames, so a person who scrolls the card while typing is not pulled back.
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImRect field(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    const float room = window->InnerClipRect.GetHeight();
    const bool opened = last_named.id != ImGui::GetItemID() || last_named.frame < ImGui::GetFrameCount() - 1;
    if ((opened || room < last_named.room - 0.5f) && !window->InnerClipRect.Contains(field)) ImGui::ScrollToBringRectIntoView(window, field);
    last_named.room = room;
    last_named.id = ImGui::GetItemID();
    last_named.frame = ImGui::GetFrameCount();
    last_named.rect = ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    last_named.label = label ? label : "";
    // "Your answer:" is read as the field's name, without the colon that leads to it on the card.
    while (!last_named.label.empty() && (last_named.label.back() == ':' || last_named.label.back() == ' ')) last_named.label.pop_back();
}

TextFieldFocus edited_text_field(bool finger_is_mouse, const TextFieldFocus& last) {
    const ImGuiContext& g = *GImGui;
    TextFieldFocus now;
    // A text field is edited when it is the active item and asked for text in this frame.
    const bool editing = g.ActiveId != 0 && g.InputTextState.ID == g.ActiveId && g.WantTextInputNextFrame == 1;
    if (!editing) return now;
    now.id = g.ActiveId;
    // Opened by a finger or not is decided once, when the field became active: a mouse user who tapped
    // nothing gets no proxy, and a proxy stays while its field is edited.
    now.active = now.id == last.id ? last.active : finger_is_mouse;
    if (!now.active) return now;
    now.multiline = (g.InputTextState.Flags & ImGuiInputTextFlags_Multiline) != 0;
    ImRect rect;
    const NamedField& last_named = named();
    if (last_named.id == now.id && last_named.frame == ImGui::GetFrameCount()) {
        rect = last_named.rect;
        now.label = last_named.label;
    } else {
        if (g.NavId == now.id && g.NavWindow) rect = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[g.NavLayer]);
        else if (g.ActiveIdWindow) rect = g.ActiveIdWindow->InnerClipRect;
        now.label = kUnnamedLabel;
    }
    // Only the part inside the window that scrolls it is on screen.
    if (g.ActiveIdWindow) rect.ClipWithFull(g.ActiveIdWindow->ClipRect);
    now.x = rect.Min.x;
    now.y = rect.Min.y;
    now.width = rect.GetWidth();
    now.height = rect.GetHeight();
    return now;
}

void stop_editing_text_field(unsigned int id) {
    if (ImGui::GetCurrentContext() && id != 0 && GImGui->ActiveId == id) ImGui::ClearActiveID();
}

}  // namespace pl::app
