// [SECTION] the layout of the widget: columns, or the canvas with tabs (layout.hpp decides)
// Every child window is NavFlattened: for the keyboard the widget is one list of controls in the order
// they are drawn (keyboard.hpp), and the arrow keys cross from one panel to the next.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iterator>

#include "app/lesson/lesson_author.hpp"
#include "app/lift/lift_scenes.hpp"
#include "app/lesson/lesson_sections.hpp"
#include "app/panels/panels.hpp"
#include "app/shell/app.hpp"
#include "imgui.h"

namespace pl::app {

namespace {
constexpr ImGuiWindowFlags kNavFlattened = ImGuiWindowFlags_NavFlattened;
}  // namespace

PanelContext App::panel_context() {
    return PanelContext{session_, lesson_, draft_, models_, canvas_, run_, on_request ? &on_request : nullptr,
                        system_more_contrast_, reduced_motion()};
}

// Stacked and Side: the sections of the columns, grouped in tabs. The message line stays above the
// tabs, so a load error is seen whichever tab is open.
void App::draw_tabs() {
    ImGui::BeginChild("##tabs", ImVec2(0, 0), true, kNavFlattened);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8, 5));
    PanelContext context = panel_context();
    draw_notice(context);
    if (ImGui::BeginTabBar("##panel-tabs", ImGuiTabBarFlags_FittingPolicyScroll)) {
        for (const LayoutTab& tab : layout_.tabs) {
            if (!ImGui::BeginTabItem(tab.title)) continue;
            ImGui::BeginChild("##tab-body", ImVec2(0, 0), false, kNavFlattened);
            if (tab.lift_view) draw_lift_panel(lift_panel_, session_, models_.update(session_), ImVec2(0, 0));
            for (Section section : tab.sections) {
                // One section alone needs no header; several get collapsible headers, all open.
                if (tab.sections.size() == 1 || (section == Section::Svm ? svm_section_header(context)
                                                                         : section_header(section_title(section), ImGuiTreeNodeFlags_DefaultOpen)))
                    draw_section(section, context);
            }
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    draw_notice_overlay(context);
    ImGui::PopStyleVar();
    ImGui::EndChild();
}

void App::draw_controls_strip(float width) {
    ImGui::BeginChild("##strip", ImVec2(width, 0), true, kNavFlattened);
    if (ImGui::ArrowButton("##open", ImGuiDir_Right)) {
        PanelState p = session_.state().panels;
        p.controls = true;
        session_.set_panels(p);
    }
    item_tooltip("Show the controls");
    ImGui::EndChild();
}

void App::draw_canvas_area(ImVec2 size, float dt) {
    ImGui::BeginChild("##canvas-area", size, false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | kNavFlattened);
    if (session_.state().mode == DataMode::Words) {
        canvas_.drop_fingers();  // touches meant for the Words view must not reach the plane later
        PanelContext context = panel_context();
        words_view_.draw(context);
    } else if (layout_.lift_view) {
        // The lift below the canvas: the same model as a plane in 3-D and as a curve in 2-D.
        const float lift_height = std::floor(ImGui::GetContentRegionAvail().y * layout_.lift_share);
        ImGui::BeginChild("##canvas-top", ImVec2(0, -lift_height), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | kNavFlattened);
        canvas_.draw(session_, models_, dt, run_);
        ImGui::EndChild();
        draw_lift_panel(lift_panel_, session_, models_.update(session_), ImVec2(0, 0));
    } else {
        canvas_.draw(session_, models_, dt, run_);
    }
    ImGui::EndChild();
}

// One column of collapsible sections. The controls column starts with the title and the message line;
// sections that are usually glanced at (Show, Share, and Plots when they share the controls column)
// start closed.
void App::draw_column(const char* id, float width, const std::vector<Section>& sections, bool theory_column) {
    ImGui::BeginChild(id, ImVec2(width, 0), true, kNavFlattened);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8, 5));
    PanelContext context = panel_context();
    bool open_lesson = false;
    if (!theory_column) {
        draw_header(context);
        draw_notice(context);
        // No lesson runs: the Lesson section is last and folded, so its way in comes first.
        const bool lesson_last = !lesson_.is_open() && std::find(sections.begin(), sections.end(), Section::Lesson) != sections.end();
        if (lesson_last) {
            open_lesson = draw_lesson_entry(context);
            ImGui::Separator();
        }
    }
    for (Section section : sections) {
        if (section == Section::Lesson && open_lesson) ImGui::SetNextItemOpen(true);
        const bool closed = section == Section::Show || section == Section::Share || (section == Section::Plots && !theory_column) ||
                            (section == Section::Lesson && !lesson_.is_open());
        const bool open = section == Section::Svm ? svm_section_header(context)  // open while its switch is on
                                                  : section_header(section_title(section), closed ? 0 : ImGuiTreeNodeFlags_DefaultOpen);
        if (open) draw_section(section, context);
    }
    if (!theory_column) draw_notice_overlay(context);
    ImGui::PopStyleVar();
    ImGui::EndChild();
}

namespace {

void draw_data(PanelContext& context) {
    draw_data_section(context);
    draw_test_points_block(context);
}

void draw_words_data(PanelContext& context) {
    draw_words_data_section(context);
    draw_test_points_block(context);
}

void draw_training(PanelContext& context) {
    if (!draw_hand_block(context)) {
        draw_training_section(context);
        draw_hand_switch(context);
    }
}

void draw_theory(PanelContext& context) {
    draw_hand_theory_note(context);
    draw_theory_section(context);
    draw_generalisation_block(context);
}

void draw_words_theory(PanelContext& context) {
    draw_hand_theory_note(context);
    draw_words_theory_section(context);
    draw_generalisation_block(context);
}

// One drawer per Section, in the enum's order, for each data mode: the mode is dispatched here once,
// and the sections of points (core of app/panels) never ask which mode is on. (Called through a table
// rather than a switch also keeps each drawer a function of its own, which wasm-split can leave to the
// deferred part when the first frames do not draw it.)
using SectionDrawer = void (*)(PanelContext&);
constexpr std::size_t kSectionCount = static_cast<std::size_t>(Section::Trace) + 1;
constexpr SectionDrawer kPointsSections[] = {
    draw_lesson_section,  // Lesson
    draw_data,            // Data
    draw_training,        // Training
    draw_kernel_section,  // Kernel
    draw_show_section,    // Show
    draw_share_section,   // Share
    draw_theory,          // Theory
    draw_plots_section,   // Plots
    draw_svm_section,     // Svm
    draw_trace_section,   // Trace
};
constexpr SectionDrawer kWordsSections[] = {
    draw_lesson_section,       // Lesson
    draw_words_data,           // Data: the messages
    draw_training,             // Training (the settings are shared)
    draw_kernel_section,       // Kernel
    draw_show_section,         // Show
    draw_share_section,        // Share
    draw_words_theory,         // Theory of the messages
    draw_words_plots_section,  // Plots of the messages
    draw_svm_section,          // Svm
    draw_trace_section,        // Trace
};
static_assert(std::size(kPointsSections) == kSectionCount && std::size(kWordsSections) == kSectionCount,
              "one drawer per Section, in the enum's order");

}  // namespace

void draw_section(Section section, PanelContext& context) {
    const auto index = static_cast<std::size_t>(section);
    if (index >= kSectionCount) return;
    const bool words = context.session.state().mode == DataMode::Words;
    (words ? kWordsSections : kPointsSections)[index](context);
}

}  // namespace pl::app
