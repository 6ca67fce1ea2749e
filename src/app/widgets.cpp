#include "app/widgets.hpp"

#include <cmath>
#include <cstdio>

namespace pl::app {

void item_tooltip(const char* text) {
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
        ImGui::TextUnformatted(text);
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
    ImGui::TextUnformatted(label);
    item_tooltip(explanation);
    ImGui::SameLine(ImGui::GetFontSize() * 7.0f);
    ImGui::TextUnformatted(value.c_str());
    item_tooltip(explanation);
}

}  // namespace pl::app
