// What the browser host's two halves share: web_host.cpp (the exports behind the public JS handle,
// in every web build) and web_test_hooks.cpp (test and benchmark exports, only with PL_TEST_HOOKS).
#pragma once
#include <string>

namespace pl::app { class App; struct TextFieldFocus; }

namespace pl::platform::web {
app::App* current_app();                  // nullptr before attach() and after detach()
const char* hand_out(std::string text);   // valid until the next call: the JS side copies it at once
void set_last_error(std::string error);   // what pl_last_error() reports ("" = none)
void tell_text_field(const app::TextFieldFocus& field);  // web_text_proxy.cpp: App::on_text_field
}  // namespace pl::platform::web
