#include "core/state/limited_json.hpp"

#include "core/base/decimal.hpp"
#include "core/state/state_table.hpp"

namespace pl {

namespace {
using Json = nlohmann::json;

// Forwards every SAX event to nlohmann's DOM builder, counting values and nesting depth, and keeps the
// parse error (nlohmann's message carries the line and column) instead of throwing it.
class LimitedParser {
public:
    LimitedParser(Json& root, std::string_view source, const JsonLimits& limits) : dom_(root, false), source_(source), limits_(limits) {}
    std::string error;

    bool null() { return count() && dom_.null(); }
    bool boolean(bool v) { return count() && dom_.boolean(v); }
    bool number_integer(Json::number_integer_t v) { return count() && dom_.number_integer(v); }
    bool number_unsigned(Json::number_unsigned_t v) { return count() && dom_.number_unsigned(v); }
    bool number_float(Json::number_float_t v, const Json::string_t& s) { return count() && dom_.number_float(v, s); }
    bool string(Json::string_t& v) { return count() && dom_.string(v); }
    bool binary(Json::binary_t& v) { return count() && dom_.binary(v); }
    bool key(Json::string_t& k) { return dom_.key(k); }
    bool start_object(std::size_t n) { return enter() && dom_.start_object(n); }
    bool end_object() { --depth_; return dom_.end_object(); }
    bool start_array(std::size_t n) { return enter() && dom_.start_array(n); }
    bool end_array() { --depth_; return dom_.end_array(); }

    template <class Exception>
    bool parse_error(std::size_t, const std::string&, const Exception& ex) {
        std::string what = ex.what();  // "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
        const std::size_t close = what.find("] ");
        if (close != std::string::npos) what.erase(0, close + 2);
        if (!what.empty() && what.back() == '.') what.pop_back();
        // The message quotes the bytes it last read, which need not be valid UTF-8: keep it printable.
        for (char& c : what)
            if (static_cast<unsigned char>(c) >= 0x80) c = '?';
        error = std::string(source_) + " could not be read: " + what + ".";
        return false;
    }

private:
    bool count() {
        if (++values_ <= limits_.max_values) return true;
        error = std::string(source_) + " is too large: it has more than " + std::to_string(limits_.max_values) + " values.";
        return false;
    }
    bool enter() {
        if (++depth_ <= limits_.max_depth) return count();
        error = std::string(source_) + " is nested too deeply (more than " + std::to_string(limits_.max_depth) + " levels).";
        return false;
    }

    nlohmann::detail::json_sax_dom_parser<Json> dom_;
    std::string_view source_;
    JsonLimits limits_;
    std::size_t values_ = 0, depth_ = 0;
};
}  // namespace

std::string describe_json_value(const Json& value) {
    switch (value.type()) {
        case Json::value_t::string: return state_table::quote_text(value.get_ref<const Json::string_t&>());
        case Json::value_t::boolean: return value.get<bool>() ? "true" : "false";
        case Json::value_t::null: return "null";
        case Json::value_t::array: return "a list";
        case Json::value_t::object: return "an object";
        case Json::value_t::number_unsigned: return std::to_string(value.get<std::uint64_t>());
        case Json::value_t::number_integer: return std::to_string(value.get<std::int64_t>());
        case Json::value_t::number_float: return shortest_decimal(value.get<double>());
        default: return "something else";
    }
}

std::string parse_limited_json(std::string_view text, Json& out, std::string_view source, const JsonLimits& limits) {
    LimitedParser parser(out, source, limits);
    if (!Json::sax_parse(text.begin(), text.end(), &parser) || !parser.error.empty())
        return parser.error.empty() ? std::string(source) + " could not be read." : parser.error;
    return "";
}

}  // namespace pl
