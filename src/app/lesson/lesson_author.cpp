#include "app/lesson/lesson_author.hpp"

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

void LessonDraft::set_keeps_work(bool keep, const Session& session) {
    if (selected >= lesson.steps.size()) return;
    if (keep) lesson.steps[selected].state.reset();
    else lesson.steps[selected].state = screen_state(session);
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
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        if (step.choices.size() >= kMinChoices && step.answer >= step.choices.size())
            return "Step " + std::to_string(i + 1) + ": the right answer is number " + std::to_string(step.answer + 1) +
                   ", but the quiz has only " + std::to_string(step.choices.size()) +
                   " choices (count from 1: 1 is the first choice).";
    }
    return validate_lesson(lesson);
}

std::string soft_wrap(std::string_view plain, float width, const std::function<float(std::string_view)>& measure) {
    std::string out;
    out.reserve(plain.size() + plain.size() / 16);
    std::size_t line_start = 0;  // in `plain`: where the visual line being filled starts
    for (std::size_t i = 0; i <= plain.size();) {
        const std::size_t end = std::min(plain.find_first_of(" \n", i), plain.size());  // end of this word
        const bool first_word = i == line_start;
        if (!first_word && measure(plain.substr(line_start, end - line_start)) > width) {
            out.back() = '\r';  // the space before this word becomes the soft break
            out += '\n';
            line_start = i;
        }
        out.append(plain.substr(i, end - i));
        if (end >= plain.size()) break;
        out += plain[end];
        if (plain[end] == '\n') line_start = end + 1;
        i = end + 1;
    }
    return out;
}

std::string soft_unwrap(std::string_view shown) {
    std::string out;
    out.reserve(shown.size());
    for (std::size_t i = 0; i < shown.size(); ++i) {
        if (shown[i] != '\r') out += shown[i];
        else if (i + 1 < shown.size() && shown[i + 1] == '\n') { out += ' '; ++i; }
    }
    return out;
}

std::size_t plain_offset(std::string_view shown, std::size_t shown_offset) {
    std::size_t plain = 0;
    for (std::size_t i = 0; i < shown.size() && i < shown_offset; ++i) {
        if (shown[i] != '\r') ++plain;
        else if (i + 1 < shown.size() && shown[i + 1] == '\n') { ++plain; ++i; }
    }
    return plain;
}

std::size_t shown_offset(std::string_view shown, std::size_t plain_offset) {
    std::size_t plain = 0, i = 0;
    while (i < shown.size() && plain < plain_offset) {
        if (shown[i] != '\r') { ++plain; ++i; }
        else if (i + 1 < shown.size() && shown[i + 1] == '\n') { ++plain; i += 2; }
        else ++i;
    }
    return i;
}

}  // namespace pl::app
