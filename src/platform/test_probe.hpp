// The test build's recorder of what was drawn (see src/app/base/probe.hpp). Only compiled with
// PL_TEST_HOOKS; web_test_hooks.cpp hands its JSON to the browser tests.
#pragma once
#include <string>

namespace pl::probe {

// Starts recording (Dear ImGui's item hooks and a new-frame hook); safe to call again.
void install();
// The last complete frame: {"frame": n, "items": [...], "texts": [...]} (see test_probe.cpp).
std::string last_frame_json();

}  // namespace pl::probe
