#include "app/base/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/base/probe.hpp"
#include "imgui_internal.h"

namespace pl::app {

void probe_fit(const char* role, const std::string& text, float width) {
#ifdef PL_TEST_HOOKS
    // The rectangle's width is the room the text had; tests compare it with the text's own width.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    PL_PROBE_TEXT(role, text, at, ImVec2(at.x + width, at.y + ImGui::GetTextLineHeight()));
#else
    (void)role; (void)text; (void)width;
#endif
}

void focus_ring_on_last_item() {
    const ImGuiContext& g = *GImGui;
    if (g.NavId == 0 || g.NavId != g.LastItemData.ID || g.NavDisableHighlight) return;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // The visible part of the item: a header reaches past the column's clip rectangle.
    const ImVec2 clip_min = draw->GetClipRectMin(), clip_max = draw->GetClipRectMax();
    const ImVec2 min(std::max(g.LastItemData.Rect.Min.x, clip_min.x), std::max(g.LastItemData.Rect.Min.y, clip_min.y));
    const ImVec2 max(std::min(g.LastItemData.Rect.Max.x, clip_max.x), std::min(g.LastItemData.Rect.Max.y, clip_max.y));
    if (max.x - min.x <= 2 * kFocusRingWidth || max.y - min.y <= 2 * kFocusRingWidth) return;
    const float half = kFocusRingWidth * 0.5f;
    draw->AddRect(ImVec2(min.x + half, min.y + half), ImVec2(max.x - half, max.y - half), ImGui::GetColorU32(ImGuiCol_NavHighlight),
                  ImGui::GetStyle().FrameRounding, 0, kFocusRingWidth);
}

bool section_header(const char* title, ImGuiTreeNodeFlags flags) {
    const bool open = ImGui::CollapsingHeader(title, flags);
    focus_ring_on_last_item();
    return open;
}

bool tree_node(const char* title) {
    const bool open = ImGui::TreeNode(title);
    focus_ring_on_last_item();
    return open;
}

bool fit_button(std::initializer_list<const char*> labels, const char* id, float width) {
    const float padding = 2.0f * ImGui::GetStyle().FramePadding.x;
    const char* chosen = *(labels.end() - 1);
    for (const char* label : labels)
        if (ImGui::CalcTextSize(label).x + padding <= width) { chosen = label; break; }
    probe_fit("button", chosen, width - padding);
    const bool pressed = ImGui::Button((std::string(chosen) + "###" + id).c_str(), ImVec2(width, 0));
    if (chosen != *labels.begin()) item_tooltip(*labels.begin());
    return pressed;
}

namespace {
// After a slider: its frame is the item's rectangle less the label on its right.
void redraw_slider_value(const char* label, const char* value) {
    if (!ImGui::IsItemVisible() || !value || !*value) return;
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    const ImGuiStyle& style = ImGui::GetStyle();
    const float label_width = ImGui::CalcTextSize(label, nullptr, true).x;
    const float frame_right = label_width > 0 ? max.x - label_width - style.ItemInnerSpacing.x : max.x;
    const float frame_bottom = min.y + ImGui::GetFrameHeight();
    const ImVec2 size = ImGui::CalcTextSize(value);
    const ImVec2 at(0.5f * (min.x + frame_right - size.x), 0.5f * (min.y + frame_bottom - size.y));
    // The frame's colour over the window's, opaque: the grab must not show through the digits.
    const ImGuiCol frame = ImGui::IsItemActive() ? ImGuiCol_FrameBgActive : ImGui::IsItemHovered() ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg;
    const ImVec4 f = style.Colors[frame], w = style.Colors[ImGuiCol_WindowBg];
    const ImVec4 plate(f.x * f.w + w.x * (1 - f.w), f.y * f.w + w.y * (1 - f.w), f.z * f.w + w.z * (1 - f.w), 1.0f);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(ImVec2(at.x - 3, min.y + 3), ImVec2(at.x + size.x + 3, frame_bottom - 3), ImGui::ColorConvertFloat4ToU32(plate), 2.0f);
    draw->AddText(at, ImGui::GetColorU32(ImGuiCol_Text), value);
}

// The slider as Dear ImGui draws it, then its value again as the format writes it.
template <class T, class Draw>
bool readable_slider(const char* label, const T* v, const char* format, Draw draw) {
    const bool changed = draw();
    char value[64];
    ImFormatString(value, sizeof value, format, *v);
    redraw_slider_value(label, value);
    return changed;
}
}  // namespace

bool slider_float(const char* label, float* v, float v_min, float v_max, const char* format, ImGuiSliderFlags flags) {
    return readable_slider(label, v, format, [&] { return ImGui::SliderFloat(label, v, v_min, v_max, format, flags); });
}

bool slider_int(const char* label, int* v, int v_min, int v_max, const char* format, ImGuiSliderFlags flags) {
    return readable_slider(label, v, format, [&] { return ImGui::SliderInt(label, v, v_min, v_max, format, flags); });
}

bool wrapped_selectable(const char* text, const char* id) {
    const float width = ImGui::GetContentRegionAvail().x;
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    const ImVec2 text_size = ImGui::CalcTextSize(text, nullptr, false, width - 2 * padding.x);
    const float height = std::max(ImGui::GetFrameHeight(), text_size.y + 2 * padding.y);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    // The visible text is drawn below; the item's label carries it too, after "##", so the test
    // build's probe and tooltips still name the entry.
    const bool chosen = ImGui::Selectable((std::string("##") + id).c_str(), false, 0, ImVec2(width, height));
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x + padding.x, at.y + padding.y),
                                        ImGui::GetColorU32(ImGuiCol_Text), text, nullptr, width - 2 * padding.x);
    probe_fit("list", text, width - 2 * padding.x);
    return chosen;
}

void same_line_if_fits(float width) {
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float line_end = ImGui::GetItemRectMax().x + spacing + width;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (line_end <= right) ImGui::SameLine();
}

float check_width(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}
float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

ButtonGrid::ButtonGrid(int max_columns, std::initializer_list<const char*> shortest_labels) {
    float needed = 0;
    for (const char* label : shortest_labels) needed = std::max(needed, ImGui::CalcTextSize(label).x);
    needed += 2.0f * ImGui::GetStyle().FramePadding.x;
    const float spacing = ImGui::GetStyle().ItemSpacing.x, available = ImGui::GetContentRegionAvail().x;
    // Three in a row reads best; fewer when they would not fit.
    columns_ = std::min(max_columns, 3);
    while (columns_ > 1 && (available - spacing * static_cast<float>(columns_ - 1)) / static_cast<float>(columns_) < needed) --columns_;
    width_ = std::floor((available - spacing * static_cast<float>(columns_ - 1)) / static_cast<float>(columns_));
}

void ButtonGrid::next() {
    if (index_ % columns_ != 0) ImGui::SameLine();
    ++index_;
}

FieldLabels::FieldLabels(std::initializer_list<const char*> labels) {
    for (const char* label : labels) widest_ = std::max(widest_, ImGui::CalcTextSize(label).x);
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x + 2.0f;
    above_ = ImGui::GetContentRegionAvail().x - widest_ - spacing < ImGui::GetFontSize() * kMinFrameFonts;
}

std::string FieldLabels::operator()(const char* label) const {
    if (above_) {
        ImGui::TextUnformatted(label);
        ImGui::SetNextItemWidth(-1.0f);
        return std::string("##") + label;
    }
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - widest_ - ImGui::GetStyle().ItemInnerSpacing.x - 2.0f);
    return label;
}

// A button pressed keeps its tooltip away until the pointer leaves it: what the press says (a notice
// under the button, a file saved) must not be covered by what the button would do.
namespace {
ImGuiID g_quiet_item = 0;
}

void item_tooltip(const char* text) {
    const ImGuiID id = ImGui::GetItemID();  // 0 for plain text, which cannot be pressed
    if (id != 0 && (ImGui::IsItemActive() || ImGui::IsItemDeactivated())) g_quiet_item = id;
    if (!ImGui::IsItemHovered()) {
        if (id != 0 && g_quiet_item == id) g_quiet_item = 0;
        return;
    }
    if (id == 0 || g_quiet_item != id) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
        ImGui::TextUnformatted(text);
        PL_PROBE_TEXT("tooltip", std::string(text), ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

void help_marker(const char* text) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    item_tooltip(text);
}

void value_row(const char* label, const std::string& value, const char* explanation) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(label);
    item_tooltip(explanation);
    ImGui::SameLine(ImGui::GetFontSize() * 7.0f);
    ImGui::TextUnformatted(value.c_str());
    item_tooltip(explanation);
    PL_PROBE_TEXT("theory-row", std::string(label) + "  " + value, at, ImGui::GetItemRectMax());
}

}  // namespace pl::app
