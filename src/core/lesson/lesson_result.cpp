// The result record, its JSON and its token, and the one reader of tokens (lesson_result.hpp). The
// reader uses nlohmann/json only through calls that do not throw (parse_limited_json, type checks
// before every get<>), as the lesson and state readers do.
#include "core/lesson/lesson_result.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/lesson/lesson_run.hpp"
#include "core/base/base64url.hpp"
#include "core/state/limited_json.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_table.hpp"

namespace pl {

namespace {
using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr std::string_view kFormat = "perceptron-lab-result";
constexpr std::size_t kMaxResponseLength = 2000;  // bytes: a goal's text or a choice's
constexpr JsonLimits kTokenJsonLimits{200'000, 8};

// The kinds a record names (version 2 kinds after the version 1 ones, each with "goal+" when the step
// also has a goal).
const std::vector<std::string>& answer_kinds() {
    static const std::vector<std::string> kinds{"quiz", "select", "number", "vector", "predict"};
    return kinds;
}

std::string step_kind(const LessonStep& s) {
    const std::string what = s.has_quiz() ? (s.select_all() ? "select" : "quiz") : s.number ? "number"
                             : s.predict  ? "predict" : s.vector ? "vector" : "";
    if (s.goal) return what.empty() ? "goal" : "goal+" + what;
    return what.empty() ? "text" : what;
}

bool known_kind(const std::string& kind) {
    if (kind == "text" || kind == "goal") return true;
    for (const std::string& k : answer_kinds())
        if (kind == k || kind == "goal+" + k) return true;
    return false;
}

std::string state_link(WidgetState state) {
    state.lesson_progress.clear();  // the record carries the progress itself
    return "#" + encode_fragment(state);
}
}  // namespace

std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ull;
    }
    return h;
}

std::string lesson_hash(const Lesson& lesson) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(fnv1a64(lesson_to_json(lesson))));
    return text;
}

void score_result(LessonResult& result) {
    result.raw = result.max = 0;
    for (const StepResult& s : result.steps) {
        if (!s.checkable()) continue;
        ++result.max;
        if (counts_toward_score(result.scoring, s.progress.passed, s.progress.first_try)) ++result.raw;
    }
    // Complete means every check passed, whatever the scoring: a first-try lesson finished with a second
    // try somewhere is complete, and its score says how much of it went right at once.
    result.completed = std::all_of(result.steps.begin(), result.steps.end(),
                                   [](const StepResult& s) { return !s.checkable() || s.progress.passed; });
    result.scaled = result.max == 0 ? 1.0 : static_cast<double>(result.raw) / static_cast<double>(result.max);
}

std::optional<LessonResult> lesson_result(const LessonRun& run, const Session& session) {
    if (!run.is_open()) return std::nullopt;
    const Lesson& lesson = run.lesson();
    LessonResult out;
    out.id = lesson.id;
    out.title = lesson.title;
    out.hash = lesson_hash(lesson);
    out.scoring = lesson.scoring_rule();
    const LessonProgress progress = run.progress();
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& s = lesson.steps[i];
        StepResult step;
        step.title = s.title;
        step.kind = step_kind(s);
        if (i < progress.size()) step.progress = progress[i];
        if (s.has_answer() && step.progress.attempts > 0)
            step.response = describe_answer(s, stored_answer(step.progress));
        else if (s.goal)
            step.response = s.goal->text;
        if (i < run.check_links().size()) step.state = run.check_links()[i];
        out.steps.push_back(std::move(step));
    }
    score_result(out);
    out.link = state_link(session.state());
    return out;
}

namespace {
OrderedJson record_object(const LessonResult& r) {
    OrderedJson steps = OrderedJson::array();
    for (const StepResult& s : r.steps) {
        OrderedJson step = {{"title", s.title},
                            {"kind", s.kind},
                            {"attempts", s.progress.attempts},
                            {"passed", s.progress.passed},
                            {"firstTry", s.progress.first_try},
                            {"choice", s.progress.choice ? OrderedJson(*s.progress.choice) : OrderedJson(nullptr)},
                            {"response", s.response},
                            {"seconds", s.progress.seconds}};
        // Version 2 answers, only when there is one (records of version 1 lessons keep their shape).
        if (s.progress.selected) step["selected"] = *s.progress.selected;
        if (!s.progress.values.empty()) step["values"] = s.progress.values;
        if (s.progress.predicted) step["predicted"] = *s.progress.predicted;
        if (!s.state.empty()) step["state"] = s.state;
        steps.push_back(std::move(step));
    }
    OrderedJson out = {{"format", kFormat},
                       {"version", kResultVersion},
                       {"lesson", {{"id", r.id}, {"title", r.title}, {"hash", r.hash}}},
                       {"steps", std::move(steps)},
                       {"score", {{"raw", r.raw}, {"max", r.max}, {"scaled", r.scaled}, {"scoring", std::string(to_string(r.scoring))}}},
                       {"completed", r.completed},
                       {"link", r.link}};
    return out;
}

std::string dump(const OrderedJson& j) { return j.dump(-1, ' ', false, OrderedJson::error_handler_t::replace); }

std::string token_of(const LessonResult& r) {
    const std::string json = dump(record_object(r));
    return std::string(kResultTokenPrefix) +
           base64url_encode(reinterpret_cast<const std::uint8_t*>(json.data()), json.size());
}
}  // namespace

std::string result_json(const LessonResult& result) { return dump(record_object(result)); }

std::string result_token(const LessonResult& result) {
    std::string token = token_of(result);
    if (token.size() <= kMaxResultTokenLength) return token;
    LessonResult smaller = result;
    for (StepResult& s : smaller.steps) {  // the earliest steps' states go first
        if (s.state.empty()) continue;
        s.state.clear();
        token = token_of(smaller);
        if (token.size() <= kMaxResultTokenLength) return token;
    }
    return "";
}

// [SECTION] Reading a token
namespace {

class TokenReader {
public:
    std::string error;

    bool read(const Json& root, LessonResult& out) {
        if (!root.is_object()) return fail("it does not hold a JSON object");
        if (!known(root, "the record", {"format", "version", "lesson", "steps", "score", "completed", "link"})) return false;
        std::string format;
        if (!text(root, "format", "the record", 64, format)) return false;
        if (format != kFormat) return fail("its format is not \"" + std::string(kFormat) + "\"");
        std::uint64_t version = 0;
        if (!whole(root, "version", "the record", 1000000, version)) return false;
        if (version != static_cast<std::uint64_t>(kResultVersion))
            return fail("it has version " + std::to_string(version) + ", and this checker reads version " +
                        std::to_string(kResultVersion));
        const Json* lesson = member(root, "lesson", "the record");
        if (!lesson) return false;
        if (!lesson->is_object()) return fail("its \"lesson\" is not an object");
        if (!known(*lesson, "the lesson", {"id", "title", "hash"})) return false;
        if (!text(*lesson, "id", "the lesson", kMaxLessonIdLength, out.id)) return false;
        if (!valid_lesson_id(out.id)) return fail("its lesson id is not a lesson id (a-z, 0-9 and '-')");  // printed by check
        if (!text(*lesson, "title", "the lesson", kMaxLessonTitleLength, out.title)) return false;
        if (!text(*lesson, "hash", "the lesson", 16, out.hash)) return false;
        if (out.hash.size() != 16 || !std::all_of(out.hash.begin(), out.hash.end(), [](char c) {
                return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
            }))
            return fail("its lesson hash is not 16 hex digits");
        const Json* steps = member(root, "steps", "the record");
        if (!steps) return false;
        if (!steps->is_array() || steps->empty() || steps->size() > kMaxLessonSteps)
            return fail("its \"steps\" is not a list of 1 to " + std::to_string(kMaxLessonSteps) + " steps");
        for (std::size_t i = 0; i < steps->size(); ++i) {
            StepResult s;
            if (!step((*steps)[i], i, s)) return false;
            out.steps.push_back(std::move(s));
        }
        const Json* score = member(root, "score", "the record");
        if (!score) return false;
        if (!score->is_object()) return fail("its \"score\" is not an object");
        if (!known(*score, "the score", {"raw", "max", "scaled", "scoring"})) return false;
        if (const auto scoring = score->find("scoring"); scoring != score->end()) {  // absent in 0.1.0's tokens: passed
            if (!scoring->is_string() || !parse(scoring->get_ref<const Json::string_t&>(), out.scoring))
                return fail("its score's \"scoring\" is not \"passed\" or \"first-try\"");
        }
        std::uint64_t raw = 0, max = 0;
        if (!whole(*score, "raw", "the score", kMaxLessonSteps, raw)) return false;
        if (!whole(*score, "max", "the score", kMaxLessonSteps, max)) return false;
        const Json* scaled = member(*score, "scaled", "the score");
        if (!scaled) return false;
        if (!scaled->is_number() || !(scaled->get<double>() >= 0.0 && scaled->get<double>() <= 1.0))
            return fail("its score's \"scaled\" is not a number from 0 to 1");
        const Json* completed = member(root, "completed", "the record");
        if (!completed) return false;
        if (!completed->is_boolean()) return fail("its \"completed\" is not true or false");
        if (!text(root, "link", "the record", kMaxLinkLength, out.link)) return false;
        score_result(out);  // the checker's own count: what the token says is not trusted
        return true;
    }

private:
    bool fail(const std::string& why) {
        if (error.empty()) error = "The result token is damaged: " + why + ".";
        return false;
    }
    const Json* member(const Json& object, const char* key, const std::string& where) {
        const auto it = object.find(key);
        if (it == object.end()) {
            fail(where + " has no \"" + key + "\"");
            return nullptr;
        }
        return &*it;
    }
    bool known(const Json& object, const std::string& where, std::initializer_list<const char*> keys) {
        for (auto it = object.begin(); it != object.end(); ++it)
            if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return it.key() == k; }))
                return fail(where + " has an unknown key " + state_table::quote_text(it.key()));  // escaped: the key is the token's
        return true;
    }
    bool text(const Json& object, const char* key, const std::string& where, std::size_t max, std::string& out) {
        const Json* j = member(object, key, where);
        if (!j) return false;
        if (!j->is_string()) return fail(where + "'s \"" + key + "\" is not a string");
        const std::string& value = j->get_ref<const Json::string_t&>();
        if (value.size() > max) return fail(where + "'s \"" + key + "\" is longer than " + std::to_string(max) + " bytes");
        out = value;
        return true;
    }
    bool whole(const Json& object, const char* key, const std::string& where, std::uint64_t max, std::uint64_t& out) {
        const Json* j = member(object, key, where);
        if (!j) return false;
        if (!j->is_number_unsigned() || j->get<std::uint64_t>() > max)
            return fail(where + "'s \"" + key + "\" is not a whole number from 0 to " + std::to_string(max));
        out = j->get<std::uint64_t>();
        return true;
    }
    bool flag(const Json& object, const char* key, const std::string& where, bool& out) {
        const Json* j = member(object, key, where);
        if (!j) return false;
        if (!j->is_boolean()) return fail(where + "'s \"" + key + "\" is not true or false");
        out = j->get<bool>();
        return true;
    }
    // "selected" (a mask of ticked choices), "values" (typed numbers), "predicted" (a prediction).
    bool answer(const Json& j, const std::string& where, StepProgress& p) {
        if (const auto v = j.find("selected"); v != j.end()) {
            if (!v->is_number_unsigned() || v->get<std::uint64_t>() >= (1u << (kMaxLessonChoiceIndex + 1)))
                return fail(where + "'s \"selected\" is not a mask of choices (a whole number below " +
                            std::to_string(1u << (kMaxLessonChoiceIndex + 1)) + ")");
            p.selected = static_cast<std::uint32_t>(v->get<std::uint64_t>());
        }
        if (const auto v = j.find("values"); v != j.end()) {
            if (!v->is_array() || v->size() > kMaxVectorAnswerLength) return fail(where + "'s \"values\" is not a list of at most 8 numbers");
            for (const Json& x : *v) {
                if (!x.is_number() || !std::isfinite(x.get<double>())) return fail(where + "'s \"values\" holds something that is not a number");
                p.values.push_back(x.get<double>());
            }
        }
        if (const auto v = j.find("predicted"); v != j.end()) {
            if (!v->is_boolean()) return fail(where + "'s \"predicted\" is not true or false");
            p.predicted = v->get<bool>();
        }
        return true;
    }

    bool step(const Json& j, std::size_t index, StepResult& s) {
        const std::string where = "step " + std::to_string(index + 1);
        if (!j.is_object()) return fail(where + " is not an object");
        if (!known(j, where, {"title", "kind", "attempts", "passed", "firstTry", "choice", "response", "seconds",
                              "selected", "values", "predicted", "state"}))
            return false;
        if (!text(j, "title", where, kMaxLessonTitleLength, s.title)) return false;
        if (!text(j, "kind", where, 16, s.kind)) return false;
        if (!known_kind(s.kind))
            return fail(where + "'s \"kind\" is not text, goal, quiz, select, number, vector or predict (or goal+ one of the last five)");
        std::uint64_t attempts = 0, seconds = 0;
        if (!whole(j, "attempts", where, kMaxLessonAttempts, attempts)) return false;
        if (!whole(j, "seconds", where, kMaxLessonSeconds, seconds)) return false;
        s.progress.attempts = static_cast<std::uint32_t>(attempts);
        s.progress.seconds = static_cast<std::uint32_t>(seconds);
        if (!flag(j, "passed", where, s.progress.passed)) return false;
        if (!flag(j, "firstTry", where, s.progress.first_try)) return false;
        if (s.progress.passed && attempts == 0) return fail(where + " says passed with no attempt");
        if (s.progress.first_try && !s.progress.passed) return fail(where + " says passed on the first try but not passed");
        const Json* choice = member(j, "choice", where);
        if (!choice) return false;
        if (!choice->is_null()) {
            if (!choice->is_number_unsigned() || choice->get<std::uint64_t>() > kMaxLessonChoiceIndex)
                return fail(where + "'s \"choice\" is not null or a whole number from 0 to " + std::to_string(kMaxLessonChoiceIndex));
            s.progress.choice = static_cast<std::uint32_t>(choice->get<std::uint64_t>());
        }
        if (!text(j, "response", where, kMaxResponseLength, s.response)) return false;
        if (!answer(j, where, s.progress)) return false;
        if (j.contains("state") && !text(j, "state", where, kMaxLinkLength, s.state)) return false;
        return true;
    }
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

TokenRead read_token(std::string_view token) {
    TokenRead out;
    auto refuse = [&](std::string why) {
        out.error = std::move(why);
        return out;
    };
    while (!token.empty() && is_space(token.front())) token.remove_prefix(1);
    while (!token.empty() && is_space(token.back())) token.remove_suffix(1);
    if (token.size() > kMaxResultTokenLength)
        return refuse("The result token is too long: it has " + std::to_string(token.size()) + " characters, at most " +
                      std::to_string(kMaxResultTokenLength) + " are allowed.");
    if (token.empty()) return refuse("The result token is empty.");
    if (token.substr(0, kResultTokenPrefix.size()) != kResultTokenPrefix) {
        if (token.substr(0, 3) == "PLR")
            return refuse("The result token was made by another version of Perceptron Lab (it does not start with \"PLR1.\").");
        return refuse("This is not a Perceptron Lab result token (a token starts with \"PLR1.\").");
    }
    std::vector<std::uint8_t> bytes;
    if (!base64url_decode(token.substr(kResultTokenPrefix.size()), bytes))
        return refuse("The result token is damaged: it is cut short or has characters that do not belong in it.");
    Json root;
    const std::string parse_error = parse_limited_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                                                       root, "The result token is damaged, its record", kTokenJsonLimits);
    if (!parse_error.empty()) return refuse(parse_error);
    TokenReader reader;
    if (!reader.read(root, out.result)) return refuse(reader.error);
    out.ok = true;
    return out;
}

}  // namespace pl
