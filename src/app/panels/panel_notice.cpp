// [SECTION] The notice: the last message for the user (a load error, "Link copied", "You left the
// lesson"), dismissible. Drawn at the top of the controls column (or above the tabs).
//
// A notice that a click or a key in this column caused (Copy link far down a scrolled column) floats
// next to the control that caused it instead: in the line at the top it would be out of view, and its
// room would push everything under the pointer down by its height. A notice nobody's action in this
// column caused (a load error at start, a bad link) takes its line at the top as before.
#include <algorithm>
#include <string>

#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "imgui_internal.h"

namespace pl::app {

namespace {
constexpr double kCausedWithinSeconds = 2.0;  // a click this recent caused the notice (the clipboard answers late)

// Where, in this window's content (y, scroll included), the action that caused a new notice was; < 0: not here.
float cause_in_window() {
    ImGuiContext& g = *GImGui;
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImRect visible(window->Pos, ImVec2(window->Pos.x + window->Size.x, window->Pos.y + window->Size.y));
    float y = -1.0f;
    if (!g.NavDisableHighlight && g.NavWindow && g.NavWindow->RootWindowForNav == window->RootWindowForNav) {
        const ImRect focus = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[0]);  // the keys' item
        if (visible.Contains(focus.GetCenter())) y = focus.Max.y;
    } else if (g.IO.MouseClickedTime[0] > 0.0 &&  // 0: no click yet (a notice at start is nobody's action)
               ImGui::GetTime() - g.IO.MouseClickedTime[0] < kCausedWithinSeconds && visible.Contains(g.IO.MouseClickedPos[0])) {
        y = g.IO.MouseClickedPos[0].y + ImGui::GetFrameHeight() * 0.6f;  // just under the pointer or finger
    }
    return y < 0 ? -1.0f : y - window->Pos.y + window->Scroll.y;
}

void notice_buttons(PanelContext& c) {
    if (c.lesson.can_reopen()) {
        const std::string label = "Reopen at step " + std::to_string(c.lesson.left_step() + 1);
        if (ImGui::Button(label.c_str())) {
            c.lesson.reopen_left(c.session);
            c.run.reveal_lesson_card = true;
            c.session.clear_notice();
            return;
        }
        ImGui::SameLine();
    }
    if (ImGui::Button("Dismiss")) c.session.clear_notice();
}

void notice_text(const std::string& text, float wrap) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushTextWrapPos(wrap);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    PL_PROBE_TEXT("notice", text, at, ImGui::GetItemRectMax());
}

// The notice as a box laid over the column at content height `y`, taking no room of its own. Drawn
// after everything else in the window, so it is above the column's items (and its tabs' body) both on
// screen and for the pointer.
void draw_floating(PanelContext& c, float y) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImVec2 keep = ImGui::GetCursorScreenPos(), keep_max = window->DC.CursorMaxPos;
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::GetContentRegionAvail().x;
    const float text_height = ImGui::CalcTextSize(c.session.notice().c_str(), nullptr, false, width - 2 * style.WindowPadding.x).y;
    const float height = text_height + ImGui::GetFrameHeight() + style.ItemSpacing.y + 2 * style.WindowPadding.y;
    float top = window->Pos.y + y - window->Scroll.y;
    const float bottom = window->Pos.y + window->Size.y;
    if (top + height > bottom) {
        // No room under the control that caused it: above that control, which stays free for another
        // press (a second Save); only where neither fits, whole inside the column, over it.
        const float above = top - 1.2f * ImGui::GetFrameHeight() - height;
        top = above >= window->Pos.y ? above : std::max(window->Pos.y, bottom - height);
    }
    ImGui::SetCursorScreenPos(ImVec2(keep.x, top));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, active_palette().notice_bg);
    ImGui::PushStyleColor(ImGuiCol_Text, active_palette().notice_text);
    ImGui::PushStyleColor(ImGuiCol_Border, active_palette().notice_text);
    ImGui::BeginChild("##notice-float", ImVec2(width, height), true, ImGuiWindowFlags_NavFlattened | ImGuiWindowFlags_NoScrollbar);
    notice_text(c.session.notice(), 0.0f);
    ImGui::PopStyleColor(3);
    notice_buttons(c);
    ImGui::EndChild();
    ImGui::SetCursorScreenPos(keep);
    window->DC.CursorMaxPos = keep_max;  // the box adds nothing to the column's scrolling range
}

// A notice too long for its box at the top of this window (several wrong attributes in a 300 px widget,
// whose tabs take two fifths of its width) goes across the widget's top instead, over the canvas until
// it is dismissed: read whole, never scrolled in a box a few words wide.
void draw_across_widget(PanelContext& c) {
    const ImGuiIO& io = ImGui::GetIO();
    const ImGuiStyle& style = ImGui::GetStyle();
    const float margin = 8.0f, width = std::max(1.0f, io.DisplaySize.x - 2 * margin);
    const float text_height = ImGui::CalcTextSize(c.session.notice().c_str(), nullptr, false, width - 2 * style.WindowPadding.x).y;
    const float height = std::min(text_height + style.ItemSpacing.y + ImGui::GetFrameHeight() + 2 * style.WindowPadding.y,
                                  std::max(1.0f, io.DisplaySize.y - 2 * margin));
    ImGui::SetNextWindowPos(ImVec2(margin, margin));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, active_palette().notice_bg);
    ImGui::PushStyleColor(ImGuiCol_Border, active_palette().notice_text);
    ImGui::PushStyleColor(ImGuiCol_Text, active_palette().notice_text);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.0f);
    // Its own window above the widget's (the root window never comes to the front); it does not take
    // the keyboard's focus when it appears.
    ImGui::Begin("##notice-wide", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                               ImGuiWindowFlags_NoFocusOnAppearing);
    notice_text(c.session.notice(), 0.0f);
    ImGui::PopStyleColor();
    notice_buttons(c);
    ImGui::End();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor(2);
}

// This window's notice floats (anchor >= 0) or takes its line at the top (< 0); decided when it appears.
float notice_anchor(PanelContext& c) {
    ImGuiStorage* storage = ImGui::GetStateStorage();  // this window's (the column, or the tabs)
    const ImGuiID seen_key = ImGui::GetID("##notice-seen"), anchor_key = ImGui::GetID("##notice-anchor");
    if (c.session.notice().empty()) {
        storage->SetInt(seen_key, 0);
        return -1.0f;
    }
    const int seen = static_cast<int>(ImHashStr(c.session.notice().c_str()) | 1u);
    if (storage->GetInt(seen_key) != seen) {  // a new notice: did an action in this window cause it?
        storage->SetInt(seen_key, seen);
        storage->SetFloat(anchor_key, cause_in_window());
    }
    return storage->GetFloat(anchor_key, -1.0f);
}
}  // namespace

void draw_notice(PanelContext& c) {
    if (c.session.notice().empty() || notice_anchor(c) >= 0) return;  // none, or it floats (draw_notice_overlay)

    // As tall as its text (a wrong embed attribute names the accepted spellings), up to half the column:
    // a 300 px widget shows the whole message and keeps room for its controls. Longer: across the widget.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float wrap_width = ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - 3 * style.WindowPadding.x;
    const float text_height = ImGui::CalcTextSize(c.session.notice().c_str(), nullptr, false, wrap_width).y;
    const float whole = text_height + 2 * style.WindowPadding.y + 2.0f;
    const float height = std::min(whole, std::max(ImGui::GetTextLineHeightWithSpacing() * 3.2f, ImGui::GetWindowHeight() * 0.5f));
    if (height < whole) {
        draw_across_widget(c);
        return;
    }
    ImGui::PushStyleColor(ImGuiCol_ChildBg, active_palette().notice_bg);
    ImGui::PushStyleColor(ImGuiCol_Text, active_palette().notice_text);
    ImGui::BeginChild("##notice", ImVec2(0, height), true, ImGuiWindowFlags_NavFlattened);
    notice_text(c.session.notice(), ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight());
    ImGui::EndChild();
    ImGui::PopStyleColor(2);
    notice_buttons(c);
}

void draw_notice_overlay(PanelContext& c) {
    if (c.session.notice().empty()) return;
    const float anchor = notice_anchor(c);
    if (anchor >= 0) draw_floating(c, anchor);
}

}  // namespace pl::app
