// Reads the one-file form of the built-in lessons (lesson_texts.hpp, cmake/lesson_bundle.cmake writes it).
#include <string>

#include "core/lesson/lesson_texts.hpp"

namespace pl {

BuiltinLessonTexts split_lesson_bundle(std::string_view bundle) {
    BuiltinLessonTexts texts;
    std::size_t at = 0;
    while (at < bundle.size()) {
        const std::size_t name_end = bundle.find('\n', at);
        const std::size_t size_end = name_end == std::string_view::npos ? name_end : bundle.find('\n', name_end + 1);
        std::size_t size = 0;
        bool size_ok = size_end != std::string_view::npos && size_end > name_end + 1 && size_end - name_end - 1 <= 9;
        for (std::size_t i = name_end + 1; size_ok && i < size_end; ++i) {
            size_ok = bundle[i] >= '0' && bundle[i] <= '9';
            size = size * 10 + static_cast<std::size_t>(bundle[i] - '0');
        }
        if (!size_ok || size > bundle.size() - size_end - 1) {
            texts.problems.push_back("The lesson file is damaged after " + std::to_string(texts.sources.size()) +
                                     " lessons (at byte " + std::to_string(at) + ").");
            break;
        }
        texts.sources.push_back({bundle.substr(at, name_end - at), bundle.substr(size_end + 1, size)});
        at = size_end + 1 + size;
    }
    return texts;
}

}  // namespace pl
