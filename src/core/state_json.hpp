// The widget state as JSON (the JS handle's state(), the JSON export/import). Field names are part of
// the documented JS handle: see README "The JS handle".
#pragma once
#include <string>

#include "widget_state.hpp"

namespace pl {
std::string state_to_json(const WidgetState& state);
}  // namespace pl
