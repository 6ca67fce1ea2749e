// The layout plan: every panel switch decides alone whether its panel is drawn, at every width. The
// browser tests check the same rules on the screen (tests/e2e/panels.test.mjs).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "app/base/layout.hpp"

using namespace pl;
using namespace pl::app;

namespace {
bool has(const std::vector<Section>& sections, Section s) {
    return std::find(sections.begin(), sections.end(), s) != sections.end();
}
// Every place a section can be drawn.
bool shown(const LayoutPlan& plan, Section s) {
    for (const LayoutTab& tab : plan.tabs)
        if (has(tab.sections, s)) return true;
    return (plan.controls_column && has(plan.controls_sections, s)) || (plan.theory_column && has(plan.theory_sections, s));
}
LayoutInput at(float width, float height, PanelState panels) {
    LayoutInput in;
    in.width = width;
    in.height = height;
    in.panels = panels;
    in.host_can_share = true;
    return in;
}
// data-controls="train,kernel": the example of docs/instructors.md "One script tag and a div".
PanelState train_and_kernel() {
    PanelState p;
    p.data_section = p.show_section = p.share_section = false;
    p.theory = p.plots = false;
    return p;
}
}  // namespace

TEST_CASE("layout: wide screens get controls | canvas | theory, narrow ones fold theory into the controls") {
    const LayoutPlan wide = plan_layout(at(1280, 800, PanelState{}));
    CHECK(wide.controls_column);
    CHECK(wide.theory_column);
    CHECK(wide.theory_sections == std::vector<Section>{Section::Theory, Section::Svm, Section::Plots});
    CHECK_FALSE(has(wide.controls_sections, Section::Theory));

    const LayoutPlan narrow = plan_layout(at(900, 600, PanelState{}));
    CHECK_FALSE(narrow.theory_column);
    CHECK(narrow.form == LayoutForm::Columns);
    CHECK(narrow.controls_sections == std::vector<Section>{Section::Data, Section::Training, Section::Show, Section::Share,
                                                           Section::Lesson, Section::Theory, Section::Svm, Section::Plots});
}

TEST_CASE("layout: theory and plots switches hold at every width (the 900 px embed bug)") {
    for (float width : {320.0f, 640.0f, 900.0f, 1199.0f, 1200.0f, 1280.0f, 1920.0f}) {
        CAPTURE(width);
        const LayoutPlan plan = plan_layout(at(width, 700, train_and_kernel()));
        CHECK_FALSE(shown(plan, Section::Theory));
        CHECK_FALSE(shown(plan, Section::Plots));
        CHECK_FALSE(shown(plan, Section::Data));
        CHECK(shown(plan, Section::Training));
        CHECK_FALSE(plan.theory_column);

        PanelState plots_only = train_and_kernel();
        plots_only.plots = true;  // data-controls="train,plots": the course page's second widget
        const LayoutPlan p2 = plan_layout(at(width, 700, plots_only));
        CHECK(shown(p2, Section::Plots));
        CHECK_FALSE(shown(p2, Section::Theory));
    }
}

TEST_CASE("layout: each section switch removes exactly its section") {
    LayoutInput in = at(900, 1100, PanelState{});
    in.kernel_learner = true;
    const LayoutPlan all = plan_layout(in);
    for (Section s : {Section::Data, Section::Training, Section::Kernel, Section::Show, Section::Share, Section::Theory, Section::Plots})
        CHECK(shown(all, s));
    struct Switch { bool PanelState::*flag; Section section; };
    const Switch switches[] = {{&PanelState::data_section, Section::Data},   {&PanelState::training_section, Section::Training},
                               {&PanelState::kernel_section, Section::Kernel}, {&PanelState::show_section, Section::Show},
                               {&PanelState::share_section, Section::Share}, {&PanelState::theory, Section::Theory},
                               {&PanelState::plots, Section::Plots}};
    for (float width : {900.0f, 1280.0f}) {
        for (const Switch& sw : switches) {
            LayoutInput off = in;
            off.width = width;
            off.panels.*sw.flag = false;
            const LayoutPlan plan = plan_layout(off);
            CHECK_FALSE(shown(plan, sw.section));
            // The other six stay, and the list of lessons, which belongs to the full controls (Data on), and
            // the SVM section, which goes with the theory unless its own switch is on.
            const std::size_t count = plan.controls_sections.size() + plan.theory_sections.size();
            CHECK(count == (sw.section == Section::Data || sw.section == Section::Theory ? 7u : 8u));
        }
    }
}

TEST_CASE("layout: the kernel section needs the kernel learner, the share section needs a host") {
    LayoutInput in = at(1280, 800, PanelState{});
    CHECK_FALSE(shown(plan_layout(in), Section::Kernel));
    in.kernel_learner = true;
    CHECK(shown(plan_layout(in), Section::Kernel));
    in.host_can_share = false;
    CHECK_FALSE(shown(plan_layout(in), Section::Share));
}

TEST_CASE("layout: hidden controls leave a strip, and theory then keeps a column of its own") {
    PanelState p;
    p.controls = false;
    const LayoutPlan plan = plan_layout(at(900, 600, p));
    CHECK_FALSE(plan.controls_column);
    CHECK(plan.controls_width > 0);  // the strip with the button that brings the column back
    CHECK(plan.theory_column);
    CHECK(shown(plan, Section::Theory));
    CHECK_FALSE(shown(plan, Section::Data));
    p.theory = p.plots = false;  // data-controls="none": the bare canvas
    const LayoutPlan bare = plan_layout(at(900, 600, p));
    CHECK_FALSE(bare.theory_column);
    CHECK(bare.controls_sections.empty());
}

TEST_CASE("layout: the lift view switch alone opens the lift view") {
    PanelState p;
    CHECK_FALSE(plan_layout(at(1280, 800, p)).lift_view);
    p.lift_view = true;
    const LayoutPlan plan = plan_layout(at(1280, 800, p));
    CHECK(plan.lift_view);
    CHECK(plan.lift_share > 0.2f);
    CHECK(plan.lift_share < 0.6f);
}

TEST_CASE("layout: an open lesson puts its card first, whatever the sections, else the list comes last") {
    PanelState p;
    LayoutInput in = at(900, 700, p);
    CHECK(plan_layout(in).controls_sections.back() == Section::Plots);
    CHECK(plan_layout(in).controls_sections[4] == Section::Lesson);
    in.lesson_open = true;
    const std::vector<Section> with_lesson = plan_layout(in).controls_sections;
    CHECK(with_lesson.front() == Section::Lesson);
    CHECK(std::count(with_lesson.begin(), with_lesson.end(), Section::Lesson) == 1);
    in.panels = train_and_kernel();  // an embed with a lesson: the card, and the sections it names
    CHECK(plan_layout(in).controls_sections == std::vector<Section>{Section::Lesson, Section::Training});
    in.lesson_open = false;
    CHECK_FALSE(shown(plan_layout(in), Section::Lesson));
}

TEST_CASE("layout: the form follows the widget's own size (phones, small embeds, desktop)") {
    struct Case { float w, h; LayoutForm form; };
    const Case cases[] = {{360, 640, LayoutForm::Stacked}, {390, 844, LayoutForm::Stacked}, {320, 400, LayoutForm::Stacked},
                          {844, 390, LayoutForm::Side},    {640, 480, LayoutForm::Side},    {768, 1024, LayoutForm::Stacked},
                          {800, 600, LayoutForm::Columns}, {1280, 800, LayoutForm::Columns}, {1920, 1080, LayoutForm::Columns}};
    for (const Case& c : cases) {
        CAPTURE(c.w);
        CAPTURE(c.h);
        const LayoutPlan plan = plan_layout(at(c.w, c.h, PanelState{}));
        CHECK(plan.form == c.form);
        if (c.form == LayoutForm::Columns) continue;
        CHECK_FALSE(plan.controls_column);
        CHECK_FALSE(plan.lift_view);
        // Every section the columns would show is in exactly one tab.
        std::vector<Section> in_tabs;
        for (const LayoutTab& tab : plan.tabs) in_tabs.insert(in_tabs.end(), tab.sections.begin(), tab.sections.end());
        CHECK(in_tabs.size() == 8);  // Data Training Show Share Lesson(list) Theory SVM Plots
        if (c.form == LayoutForm::Stacked) CHECK(plan.canvas_share >= 0.45f);
    }
}

TEST_CASE("layout: larger text picks the form of a screen that many times smaller (as browser zoom does)") {
    LayoutInput in = at(1280, 800, PanelState{});
    in.text_scale = 2.0f;  // 200 %: like 640 x 400
    CHECK(plan_layout(in).form == LayoutForm::Side);
    in.text_scale = 1.25f;  // 1024 x 640: still room for the columns, but not for a theory column of its own
    const LayoutPlan columns = plan_layout(in);
    CHECK(columns.form == LayoutForm::Columns);
    CHECK_FALSE(columns.theory_column);
    in = at(1920, 1080, PanelState{});
    CHECK(plan_layout(in).theory_column);
    in.text_scale = 1.75f;  // 1097 x 617
    CHECK_FALSE(plan_layout(in).theory_column);
    in = at(390, 844, PanelState{});
    in.text_scale = 2.0f;  // a phone stays a phone
    CHECK(plan_layout(in).form == LayoutForm::Stacked);
}

TEST_CASE("layout: tabs group the sections, the lift view and an open lesson get their own tab") {
    PanelState p;
    p.lift_view = true;
    LayoutInput in = at(390, 844, p);
    in.lesson_open = true;
    const LayoutPlan plan = plan_layout(in);
    std::vector<std::string> titles;
    for (const LayoutTab& tab : plan.tabs) titles.push_back(tab.title);
    CHECK(titles == std::vector<std::string>{"Lesson", "Data", "Train", "Theory", "Lift"});
    CHECK(plan.tabs.back().lift_view);
    // A bare canvas (data-controls="none") on a phone: no tabs, all canvas.
    PanelState none;
    none.controls = none.theory = none.plots = false;
    const LayoutPlan bare = plan_layout(at(390, 844, none));
    CHECK(bare.tabs.empty());
    CHECK(bare.canvas_share == 1.0f);
}
