// The built-in lessons: the JSON files of src/core/lesson/lessons, parsed once, on first use. Their texts
// come from builtin_lesson_texts() (lesson_texts.hpp: compiled in, or on the served web build fetched after
// the first frame). The list of lessons (id, title, step count) comes from the build, so drawing it parses
// nothing and needs no text (see lessons.cmake).
#include <cstddef>

#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_texts.hpp"

namespace pl {

namespace {

struct BuiltinRegistry {
    std::vector<BuiltinLessonSource> sources;
    std::vector<Lesson> lessons;
    std::vector<std::string> problems;

    BuiltinRegistry() {
        const BuiltinLessonTexts& texts = builtin_lesson_texts();
        sources = texts.sources;
        problems = texts.problems;
        for (const BuiltinLessonSource& source : sources) {
            LessonParse parsed = parse_lesson(source.json);
            if (!parsed.ok) {
                problems.push_back(std::string(source.file) + ": " + parsed.error);
                continue;
            }
            bool repeated = false;
            for (const Lesson& other : lessons) repeated = repeated || other.id == parsed.lesson.id;
            if (repeated) {
                problems.push_back(std::string(source.file) + ": the id \"" + parsed.lesson.id + "\" is used twice.");
                continue;
            }
            lessons.push_back(std::move(parsed.lesson));
        }
    }
};

const BuiltinRegistry& registry() {
    static const BuiltinRegistry instance;
    return instance;
}

}  // namespace

const std::vector<LessonSummary>& builtin_lessons() {
    static const std::vector<LessonSummary> list = [] {
        std::vector<LessonSummary> summaries;
#define PL_LESSON(file, symbol, id, title, steps) \
    if (*(id) != '\0') summaries.push_back({id, title, steps});
#include "lesson_registry.inc"
#undef PL_LESSON
        return summaries;
    }();
    return list;
}

const Lesson* find_builtin_lesson(std::string_view id) {
    for (const Lesson& lesson : registry().lessons)
        if (lesson.id == id) return &lesson;
    return nullptr;
}

const std::vector<BuiltinLessonSource>& builtin_lesson_sources() { return registry().sources; }
const std::vector<std::string>& builtin_lesson_problems() { return registry().problems; }

}  // namespace pl
