// Keyboard-only use of the widget (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7). The model:
//   * Tab / Shift+Tab visit every control in the order they are drawn, the canvas among them. Dear ImGui
//     1.86's own Tab reaches only text fields, so the app runs its own tabbing request over Dear
//     ImGui's navigation (app_keyboard.cpp); past the last control (or before the first) the page's
//     focus moves on to the page's next (previous) element, so the widget is no keyboard trap.
//   * Arrow keys, Space and Enter work Dear ImGui's navigation in the panels (NavEnableKeyboard).
//   * On the canvas the arrow keys move a cursor instead (keyboard_cursor.hpp); Enter or + adds a +1
//     point there, - a -1 point, Delete removes the point under it, F flips it.
//   * Escape hands the keys back to the page; "?" opens the list of every key (kKeyHelp).
// What the host does with the page's focus is KeyboardExit; how the focus arrived is KeyboardEntry.
#pragma once
#include <cstddef>

namespace pl::app {

// The widget lets go of the keyboard: the host moves the page's focus.
enum class KeyboardExit {
    Release,   // Escape: the page has the keys again (the next Tab goes to the element after the widget)
    Forward,   // Tab past the last control: to the page's next focusable element
    Backward,  // Shift+Tab before the first control: to the previous one
};
// How the page's focus came to the widget.
enum class KeyboardEntry {
    Pointer,   // a click or a tap: nothing moves
    Forward,   // Tab from before the widget: the first control gets the focus
    Backward,  // Shift+Tab from after it: the last control
    Left,      // the page's focus went elsewhere
};

struct KeyboardState {
    bool canvas_has_keys = false;  // the arrow keys move the canvas's cursor
    bool help_open = false;        // the "?" list is shown
    bool canvas_before_help = false;
    int entry = 0;                 // +1 / -1: focus the first / last control at the next frame
    int tab_request = 0;           // +1 / -1: this frame's own tabbing request
    int hold_canvas = 0;           // frames the canvas keeps the keys while Dear ImGui's focus catches up
    // Tab and Escape are read before Dear ImGui's frame (prepare_input) and acted on in it.
    bool tab_was_down = false, escape_was_down = false;
    bool tab_pressed = false, release = false, close_help = false;
};

// One row of the "?" list: the keys and what they do.
struct KeyHelp {
    const char* keys;
    const char* action;
};
extern const KeyHelp kKeyHelp[];
extern const std::size_t kKeyHelpCount;

// The "?" list as a modal window; `open` becomes false when it is closed with its button.
void draw_keys_help(bool& open);
inline constexpr const char* kKeysHelpTitle = "Keyboard keys###keys-help";

}  // namespace pl::app
