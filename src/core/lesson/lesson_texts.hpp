#pragma once
// Where the built-in lessons' texts come from (lesson_builtin.cpp parses them on first use).
//
// Natively, in the tests and in the single-file web build they are compiled in (lesson_texts_embedded.cpp,
// from the files lessons.cmake embeds). The served web build leaves them out of the WebAssembly: every
// embedded byte is in the first part of the download, before the first frame, and the lessons are about a
// quarter of that part's data (docs/benchmarks.md, issue 30). It fetches them as one file after the first
// frame instead (src/platform/web_lesson_texts.cpp, web/embed_deferred.js). The lesson list needs none of
// this: its ids, titles and step counts are compiled in (builtin_lessons()).
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.hpp"

namespace pl {

struct BuiltinLessonTexts {
    std::vector<BuiltinLessonSource> sources;  // file name and JSON text, in file-name order
    std::vector<std::string> problems;         // why texts are missing (a failed fetch), one sentence each
};

// Defined once per program: lesson_texts_embedded.cpp, or the served web build's web_lesson_texts.cpp.
// The views point into storage that lives as long as the program.
const BuiltinLessonTexts& builtin_lesson_texts();

// The texts of a lesson bundle: for each lesson "<file name>\n<byte count>\n<JSON text>", back to back
// (what cmake/lesson_bundle.cmake writes). The views point into `bundle`. A malformed bundle gives the
// lessons read before the fault and a problem that says where.
BuiltinLessonTexts split_lesson_bundle(std::string_view bundle);

}  // namespace pl
