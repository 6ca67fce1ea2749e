// What the widget drew last frame, for the browser tests of the test build (PL_TEST_HOOKS): every
// labelled ImGui item with its rectangle (through Dear ImGui's own test-engine hooks) and the texts
// the canvas draws into its draw list (status line, online verdict). In the release build the macro
// below is empty and none of this is compiled (src/platform/test_probe.cpp holds the recorder).
#pragma once
#include <string>

#include "imgui.h"

#ifdef PL_TEST_HOOKS
namespace pl::probe {
// role: what the text is ("status", "online"); min/max: its rectangle on screen (logical pixels).
void canvas_text(const char* role, const std::string& text, ImVec2 min, ImVec2 max);
}  // namespace pl::probe
#define PL_PROBE_TEXT(role, text, min, max) ::pl::probe::canvas_text(role, text, min, max)
#else
// Not evaluated (sizeof), but it names its arguments, so a rectangle computed only for the probe is no
// "unused variable" in the release build.
#define PL_PROBE_TEXT(...) ((void)sizeof((__VA_ARGS__, 0)))
#endif
