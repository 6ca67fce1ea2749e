// The JSON state as a structure, for the writers that extend it (core/facts/snapshot_json.cpp adds the
// learner's and the theory's numbers): built once as an object, dumped once, never patched as text.
// nlohmann/json is used only through calls that do not throw (the Emscripten build aborts on a throw).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/state/widget_state.hpp"

namespace pl {

using OrderedJson = nlohmann::ordered_json;

// The state as state_to_json writes it; `lists` false leaves out what grows with the data (the light
// snapshot's form).
OrderedJson state_object(const WidgetState& state, bool lists = true);
// A finite number, or null (JSON has no NaN or infinity).
OrderedJson json_number(double value);
// Compact text; invalid UTF-8 is replaced, never thrown on.
std::string dump_json(const OrderedJson& json);

}  // namespace pl
