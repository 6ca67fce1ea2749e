#include "app/layout.hpp"

#include <algorithm>

namespace pl::app {

const char* section_title(Section section) {
    switch (section) {
        case Section::Lesson: return "Lesson";
        case Section::Data: return "Data";
        case Section::Training: return "Training";
        case Section::Kernel: return "Kernel \xCE\xB1";
        case Section::Show: return "Show";
        case Section::Share: return "Share";
        case Section::Theory: return "Theory";
        case Section::Plots: return "Plots";
    }
    return "";
}

LayoutPlan plan_layout(const LayoutInput& in) {
    const PanelState& p = in.panels;
    LayoutPlan plan;
    const float column = std::clamp(in.width * 0.3f, in.font_size * 15.0f, in.font_size * 20.0f);
    plan.controls_column = p.controls;
    plan.controls_width = p.controls ? column : in.font_size * 1.6f;
    if (p.controls) {
        if (in.lesson_open) plan.controls_sections.push_back(Section::Lesson);
        if (p.data_section) plan.controls_sections.push_back(Section::Data);
        if (p.training_section) plan.controls_sections.push_back(Section::Training);
        if (p.kernel_section && in.kernel_learner) plan.controls_sections.push_back(Section::Kernel);
        if (p.show_section) plan.controls_sections.push_back(Section::Show);
        if (p.share_section && in.host_can_share) plan.controls_sections.push_back(Section::Share);
        if (!in.lesson_open && p.data_section) plan.controls_sections.push_back(Section::Lesson);
    }
    std::vector<Section> theory;
    if (p.theory) theory.push_back(Section::Theory);
    if (p.plots) theory.push_back(Section::Plots);
    const bool own_column = in.width >= kWideLayoutWidth || !p.controls;
    if (own_column && !theory.empty()) {
        plan.theory_column = true;
        plan.theory_width = column * 1.05f;
        plan.theory_sections = theory;
    } else {
        plan.controls_sections.insert(plan.controls_sections.end(), theory.begin(), theory.end());
    }
    plan.lift_view = p.lift_view;
    plan.lift_share = p.lift_view ? kLiftViewShare : 0.0f;
    return plan;
}

}  // namespace pl::app
