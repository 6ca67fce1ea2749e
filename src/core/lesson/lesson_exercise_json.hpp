// The JSON of the version 2 exercise keys (lesson_exercise.hpp), read and written for lesson.cpp.
// Private to src/core/lesson: only lesson.cpp and lesson_exercise_json.cpp include it. Each reader
// returns "" or the problem as the end of a sentence ("\"tolerance\" must be a number >= 0, but it is
// \"x\"") that lesson.cpp puts after "Step 3: ".
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/lesson/lesson_exercise.hpp"

namespace pl::lesson_json {

std::string read_number_key(const nlohmann::json& value, NumberKey& out);
std::string read_vector_key(const nlohmann::json& value, VectorKey& out);
std::string read_max_attempts(const nlohmann::json& value, std::uint32_t& out);
// "answers": distinct indices below `choices`, at least one; written ascending.
std::string read_answers(const nlohmann::json& value, std::size_t choices, std::vector<std::size_t>& out);

nlohmann::ordered_json number_key_json(const NumberKey& key);
nlohmann::ordered_json vector_key_json(const VectorKey& key);

}  // namespace pl::lesson_json
