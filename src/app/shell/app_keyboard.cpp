// [SECTION] The keyboard (keyboard.hpp has the model): Tab order, the canvas's keys, the shortcuts,
// and handing the keys back to the page. Dear ImGui 1.86 internals are used for one thing its public API
// lacks: a tabbing request that stops at every item, not only at text fields (Dear ImGui 1.88 does that
// itself); the request is the same one SetKeyboardFocusHere() makes.
#include "app/shell/app.hpp"
#include "app/canvas/training_verbs.hpp"
#include "imgui.h"
#include "imgui_internal.h"

namespace pl::app {

namespace {
bool key_down(const ImGuiIO& io, ImGuiKey key) { return io.KeysDown[io.KeyMap[key]]; }
void hide_key(ImGuiIO& io, ImGuiKey key) { io.KeysDown[io.KeyMap[key]] = false; }
bool pressed(ImGuiKey key, bool repeat = false) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), repeat); }
// Edge of a key read outside Dear ImGui's frame (it keeps no state for a key we hide from it).
bool went_down(bool down, bool& was_down) {
    const bool edge = down && !was_down;
    was_down = down;
    return edge;
}
bool popup_open() { return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId); }
constexpr double kZoomPerKey = 1.25;  // span factor of Page Up / Page Down
}  // namespace

void App::keyboard_entry(KeyboardEntry entry) {
    KeyboardState& k = keyboard_;
    switch (entry) {
        case KeyboardEntry::Pointer: break;
        case KeyboardEntry::Forward: k.entry = +1; break;
        case KeyboardEntry::Backward: k.entry = -1; break;
        case KeyboardEntry::Left:
            k.canvas_has_keys = false;
            k.entry = 0;
            if (ImGui::GetCurrentContext()) GImGui->NavDisableHighlight = true;  // no focus shown without the focus
            break;
    }
    request_redraw();
}

// Before ImGui::NewFrame: Tab and Escape are taken out of Dear ImGui's hands (its Tab reaches only text
// fields, its Escape would step out of a panel), the canvas turns Dear ImGui's arrow-key navigation
// off while it has the keys, and Enter presses the focused control as Space does.
void App::prepare_input() {
    ImGuiIO& io = ImGui::GetIO();
    KeyboardState& k = keyboard_;
    k.tab_pressed = went_down(key_down(io, ImGuiKey_Tab), k.tab_was_down);
    hide_key(io, ImGuiKey_Tab);
    if (went_down(key_down(io, ImGuiKey_Escape), k.escape_was_down)) {
        // An open list or a field being edited keeps its Escape (Dear ImGui closes or cancels it).
        const bool imgui_uses_escape = GImGui->ActiveId != 0 || (popup_open() && !k.help_open);
        if (k.help_open) k.close_help = true;
        else if (!imgui_uses_escape) k.release = true;
        if (k.close_help || k.release) hide_key(io, ImGuiKey_Escape);
    }
    if (k.canvas_has_keys) io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
    else io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    if (!k.canvas_has_keys && (key_down(io, ImGuiKey_Enter) || key_down(io, ImGuiKey_KeyPadEnter)))
        io.NavInputs[ImGuiNavInput_Activate] = 1.0f;
}

// Submits a tabbing request over every item of the widget's windows (its child windows are
// NavFlattened, so they count as one): +1 the next item, -1 the previous; from_edge: the first (+1) or
// the last (-1), for when the page's focus has just arrived.
void App::request_tab(int direction, bool from_edge) {
    ImGuiContext& g = *GImGui;
    ImGuiWindow* root = ImGui::FindWindowByName("##root");
    if (!root) return;
    if (from_edge || !g.NavWindow || g.NavWindow->RootWindowForNav != root) ImGui::FocusWindow(root);
    if (from_edge) g.NavId = 0;
    g.NavTabbingDir = from_edge && direction > 0 ? 0 : direction;
    ImGui::NavMoveRequestSubmit(ImGuiDir_None, direction < 0 ? ImGuiDir_Up : ImGuiDir_Down,
                                ImGuiNavMoveFlags_Tabbing | ImGuiNavMoveFlags_FocusApi,
                                ImGuiScrollFlags_KeepVisibleEdgeX | ImGuiScrollFlags_KeepVisibleEdgeY);
    g.NavTabbingResultFirst.Clear();
    g.NavTabbingCounter = -1;
    keyboard_.tab_request = direction;
}

// After every item of the frame was submitted: a Tab past the last item (or a Shift+Tab before the first)
// leaves the widget when the host can move the page's focus; without one (the desktop) it wraps around.
void App::finish_tabbing() {
    KeyboardState& k = keyboard_;
    if (k.tab_request == 0) return;
    const int direction = k.tab_request;
    k.tab_request = 0;
    ImGuiContext& g = *GImGui;
    if (!g.NavMoveScoringItems || !(g.NavMoveFlags & ImGuiNavMoveFlags_Tabbing)) return;  // found its item
    bool past_the_end = false;
    if (g.NavTabbingDir > 0) {
        if (g.NavTabbingCounter == 1) past_the_end = true;    // the focused item was the last one
        else if (g.NavTabbingCounter < 0) g.NavTabbingCounter = 1;  // the focused item is gone: the first
    } else if (g.NavTabbingDir < 0) {
        past_the_end = g.NavIdIsAlive;  // the focused item was the first: nothing before it
    }
    if (past_the_end && on_keyboard_exit) {
        ImGui::NavMoveRequestCancel();
        release_keyboard(direction > 0 ? KeyboardExit::Forward : KeyboardExit::Backward);
    }
}

void App::close_keys_help() {
    KeyboardState& k = keyboard_;
    k.help_open = false;
    k.canvas_has_keys = k.canvas_before_help;
    k.hold_canvas = 2;
    request_redraw();
}

void App::release_keyboard(KeyboardExit how) {
    keyboard_.canvas_has_keys = false;
    GImGui->NavDisableHighlight = true;
    if (on_keyboard_exit) on_keyboard_exit(how);
    request_redraw();
}

// In the frame, before the windows: what the keys of this frame do.
void App::handle_keys() {
    ImGuiContext& g = *GImGui;
    ImGuiIO& io = g.IO;
    KeyboardState& k = keyboard_;
    const ImGuiID canvas = canvas_.item_id();
    // A Tab or an arrow key that landed on the canvas gives it the keys; a click elsewhere takes them
    // (the canvas takes Dear ImGui's focus back as it draws, so a frame or two after "C" or the "?" list
    // the focus may still be elsewhere).
    if (canvas != 0 && g.NavJustMovedToId == canvas) k.canvas_has_keys = true;
    else if (k.canvas_has_keys && g.NavId != canvas && k.hold_canvas == 0) k.canvas_has_keys = false;
    if (k.hold_canvas > 0) --k.hold_canvas;

    if (k.help_open) {
        bool toggle = k.close_help;
        for (ImWchar c : io.InputQueueCharacters) toggle |= c == '?';
        if (toggle) close_keys_help();
        k.close_help = k.release = k.tab_pressed = false;
        return;  // the list's own window has the keys
    }
    if (k.release) {
        k.release = false;
        release_keyboard(KeyboardExit::Release);
        return;
    }
    if (k.tab_pressed && !popup_open()) {
        k.canvas_has_keys = false;
        request_tab(io.KeyShift ? -1 : +1, false);
    } else if (k.entry != 0) {
        request_tab(k.entry, true);
    }
    k.entry = 0;
    k.tab_pressed = false;
    if (io.WantTextInput) return;  // letters are text in a field
    for (ImWchar c : io.InputQueueCharacters) {
        if (c == '?') {
            k.help_open = true;
            k.canvas_before_help = k.canvas_has_keys;
            k.canvas_has_keys = false;
            return;
        }
        if ((c == 'c' || c == 'C') && !io.KeyCtrl) {
            k.canvas_has_keys = true;
            k.hold_canvas = 2;
        }
    }
    if (k.canvas_has_keys) canvas_keys();
    shortcuts();
}

// The canvas's own keys: the cursor, adding and zooming. Delete and F are in shortcuts() (they also act
// on a point selected with the mouse).
void App::canvas_keys() {
    const ImGuiIO& io = ImGui::GetIO();
    const int lines = io.KeyShift ? 10 : 1;
    if (pressed(ImGuiKey_LeftArrow, true)) canvas_.move_cursor(session_, -1, 0, lines);
    if (pressed(ImGuiKey_RightArrow, true)) canvas_.move_cursor(session_, +1, 0, lines);
    if (pressed(ImGuiKey_UpArrow, true)) canvas_.move_cursor(session_, 0, +1, lines);
    if (pressed(ImGuiKey_DownArrow, true)) canvas_.move_cursor(session_, 0, -1, lines);
    if (pressed(ImGuiKey_PageUp, true)) canvas_.zoom_at_cursor(session_, 1.0 / kZoomPerKey);
    if (pressed(ImGuiKey_PageDown, true)) canvas_.zoom_at_cursor(session_, kZoomPerKey);
    if (io.KeyCtrl || io.KeySuper) return;
    if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter)) canvas_.add_at_cursor(session_, +1);
    for (ImWchar c : io.InputQueueCharacters) {
        if (c == '+') canvas_.add_at_cursor(session_, +1);
        if (c == '-') canvas_.add_at_cursor(session_, -1);
    }
}

// The shortcuts of the whole widget (only while no text field has focus). Dear ImGui 1.86 has named keys
// only for a few letters, so letters come from the typed characters.
void App::shortcuts() {
    ImGuiIO& io = ImGui::GetIO();
    const bool ctrl = io.KeyCtrl || io.KeySuper;
    TrainingData& data = session_.shown_data();  // the keys act on the data set shown
    if (ctrl && pressed(ImGuiKey_Z)) {
        (void)(io.KeyShift ? data.redo() : data.undo());
        return;
    }
    if (ctrl && pressed(ImGuiKey_Y)) {
        data.redo();
        return;
    }
    // Delete, F and T act on the item picked in the view that shows the data set: the message picked in
    // the Words view; on the canvas the point under the keyboard cursor, else the one picked with the mouse.
    const bool words_view = session_.state().mode == DataMode::Words;
    std::optional<std::size_t> target;
    if (words_view) {
        target = words_view_.selected();
    } else {
        if (keyboard_.canvas_has_keys) target = canvas_.point_at_cursor(session_);
        if (!target) target = canvas_.selected();
    }
    if (target && (pressed(ImGuiKey_Delete) || pressed(ImGuiKey_Backspace))) {
        const bool removed = data.remove(*target);
        if (!words_view) canvas_.select(std::nullopt);
        else if (removed) words_view_.forget_selection();
    }
    if (ctrl) return;
    for (ImWchar c : io.InputQueueCharacters) {
        switch (c) {
            case ' ':
                if (io.NavVisible) break;  // Space presses the control that has the focus
                run_.running = !run_.running;
                run_.carry = 0;
                break;
            case 's': case 'S': run_training_verb(session_, canvas_, run_, TrainingVerb::Step); break;
            case 'n': case 'N': run_training_verb(session_, canvas_, run_, TrainingVerb::NextMistake); break;
            case 'e': case 'E': run_training_verb(session_, canvas_, run_, TrainingVerb::Epoch); break;
            case 'r': case 'R': run_training_verb(session_, canvas_, run_, TrainingVerb::Reset); break;
            case 'f': case 'F':
                if (target) data.flip_label(*target);
                break;
            case 't': case 'T':  // hold the point out as a test point (and back: the Data section's test mode)
                if (!words_view && target) { session_.move_to_test(*target); canvas_.select(std::nullopt); }
                break;
            default: break;
        }
    }
}

}  // namespace pl::app
