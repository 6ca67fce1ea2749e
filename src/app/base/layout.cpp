#include "app/base/layout.hpp"

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
        case Section::Svm: return "SVM";
        case Section::Trace: return "Trace";
    }
    return "";
}

namespace {
LayoutForm choose_form(const LayoutInput& in) {
    const float scale = std::max(1.0f, in.text_scale);
    const float width = in.width / scale, height = in.height / scale;
    if (width < kStackedMaxWidth && height >= width * kStackedMinAspect) return LayoutForm::Stacked;
    if (width < kSideMaxWidth && height < kSideMaxHeight && width > height) return LayoutForm::Side;
    return LayoutForm::Columns;
}

bool has(const std::vector<Section>& list, Section s) {
    for (Section x : list)
        if (x == s) return true;
    return false;
}

// The tabbed forms: the same sections as the columns would show, grouped so each tab is short.
std::vector<LayoutTab> tabs_for(const std::vector<Section>& sections, bool lift_view) {
    const struct { const char* title; std::vector<Section> group; } groups[] = {
        {"Lesson", {Section::Lesson}},
        {"Data", {Section::Data, Section::Show, Section::Share}},
        {"Train", {Section::Training, Section::Kernel}},
        {"Theory", {Section::Theory, Section::Svm, Section::Plots}},
        {"Trace", {Section::Trace}},
    };
    std::vector<LayoutTab> tabs;
    for (const auto& g : groups) {
        LayoutTab tab;
        tab.title = g.title;
        for (Section s : g.group)
            if (has(sections, s)) tab.sections.push_back(s);
        if (!tab.sections.empty()) tabs.push_back(tab);
    }
    if (lift_view) {
        LayoutTab lift;
        lift.title = "Lift";
        lift.lift_view = true;
        tabs.push_back(lift);
    }
    return tabs;
}
}  // namespace

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
    if (p.theory || p.svm) theory.push_back(Section::Svm);
    if (p.plots) theory.push_back(Section::Plots);
    if (p.trace) theory.push_back(Section::Trace);
    const bool own_column = in.width / std::max(1.0f, in.text_scale) >= kWideLayoutWidth || !p.controls;
    if (own_column && !theory.empty()) {
        plan.theory_column = true;
        plan.theory_width = column * 1.05f;
        plan.theory_sections = theory;
    } else {
        plan.controls_sections.insert(plan.controls_sections.end(), theory.begin(), theory.end());
    }
    plan.lift_view = p.lift_view;
    plan.lift_share = p.lift_view ? kLiftViewShare : 0.0f;

    plan.form = choose_form(in);
    if (plan.form != LayoutForm::Columns) {
        // Same sections, regrouped into tabs; the lift view becomes a tab instead of a pane.
        std::vector<Section> all = plan.controls_sections;
        all.insert(all.end(), plan.theory_sections.begin(), plan.theory_sections.end());
        plan.tabs = tabs_for(all, p.lift_view);
        plan.controls_column = plan.theory_column = plan.lift_view = false;
        plan.controls_width = plan.theory_width = plan.lift_share = 0;
        plan.controls_sections.clear();
        plan.theory_sections.clear();
        plan.canvas_share = plan.tabs.empty() ? 1.0f : plan.form == LayoutForm::Stacked ? kStackedCanvasShare : kSideCanvasShare;
    }
    return plan;
}

}  // namespace pl::app
