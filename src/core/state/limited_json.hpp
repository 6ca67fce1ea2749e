// Reading JSON from people (a state file, a lesson) without exceptions and with limits: at most
// `max_values` values and `max_depth` levels of nesting, and the parse error as a sentence that names
// the line and column. The state reader (state_json.cpp) and the lesson reader (lesson.cpp) share it.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace pl {

struct JsonLimits {
    std::size_t max_values;
    std::size_t max_depth;
};

// "" and `out` filled, or a sentence that starts with `source` ("The lesson could not be read: parse
// error at line 2, column 5: ...", "The JSON state is nested too deeply (more than 32 levels).").
std::string parse_limited_json(std::string_view text, nlohmann::json& out, std::string_view source, const JsonLimits& limits);

// A value as a message names it: "\"text\"" (quoted, shortened), true, null, "a list", "an object", 12, 0.5.
std::string describe_json_value(const nlohmann::json& value);

}  // namespace pl
