// The URL fragment codec (state_codec.hpp): the writer and the reader over the property table
// (state_table.hpp), the pair syntax and the version mark, and validate_state. The points (`d`) are
// packed by state_codec_points.cpp.
#include "core/state/state_codec.hpp"

#include <cstdint>
#include <type_traits>
#include <utility>

#include "core/base/decimal.hpp"
#include "core/theory/held_out.hpp"
#include "core/words/words_state.hpp"

namespace pl {

using namespace state_table;

// [SECTION] Defaults
WidgetState default_link_state() { return default_widget_state(); }

// [SECTION] Writing a fragment
namespace {

bool is_unreserved(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
           c == '_' || c == '~';
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
    // Always one pair (encode_fragment compares pairs with the defaults by position); "" = no test points.
    void held_out(const Dataset& test, const Dataset&) { out.emplace_back("t", test.empty() ? std::string() : encode_points(test)); }
    template <class E>
    void name(const Key& key, const E& value) { out.emplace_back(key.link, std::string(to_string(value))); }
    template <class T>
    void whole(const Key& key, const T& value, const WholeRange&) { out.emplace_back(key.link, std::to_string(value)); }
    void real(const Key& key, const double& value, const RealRange&) { out.emplace_back(key.link, shortest_decimal(value)); }
    void label(const Key& key, const int& value) { out.emplace_back(key.link, value > 0 ? "1" : "-1"); }
    void flag(const Key& key, const bool& value) { out.emplace_back(key.link, value ? "1" : "0"); }
    void text(const Key& key, const std::string& value) { out.emplace_back(key.link, percent_encode(sanitized_preset(value))); }
    void progress(const Key& key, const LessonProgress& value) { out.emplace_back(key.link, encode_lesson_progress(value)); }
    void messages(const Key& key, const WordsData& words) { out.emplace_back(key.link, encode_messages(words)); }
};

Pairs fragment_pairs(const WidgetState& state) {
    FragmentWriter writer;
    visit_properties(state, writer);
    visit_words_properties(state, writer);
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
    void fail(const Key& key, const std::string& problem) {
        if (!problem.empty()) error = bad_value(kLink, key.what, key.link, problem);
    }

    void points(Dataset& data) {
        if (const std::string* value = take("d")) {
            Dataset decoded;
            error = decode_points(*value, decoded);
            if (error.empty()) data = std::move(decoded);
        }
    }
    // After points(): the test points must match the training points' dimension and fit beside them.
    void held_out(Dataset& test, const Dataset& data) {
        Dataset decoded;
        decoded.dim = data.dim;
        const std::string* value = take("t");
        if (value && !value->empty()) {
            if (std::string problem = decode_points(*value, decoded); !problem.empty()) {
                error = "In the test points (t): " + problem;
                return;
            }
            if (std::string problem = held_out_problem(data, decoded); !problem.empty()) {
                error = "The link's test points (t) do not fit: " + problem;
                return;
            }
        }
        if (error.empty()) test = std::move(decoded);
    }
    template <class E>
    void name(const Key& key, E& value) {
        if (const std::string* text = take(key.link)) fail(key, read_name(*text, value));
    }
    template <class T>
    void whole(const Key& key, T& value, const WholeRange& range) {
        if (const std::string* text = take(key.link)) fail(key, read_whole(*text, value, range));
    }
    void real(const Key& key, double& value, const RealRange& range) {
        if (const std::string* text = take(key.link)) fail(key, read_real(*text, value, range));
    }
    void label(const Key& key, int& value) {
        if (const std::string* text = take(key.link)) fail(key, read_label(*text, value));
    }
    void flag(const Key& key, bool& value) {
        if (const std::string* text = take(key.link)) fail(key, read_flag(*text, value));
    }
    void text(const Key& key, std::string& value) {
        if (const std::string* text = take(key.link)) fail(key, read_text(*text, value));
    }
    void progress(const Key& key, LessonProgress& value) {
        if (const std::string* text = take(key.link)) fail(key, read_lesson_progress(*text, value));
    }
    void messages(const Key& key, WordsData& words) {
        if (const std::string* text = take(key.link)) error = decode_messages(*text, words);
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
    visit_words_properties(result.state, reader);
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
        if (error.empty() && !problem.empty()) error = bad_value("The state", key.what, key.link, problem);
    }
    void points(const Dataset& data) {
        if (error.empty()) error = points_problem(data);
    }
    void held_out(const Dataset& test, const Dataset& data) {
        if (error.empty()) error = held_out_problem(data, test);
    }
    template <class E>
    void name(const Key& key, const E& value) {
        E parsed{};
        if (!parse(to_string(value), parsed) || parsed != value) fail(key, "it is not a known value");
    }
    template <class T>
    void whole(const Key& key, const T& value, const WholeRange& range) {
        if constexpr (std::is_signed_v<T>) {
            if (value < 0) return fail(key, whole_problem(true, static_cast<std::uint64_t>(-static_cast<std::int64_t>(value)), range));
        }
        fail(key, whole_problem(false, static_cast<std::uint64_t>(value), range));
    }
    void real(const Key& key, const double& value, const RealRange& range) { fail(key, real_problem(value, range)); }
    void label(const Key& key, const int& value) { fail(key, label_problem(value)); }
    void flag(const Key&, const bool&) {}
    void text(const Key& key, const std::string& value) { fail(key, text_problem(value)); }
    void progress(const Key& key, const LessonProgress& value) { fail(key, lesson_progress_problem(value)); }
    void messages(const Key&, const WordsData& words) {
        if (error.empty()) error = words_problem(words);
    }
};

}  // namespace

std::string validate_state(const WidgetState& state) {
    Validator validator;
    visit_properties(state, validator);
    visit_words_properties(state, validator);
    return validator.error;
}

}  // namespace pl
