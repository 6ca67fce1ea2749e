// Reading and writing the version 2 exercise keys. Type checks come before every get<> (the
// Emscripten build aborts on a throw), as in lesson.cpp.
#include "core/lesson/lesson_exercise_json.hpp"

#include <algorithm>
#include <cmath>

#include "core/state/limited_json.hpp"
#include "core/state/state_table.hpp"

namespace pl::lesson_json {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

std::string describe(const Json& value) { return describe_json_value(value); }

bool finite_number(const Json& v, double& out) {
    if (!v.is_number()) return false;
    out = v.get<double>();
    return std::isfinite(out);
}

// The keys of an answer object: only these, with the closest spelling suggested.
std::string known_keys(const Json& object, const std::string& what, const std::vector<std::string>& keys) {
    for (const auto& item : object.items()) {
        if (std::find(keys.begin(), keys.end(), item.key()) != keys.end()) continue;
        std::string message = what + " has an unknown key " + state_table::quote_text(item.key());  // escaped: the lesson's text
        const std::string guess = closest_spelling(item.key(), keys);
        if (!guess.empty()) message += " (did you mean \"" + guess + "\"?)";
        std::string list;
        for (const std::string& k : keys) list += (list.empty() ? "" : ", ") + k;
        return message + "; its keys are " + list;
    }
    return "";
}

// "tolerance" and "relative", shared by both keys.
template <class Key>
std::string read_tolerance(const Json& object, const std::string& what, Key& out) {
    if (const auto t = object.find("tolerance"); t != object.end()) {
        if (!finite_number(*t, out.tolerance) || out.tolerance < 0.0)
            return what + "'s \"tolerance\" must be a number of 0 or more, but it is " + describe(*t);
        out.tolerance_written = true;
    }
    if (const auto r = object.find("relative"); r != object.end()) {
        if (!r->is_boolean()) return what + "'s \"relative\" must be true or false, but it is " + describe(*r);
        out.relative = r->get<bool>();
        out.relative_written = true;
    }
    return "";
}

template <class Key>
void write_tolerance(const Key& key, OrderedJson& out) {
    if (key.tolerance_written) out["tolerance"] = key.tolerance;
    if (key.relative_written) out["relative"] = key.relative;
}

}  // namespace

std::string read_number_key(const Json& value, NumberKey& out) {
    const std::string what = "\"number\"";
    if (!value.is_object())
        return what + " must be an object such as {\"answer\": \"bound\", \"tolerance\": 0.01}, but it is " + describe(value);
    if (std::string e = known_keys(value, what, {"answer", "tolerance", "relative"}); !e.empty()) return e;
    const auto answer = value.find("answer");
    if (answer == value.end()) return what + " has no \"answer\" (a number, or an expression of facts such as \"bound\")";
    double literal = 0;
    if (finite_number(*answer, literal)) {
        out.literal = literal;
    } else if (answer->is_string()) {
        GoalNumberParse parsed = parse_goal_number(answer->get_ref<const std::string&>());
        if (!parsed.ok) return what + "'s \"answer\" is not valid: " + parsed.error;
        out.expression = std::move(parsed.number);
    } else {
        return what + "'s \"answer\" must be a number or an expression of facts (text such as \"R / gamma_star\"), but it is " +
               describe(*answer);
    }
    return read_tolerance(value, what, out);
}

std::string read_vector_key(const Json& value, VectorKey& out) {
    const std::string what = "\"vector\"";
    if (!value.is_object())
        return what + " must be an object such as {\"answer\": \"next_w\", \"tolerance\": 0.01}, but it is " + describe(value);
    if (std::string e = known_keys(value, what, {"answer", "tolerance", "relative"}); !e.empty()) return e;
    const auto answer = value.find("answer");
    const std::string rule = "\"w\", \"next_w\" or a list of 1 to " + std::to_string(kMaxVectorAnswerLength) + " numbers";
    if (answer == value.end()) return what + " has no \"answer\" (" + rule + ")";
    if (answer->is_string()) {
        const std::string& name = answer->get_ref<const std::string&>();
        if (name == "w") out.source = VectorKey::Source::W;
        else if (name == "next_w") out.source = VectorKey::Source::NextW;
        else {
            const std::string guess = closest_spelling(name, {"w", "next_w"});
            return what + "'s \"answer\" must be " + rule + ", but it is " + describe(*answer) +
                   (guess.empty() ? "" : " (did you mean \"" + guess + "\"?)");
        }
    } else if (answer->is_array() && !answer->empty() && answer->size() <= kMaxVectorAnswerLength) {
        out.source = VectorKey::Source::Literal;
        for (const Json& item : *answer) {
            double x = 0;
            if (!finite_number(item, x)) return what + "'s \"answer\" must be " + rule + ", but it holds " + describe(item);
            out.literal.push_back(x);
        }
    } else {
        return what + "'s \"answer\" must be " + rule + ", but it is " + describe(*answer);
    }
    return read_tolerance(value, what, out);
}

std::string read_max_attempts(const Json& value, std::uint32_t& out) {
    if (!value.is_number_unsigned() || value.get<std::uint64_t>() < 1 || value.get<std::uint64_t>() > kMaxAttemptsLimit)
        return "\"maxAttempts\" must be a whole number from 1 to " + std::to_string(kMaxAttemptsLimit) + ", but it is " +
               describe(value);
    out = static_cast<std::uint32_t>(value.get<std::uint64_t>());
    return "";
}

std::string read_answers(const Json& value, std::size_t choices, std::vector<std::size_t>& out) {
    const std::string rule = "a list of the right choices' indices (each from 0 to " + std::to_string(choices - 1) +
                             ", counting from 0, each once)";
    if (!value.is_array() || value.empty()) return "\"answers\" must be " + rule + ", but it is " + describe(value);
    for (const Json& item : value) {
        if (!item.is_number_unsigned() || item.get<std::uint64_t>() >= choices)
            return "\"answers\" must be " + rule + ", but it holds " + describe(item);
        const auto k = static_cast<std::size_t>(item.get<std::uint64_t>());
        if (std::find(out.begin(), out.end(), k) != out.end()) return "\"answers\" names choice " + std::to_string(k) + " twice";
        out.push_back(k);
    }
    std::sort(out.begin(), out.end());
    return "";
}

OrderedJson number_key_json(const NumberKey& key) {
    OrderedJson out;
    if (key.literal) out["answer"] = *key.literal;
    else if (key.expression) out["answer"] = key.expression->text;
    write_tolerance(key, out);
    return out;
}

OrderedJson vector_key_json(const VectorKey& key) {
    OrderedJson out;
    if (key.source == VectorKey::Source::Literal) out["answer"] = key.literal;
    else out["answer"] = std::string(to_string(key.source));
    write_tolerance(key, out);
    return out;
}

}  // namespace pl::lesson_json
