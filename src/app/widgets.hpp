// Small ImGui helpers shared by the panels: labelled values with explanatory tooltips, and enum combos
// driven by the one name table in core/names.hpp.
#pragma once
#include <string>
#include <string_view>

#include "core/describe.hpp"
#include "core/names.hpp"
#include "imgui.h"

namespace pl::app {

// "label   value" on one row; hovering shows what the number is and its formula, in our own words.
void value_row(const char* label, const std::string& value, const char* explanation);
// A (?) marker with a tooltip.
void help_marker(const char* text);
// Tooltip on the previous item.
void item_tooltip(const char* text);

// preview: what the closed combo says instead of value's name (e.g. "Your own points" for data that
// came from no preset).
template <class E>
bool enum_combo(const char* label, E& value, const char* preview = nullptr) {
    bool changed = false;
    const std::string current = preview ? std::string(preview) : std::string(display_name(value));
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
