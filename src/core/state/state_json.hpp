// The widget state as JSON: the JS handle's state() (snapshot_json), the JSON export, and load(obj)
// (state_from_json). Field names are part of the documented JS handle (docs/reference.md "The JS handle", "JSON state").
// Driven by the same property table as the link (state_table.hpp), with the same checks and messages.
//
// state_to_json: {"version":1, "points":[[x,y],...], "labels":[1,-1,...], "dim":2,
//   "heldOut":{"points":[...],"labels":[...]} (the test points; the dimension is "dim"), "algorithm":"perceptron",
//   "bias":"absorbed", "order", "init", "seed", "eta", "maxEpochs", "lift",
//   "kernel":{"type","degree","coef0","sigma","gamma","scale","theta"}, "outlierThreshold", "logisticDecay",
//   "view":{"cx","cy","span"}, "panels":{"controls","theory","plots","liftView","marginBand","maxMargin",
//   "hulls","field","trail","dark","data","training","kernel","show","share","highContrast","textSize"},
//   "editPolicy":"reset"|"continue", "activeLabel":1|-1, "onlineMode", "readonly", "trainedVisits", "preset",
//   "lesson", "lessonStep", "hand":{"on","w1","w2","k"}}
//   Doubles are written in the shortest form that reads back exactly; non-finite numbers as null. A seed
//   above 2^53 (which JavaScript numbers cannot hold exactly) is written as a decimal string.
// snapshot_json (core/facts/snapshot_json.hpp) adds what the learner and the theory show.
#pragma once
#include <string>
#include <string_view>

#include "core/state/state_codec.hpp"
#include "core/state/widget_state.hpp"

namespace pl {

// Limits (kMaxJsonLength, kMaxJsonValues, kMaxJsonDepth) are in limits.hpp.
std::string state_to_json(const WidgetState& state);
// The training settings alone, with the names and nesting state_to_json gives them: {"algorithm",
// "bias", "order", "init", "seed", "eta", "maxEpochs", "lift", "kernel":{...}, "outlierThreshold",
// "logisticDecay"} (perceptron-cli's --json "config").
std::string training_settings_json(const TrainConfig& config);
// Reads what state_to_json/snapshot_json write, or any subset of it: missing keys take the values of
// default_link_state() (not of some current state), "version" may be left out (1). Points and labels
// go together; "dim" is optional (the length of the first point, else 2). Points are kept exactly as
// given (no grid rounding: JSON carries full doubles). Unknown keys are ignored with a warning.
// Never throws (the Emscripten build cannot catch): parse errors come back with line and column.
DecodeResult state_from_json(std::string_view json);

}  // namespace pl
