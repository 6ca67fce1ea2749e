// core/about: the version CMake wrote from project(VERSION), the About line, and the notices a widget
// file carries (packaging/widget_notices.hpp) that every package copies into a file of its own.
#include <doctest/doctest.h>

#include <string>

#include "core/about/about.hpp"
#include "core/packaging/widget_notices.hpp"

using namespace pl;

TEST_CASE("the version is three numbers and the About line says it with the licence and the notices file") {
    const std::string expected = std::to_string(about::kVersionMajor) + "." + std::to_string(about::kVersionMinor) + "." +
                                 std::to_string(about::kVersionPatch);
    CHECK(std::string(about::kVersion) == expected);
    CHECK(about::about_line() == "Perceptron Lab " + expected + ", MIT licence; third-party notices: THIRD_PARTY_NOTICES.txt");
}

TEST_CASE("the notices come out of the single file's text/plain script, without the blank lines around them") {
    const std::string html = "<html><body><script>var a = '</scr' + 'ipt>';</script>\n"
                             "<script type=\"text/plain\" id=\"perceptron-lab-notices\">\nMIT License\n\nDear ImGui 1.86\n\n</script>\n"
                             "</body></html>";
    const std::optional<std::string> notices = packaging::widget_notices(html);
    REQUIRE(notices.has_value());
    CHECK(*notices == "MIT License\n\nDear ImGui 1.86\n");
}

TEST_CASE("a widget file without notices, an unclosed or an empty block gives none") {
    CHECK_FALSE(packaging::widget_notices("<html><div class=\"perceptron-lab\"></div></html>").has_value());
    CHECK_FALSE(packaging::widget_notices("<script type=\"text/plain\" id=\"perceptron-lab-notices\">MIT").has_value());
    CHECK_FALSE(packaging::widget_notices("<script type=\"text/plain\" id=\"perceptron-lab-notices\">\n\n</script>").has_value());
}
