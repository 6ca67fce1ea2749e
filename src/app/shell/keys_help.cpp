// The "?" list of keys: one table, the same one docs/instructors.md "Keyboard, motion, contrast, text size" copies.
#include <algorithm>
#include <string>

#include "app/base/keyboard.hpp"
#include "app/base/probe.hpp"
#include "imgui.h"

namespace pl::app {

const KeyHelp kKeyHelp[] = {
    {"Tab, Shift+Tab", "Next or previous control; the canvas is one of them. Past the last one the page's focus moves on."},
    {"C", "Put the keys on the canvas (its cursor)."},
    {"Escape", "Give the keys back to the page (in a list or a field: close it first)."},
    {"Arrows", "In the panels: move between controls. On the canvas: move the cursor one grid step."},
    {"Shift+arrows", "On the canvas: move the cursor ten grid steps."},
    {"Enter or +", "On the canvas: add a +1 point at the cursor. On a control: press it."},
    {"\xE2\x88\x92 (minus)", "On the canvas: add a \xE2\x88\x92" "1 point at the cursor."},
    {"Delete, Backspace", "Remove the point under the cursor (or the selected point)."},
    {"F", "Flip the label of the point under the cursor (or the selected point)."},
    {"Page Up, Page Down", "On the canvas: zoom in or out around the cursor."},
    {"Space", "Run or pause training. On a focused control: press it, tick it or open it."},
    {"S", "Step: visit one point."},
    {"N", "Train until the next mistake."},
    {"E", "Finish the epoch."},
    {"R", "Reset the training."},
    {"Ctrl+Z, Ctrl+Y", "Undo, redo (also Ctrl+Shift+Z)."},
    {"?", "Show or hide this list."},
};
const std::size_t kKeyHelpCount = sizeof kKeyHelp / sizeof kKeyHelp[0];

void draw_keys_help(bool& open) {
    const bool shown = ImGui::IsPopupOpen(kKeysHelpTitle);
    if (!open && !shown) return;
    const ImGuiIO& io = ImGui::GetIO();
    const float font = ImGui::GetFontSize();
    // As wide as the text needs, at most the screen less a margin (phones, 200 % zoom); scrolls when tall.
    const ImVec2 room(std::max(120.0f, io.DisplaySize.x - 16.0f), std::max(120.0f, io.DisplaySize.y - 16.0f));
    ImGui::SetNextWindowSize(ImVec2(std::min(room.x, font * 36.0f), 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), room);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (open && !shown) ImGui::OpenPopup(kKeysHelpTitle);
    if (!ImGui::BeginPopupModal(kKeysHelpTitle, nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
    ImGui::TextWrapped("Everything works without a pointer. Press ? or Escape to close this list.");
    const float keys_width = std::min(font * 9.0f, ImGui::GetContentRegionAvail().x * 0.4f);
    if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH)) {
        ImGui::TableSetupColumn("Keys", ImGuiTableColumnFlags_WidthFixed, keys_width);
        ImGui::TableSetupColumn("What they do", ImGuiTableColumnFlags_WidthStretch);
        for (const KeyHelp& row : kKeyHelp) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const ImVec2 start = ImGui::GetCursorScreenPos();
            ImGui::TextWrapped("%s", row.keys);
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", row.action);
            PL_PROBE_TEXT("keys-help", std::string(row.keys) + ": " + row.action, start,
                          ImVec2(start.x + ImGui::GetContentRegionAvail().x + keys_width, ImGui::GetCursorScreenPos().y));
            (void)start;  // (the release build has no probe)
        }
        ImGui::EndTable();
    }
    if (ImGui::Button("Close (Esc)")) open = false;
    if (!open) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace pl::app
