// The URL fragment codec. Sections: names and checks shared with state_json.cpp; the point packing;
// the writer and reader visitors over the property table (state_codec.hpp); validate_state.
#include "state_codec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <utility>

#include "base64url.hpp"
#include "decimal.hpp"
#include "names.hpp"

namespace pl {

// [SECTION] EditPolicy names
std::string_view to_string(EditPolicy value) { return value == EditPolicy::Continue ? "continue" : "reset"; }

bool parse(std::string_view text, EditPolicy& out) {
    auto lower = [](std::string_view s) {
        std::string r(s);
        for (char& c : r) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        return r;
    };
    const std::string t = lower(text);
    if (t == "reset") { out = EditPolicy::Reset; return true; }
    if (t == "continue") { out = EditPolicy::Continue; return true; }
    return false;
}

namespace state_table {

// [SECTION] Numbers as text
std::string format_number(double value) {
    char buffer[40];
    for (int digits = 15; digits <= 17; ++digits) {
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
        if (digits == 17 || std::strtod(buffer, nullptr) == value) break;
    }
    std::string out;
    for (const char* p = buffer; *p; ++p)
        if (*p != '+') out += *p;  // "1e+20" -> "1e20": a '+' is fragile in URLs (form decoders make it a space)
    return out;
}

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
}  // namespace

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
        if (!is_digit(c)) return false;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (magnitude > (UINT64_MAX - digit) / 10) return false;  // does not fit in 64 bits
        magnitude = magnitude * 10 + digit;
    }
    return true;
}

// [SECTION] Checks and messages
std::string whole_rule(std::uint64_t min, std::uint64_t max) {
    if (max == UINT64_MAX) return "a whole number of at least " + std::to_string(min);
    return "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
}

std::string real_rule(const RealRange& range) {
    if (range.min == -range.max) return "a number between " + format_number(range.min) + " and " + format_number(range.max);
    return std::string("a number ") + (range.min_open ? "greater than " : "of at least ") + format_number(range.min) +
           " and at most " + format_number(range.max);
}

std::string real_problem(double value, const RealRange& range) {
    if (!std::isfinite(value)) return "it must be " + real_rule(range) + ", but it is not a finite number";
    const bool below = range.min_open ? !(value > range.min) : value < range.min;
    if (below || value > range.max) return "it must be " + real_rule(range) + ", but it is " + format_number(value);
    return {};
}

std::string whole_problem(bool negative, std::uint64_t magnitude, std::uint64_t min, std::uint64_t max) {
    if (negative && magnitude != 0)
        return "it must be " + whole_rule(min, max) + ", but it is -" + std::to_string(magnitude);
    if (magnitude < min || magnitude > max)
        return "it must be " + whole_rule(min, max) + ", but it is " + std::to_string(magnitude);
    return {};
}

std::string label_problem(double value) {
    if (value == 1.0 || value == -1.0) return {};
    return "it must be 1 or -1, but it is " + format_number(value);
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
    if (data.dim < 1 || data.dim > kMaxDim)
        return "The points have dimension " + std::to_string(data.dim) + "; the widget handles 1 to " +
               std::to_string(kMaxDim) + ".";
    if (data.size() > kMaxPoints)
        return "There are " + std::to_string(data.size()) + " points; the widget holds at most " +
               std::to_string(kMaxPoints) + ".";
    const std::string structure = validate(data);
    if (!structure.empty()) return "The data is not valid: " + structure + ".";
    for (std::size_t i = 0; i < data.size(); ++i)
        for (double v : data.points[i])
            if (std::fabs(v) > kMaxAbsCoordinate)
                return "Point " + std::to_string(i + 1) + " has a coordinate beyond +-" +
                       format_number(kMaxAbsCoordinate) + ".";
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

std::string newer_version_message(std::string_view source, std::string_view version_text) {
    return std::string(source) + " was made by a newer version of Perceptron Lab (v=" + std::string(version_text) +
           "); this widget reads v=" + std::to_string(kStateVersion) +
           ". Open it with the newer page, or ask for a link made by this one.";
}

template <class E>
std::string name_problem(std::string_view text) {
    std::string choices;
    if constexpr (std::is_same_v<E, EditPolicy>) {
        choices = "reset|continue";
    } else {
        choices = names_list<E>();
    }
    return "it must be one of " + choices + ", but it is " + quote_text(text);
}
template std::string name_problem<Algorithm>(std::string_view);
template std::string name_problem<BiasMode>(std::string_view);
template std::string name_problem<Order>(std::string_view);
template std::string name_problem<Init>(std::string_view);
template std::string name_problem<LiftKind>(std::string_view);
template std::string name_problem<KernelType>(std::string_view);
template std::string name_problem<EditPolicy>(std::string_view);

}  // namespace state_table

using namespace state_table;

// [SECTION] Point packing: grid integers, delta + zig-zag + LEB128 varints, labels as bits
namespace {

constexpr std::int64_t kMaxGridValue = static_cast<std::int64_t>(kMaxAbsCoordinate * 1024.0);
constexpr const char* kDamaged = "The link is damaged: the point data ";

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<std::uint8_t>((value & 0x7F) | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(value));
}

// Small magnitudes of either sign become small unsigned numbers: 0,-1,1,-2,... -> 0,1,2,3,...
std::uint64_t zigzag(std::int64_t v) {
    return v < 0 ? (static_cast<std::uint64_t>(-(v + 1)) << 1) | 1u : static_cast<std::uint64_t>(v) << 1;
}
std::int64_t unzigzag(std::uint64_t u) {
    const auto half = static_cast<std::int64_t>(u >> 1);
    return (u & 1u) ? -half - 1 : half;
}

std::int64_t to_grid(double x) {
    if (!std::isfinite(x)) return 0;
    const double clamped = std::min(std::max(x, -kMaxAbsCoordinate), kMaxAbsCoordinate);
    return static_cast<std::int64_t>(std::round(clamped * 1024.0));  // round: ties away from zero, as snap_to_grid
}

struct ByteReader {
    const std::vector<std::uint8_t>& bytes;
    std::size_t pos = 0;
    std::size_t left() const { return bytes.size() - pos; }

    // "" when a canonical varint of at most 64 bits was read; else what went wrong.
    const char* varint(std::uint64_t& out) {
        out = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= bytes.size()) return "ends in the middle of a point.";
            const std::uint8_t byte = bytes[pos++];
            const std::uint64_t bits = byte & 0x7Fu;
            if (shift == 63 && bits > 1) return "contains a malformed number.";  // more than 64 bits
            out |= bits << shift;
            if (!(byte & 0x80)) return (byte == 0 && shift > 0) ? "contains a malformed number." : "";
        }
        return "contains a malformed number.";
    }
};

}  // namespace

std::string encode_points(const Dataset& data) {
    std::vector<std::uint8_t> bytes;
    const auto dim = static_cast<std::size_t>(std::max(data.dim, 0));
    bytes.reserve(4 + data.size() / 8 + data.size() * dim * 2);
    put_varint(bytes, dim);
    put_varint(bytes, data.size());
    for (std::size_t i = 0; i < data.size(); i += 8) {
        std::uint8_t bits = 0;
        for (std::size_t j = i; j < std::min(i + 8, data.size()); ++j)
            if (j < data.labels.size() && data.labels[j] > 0) bits = static_cast<std::uint8_t>(bits | (1u << (j - i)));
        bytes.push_back(bits);
    }
    std::vector<std::int64_t> previous(dim, 0);
    for (const Vec& p : data.points)
        for (std::size_t c = 0; c < dim; ++c) {
            const std::int64_t q = to_grid(c < p.size() ? p[c] : 0.0);
            put_varint(bytes, zigzag(q - previous[c]));
            previous[c] = q;
        }
    return base64url_encode(bytes);
}

std::string decode_points(std::string_view text, Dataset& out) {
    if (text.empty()) return std::string(kDamaged) + "is empty.";
    std::vector<std::uint8_t> bytes;
    if (!base64url_decode(text, bytes))
        return std::string(kDamaged) + "has characters that cannot be there, or it was cut short.";
    ByteReader in{bytes};
    std::uint64_t dim = 0, n = 0;
    if (const char* e = in.varint(dim); *e) return std::string(kDamaged) + e;
    if (dim < 1 || dim > static_cast<std::uint64_t>(kMaxDim))
        return "The link's points have dimension " + std::to_string(dim) + "; the widget handles 1 to " +
               std::to_string(kMaxDim) + ".";
    if (const char* e = in.varint(n); *e) return std::string(kDamaged) + e;
    if (n > kMaxPoints)
        return "The link holds " + std::to_string(n) + " points; the widget holds at most " +
               std::to_string(kMaxPoints) + ".";
    const std::size_t count = static_cast<std::size_t>(n), label_bytes = (count + 7) / 8;
    if (in.left() < label_bytes) return std::string(kDamaged) + "ends in the middle of the labels.";
    // Every coordinate takes at least one byte: checking this first bounds the memory we reserve.
    if (in.left() - label_bytes < count * dim) return std::string(kDamaged) + "ends in the middle of a point.";
    Dataset data;
    data.dim = static_cast<int>(dim);
    data.labels.resize(count);
    for (std::size_t i = 0; i < count; ++i)
        data.labels[i] = (bytes[in.pos + i / 8] >> (i % 8)) & 1u ? 1 : -1;
    if (count % 8 != 0 && (bytes[in.pos + label_bytes - 1] >> (count % 8)) != 0)
        return std::string(kDamaged) + "has stray bits after the last label.";
    in.pos += label_bytes;
    data.points.assign(count, Vec(static_cast<std::size_t>(dim), 0.0));
    std::vector<std::int64_t> previous(static_cast<std::size_t>(dim), 0);
    for (std::size_t i = 0; i < count; ++i)
        for (std::size_t c = 0; c < dim; ++c) {
            std::uint64_t coded = 0;
            if (const char* e = in.varint(coded); *e) return std::string(kDamaged) + e;
            const std::int64_t delta = unzigzag(coded);
            // |delta| <= 2 * kMaxGridValue for any valid pair, so the sum below cannot overflow.
            if (delta > 2 * kMaxGridValue || delta < -2 * kMaxGridValue || std::llabs(previous[c] + delta) > kMaxGridValue)
                return "The link is damaged: point " + std::to_string(i + 1) + " has a coordinate beyond +-" +
                       format_number(kMaxAbsCoordinate) + ".";
            previous[c] += delta;
            data.points[i][c] = static_cast<double>(previous[c]) / 1024.0;  // exact: a multiple of kGridStep
        }
    if (in.left() != 0) return std::string(kDamaged) + "has extra bytes after the last point.";
    out = std::move(data);
    return {};
}

// [SECTION] Defaults
WidgetState default_link_state() {
    WidgetState state;
    state.data = make_preset(Preset::Lecture4);
    state.preset = std::string(to_string(Preset::Lecture4));
    return state;
}

// [SECTION] Writing a fragment
namespace {

bool is_unreserved(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '-' || c == '.' || c == '_' ||
           c == '~';
}

std::string percent_encode(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : text) {
        if (is_unreserved(c)) {
            out += c;
        } else {
            const auto byte = static_cast<unsigned char>(c);
            out += '%';
            out += kHex[byte >> 4];
            out += kHex[byte & 15];
        }
    }
    return out;
}

using Pairs = std::vector<std::pair<std::string_view, std::string>>;

struct FragmentWriter {
    Pairs out;
    void points(const Dataset& data) { out.emplace_back("d", encode_points(data)); }
    template <class E>
    void name(const Key& key, const E& value) { out.emplace_back(key.url, std::string(to_string(value))); }
    template <class T>
    void whole(const Key& key, const T& value, std::uint64_t, std::uint64_t) {
        out.emplace_back(key.url, std::to_string(value));
    }
    void real(const Key& key, const double& value, const RealRange&) { out.emplace_back(key.url, format_number(value)); }
    void label(const Key& key, const int& value) { out.emplace_back(key.url, value > 0 ? "1" : "-1"); }
    void flag(const Key& key, const bool& value) { out.emplace_back(key.url, value ? "1" : "0"); }
    void text(const Key& key, const std::string& value) { out.emplace_back(key.url, percent_encode(sanitized_preset(value))); }
};

Pairs fragment_pairs(const WidgetState& state) {
    FragmentWriter writer;
    visit_properties(state, writer);
    return std::move(writer.out);
}

}  // namespace

std::string encode_fragment(const WidgetState& state, FragmentStyle style) {
    static const Pairs defaults = fragment_pairs(default_link_state());
    const Pairs pairs = fragment_pairs(state);
    std::string out;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const bool is_default = pairs[i].first != "d" && pairs[i].second == defaults[i].second;
        if (style == FragmentStyle::Short && is_default) continue;
        out += pairs[i].first;
        out += '=';
        out += pairs[i].second;
        out += '&';
    }
    out += "v=" + std::to_string(kStateVersion);  // last: the end mark (see the header)
    return out;
}

// [SECTION] Reading a fragment
namespace {

constexpr std::string_view kLink = "The link";

struct Pair {
    std::string key, value;
    bool used = false;
};

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool percent_decode(std::string_view text, std::string& out) {
    out.clear();
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size()) return false;
        const int high = hex_value(text[i + 1]), low = hex_value(text[i + 2]);
        if (high < 0 || low < 0) return false;
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return true;
}

struct FragmentReader {
    std::vector<Pair>& pairs;
    std::string error;

    const std::string* take(std::string_view key) {
        if (!error.empty()) return nullptr;  // the first error is the one reported
        for (Pair& p : pairs)
            if (p.key == key) {
                p.used = true;
                return &p.value;
            }
        return nullptr;
    }
    void fail(const Key& key, const std::string& problem) { error = bad_value(kLink, key.what, key.url, problem); }

    void points(Dataset& data) {
        if (const std::string* value = take("d")) {
            Dataset decoded;
            error = decode_points(*value, decoded);
            if (error.empty()) data = std::move(decoded);
        }
    }
    template <class E>
    void name(const Key& key, E& value) {
        if (const std::string* text = take(key.url))
            if (!parse(*text, value)) fail(key, name_problem<E>(*text));
    }
    template <class T>
    void whole(const Key& key, T& value, std::uint64_t min, std::uint64_t max) {
        const std::string* text = take(key.url);
        if (!text) return;
        bool negative = false;
        std::uint64_t magnitude = 0;
        if (!parse_whole(*text, negative, magnitude)) {
            fail(key, "it must be " + whole_rule(min, max) + ", but it is " + quote_text(*text));
            return;
        }
        const std::string problem = whole_problem(negative, magnitude, min, max);
        if (!problem.empty()) return fail(key, problem);
        value = static_cast<T>(magnitude);
    }
    void real(const Key& key, double& value, const RealRange& range) {
        const std::string* text = take(key.url);
        if (!text) return;
        double parsed = 0;
        if (!parse_real(*text, parsed)) return fail(key, "it must be " + real_rule(range) + ", but it is " + quote_text(*text));
        const std::string problem = real_problem(parsed, range);
        if (!problem.empty()) return fail(key, problem);
        value = parsed;
    }
    void label(const Key& key, int& value) {
        const std::string* text = take(key.url);
        if (!text) return;
        if (*text == "1" || *text == "+1") value = 1;
        else if (*text == "-1") value = -1;
        else fail(key, "it must be 1 or -1, but it is " + quote_text(*text));
    }
    void flag(const Key& key, bool& value) {
        const std::string* text = take(key.url);
        if (!text) return;
        if (*text == "1" || *text == "true") value = true;
        else if (*text == "0" || *text == "false") value = false;
        else fail(key, "it must be 1 (on) or 0 (off), but it is " + quote_text(*text));
    }
    void text(const Key& key, std::string& value) {
        const std::string* text = take(key.url);
        if (!text) return;
        const std::string problem = text_problem(*text);
        if (!problem.empty()) return fail(key, problem);
        value = *text;
    }
};

DecodeResult failure(std::string message) {
    DecodeResult result;
    result.ok = false;
    result.state = default_link_state();
    result.error = std::move(message);
    return result;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

DecodeResult decode_fragment(std::string_view text) {
    if (text.size() > kMaxLinkLength)
        return failure("The link is too long (" + std::to_string(text.size()) + " characters); the widget reads at most " +
                       std::to_string(kMaxLinkLength) + ".");
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    if (const std::size_t hash = text.find('#'); hash != std::string_view::npos) {
        text.remove_prefix(hash + 1);
    } else if (text.find("://") != std::string_view::npos) {
        return failure("The link has no '#' part, so it holds no widget state.");
    }
    if (text.empty()) {
        DecodeResult result;
        result.ok = true;
        result.state = default_link_state();
        return result;
    }

    // Split into key=value pairs. Empty pieces ("a=1&&b=2", a trailing '&') are skipped.
    std::vector<Pair> pairs;
    while (!text.empty()) {
        const std::size_t amp = text.find('&');
        const std::string_view piece = text.substr(0, amp);
        text.remove_prefix(amp == std::string_view::npos ? text.size() : amp + 1);
        if (piece.empty()) continue;
        if (pairs.size() >= kMaxPairs)
            return failure("The link has too many settings (more than " + std::to_string(kMaxPairs) + ").");
        const std::size_t eq = piece.find('=');
        if (eq == std::string_view::npos)
            return failure("The link is damaged: the part " + quote_text(piece) + " is not of the form name=value.");
        if (eq == 0) return failure("The link is damaged: the part " + quote_text(piece) + " has no name before '='.");
        Pair pair;
        if (!percent_decode(piece.substr(0, eq), pair.key) || !percent_decode(piece.substr(eq + 1), pair.value))
            return failure("The link is damaged: a '%' in it is not followed by two hexadecimal digits.");
        for (const Pair& earlier : pairs)
            if (earlier.key == pair.key) return failure("The link is damaged: it gives " + quote_text(pair.key) + " twice.");
        pairs.push_back(std::move(pair));
    }

    // The version mark first: a newer link's other keys may mean something else.
    const Pair* version = nullptr;
    for (Pair& p : pairs)
        if (p.key == "v") {
            p.used = true;
            version = &p;
        }
    if (!version)
        return failure("The link is incomplete: it has no version mark (v=" + std::to_string(kStateVersion) +
                       ") at its end, so it was probably cut off when it was copied.");
    bool negative = false;
    std::uint64_t v = 0;
    if (!parse_whole(version->value, negative, v) || negative || v == 0)
        return failure("The link is damaged: its version mark should be v=" + std::to_string(kStateVersion) +
                       ", but it is v=" + quote_text(version->value) + ".");
    if (v > static_cast<std::uint64_t>(kStateVersion)) return failure(newer_version_message(kLink, version->value));

    DecodeResult result;
    result.state = default_link_state();
    FragmentReader reader{pairs, {}};
    visit_properties(result.state, reader);
    if (!reader.error.empty()) return failure(std::move(reader.error));

    std::size_t unknown = 0;
    for (const Pair& p : pairs) {
        if (p.used) continue;
        if (++unknown <= kMaxWarnings)
            result.warnings.push_back("Ignored the setting " + quote_text(p.key) + ": this version does not know it.");
    }
    if (unknown > kMaxWarnings)
        result.warnings.push_back("... and " + std::to_string(unknown - kMaxWarnings) + " more unknown settings.");
    result.ok = true;
    return result;
}

// [SECTION] validate_state: the same checks, on a state already in memory
namespace {

struct Validator {
    std::string error;
    void fail(const Key& key, const std::string& problem) {
        if (error.empty() && !problem.empty()) error = bad_value("The state", key.what, key.url, problem);
    }
    void points(const Dataset& data) {
        if (error.empty()) error = points_problem(data);
    }
    template <class E>
    void name(const Key& key, const E& value) {
        E parsed{};
        if (!parse(to_string(value), parsed) || parsed != value) fail(key, "it is not a known value");
    }
    template <class T>
    void whole(const Key& key, const T& value, std::uint64_t min, std::uint64_t max) {
        if constexpr (std::is_signed_v<T>) {
            if (value < 0) return fail(key, whole_problem(true, static_cast<std::uint64_t>(-static_cast<std::int64_t>(value)), min, max));
        }
        fail(key, whole_problem(false, static_cast<std::uint64_t>(value), min, max));
    }
    void real(const Key& key, const double& value, const RealRange& range) { fail(key, real_problem(value, range)); }
    void label(const Key& key, const int& value) { fail(key, label_problem(value)); }
    void flag(const Key&, const bool&) {}
    void text(const Key& key, const std::string& value) { fail(key, text_problem(value)); }
};

}  // namespace

std::string validate_state(const WidgetState& state) {
    Validator validator;
    visit_properties(state, validator);
    return validator.error;
}

}  // namespace pl
