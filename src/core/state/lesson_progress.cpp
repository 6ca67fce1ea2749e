#include "core/state/lesson_progress.hpp"

#include <cmath>

#include "core/base/decimal.hpp"
#include "core/base/limits.hpp"

namespace pl {

namespace {

constexpr std::size_t kMaxStoredValues = 8;  // lesson_exercise.hpp: kMaxVectorAnswerLength

// "v" and the values, each's '.' as 'p' (a '.' separates the entry's parts).
std::string values_text(const std::vector<double>& values) {
    std::string out = "v";
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::string v = shortest_decimal(values[i]);
        for (char& c : v)
            if (c == '.') c = 'p';
        out += (i ? "~" : "") + v;
    }
    return out;
}

std::string answer_text(const StepProgress& p) {
    if (p.predicted) return std::string(*p.predicted ? "m" : "k") + (p.values.empty() ? "" : values_text(p.values));
    if (!p.values.empty()) return values_text(p.values);
    if (p.selected) return "s" + std::to_string(*p.selected);
    return p.choice ? std::to_string(*p.choice) : std::string("-");
}

std::string entry_text(const StepProgress& p) {
    if (p == StepProgress{}) return "0";
    const int flags = (p.passed ? 1 : 0) + (p.first_try ? 2 : 0);
    return std::to_string(p.attempts) + "." + std::to_string(flags) + "." + answer_text(p) + "." + std::to_string(p.seconds);
}

// A whole number of at most 7 digits (no sign, no leading '+'), at most `max`.
bool read_count(std::string_view text, std::uint32_t max, std::uint32_t& out) {
    if (text.empty() || text.size() > 7) return false;
    std::uint32_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + static_cast<std::uint32_t>(c - '0');
    }
    if (value > max) return false;
    out = value;
    return true;
}

// "v1~-2p5": the values, finite, at most kMaxStoredValues.
bool read_values(std::string_view text, std::vector<double>& out) {
    if (text.size() < 2 || text[0] != 'v') return false;
    text.remove_prefix(1);
    while (true) {
        const std::size_t end = text.find('~');
        std::string value(text.substr(0, end));
        for (char& c : value)
            if (c == 'p') c = '.';
        if (!is_plain_decimal(value, false) || out.size() == kMaxStoredValues) return false;
        const double x = decimal_to_double(value);
        if (!std::isfinite(x)) return false;
        out.push_back(x);
        if (end == std::string_view::npos) return true;
        text.remove_prefix(end + 1);
    }
}

bool read_answer(std::string_view text, StepProgress& out) {
    std::uint32_t n = 0;
    if (text == "-") return true;
    if (text[0] == 'm' || text[0] == 'k') {
        out.predicted = text[0] == 'm';
        return text.size() == 1 || read_values(text.substr(1), out.values);
    }
    if (text[0] == 'v') return read_values(text, out.values);
    if (text[0] == 's') {
        if (!read_count(text.substr(1), (1u << (kMaxLessonChoiceIndex + 1)) - 1, n)) return false;
        out.selected = n;
        return true;
    }
    if (!read_count(text, kMaxLessonChoiceIndex, n)) return false;
    out.choice = n;
    return true;
}

std::string entry_problem(std::size_t index, std::string_view entry, std::string_view why) {
    std::string shown(entry.substr(0, 40));
    return "its entry " + std::to_string(index + 1) + " (\"" + shown + "\") " + std::string(why);
}

std::string read_entry(std::size_t index, std::string_view entry, StepProgress& out) {
    out = StepProgress{};
    if (entry == "0") return "";
    std::string_view parts[4];
    std::size_t count = 0;
    std::size_t start = 0;
    while (count < 4) {
        const std::size_t dot = entry.find('.', start);
        parts[count++] = entry.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (dot == std::string_view::npos) break;
        start = dot + 1;
        if (count == 4) return entry_problem(index, entry, "has more than four parts");
    }
    if (count != 4) return entry_problem(index, entry, "must be 0 or attempts.flags.answer.seconds");
    std::uint32_t flags = 0;
    if (!read_count(parts[0], kMaxLessonAttempts, out.attempts))
        return entry_problem(index, entry, "has attempts that are not a whole number from 0 to " + std::to_string(kMaxLessonAttempts));
    if (!read_count(parts[1], 3, flags) || flags == 2)
        return entry_problem(index, entry, "has flags that are not 0, 1 or 3");
    out.passed = (flags & 1) != 0;
    out.first_try = (flags & 2) != 0;
    if (parts[2].empty() || !read_answer(parts[2], out))
        return entry_problem(index, entry, "has an answer that is not '-', a whole number from 0 to " +
                                               std::to_string(kMaxLessonChoiceIndex) +
                                               ", 's' and a mask, 'v' and values, or a prediction 'm' or 'k'");
    if (!read_count(parts[3], kMaxLessonSeconds, out.seconds))
        return entry_problem(index, entry, "has seconds that are not a whole number from 0 to " + std::to_string(kMaxLessonSeconds));
    if (out.passed && out.attempts == 0) return entry_problem(index, entry, "says passed with no attempt");
    return "";
}

}  // namespace

std::string encode_lesson_progress(const LessonProgress& progress) {
    bool any = false;
    for (const StepProgress& p : progress) any = any || p != StepProgress{};
    if (!any) return "";
    std::string out;
    for (std::size_t i = 0; i < progress.size(); ++i) out += (i ? "_" : "") + entry_text(progress[i]);
    return out;
}

std::string read_lesson_progress(std::string_view text, LessonProgress& out) {
    LessonProgress read;
    if (text.empty()) {
        out.clear();
        return "";
    }
    std::size_t start = 0;
    while (true) {
        if (read.size() == kMaxLessonStepCount)
            return "it may hold at most " + std::to_string(kMaxLessonStepCount) + " steps, but it has more";
        const std::size_t end = text.find('_', start);
        const std::string_view entry = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        StepProgress step;
        const std::string problem = read_entry(read.size(), entry, step);
        if (!problem.empty()) return problem;
        read.push_back(step);
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    out = std::move(read);
    return "";
}

std::string lesson_progress_problem(const LessonProgress& progress) {
    LessonProgress round_trip;
    const std::string text = encode_lesson_progress(progress);
    if (progress.size() > kMaxLessonStepCount)
        return "it may hold at most " + std::to_string(kMaxLessonStepCount) + " steps, but it has " + std::to_string(progress.size());
    return read_lesson_progress(text, round_trip);
}

}  // namespace pl
