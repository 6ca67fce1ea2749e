// Small ImGui helpers shared by the panels: labelled values with explanatory tooltips, and enum combos
// driven by the one name table in core/state/names.hpp.
#pragma once
#include <initializer_list>
#include <string>
#include <string_view>

#include "core/facts/describe.hpp"
#include "core/state/names.hpp"
#include "imgui.h"

namespace pl::app {

// "label   value" on one row; hovering shows what the number is and its formula, in our own words.
void value_row(const char* label, const std::string& value, const char* explanation);
// A (?) marker with a tooltip.
void help_marker(const char* text);
// Tooltip on the previous item.
void item_tooltip(const char* text);

// A button whose label always fits: the first of `labels` (longest first) that fits `width` is shown,
// and when a shorter one is used the first is the tooltip. `id` keeps the button the same item
// whichever label shows. If none fits, the last is used and the test build's probe reports the cut.
bool fit_button(std::initializer_list<const char*> labels, const char* id, float width);

// Dear ImGui's sliders with the value always readable: Dear ImGui draws the value over the grab, and a
// finger-sized grab (or the high-contrast theme's, in the text's own colour) hid digits ("1▮0"). The value
// is drawn again on a plate of the frame's colour over the grab. Same arguments as ImGui's.
bool slider_float(const char* label, float* v, float v_min, float v_max, const char* format = "%.3f", ImGuiSliderFlags flags = 0);
bool slider_int(const char* label, int* v, int v_min, int v_max, const char* format = "%d", ImGuiSliderFlags flags = 0);
// A list entry whose text wraps to the width, at least one frame tall (a finger's target on touch
// screens). Returns true when chosen.
bool wrapped_selectable(const char* text, const char* id);

// A section's collapsing header and a tree node that show a clear focus ring while they have the
// keyboard focus: Dear ImGui marks a focused header with a 1 px line that the column's edge half clips.
bool section_header(const char* title, ImGuiTreeNodeFlags flags = 0);
bool tree_node(const char* title);
// The ring on the item just submitted, when it has the keyboard focus and the focus is shown: 3 px of
// the focus colour just inside the item's visible rectangle (the theme keeps it at 3:1 against the
// window and the header colours, tests/app/base/test_theme_contrast.cpp).
void focus_ring_on_last_item();
inline constexpr float kFocusRingWidth = 3.0f;

// SameLine() when an item `width` wide still fits on the current line, else a new line: rows of
// radio buttons and small buttons wrap instead of running out of their column.
void same_line_if_fits(float width);
// The width of a RadioButton or Checkbox with this label, and of a Button.
float check_width(const char* label);
float button_width(const char* label);

// Buttons in rows: as many per row (up to `max_columns`) as the shortest labels allow; next() before
// each button places it (same line or a new row) and width() is its width.
class ButtonGrid {
public:
    ButtonGrid(int max_columns, std::initializer_list<const char*> shortest_labels);
    void next();
    float width() const { return width_; }
    int columns() const { return columns_; }

private:
    int columns_ = 1, index_ = 0;
    float width_ = 0;
};

// Combos and sliders of one section: each label sits right of its frame when the section is wide enough
// for the widest label and a usable frame, else on its own line above a full-width frame (phones,
// narrow columns), so neither a label nor a value is ever cut. Call it for each item: it sets the
// next item's width, draws the label when it goes above, and returns the label to give ImGui.
inline constexpr float kMinFrameFonts = 11.0f;  // a combo narrower than this many font sizes cuts its value
class FieldLabels {
public:
    explicit FieldLabels(std::initializer_list<const char*> labels);
    std::string operator()(const char* label) const;
    bool above() const { return above_; }

private:
    float widest_ = 0;
    bool above_ = false;
};

// Test build: reports a text drawn inside `width` (a frame's inner width) so tests can tell it was cut.
void probe_fit(const char* role, const std::string& text, float width);

// preview: what the closed combo says instead of value's name (e.g. "Your own points" for data that
// came from no preset).
template <class E>
bool enum_combo(const char* label, E& value, const char* preview = nullptr) {
    bool changed = false;
    const std::string current = preview ? std::string(preview) : std::string(display_name(value));
    probe_fit("combo", current, ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::BeginCombo(label, current.c_str())) {
        for (E option : enum_values<E>()) {
            const std::string name(display_name(option));
            if (ImGui::Selectable(name.c_str(), option == value)) { value = option; changed = true; }
        }
        ImGui::EndCombo();
    }
    return changed;
}

}  // namespace pl::app
