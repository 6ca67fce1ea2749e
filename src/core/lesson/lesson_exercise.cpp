#include "core/lesson/lesson_exercise.hpp"

#include <algorithm>
#include <cmath>

#include "core/facts/describe.hpp"
#include "core/facts/goal_facts.hpp"
#include "core/facts/next_visit.hpp"
#include "core/lesson/lesson.hpp"
#include "core/session/session.hpp"

namespace pl {

std::string_view to_string(VectorKey::Source source) {
    switch (source) {
        case VectorKey::Source::W: return "w";
        case VectorKey::Source::NextW: return "next_w";
        case VectorKey::Source::Literal: break;
    }
    return "";
}

// [SECTION] What a student types
namespace {

// U+2212 (the minus sign the widget prints) becomes '-'; a lone decimal comma ("2,5") a point.
std::string normalised(std::string_view text, bool comma_is_decimal) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 3, "\xE2\x88\x92") == 0) {
            out += '-';
            i += 2;
        } else if (text[i] == ',' && comma_is_decimal) {
            out += '.';
        } else {
            out += text[i];
        }
    }
    return out;
}

bool lone_decimal_comma(std::string_view text) {
    return std::count(text.begin(), text.end(), ',') == 1 && text.find_first_not_of("0123456789,-+ \xE2\x88\x92") == std::string_view::npos;
}

}  // namespace

std::string read_typed_number(std::string_view text, double& out) {
    const std::string clean = normalised(text, lone_decimal_comma(text));
    const GoalNumberParse parsed = parse_goal_number(clean);
    if (!parsed.ok) return "That is not a number: " + parsed.error + ". Type for example 2.5, 39/7 or sqrt(5).";
    if (parsed.number.uses_facts()) return "Type the number itself (such as 2.5, 39/7 or sqrt(5)), not the name of a fact.";
    std::string why;
    double value = 0;
    if (!goal_number_value(parsed.number, GoalFacts{}, value, why)) return "That number has no value: " + why + ".";
    out = value;
    return "";
}

std::string read_typed_vector(std::string_view text, std::vector<double>& out) {
    std::string clean = normalised(text, false);
    // One pair of outer brackets may wrap the components: "(1, -2)" or "[1, -2]".
    const std::size_t first = clean.find_first_not_of(" \t");
    const std::size_t last = clean.find_last_not_of(" \t");
    if (first != std::string::npos && last > first &&
        ((clean[first] == '(' && clean[last] == ')') || (clean[first] == '[' && clean[last] == ']'))) {
        int depth = 0;
        bool wraps = true;  // "(1) + (2)" is not wrapped
        for (std::size_t i = first; i <= last && wraps; ++i) {
            if (clean[i] == '(' || clean[i] == '[') ++depth;
            if (clean[i] == ')' || clean[i] == ']') --depth;
            if (depth == 0 && i < last) wraps = false;
        }
        if (wraps) clean = clean.substr(first + 1, last - first - 1);
    }
    // Split at commas and semicolons outside parentheses; without any, at spaces between numbers.
    std::vector<std::string> parts;
    std::string part;
    int depth = 0;
    const bool separators = clean.find_first_of(",;") != std::string::npos;
    for (char c : clean) {
        if (c == '(') ++depth;
        if (c == ')') --depth;
        const bool split = depth == 0 && (separators ? (c == ',' || c == ';') : (c == ' ' || c == '\t'));
        if (split) {
            if (separators || part.find_first_not_of(" \t") != std::string::npos) parts.push_back(part);
            part.clear();
        } else {
            part += c;
        }
    }
    if (separators || part.find_first_not_of(" \t") != std::string::npos) parts.push_back(part);
    if (parts.empty()) return "There are no numbers: type the components separated by commas, such as 1, -2, 0.5.";
    if (parts.size() > kMaxVectorAnswerLength)
        return "That has " + std::to_string(parts.size()) + " numbers; at most " + std::to_string(kMaxVectorAnswerLength) + " are read.";
    std::vector<double> values;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        double x = 0;
        std::string error = read_typed_number(parts[i], x);
        if (!error.empty()) return "Component " + std::to_string(i + 1) + ": " + error;
        values.push_back(x);
    }
    out = std::move(values);
    return "";
}

// [SECTION] Keys
KeyValue number_key_value(const NumberKey& key, const Session& session) {
    KeyValue out;
    double value = 0;
    if (key.literal) value = *key.literal;
    else if (!key.expression) out.why = "the step has no key";
    else if (!goal_number_value(*key.expression, goal_facts(session), value, out.why)) return out;
    if (!out.why.empty()) return out;
    out.defined = true;
    out.values = {value};
    return out;
}

KeyValue vector_key_value(const VectorKey& key, const Session& session) {
    KeyValue out;
    if (key.source == VectorKey::Source::Literal) {
        out.defined = true;
        out.values = key.literal;
        return out;
    }
    const WeightVector w = key.source == VectorKey::Source::W ? current_weights(session) : next_weights(session);
    out.defined = w.defined;
    out.why = w.why;
    out.values = w.values;
    return out;
}

bool within_tolerance(const std::vector<double>& answer, const std::vector<double>& key, double tolerance, bool relative) {
    if (answer.size() != key.size() || key.empty()) return false;
    double worst = 0, scale = 0;
    for (std::size_t i = 0; i < key.size(); ++i) {
        if (!std::isfinite(answer[i])) return false;
        worst = std::max(worst, std::fabs(answer[i] - key[i]));
        scale = std::max(scale, std::fabs(key[i]));
    }
    // A hair of slack for rounding: "0.1 + 0.2" typed against a key of 0.3 with tolerance 0.
    const double allowed = (relative ? tolerance * scale : tolerance) + 1e-9 * std::max(1.0, scale);
    return worst <= allowed;
}

// [SECTION] Judging
namespace {

std::string values_in_brackets(const std::vector<double>& v) {
    std::string out = "(";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + display_number(v[i], 4);
    return out + ")";
}

// Select all that apply: a mark per choice, and the feedback of each choice that is wrong.
void judge_select_all(const LessonStep& step, const StepAnswer& answer, ExerciseJudgement& j) {
    std::string notes;
    std::size_t wrong = 0;
    for (std::size_t k = 0; k < step.choices.size(); ++k) {
        const bool right = std::find(step.answers.begin(), step.answers.end(), k) != step.answers.end();
        const bool ticked = (answer.selected >> k) & 1u;
        const ChoiceMark mark = right ? (ticked ? ChoiceMark::Right : ChoiceMark::Missed)
                                      : (ticked ? ChoiceMark::WronglyPicked : ChoiceMark::RightlyLeft);
        j.marks.push_back(mark);
        if (mark == ChoiceMark::Missed || mark == ChoiceMark::WronglyPicked) {
            ++wrong;
            if (k < step.feedback.size() && !step.feedback[k].empty()) notes += " " + step.feedback[k];
        }
    }
    j.passed = wrong == 0;
    if (!j.passed)
        j.problem = "Not quite: " + std::to_string(wrong) + (wrong == 1 ? " choice is" : " choices are") +
                    " marked wrong (picked but not right, or right but not picked)." + notes;
}

void judge_values(const std::vector<double>& answer, const KeyValue& key, double tolerance, bool relative,
                  const char* what, ExerciseJudgement& j) {
    if (!key.defined) {  // the step's fault, not the student's: not counted as a try
        j.ready = false;
        j.problem = std::string("This step's ") + what + " cannot be worked out here: " + key.why + ".";
        return;
    }
    if (answer.size() != key.values.size()) {
        j.problem = "The answer has " + std::to_string(answer.size()) + (answer.size() == 1 ? " number" : " numbers") +
                    "; this one needs " + std::to_string(key.values.size()) + ".";
        return;
    }
    j.passed = within_tolerance(answer, key.values, tolerance, relative);
    if (!j.passed) j.problem = "Not this value.";
}

}  // namespace

ExerciseJudgement judge_exercise(const LessonStep& step, const StepAnswer& answer, const Session& student) {
    ExerciseJudgement j;
    // Nothing typed asks for an answer; typed text that did not read says why it did not.
    auto ask = [&](const char* first) { return answer.unread.empty() ? std::string(first) : answer.unread; };
    if (!step.has_answer()) {
        j.passed = true;
        return j;
    }
    // The keys' session: the step's own state, unless the question is about the student's next visit.
    std::optional<Session> own;
    if (step.state && !step.predict) {
        WidgetState state = *step.state;
        state.lesson_progress.clear();
        own.emplace();
        own->load_state(state);  // the learner replayed from the state, as a link loads
    }
    const Session& keys = own ? *own : student;

    if (step.has_quiz()) {
        if (step.select_all()) {
            if (answer.selected == 0) { j.ready = false; j.problem = "Tick at least one answer first."; return j; }
            judge_select_all(step, answer, j);
            return j;
        }
        if (!answer.choice) { j.ready = false; j.problem = "Pick an answer first."; return j; }
        j.passed = *answer.choice == step.answer;
        if (!j.passed) {
            j.problem = "Not this one.";
            if (*answer.choice < step.feedback.size() && !step.feedback[*answer.choice].empty())
                j.problem += " " + step.feedback[*answer.choice];
        }
        return j;
    }
    if (step.number) {
        if (answer.values.size() != 1) { j.ready = false; j.problem = ask("Type a number first."); return j; }
        judge_values(answer.values, number_key_value(*step.number, keys), step.number->tolerance, step.number->relative,
                     "number", j);
        return j;
    }
    if (step.predict) {
        if (!answer.predicted_mistake) { j.ready = false; j.problem = "Say first whether the next visit is a mistake."; return j; }
        if (step.vector && answer.values.empty()) { j.ready = false; j.problem = ask("Type the new w first."); return j; }
        const NextVisit next = preview_next_visit(student);
        if (!next.defined) {
            j.ready = false;
            j.problem = "The next visit cannot be worked out here: " + next.why + ".";
            return j;
        }
        j.visit_was_mistake = next.update.mistake;
        const bool said = *answer.predicted_mistake;
        if (said != next.update.mistake) {
            j.problem = next.update.mistake ? "It was a mistake: y·f(x) = " + display_number(next.update.y * next.update.score_before, 4) +
                                                  " is not above 0, so w moved."
                                            : "It was no mistake: y·f(x) = " + display_number(next.update.y * next.update.score_before, 4) +
                                                  " is above 0, so w stayed.";
            return j;
        }
        if (step.vector) {
            const KeyValue key = vector_key_value(*step.vector, student);
            judge_values(answer.values, key, step.vector->tolerance, step.vector->relative, "new w", j);
            if (j.ready && !j.passed) j.problem = "Right about the mistake, but not about the new w.";
            return j;
        }
        j.passed = true;
        return j;
    }
    if (step.vector) {
        if (answer.values.empty()) { j.ready = false; j.problem = ask("Type the numbers first."); return j; }
        judge_values(answer.values, vector_key_value(*step.vector, keys), step.vector->tolerance, step.vector->relative,
                     "vector", j);
    }
    return j;
}

// [SECTION] The answer in the progress and the record
void store_answer(const StepAnswer& answer, StepProgress& progress) {
    progress.choice = answer.choice;
    progress.selected = answer.selected ? std::optional<std::uint32_t>(answer.selected) : std::nullopt;
    progress.values = answer.values;
    progress.predicted = answer.predicted_mistake;
}

StepAnswer stored_answer(const StepProgress& progress) {
    StepAnswer answer;
    answer.choice = progress.choice;
    answer.selected = progress.selected.value_or(0);
    answer.values = progress.values;
    answer.predicted_mistake = progress.predicted;
    return answer;
}

std::string describe_answer(const LessonStep& step, const StepAnswer& answer) {
    std::string out;
    if (answer.predicted_mistake) out = *answer.predicted_mistake ? "mistake" : "no mistake";
    if (step.select_all() && answer.selected) {
        std::string list;
        for (std::size_t k = 0; k < step.choices.size(); ++k)
            if ((answer.selected >> k) & 1u) list += (list.empty() ? "" : "; ") + step.choices[k];
        return list;
    }
    if (answer.choice && *answer.choice < step.choices.size()) return step.choices[*answer.choice];
    if (!answer.values.empty()) {
        const std::string values = !answer.typed.empty() ? answer.typed
                                   : answer.values.size() == 1 && !step.vector ? display_number(answer.values[0], 6)
                                                                               : values_in_brackets(answer.values);
        out += (out.empty() ? "" : ", w = ") + values;
    }
    return out;
}

}  // namespace pl
