// Words mode's texts that depend on the settings or the messages, as pure functions (no ImGui), so the
// tests read exactly what the Words panel and view show (tests/app/panels/test_panel_texts.cpp).
#pragma once
#include <string>

#include "core/words/words_state.hpp"

namespace pl::app {

// The Theory section's γ* row in Words mode: the bias is a constant feature only when there is one.
std::string words_gamma_star_help(bool bias);

// Under the Word weights chart when the messages are lecture 004's three: its table has a fifth word,
// "dating", that no message has; why the chart leaves it out. "" for any other messages.
std::string words_vocabulary_note(const WordsData& words);

}  // namespace pl::app
