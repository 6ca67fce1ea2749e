// Loading a shared state (link, bare fragment or full-state JSON) into the running widget, with the
// rule every entry point follows: a bad input never changes the current state; it shows a message.
#pragma once
#include <string>
#include <string_view>

namespace pl::app {
class App;
// Returns "" on success, else the message that was also shown to the user.
std::string load_into(App& app, std::string_view text);
}  // namespace pl::app
