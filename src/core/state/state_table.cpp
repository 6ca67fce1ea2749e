// The checks and messages every reader of the property table shares (state_table.hpp): the link and
// JSON codecs, validate_state and perceptron-cli, so each way in says the same sentence.
#include "core/state/state_table.hpp"

#include <cmath>
#include <cstdio>

#include "core/base/decimal.hpp"

namespace pl::state_table {

std::string cli_flag(std::string_view json_name) {
    std::string flag = "--";
    for (char c : json_name) {
        if (c == '.') {
            flag += '-';
        } else if (c >= 'A' && c <= 'Z') {
            flag += '-';
            flag += static_cast<char>(c - 'A' + 'a');
        } else {
            flag += c;
        }
    }
    return flag;
}

// [SECTION] Rules and problems
std::string whole_rule(const WholeRange& range) {
    if (range.max == UINT64_MAX) return "a whole number of at least " + std::to_string(range.min);
    return "a whole number from " + std::to_string(range.min) + " to " + std::to_string(range.max);
}

std::string real_rule(const RealRange& range) {
    if (range.min == -range.max)
        return "a number between " + shortest_decimal(range.min) + " and " + shortest_decimal(range.max);
    return std::string("a number ") + (range.min_open ? "greater than " : "of at least ") + shortest_decimal(range.min) +
           " and at most " + shortest_decimal(range.max);
}

std::string real_problem(double value, const RealRange& range) {
    if (!std::isfinite(value)) return "it must be " + real_rule(range) + ", but it is not a finite number";
    const bool below = range.min_open ? !(value > range.min) : value < range.min;
    if (below || value > range.max) return "it must be " + real_rule(range) + ", but it is " + shortest_decimal(value);
    return {};
}

std::string whole_problem(bool negative, std::uint64_t magnitude, const WholeRange& range) {
    if (negative && magnitude != 0)
        return "it must be " + whole_rule(range) + ", but it is -" + std::to_string(magnitude);
    if (magnitude < range.min || magnitude > range.max)
        return "it must be " + whole_rule(range) + ", but it is " + std::to_string(magnitude);
    return {};
}

std::string label_problem(double value) {
    if (value == 1.0 || value == -1.0) return {};
    return "it must be 1 or -1, but it is " + shortest_decimal(value);
}

std::string text_problem(std::string_view text) {
    if (text.size() > kMaxPresetLength)
        return "it may be at most " + std::to_string(kMaxPresetLength) + " bytes long, but it has " +
               std::to_string(text.size());
    for (char c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "it contains a control character";
    return {};
}

std::string points_problem(const Dataset& data) {
    if (data.dim < 1 || data.dim > kMaxDimension)
        return "The points have dimension " + std::to_string(data.dim) + "; the widget handles 1 to " +
               std::to_string(kMaxDimension) + ".";
    if (data.size() > kMaxPoints)
        return "There are " + std::to_string(data.size()) + " points; the widget holds at most " +
               std::to_string(kMaxPoints) + ".";
    const std::string structure = validate(data);
    if (!structure.empty()) return "The data is not valid: " + structure + ".";
    for (std::size_t i = 0; i < data.size(); ++i)
        for (double v : data.points[i])
            if (std::fabs(v) > kMaxAbsCoordinate)
                return "Point " + std::to_string(i + 1) + " has a coordinate beyond +-" +
                       shortest_decimal(kMaxAbsCoordinate) + ".";
    return {};
}

std::string bad_value(std::string_view source, std::string_view what, std::string_view name,
                      std::string_view problem) {
    std::string out(source);
    out += " has a bad value for ";
    out += what;
    out += " (";
    out += name;
    out += "): ";
    out += problem;
    out += '.';
    return out;
}

std::string newer_version_message(std::string_view source, std::string_view version_text) {
    return std::string(source) + " was made by a newer version of Perceptron Lab (v=" + std::string(version_text) +
           "); this widget reads v=" + std::to_string(kStateVersion) +
           ". Open it with the newer page, or ask for a link made by this one.";
}

// [SECTION] One value written as text
std::string whole_text_problem(std::string_view text, const WholeRange& range, std::uint64_t& out) {
    bool negative = false;
    std::uint64_t magnitude = 0;
    if (!parse_whole(text, negative, magnitude)) return "it must be " + whole_rule(range) + ", but it is " + quote_text(text);
    std::string problem = whole_problem(negative, magnitude, range);
    if (problem.empty()) out = magnitude;
    return problem;
}

std::string read_real(std::string_view text, double& out, const RealRange& range) {
    double value = 0;
    if (!parse_real(text, value)) return "it must be " + real_rule(range) + ", but it is " + quote_text(text);
    std::string problem = real_problem(value, range);
    if (problem.empty()) out = value;
    return problem;
}

std::string read_label(std::string_view text, int& out) {
    if (text == "1" || text == "+1") out = 1;
    else if (text == "-1") out = -1;
    else return "it must be 1 or -1, but it is " + quote_text(text);
    return {};
}

std::string read_flag(std::string_view text, bool& out) {
    if (text == "1" || text == "true") out = true;
    else if (text == "0" || text == "false") out = false;
    else return "it must be 1 (on) or 0 (off), but it is " + quote_text(text);
    return {};
}

std::string read_text(std::string_view text, std::string& out) {
    std::string problem = text_problem(text);
    if (problem.empty()) out = std::string(text);
    return problem;
}

// Plain decimal syntax with an optional '+' or '-' (decimal.hpp); at most 64 characters.
bool parse_real(std::string_view text, double& out) {
    if (text.empty() || text.size() > 64 || !is_plain_decimal(text, true)) return false;
    out = decimal_to_double(text);  // overflow gives +-HUGE_VAL, which real_problem reports
    return true;
}

bool parse_whole(std::string_view text, bool& negative, std::uint64_t& magnitude) {
    negative = false;
    magnitude = 0;
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text.empty() || text.size() > 20) return false;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (magnitude > (UINT64_MAX - digit) / 10) return false;  // does not fit in 64 bits
        magnitude = magnitude * 10 + digit;
    }
    return true;
}

// [SECTION] Text helpers
std::string quote_text(std::string_view text) {
    if (text.empty()) return "empty";
    std::string out = "\"";
    std::size_t shown = 0;
    for (char c : text) {
        if (++shown > 40) { out += "..."; break; }
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\') {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned>(byte));
            out += hex;
        } else {
            out += c;
        }
    }
    out += '"';
    return out;
}

std::string sanitized_preset(std::string_view preset) {
    std::string out(preset.substr(0, kMaxPresetLength));
    // Do not cut a UTF-8 character in half: drop continuation bytes (and their lead) left at the end.
    if (preset.size() > kMaxPresetLength) {
        std::size_t end = out.size();
        while (end > 0 && (static_cast<unsigned char>(out[end - 1]) & 0xC0) == 0x80) --end;
        if (end > 0 && static_cast<unsigned char>(out[end - 1]) >= 0xC0) out.resize(end - 1);
    }
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return out;
}

}  // namespace pl::state_table
