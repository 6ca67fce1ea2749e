// The lessons' one-file form, which the served web build fetches instead of compiling the texts in
// (core/lesson/lesson_texts.hpp): the file cmake/lesson_bundle.cmake writes must give back exactly the texts
// the native build embeds, and a damaged file must give the lessons before the damage and say where.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_texts.hpp"

using namespace pl;

namespace {

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("lesson bundle: the web build's file holds exactly the embedded lessons, in the same order") {
    const std::string bundle = read_file(PL_LESSON_BUNDLE);
    REQUIRE(!bundle.empty());
    const BuiltinLessonTexts texts = split_lesson_bundle(bundle);
    CHECK(texts.problems.empty());
    const auto& embedded = builtin_lesson_sources();
    REQUIRE(texts.sources.size() == embedded.size());
    for (std::size_t i = 0; i < embedded.size(); ++i) {
        CHECK(texts.sources[i].file == embedded[i].file);
        CHECK(texts.sources[i].json == embedded[i].json);  // byte for byte, the same minified text
        const LessonParse parsed = parse_lesson(texts.sources[i].json);
        CHECK_MESSAGE(parsed.ok, texts.sources[i].file);
    }
}

TEST_CASE("lesson bundle: hand-made files, whole and damaged") {
    const std::string one = "a.json\n7\n{\"x\":1}";
    const std::string two = one + "b.json\n2\n{}";
    SUBCASE("two lessons") {
        const BuiltinLessonTexts texts = split_lesson_bundle(two);
        CHECK(texts.problems.empty());
        REQUIRE(texts.sources.size() == 2);
        CHECK(texts.sources[0].file == "a.json");
        CHECK(texts.sources[0].json == "{\"x\":1}");
        CHECK(texts.sources[1].file == "b.json");
        CHECK(texts.sources[1].json == "{}");
    }
    SUBCASE("empty: no lesson and no problem") {
        const BuiltinLessonTexts texts = split_lesson_bundle("");
        CHECK(texts.sources.empty());
        CHECK(texts.problems.empty());
    }
    SUBCASE("cut off in the second text: the first lesson and where it broke") {
        const BuiltinLessonTexts texts = split_lesson_bundle(two.substr(0, two.size() - 1));
        REQUIRE(texts.sources.size() == 1);
        REQUIRE(texts.problems.size() == 1);
        CHECK(texts.problems[0] == "The lesson file is damaged after 1 lessons (at byte 16).");
    }
    SUBCASE("a count that is not a number, or is missing, or has no line break after the name") {
        for (const std::string& bad : {std::string("a.json\n7x\n{\"x\":1}"), std::string("a.json\n\n{}"),
                                      std::string("a.json"), std::string("a.json\n12345678901\n{}")}) {
            const BuiltinLessonTexts texts = split_lesson_bundle(bad);
            CHECK(texts.sources.empty());
            CHECK(texts.problems.size() == 1);
        }
    }
}
