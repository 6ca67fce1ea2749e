#include "app/lesson/lesson_author.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/facts/describe.hpp"
#include "core/base/decimal.hpp"

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
    if (p.svm) out.push_back(LessonPanel::Svm);
    if (p.trace) out.push_back(LessonPanel::Trace);
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
    load_selected();
}

void LessonDraft::open(Lesson saved) {
    lesson = std::move(saved);
    selected = 0;
    // The fields made from the step before are stale: they are made again from this lesson.
    choices_loaded_for = ~std::size_t{0};
    text_shown_for = ~std::size_t{0};
    panel_open = true;
    load_selected();
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
    load_selected();
}

void LessonDraft::move_selected(int delta) {
    const auto target = static_cast<std::ptrdiff_t>(selected) + delta;
    if (selected >= lesson.steps.size() || target < 0 || target >= static_cast<std::ptrdiff_t>(lesson.steps.size())) return;
    std::swap(lesson.steps[selected], lesson.steps[static_cast<std::size_t>(target)]);
    selected = static_cast<std::size_t>(target);
    load_selected();
}

void LessonDraft::sync_quiz() {
    if (selected >= lesson.steps.size()) return;
    if (!asks_choices(kind)) set_kind(AskKind::OneAnswer);  // choices typed make the step a quiz
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
    if (kind == AskKind::OneAnswer) step.answers.clear();
    // Feedback only when some choice has one (a quiz without any stays a version 1 quiz).
    step.feedback.clear();
    const std::size_t n = std::min(step.choices.size(), feedback_texts.size());
    if (std::any_of(feedback_texts.begin(), feedback_texts.begin() + static_cast<std::ptrdiff_t>(n),
                    [](const std::string& f) { return !f.empty(); }))
        step.feedback.assign(feedback_texts.begin(), feedback_texts.begin() + static_cast<std::ptrdiff_t>(n));
}

void LessonDraft::load_selected() {
    choices_loaded_for = selected;
    if (selected >= lesson.steps.size()) return;
    const LessonStep& step = lesson.steps[selected];
    kind = ask_kind_of(step);
    choices_text.clear();
    for (const std::string& choice : step.choices) choices_text += choice + "\n";
    answer = static_cast<int>(step.answer) + 1;
    feedback_texts.assign(kMaxChoices, std::string());
    for (std::size_t k = 0; k < step.feedback.size() && k < kMaxChoices; ++k) feedback_texts[k] = step.feedback[k];
    number_key_text.clear();
    if (step.number && step.number->literal) number_key_text = shortest_decimal(*step.number->literal);
    else if (step.number && step.number->expression) number_key_text = step.number->expression->text;
    vector_key_text.clear();
    if (step.vector && step.vector->source != VectorKey::Source::Literal) vector_key_text = std::string(to_string(step.vector->source));
    else if (step.vector) {
        for (std::size_t i = 0; i < step.vector->literal.size(); ++i)
            vector_key_text += (i ? ", " : "") + shortest_decimal(step.vector->literal[i]);
    }
    if (step.max_attempts) max_attempts = *step.max_attempts;
}

void LessonDraft::set_kind(AskKind next) {
    if (selected >= lesson.steps.size()) return;
    LessonStep& step = lesson.steps[selected];
    const AskKind before = kind;
    kind = next;
    if (!asks_choices(next)) { step.choices.clear(); step.answers.clear(); step.feedback.clear(); }
    if (next != AskKind::Number) step.number.reset();
    if (next != before) step.vector.reset();  // a vector key and a prediction's new w are not the same thing
    step.predict = next == AskKind::Predict;
    if (next == AskKind::Nothing) step.max_attempts.reset();
    if (next != AskKind::SelectAll) step.reveal.reset();  // only a select-all step has marks to show
    if (asks_choices(next)) {
        if (next == AskKind::SelectAll && before != AskKind::SelectAll && step.answers.empty() && !step.choices.empty())
            step.answers = {step.answer < step.choices.size() ? step.answer : 0};  // the one right answer stays right
        if (next == AskKind::OneAnswer && !step.answers.empty()) answer = static_cast<int>(step.answers.front()) + 1;
        sync_quiz();
    }
    if (next == AskKind::Number) set_number_key();
    if (next == AskKind::Vector) set_vector_key();
}

void LessonDraft::set_right(std::size_t k, bool right) {
    if (selected >= lesson.steps.size()) return;
    LessonStep& step = lesson.steps[selected];
    if (kind == AskKind::OneAnswer) {
        if (right) answer = static_cast<int>(k) + 1;
        sync_quiz();
        return;
    }
    auto& answers = step.answers;
    const auto at = std::find(answers.begin(), answers.end(), k);
    if (right && at == answers.end()) answers.push_back(k);
    if (!right && at != answers.end()) answers.erase(at);
    std::sort(answers.begin(), answers.end());
}

namespace {
std::string trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return "";
    const std::size_t last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

// A plain number ("2.5", "-1e-3") is written as a JSON number; anything else as the expression's text.
bool plain_number(const std::string& text, double& out) {
    if (text.empty()) return false;
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && std::isfinite(out);
}

const char* const kNoNumberKey = "type the key: an expression of facts such as bound or R / gamma_star, or a number";
const char* const kNoVectorKey = "type the key: w, next_w or a list of numbers such as 1, -2, 0.5";

// The key's text without the widget's state: "" when it reads, else what is wrong.
std::string number_key_problem(const std::string& text) {
    if (text.empty()) return kNoNumberKey;
    double literal = 0;
    if (plain_number(text, literal)) return "";
    return parse_goal_number(text).error;
}

std::string vector_key_problem(const std::string& text, VectorKey& out) {
    if (text.empty()) return kNoVectorKey;
    if (text == "w" || text == "next_w") {
        out.source = text == "w" ? VectorKey::Source::W : VectorKey::Source::NextW;
        return "";
    }
    out.source = VectorKey::Source::Literal;
    out.literal.clear();
    std::string error = read_typed_vector(text, out.literal);
    if (error.empty() && out.literal.size() > kMaxVectorAnswerLength)
        error = "at most " + std::to_string(kMaxVectorAnswerLength) + " numbers";
    if (error.empty()) return "";
    out.literal.clear();
    const std::string guess = closest_spelling(text, {"w", "next_w"});
    if (!guess.empty() && text.find_first_of("0123456789") == std::string::npos)
        return "not w, next_w or a list of numbers (did you mean " + guess + "?)";
    return error;
}

KeyCheck value_now(const KeyValue& value, bool vector) {
    if (!value.defined) return {true, "undefined now: " + value.why};
    return {true, "now: " + (vector ? vector_text(value.values) : display_number(value.values.front()))};
}
}  // namespace

KeyCheck check_number_key(std::string_view typed, const Session& session) {
    const std::string text = trimmed(typed);
    if (std::string error = number_key_problem(text); !error.empty()) return {false, error};
    NumberKey key;
    double literal = 0;
    if (plain_number(text, literal)) key.literal = literal;
    else key.expression = parse_goal_number(text).number;
    return value_now(number_key_value(key, session), false);
}

KeyCheck check_vector_key(std::string_view typed, const Session& session) {
    VectorKey key;
    if (std::string error = vector_key_problem(trimmed(typed), key); !error.empty()) return {false, error};
    return value_now(vector_key_value(key, session), true);
}

void LessonDraft::set_number_key() {
    if (selected >= lesson.steps.size() || kind != AskKind::Number) return;
    LessonStep& step = lesson.steps[selected];
    NumberKey key = step.number.value_or(NumberKey{});  // keeps the tolerance
    key.literal.reset();
    key.expression.reset();
    const std::string text = trimmed(number_key_text);
    double literal = 0;
    if (plain_number(text, literal)) key.literal = literal;
    else {
        GoalNumberParse parsed = parse_goal_number(text);
        key.expression = parsed.ok ? std::move(parsed.number) : GoalNumber{text, {}};  // a bad key is kept and reported
    }
    step.number = std::move(key);
}

void LessonDraft::set_vector_key() {
    if (selected >= lesson.steps.size() || kind != AskKind::Vector) return;
    LessonStep& step = lesson.steps[selected];
    VectorKey key = step.vector.value_or(VectorKey{});
    key.literal.clear();
    vector_key_problem(trimmed(vector_key_text), key);  // a bad key leaves an empty list, which problem() names
    step.vector = std::move(key);
}

void LessonDraft::set_limit_tries(bool limit) {
    if (selected >= lesson.steps.size()) return;
    max_attempts = std::clamp<std::uint32_t>(max_attempts, 1, kMaxAttemptsLimit);
    if (limit) lesson.steps[selected].max_attempts = max_attempts;
    else lesson.steps[selected].max_attempts.reset();
}

AskKind ask_kind_of(const LessonStep& step) {
    if (step.predict) return AskKind::Predict;
    if (step.number) return AskKind::Number;
    if (step.vector) return AskKind::Vector;
    if (step.has_quiz()) return step.select_all() ? AskKind::SelectAll : AskKind::OneAnswer;
    return AskKind::Nothing;
}

bool asks_choices(AskKind kind) { return kind == AskKind::OneAnswer || kind == AskKind::SelectAll; }

std::string LessonDraft::problem() const {
    if (lesson.steps.empty()) return "Add at least one step (the button above takes this screen as a step).";
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        if (i == selected && choices_loaded_for == selected) {
            if (std::string e = selected_step_problem(); !e.empty()) return "Step " + std::to_string(i + 1) + ": " + e;
        }
        if (step.choices.size() >= kMinChoices && !step.select_all() && step.answer >= step.choices.size())
            return "Step " + std::to_string(i + 1) + ": the right answer is number " + std::to_string(step.answer + 1) +
                   ", but the quiz has only " + std::to_string(step.choices.size()) +
                   " choices (count from 1: 1 is the first choice).";
    }
    return validate_lesson(lesson);
}

std::string LessonDraft::selected_step_problem() const {
    const LessonStep& step = lesson.steps[selected];
    const std::string n = std::to_string(step.choices.size());
    switch (kind) {
        case AskKind::Nothing: return "";
        case AskKind::OneAnswer:
        case AskKind::SelectAll:
            if (step.choices.size() < kMinChoices)
                return "type the choices, one per line (at least " + std::to_string(kMinChoices) + ")";
            if (kind == AskKind::OneAnswer) return "";
            if (step.answers.empty()) return "mark at least one choice right (select all that apply)";
            if (step.answers.back() >= step.choices.size())
                return "choice " + std::to_string(step.answers.back() + 1) + " is marked right, but the quiz has only " + n + " choices";
            return "";
        case AskKind::Number:
            if (std::string e = number_key_problem(trimmed(number_key_text)); !e.empty()) return "the key is not valid: " + e;
            return "";
        case AskKind::Vector: {
            VectorKey key;
            if (std::string e = vector_key_problem(trimmed(vector_key_text), key); !e.empty()) return "the key is not valid: " + e;
            return "";
        }
        case AskKind::Predict: return "";
    }
    return "";
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
