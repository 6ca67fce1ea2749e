// The built-in lessons' texts compiled in (lesson_texts.hpp says where else they come from): every file of
// src/core/lesson/lessons, embedded by lessons.cmake, listed in its registry in file-name order.
#include <cstddef>

#include "core/lesson/lesson_texts.hpp"

// One declaration per embedded file (cmake/embed_file.cmake defines them at global scope).
#define PL_LESSON(file, symbol, id, title, steps) \
    extern const unsigned char symbol[];          \
    extern const std::size_t symbol##_size;
#include "lesson_registry.inc"
#undef PL_LESSON

namespace pl {

const BuiltinLessonTexts& builtin_lesson_texts() {
    static const BuiltinLessonTexts texts = [] {
        BuiltinLessonTexts all;
#define PL_LESSON(file, symbol, id, title, steps) \
    all.sources.push_back({file, std::string_view(reinterpret_cast<const char*>(::symbol), ::symbol##_size)});
#include "lesson_registry.inc"
#undef PL_LESSON
        return all;
    }();
    return texts;
}

}  // namespace pl
