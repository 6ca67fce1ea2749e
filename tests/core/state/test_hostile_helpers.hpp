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

// The limit only tells "done" from "stuck or quadratic" (speed is measured in bench/). AddressSanitizer
// runs everything a few times slower, and the test command runs that build beside the plain one on the
// same cores: a fresh-clone run once took 10.5 s there for a 2 s call, so that build gets a wider limit.
#if defined(__SANITIZE_ADDRESS__)
constexpr double kFewSeconds = 60.0;
#else
constexpr double kFewSeconds = 10.0;
#endif

}  // namespace pl::test
