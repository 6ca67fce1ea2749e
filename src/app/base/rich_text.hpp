// Lesson text on screen: paragraphs of plain, **bold** and `code` runs (core/lesson/lesson_markup.hpp),
// wrapped word by word to the available width. The UI has one font, so bold is drawn twice a hair
// apart and code sits on a tinted plate.
#pragma once
#include <string_view>

#include "core/lesson/lesson_markup.hpp"
#include "imgui.h"

namespace pl::app {

// Draws `text` (lesson markup) at the cursor, wrapped to the content width, and advances the cursor.
// role: what the test build's probe calls each paragraph (the lesson card's are "lesson-text").
void rich_text(std::string_view text, const char* role = "lesson-text");
void rich_paragraph(const TextParagraph& paragraph, float wrap_width, const char* role = "lesson-text");

}  // namespace pl::app
