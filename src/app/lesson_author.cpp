#include "app/lesson_author.hpp"

#include <algorithm>

namespace pl::app {

std::vector<LessonPanel> controls_from(const PanelState& p) {
    std::vector<LessonPanel> out;
    if (p.training_section) out.push_back(LessonPanel::Train);
    if (p.data_section) out.push_back(LessonPanel::Data);
    if (p.kernel_section) out.push_back(LessonPanel::Kernel);
    if (p.show_section) out.push_back(LessonPanel::Show);
    if (p.share_section) out.push_back(LessonPanel::Share);
    if (p.theory) out.push_back(LessonPanel::Theory);
    if (p.plots) out.push_back(LessonPanel::Plots);
    if (p.lift_view) out.push_back(LessonPanel::Lift);
    out.push_back(LessonPanel::Lesson);
    return out;
}

namespace {
WidgetState screen_state(const Session& session) {
    WidgetState state = session.state();
    state.lesson.clear();  // a step's state never points at a lesson itself
    state.lesson_step = 0;
    return state;
}
}  // namespace

void LessonDraft::add_step(const Session& session) {
    if (lesson.steps.size() >= kMaxLessonSteps) return;
    LessonStep step;
    step.title = "Step " + std::to_string(lesson.steps.size() + 1);
    step.text = "What the student should look at or do here.";
    step.state = screen_state(session);
    step.controls = controls_from(session.state().panels);
    lesson.steps.push_back(std::move(step));
    selected = lesson.steps.size() - 1;
    choices_loaded_for = ~std::size_t{0};
}

void LessonDraft::update_state(const Session& session) {
    if (selected >= lesson.steps.size()) return;
    lesson.steps[selected].state = screen_state(session);
    lesson.steps[selected].controls = controls_from(session.state().panels);
}

void LessonDraft::remove_selected() {
    if (selected >= lesson.steps.size()) return;
    lesson.steps.erase(lesson.steps.begin() + static_cast<std::ptrdiff_t>(selected));
    if (selected > 0 && selected >= lesson.steps.size()) --selected;
    choices_loaded_for = ~std::size_t{0};
}

void LessonDraft::move_selected(int delta) {
    const auto target = static_cast<std::ptrdiff_t>(selected) + delta;
    if (selected >= lesson.steps.size() || target < 0 || target >= static_cast<std::ptrdiff_t>(lesson.steps.size())) return;
    std::swap(lesson.steps[selected], lesson.steps[static_cast<std::size_t>(target)]);
    selected = static_cast<std::size_t>(target);
    choices_loaded_for = ~std::size_t{0};
}

void LessonDraft::sync_quiz() {
    if (selected >= lesson.steps.size()) return;
    LessonStep& step = lesson.steps[selected];
    step.choices.clear();
    // One choice a line; blank lines are dropped. (Split by hand: std::istringstream would link the
    // iostreams and locale code, ~50 KB of the web download, for this one loop.)
    for (std::size_t start = 0; start <= choices_text.size();) {
        const std::size_t end = std::min(choices_text.find('\n', start), choices_text.size());
        const std::string line = choices_text.substr(start, end - start);
        if (line.find_first_not_of(" \t\r") != std::string::npos) step.choices.push_back(line);
        start = end + 1;
    }
    step.answer = static_cast<std::size_t>(std::max(1, answer) - 1);
}

std::string LessonDraft::problem() const {
    if (lesson.steps.empty()) return "Add at least one step (the button above takes this screen as a step).";
    return validate_lesson(lesson);
}

}  // namespace pl::app
