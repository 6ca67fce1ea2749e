// The Lesson section's faces, drawn by the shell (app/shell/app_layout.cpp): the lesson card (or the list
// of lessons), Author mode while an instructor builds a lesson, and the way into both.
#pragma once
#include "app/panels/panels.hpp"

namespace pl::app {

void draw_lesson_section(PanelContext& context);  // the lesson card, or the list of lessons (panel_lesson.cpp)
void draw_lesson_author(PanelContext& context);   // Author mode: build a lesson from the widget (panel_lesson_author.cpp)

// The way into lessons and Author mode at the top of the controls column while no lesson runs (the
// Lesson section, with the list and the door to Author mode, sits last there and folded). True when a
// button was pressed: the caller opens the Lesson section, whose list (or editor) then comes into view.
bool draw_lesson_entry(PanelContext& context);

}  // namespace pl::app
