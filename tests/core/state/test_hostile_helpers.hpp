// What the hostile-input tests share (test_hostile_inputs.cpp for points, words/test_hostile_words.cpp
// for messages): a substring check for messages, and a stopwatch with the time limit they hold a call to.
// Header-only; not a test file itself.
#pragma once
#include <chrono>
#include <string>

namespace pl::test {

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Seconds taken by f().
template <class F>
double seconds(F&& f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Under AddressSanitizer everything runs a few times slower; this limit is generous enough for that and
// still catches anything quadratic or stuck.
constexpr double kFewSeconds = 10.0;

}  // namespace pl::test
