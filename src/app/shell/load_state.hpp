// Loading a shared state (link, bare fragment or full-state JSON) into the running widget, with the
// rule every entry point follows: a bad input never changes the current state; it shows a message.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace pl::app {
class App;
// Returns "" on success, else the message that was also shown to the user.
std::string load_into(App& app, std::string_view text);
// Opens a lesson: a built-in lesson's id, or an instructor's lesson as JSON (lesson.hpp). apply_step:
// set the step up (a fresh start); false when the state already holds the student's work at that step
// (a link or a reload). A lesson with any problem is refused as a whole and nothing changes.
std::string open_lesson_into(App& app, std::string_view id_or_json, std::size_t step, bool apply_step);
}  // namespace pl::app
