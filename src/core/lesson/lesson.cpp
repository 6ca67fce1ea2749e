// The lesson format: reading (with every check of lesson.hpp) and writing. nlohmann/json is used only
// through calls that do not throw (the Emscripten build aborts on a throw): a SAX parser that keeps the
// error and limits depth and size, and type checks before every get<>.
#include "core/lesson/lesson.hpp"

#include "core/base/decimal.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/lesson/lesson_exercise_json.hpp"
#include "core/lesson/lesson_markup.hpp"
#include "core/base/decimal.hpp"
#include "core/state/limited_json.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"

namespace pl {

// [SECTION] Panels
namespace {
constexpr std::array<std::pair<LessonPanel, std::string_view>, 11> kPanelNames{{
    {LessonPanel::Train, "train"}, {LessonPanel::Data, "data"},     {LessonPanel::Kernel, "kernel"},
    {LessonPanel::Show, "show"},   {LessonPanel::Share, "share"},   {LessonPanel::Theory, "theory"},
    {LessonPanel::Plots, "plots"}, {LessonPanel::Lift, "lift"},     {LessonPanel::Lesson, "lesson"},
    {LessonPanel::Svm, "svm"},     {LessonPanel::Trace, "trace"},
}};
}  // namespace

const std::vector<LessonPanel>& lesson_panels() {
    static const std::vector<LessonPanel> panels = [] {
        std::vector<LessonPanel> out;
        for (const auto& row : kPanelNames) out.push_back(row.first);
        return out;
    }();
    return panels;
}

std::string_view to_string(LessonPanel panel) {
    for (const auto& row : kPanelNames)
        if (row.first == panel) return row.second;
    return "train";
}

bool parse(std::string_view text, LessonPanel& out) {
    for (const auto& row : kPanelNames)
        if (row.second == text) {
            out = row.first;
            return true;
        }
    return false;
}

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;
using state_table::quote_text;

constexpr std::size_t kMaxLessonJsonValues = 2'000'000;


std::string describe(const Json& value) { return describe_json_value(value); }

std::string key_quote(std::string_view key) { return "\"" + std::string(key) + "\""; }

// [SECTION] Reading one lesson
// Each check returns false after setting `error` (the first problem wins).
class LessonReader {
public:
    std::string error;

    bool read(const Json& root, Lesson& out) {
        if (!root.is_object()) return fail("The lesson must be a JSON object {...}, but it is " + describe(root) + ".");
        where_ = "The lesson";
        if (!known_keys(root, {"version", "id", "title", "reveal", "scoring", "steps"})) return false;
        if (!version(root)) return false;
        if (!reveal(root, out.reveal)) return false;
        if (!scoring(root, out.scoring)) return false;
        if (!id(root, out.id)) return false;
        if (!text_field(root, "title", out.title, kMaxLessonTitleLength, TextKind::Line, true)) return false;
        const auto steps = root.find("steps");
        if (steps == root.end() || !steps->is_array() || steps->empty())
            return fail("The lesson has no steps: \"steps\" must be a non-empty list of steps" +
                        (steps == root.end() ? std::string(".") : ", but it is " + describe(*steps) + "."));
        if (steps->size() > kMaxLessonSteps)
            return fail("The lesson has " + std::to_string(steps->size()) + " steps; at most " +
                        std::to_string(kMaxLessonSteps) + " are allowed.");
        for (std::size_t i = 0; i < steps->size(); ++i) {
            LessonStep step;
            where_ = "Step " + std::to_string(i + 1);
            if (!read_step((*steps)[i], step)) return false;
            out.steps.push_back(std::move(step));
        }
        return true;
    }

private:
    enum class TextKind { Line, Paragraphs };

    bool fail(std::string message) {
        if (error.empty()) error = std::move(message);
        return false;
    }
    // "Step 3: " + problem + "." (problems are sentence ends without the final full stop)
    bool problem(const std::string& what) { return fail(where_ + ": " + what + "."); }

    bool known_keys(const Json& object, std::initializer_list<std::string_view> keys) {
        const std::vector<std::string> known(keys.begin(), keys.end());
        for (const auto& item : object.items()) {
            if (std::find(known.begin(), known.end(), item.key()) != known.end()) continue;
            std::string message = where_ + " has an unknown key " + quote_text(item.key());
            const std::string guess = closest_spelling(item.key(), known);
            if (!guess.empty()) message += " (did you mean " + key_quote(guess) + "?)";
            std::string list;
            for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
            return fail(message + "; the keys are " + list + ".");
        }
        return true;
    }

    bool version(const Json& root) {
        const auto v = root.find("version");
        if (v == root.end()) return true;
        if (v->is_number_unsigned() && v->get<std::uint64_t>() >= 1 &&
            v->get<std::uint64_t>() <= static_cast<std::uint64_t>(kLessonVersion)) {
            version_ = static_cast<int>(v->get<std::uint64_t>());
            return true;
        }
        if (v->is_number_unsigned() && v->get<std::uint64_t>() > static_cast<std::uint64_t>(kLessonVersion))
            return fail("The lesson was made for a newer version of Perceptron Lab (version " + describe(*v) +
                        "); this widget reads version " + std::to_string(kLessonVersion) + ".");
        return fail("The lesson has a bad \"version\": it should be 1 or " + std::to_string(kLessonVersion) + ", but it is " +
                    describe(*v) + ".");
    }

    bool id(const Json& root, std::string& out) {
        const auto v = root.find("id");
        if (v == root.end()) return fail("The lesson has no \"id\".");
        const std::string rule = "text of 1 to " + std::to_string(kMaxLessonIdLength) +
                                 " characters a-z, 0-9 and '-', starting with a letter or digit";
        if (!v->is_string()) return fail("The lesson's \"id\" must be " + rule + ", but it is " + describe(*v) + ".");
        const std::string& text = v->get_ref<const std::string&>();
        if (!valid_lesson_id(text)) return fail("The lesson's \"id\" must be " + rule + ", but it is " + describe(*v) + ".");
        out = text;
        return true;
    }

    // A text value: type, length, control characters, markup. `required`: must be present and not blank.
    bool text_value(const Json& value, const std::string& what, std::string& out, std::size_t max, TextKind kind,
                    bool required) {
        if (!value.is_string()) return problem(what + " must be text, but it is " + describe(value));
        const std::string& text = value.get_ref<const std::string&>();
        if (text.size() > max)
            return problem(what + " is too long (" + std::to_string(text.size()) + " bytes; at most " +
                           std::to_string(max) + ")");
        for (char c : text) {
            const auto byte = static_cast<unsigned char>(c);
            const bool allowed_break = kind == TextKind::Paragraphs && (c == '\n' || c == '\t' || c == '\r');
            if ((byte < 0x20 || byte == 0x7f) && !allowed_break)
                return problem(what + (kind == TextKind::Line ? " must be one line of text, but it contains"
                                                              : " contains") + " a control character");
        }
        if (required && text.find_first_not_of(" \t\r\n") == std::string::npos) return problem(what + " is empty");
        const MarkupResult markup = parse_markup(text);
        if (!markup.error.empty()) return problem(what + " has " + markup.error);
        out = text;
        return true;
    }

    bool text_field(const Json& object, std::string_view key, std::string& out, std::size_t max, TextKind kind,
                    bool required) {
        const auto v = object.find(std::string(key));
        if (v == object.end()) {
            if (!required) return true;
            return fail(where_ + " has no " + key_quote(key) + ".");
        }
        return text_value(*v, "the " + std::string(key), out, max, kind, required);
    }

    bool read_step(const Json& s, LessonStep& step) {
        if (!s.is_object()) return fail(where_ + " must be an object {...}, but it is " + describe(s) + ".");
        if (!known_keys(s, {"title", "text", "state", "controls", "goal", "choices", "answer", "answers", "feedback",
                            "number", "vector", "predict", "maxAttempts", "reveal", "hint", "success"}))
            return false;
        return version_2_keys(s) && text_field(s, "title", step.title, kMaxLessonTitleLength, TextKind::Line, true) &&
               text_field(s, "text", step.text, kMaxStepTextLength, TextKind::Paragraphs, true) && state(s, step) &&
               controls(s, step) && goal(s, step) && quiz(s, step) && feedback(s, step) && exercise(s, step) &&
               reveal(s, step.reveal) &&
               text_field(s, "hint", step.hint, kMaxStepNoteLength, TextKind::Paragraphs, false) &&
               text_field(s, "success", step.success, kMaxStepNoteLength, TextKind::Paragraphs, false);
    }

    // [SECTION] Version 2 (lesson_exercise.hpp)
    bool version_2_keys(const Json& s) {
        if (version_ >= 2) return true;
        for (const char* key : {"answers", "feedback", "number", "vector", "predict", "maxAttempts", "reveal"})
            if (s.contains(key))
                return problem(key_quote(key) + " is a version 2 key: put \"version\": 2 at the top of the lesson");
        return true;
    }

    // "reveal": "after-pass" | "each-try", on the lesson or on a step (version 2).
    bool reveal(const Json& object, std::optional<Reveal>& out) {
        const auto v = object.find("reveal");
        if (v == object.end()) return true;
        if (version_ < 2) return problem("\"reveal\" is a version 2 key: put \"version\": 2 at the top of the lesson");
        Reveal r = Reveal::AfterPass;
        if (!v->is_string() || !parse(v->get_ref<const std::string&>(), r))
            return problem("\"reveal\" must be \"after-pass\" or \"each-try\", but it is " + describe(*v));
        out = r;
        return true;
    }

    // "scoring": "passed" | "first-try", on the lesson only (version 2).
    bool scoring(const Json& root, std::optional<Scoring>& out) {
        const auto v = root.find("scoring");
        if (v == root.end()) return true;
        if (version_ < 2) return problem("\"scoring\" is a version 2 key: put \"version\": 2 at the top of the lesson");
        Scoring r = Scoring::Passed;
        if (!v->is_string() || !parse(v->get_ref<const std::string&>(), r))
            return problem("\"scoring\" must be \"passed\" or \"first-try\", but it is " + describe(*v));
        out = r;
        return true;
    }

    bool feedback(const Json& s, LessonStep& step) {
        const auto v = s.find("feedback");
        if (v == s.end()) return true;
        if (!step.has_quiz()) return problem("\"feedback\" needs \"choices\" (one text per choice)");
        if (!v->is_array() || v->size() != step.choices.size())
            return problem("\"feedback\" must be a list of " + std::to_string(step.choices.size()) +
                           " texts, one per choice (\"\" for none), but it is " + describe(*v));
        for (std::size_t i = 0; i < v->size(); ++i) {
            std::string text;
            if (!text_value((*v)[i], "the feedback of choice " + std::to_string(i + 1), text, kMaxStepNoteLength,
                            TextKind::Paragraphs, false))
                return false;
            step.feedback.push_back(std::move(text));
        }
        return true;
    }

    bool exercise(const Json& s, LessonStep& step) {
        using namespace lesson_json;
        if (const auto v = s.find("number"); v != s.end()) {
            NumberKey key;
            if (std::string e = read_number_key(*v, key); !e.empty()) return problem(e);
            step.number = std::move(key);
        }
        if (const auto v = s.find("vector"); v != s.end()) {
            VectorKey key;
            if (std::string e = read_vector_key(*v, key); !e.empty()) return problem(e);
            step.vector = std::move(key);
        }
        if (const auto v = s.find("predict"); v != s.end()) {
            if (!v->is_boolean()) return problem("\"predict\" must be true or false, but it is " + describe(*v));
            step.predict = v->get<bool>();
        }
        if (const auto v = s.find("maxAttempts"); v != s.end()) {
            std::uint32_t n = 0;
            if (std::string e = read_max_attempts(*v, n); !e.empty()) return problem(e);
            step.max_attempts = n;
        }
        const int kinds = (step.has_quiz() ? 1 : 0) + (step.number ? 1 : 0) + (step.vector && !step.predict ? 1 : 0) +
                          (step.predict ? 1 : 0);
        if (kinds > 1)
            return problem("a step asks one thing: choices, a number, a vector or a prediction (a prediction may carry "
                           "\"vector\" for the new w), but this one has more");
        if (step.predict && step.vector && step.vector->source != VectorKey::Source::NextW)
            return problem("a prediction's \"vector\" is the new w: its \"answer\" must be \"next_w\"");
        if (step.max_attempts && !step.has_answer())
            return problem("\"maxAttempts\" counts tries at an answer, but the step asks for none (choices, number, vector or predict)");
        return true;
    }

    bool state(const Json& s, LessonStep& step) {
        const auto v = s.find("state");
        if (v == s.end()) return true;
        DecodeResult decoded;
        if (v->is_string()) {
            decoded = decode_fragment(v->get_ref<const std::string&>());
            step.state_as_link = true;
        } else if (v->is_object()) {
            decoded = state_from_json(v->dump(-1, ' ', false, Json::error_handler_t::replace));
            step.state_as_link = false;
        } else {
            return problem("the state must be a link (text) or a state object, but it is " + describe(*v));
        }
        if (!decoded.ok) return fail(where_ + ": the state is not valid: " + decoded.error);
        if (!decoded.warnings.empty()) return fail(where_ + ": the state is not valid: " + decoded.warnings.front());
        step.state = std::move(decoded.state);
        return true;
    }

    bool controls(const Json& s, LessonStep& step) {
        const auto v = s.find("controls");
        if (v == s.end()) return true;
        std::string names;
        std::vector<std::string> candidates;
        for (LessonPanel p : lesson_panels()) {
            names += (names.empty() ? "" : ", ") + std::string(to_string(p));
            candidates.emplace_back(to_string(p));
        }
        if (!v->is_array()) return problem("\"controls\" must be a list of panel names (" + names + "), but it is " + describe(*v));
        std::vector<LessonPanel> panels;
        for (const Json& item : *v) {
            LessonPanel panel{};
            if (!item.is_string() || !parse(item.get_ref<const std::string&>(), panel)) {
                std::string message = "\"controls\" names an unknown panel " + describe(item);
                if (item.is_string()) {
                    const std::string guess = closest_spelling(item.get_ref<const std::string&>(), candidates);
                    if (!guess.empty()) message += " (did you mean " + key_quote(guess) + "?)";
                }
                return problem(message + "; the panels are " + names);
            }
            if (std::find(panels.begin(), panels.end(), panel) == panels.end()) panels.push_back(panel);
        }
        step.controls = std::move(panels);
        return true;
    }

    bool goal(const Json& s, LessonStep& step) {
        const auto v = s.find("goal");
        if (v == s.end()) return true;
        if (!v->is_string()) return problem("the goal must be text such as \"points >= 5\", but it is " + describe(*v));
        GoalParse parsed = parse_goal(v->get_ref<const std::string&>());
        if (!parsed.ok) return problem("the goal is not valid: " + parsed.error);
        step.goal = std::move(parsed.goal);
        return true;
    }

    bool quiz(const Json& s, LessonStep& step) {
        const auto choices = s.find("choices");
        const auto answer = s.find("answer");
        const auto answers = s.find("answers");
        if (choices == s.end() && answer == s.end() && answers == s.end()) return true;
        if (choices == s.end())
            return fail(where_ + " has " + (answer != s.end() ? "an \"answer\"" : "\"answers\"") + " but no \"choices\".");
        if (answer != s.end() && answers != s.end())
            return problem("\"answer\" (one right choice) and \"answers\" (select all that apply) exclude each other: keep one");
        if (answer == s.end() && answers == s.end())
            return fail(where_ + " has \"choices\" but no \"answer\" (the index of the right one).");
        const std::string rule = "a list of " + std::to_string(kMinChoices) + " to " + std::to_string(kMaxChoices) + " texts";
        if (!choices->is_array()) return problem("\"choices\" must be " + rule + ", but it is " + describe(*choices));
        if (choices->size() < kMinChoices || choices->size() > kMaxChoices)
            return problem("\"choices\" must be " + rule + ", but it has " + std::to_string(choices->size()));
        for (std::size_t i = 0; i < choices->size(); ++i) {
            std::string text;
            if (!text_value((*choices)[i], "choice " + std::to_string(i + 1), text, kMaxChoiceLength, TextKind::Line, true))
                return false;
            step.choices.push_back(std::move(text));
        }
        if (answers != s.end()) {
            if (std::string e = lesson_json::read_answers(*answers, step.choices.size(), step.answers); !e.empty())
                return problem(e);
            return true;
        }
        const std::size_t last = step.choices.size() - 1;
        if (!answer->is_number_unsigned() || answer->get<std::uint64_t>() > last)
            return problem("\"answer\" must be a whole number from 0 to " + std::to_string(last) +
                           " (the index of the right choice, counting from 0), but it is " + describe(*answer));
        step.answer = static_cast<std::size_t>(answer->get<std::uint64_t>());
        return true;
    }

    std::string where_;
    int version_ = 1;
};

}  // namespace

// [SECTION] Entry points
LessonParse parse_lesson(std::string_view json_text) {
    LessonParse result;
    if (json_text.size() > kMaxLessonBytes) {
        result.error = "The lesson is too long (" + std::to_string(json_text.size()) + " bytes); at most " +
                       std::to_string(kMaxLessonBytes) + " are allowed.";
        return result;
    }
    Json root;
    if (std::string error = parse_limited_json(json_text, root, "The lesson", JsonLimits{kMaxLessonJsonValues, kMaxLessonJsonDepth});
        !error.empty()) {
        result.error = error;
        return result;
    }
    LessonReader reader;
    if (!reader.read(root, result.lesson)) {
        result.error = reader.error;
        result.lesson = Lesson{};
        return result;
    }
    result.ok = true;
    return result;
}

std::string_view to_string(Reveal reveal) { return reveal == Reveal::EachTry ? "each-try" : "after-pass"; }

bool parse(std::string_view text, Reveal& out) {
    if (text == "after-pass") out = Reveal::AfterPass;
    else if (text == "each-try") out = Reveal::EachTry;
    else return false;
    return true;
}

bool valid_lesson_id(std::string_view id) {
    bool good = !id.empty() && id.size() <= kMaxLessonIdLength && id.front() != '-';
    for (char c : id) good = good && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
    return good;
}

std::string_view to_string(Scoring scoring) { return scoring == Scoring::FirstTry ? "first-try" : "passed"; }

bool parse(std::string_view text, Scoring& out) {
    if (text == "passed") out = Scoring::Passed;
    else if (text == "first-try") out = Scoring::FirstTry;
    else return false;
    return true;
}

Reveal reveal_of(const Lesson& lesson, const LessonStep& step) {
    return step.reveal ? *step.reveal : lesson.reveal.value_or(Reveal::AfterPass);
}

std::string lesson_to_json(const Lesson& lesson) {
    OrderedJson out;
    const bool v2 = lesson.reveal || lesson.scoring || std::any_of(lesson.steps.begin(), lesson.steps.end(), [](const LessonStep& s) { return s.uses_version_2(); });
    out["version"] = v2 ? 2 : 1;  // the oldest version that holds the lesson: a version 1 lesson keeps its text
    out["id"] = lesson.id;
    out["title"] = lesson.title;
    if (lesson.reveal) out["reveal"] = std::string(to_string(*lesson.reveal));
    if (lesson.scoring) out["scoring"] = std::string(to_string(*lesson.scoring));
    OrderedJson steps = OrderedJson::array();
    for (const LessonStep& step : lesson.steps) {
        OrderedJson s;
        s["title"] = step.title;
        s["text"] = step.text;
        if (step.state) {
            if (step.state_as_link) {
                s["state"] = "#" + encode_fragment(*step.state);
            } else {
                OrderedJson state = OrderedJson::parse(state_to_json(*step.state), nullptr, false);
                s["state"] = state.is_discarded() ? OrderedJson("#" + encode_fragment(*step.state)) : std::move(state);
            }
        }
        if (step.controls) {
            OrderedJson names = OrderedJson::array();
            for (LessonPanel p : *step.controls) names.push_back(std::string(to_string(p)));
            s["controls"] = std::move(names);
        }
        if (step.goal) s["goal"] = step.goal->text;
        if (step.has_quiz()) {
            s["choices"] = step.choices;
            if (step.select_all()) s["answers"] = step.answers;
            else s["answer"] = step.answer;
            if (!step.feedback.empty()) s["feedback"] = step.feedback;
        }
        if (step.number) s["number"] = lesson_json::number_key_json(*step.number);
        if (step.vector) s["vector"] = lesson_json::vector_key_json(*step.vector);
        if (step.predict) s["predict"] = true;
        if (step.max_attempts) s["maxAttempts"] = *step.max_attempts;
        if (step.reveal) s["reveal"] = std::string(to_string(*step.reveal));
        if (!step.hint.empty()) s["hint"] = step.hint;
        if (!step.success.empty()) s["success"] = step.success;
        steps.push_back(std::move(s));
    }
    out["steps"] = std::move(steps);
    return out.dump(2, ' ', false, OrderedJson::error_handler_t::replace) + "\n";
}

std::string validate_lesson(const Lesson& lesson) { return parse_lesson(lesson_to_json(lesson)).error; }

}  // namespace pl
