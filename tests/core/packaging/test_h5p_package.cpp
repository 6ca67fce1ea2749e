// The H5P package's files (core/packaging/h5p_package.hpp): h5p.json and content.json as JSON an H5P
// host reads, the library folder named machineName-major.minor, the lesson carried byte for byte, a
// title with quotes, and the widget and the built-in lessons as the JS files the content type loads.
#include <doctest/doctest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/about/version.hpp"
#include "core/lesson/lesson.hpp"
#include "core/packaging/h5p_package.hpp"

using namespace pl;
using namespace pl::packaging;
using nlohmann::json;

namespace {

// The library folder H5P names from library.json: machineName-major.minor of the one version.
const std::string kFolder = "H5P.PerceptronLab-" + std::to_string(pl::about::kVersionMajor) + "." +
                            std::to_string(pl::about::kVersionMinor);

const std::string kWidget =
    "<!doctype html>\n<html lang=\"en\">\n<head>\n<title>Perceptron Lab</title>\n</head>\n<body>\n"
    "<div id=\"lab\" class=\"perceptron-lab\" data-sync-url data-allowed-origins=\"self,parent\"></div>\n"
    "<script>var s = \"</div>\\n\";</script>\n</body>\n</html>\n";

// A lesson file as an instructor writes it: its own spacing, a title with quotes and a backslash.
const std::string kLessonFile =
    "{\n  \"id\": \"my-quiz\",\n  \"title\": \"The \\\"H5P\\\" quiz \\\\ with <tags> & more\",\n"
    "  \"steps\": [ {\"title\": \"Pick\", \"text\": \"Which one? ‖w‖²\", \"choices\": [\"a\", \"b\"], \"answer\": 1} ]\n}\n";

std::map<std::string, std::string> files_of(const H5pLesson& lesson) {
    std::string error;
    const PackageFiles files = h5p_package_files(lesson, kWidget, error);
    REQUIRE_MESSAGE(error.empty(), error);
    std::map<std::string, std::string> out;
    for (const PackageFile& f : files) {
        CHECK_MESSAGE(out.count(f.path) == 0, f.path);
        out[f.path] = f.bytes;
    }
    return out;
}

H5pLesson own_lesson() {
    const LessonParse parsed = parse_lesson(kLessonFile);
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    H5pLesson lesson;
    lesson.json = kLessonFile;
    lesson.title = parsed.lesson.title;
    return lesson;
}

// The JSON value after "= " in a generated "H5P.PerceptronLab.x = VALUE;\n" file.
json assigned_value(const std::string& js, const std::string& name) {
    const std::string head = "H5P.PerceptronLab." + name + " = ";
    const std::size_t at = js.find(head);
    REQUIRE(at != std::string::npos);
    const std::size_t start = at + head.size();
    const std::size_t end = js.rfind(";\n");
    REQUIRE(end != std::string::npos);
    return json::parse(js.substr(start, end - start));
}

}  // namespace

TEST_CASE("h5p.json names the title, the main library and its version") {
    const auto files = files_of(own_lesson());
    REQUIRE(files.count("h5p.json") == 1);
    const json h5p = json::parse(files.at("h5p.json"));
    CHECK(h5p.at("title") == "The \"H5P\" quiz \\ with <tags> & more");
    CHECK(h5p.at("mainLibrary") == "H5P.PerceptronLab");
    CHECK(h5p.at("language").is_string());
    CHECK(h5p.at("license").is_string());
    CHECK(h5p.at("embedTypes") == json::array({"iframe"}));
    REQUIRE(h5p.at("preloadedDependencies").size() == 1);
    const json dependency = h5p.at("preloadedDependencies")[0];
    CHECK(dependency.at("machineName") == "H5P.PerceptronLab");
    CHECK(dependency.at("majorVersion") == pl::about::kVersionMajor);
    CHECK(dependency.at("minorVersion") == pl::about::kVersionMinor);
}

TEST_CASE("the library folder is machineName-major.minor and holds the content type's files") {
    const H5pLibraryVersion v = h5p_library_version();
    CHECK(v.folder() == kFolder);
    const auto files = files_of(own_lesson());
    std::set<std::string> library;
    for (const auto& [path, bytes] : files) {
        if (path == "h5p.json" || path == "content/content.json") continue;
        REQUIRE_MESSAGE(path.rfind(kFolder + "/", 0) == 0, path);
        library.insert(path.substr(std::string(kFolder + "/").size()));
    }
    CHECK(library == std::set<std::string>{"library.json", "semantics.json", "perceptron-lab.js", "perceptron-lab.css",
                                           "lessons.js", "widget.js"});
    const json library_json = json::parse(files.at(kFolder + "/library.json"));
    CHECK(library_json.at("machineName") == "H5P.PerceptronLab");
    CHECK(library_json.at("runnable") == 1);
    // H5P's PHP library (Moodle, Drupal, WordPress) refuses a content type whose licence is "U".
    CHECK(library_json.at("license") == "MIT");
    CHECK(library_json.at("majorVersion") == pl::about::kVersionMajor);
    CHECK(library_json.at("minorVersion") == pl::about::kVersionMinor);
    CHECK(library_json.at("patchVersion") == pl::about::kVersionPatch);
    std::set<std::string> preloaded;
    for (const json& js : library_json.at("preloadedJs")) preloaded.insert(js.at("path").get<std::string>());
    CHECK(preloaded == std::set<std::string>{"perceptron-lab.js", "lessons.js"});
    // No .html anywhere: H5P hosts refuse packages with file types outside their list.
    for (const auto& [path, bytes] : files) CHECK_MESSAGE(path.find(".html") == std::string::npos, path);
}

TEST_CASE("content.json carries a lesson file byte for byte and the other fields at their defaults") {
    const auto files = files_of(own_lesson());
    const json content = json::parse(files.at("content/content.json"));
    CHECK(content.at("lessonJson").get<std::string>() == kLessonFile);
    CHECK(content.at("height") == 600);
    CHECK(content.at("theme") == "light");
    CHECK(content.at("behaviour").at("enableRetry") == true);
    CHECK(content.at("l10n").at("retry") == "Start again");
}

TEST_CASE("a built-in lesson goes into content.json by its id") {
    H5pLesson lesson;
    lesson.builtin_id = "separability";
    lesson.title = find_builtin_lesson("separability")->title;
    const auto files = files_of(lesson);
    const json content = json::parse(files.at("content/content.json"));
    CHECK(content.at("lessonId") == "separability");
    CHECK(content.at("lessonJson") == "");
    CHECK(json::parse(files.at("h5p.json")).at("title") == "Two definitions of separability");
}

TEST_CASE("the built-in lesson menu of semantics.json lists exactly the built-in lessons") {
    const auto files = files_of(own_lesson());
    const json semantics = json::parse(files.at(kFolder + "/semantics.json"));
    std::vector<std::string> offered;
    for (const json& field : semantics)
        if (field.at("name") == "lessonId")
            for (const json& option : field.at("options")) offered.push_back(option.at("value").get<std::string>());
    std::vector<std::string> builtin;
    for (const LessonSummary& s : builtin_lessons()) builtin.push_back(s.id);
    CHECK(offered == builtin);
    // lessons.js has each of them, for the solutions and the maximum score.
    const json lessons = assigned_value(files.at(kFolder + "/lessons.js"), "builtinLessons");
    for (const std::string& id : builtin) CHECK_MESSAGE(lessons.contains(id), id);
    CHECK(lessons.at("separability").at("steps").size() == 3);
}

TEST_CASE("widget.js holds the single-file widget as one JS string, ASCII only") {
    const auto files = files_of(own_lesson());
    const std::string& js = files.at(kFolder + "/widget.js");
    CHECK(assigned_value(js, "widgetHtml").get<std::string>() == kWidget);
    for (const char c : js) CHECK(static_cast<unsigned char>(c) < 0x80);
    std::string error;
    CHECK(h5p_package_files(own_lesson(), "<html><body>not the widget</body></html>", error).empty());
    CHECK(error.find("single-file widget") != std::string::npos);
}

TEST_CASE("a widget that carries its notices puts them into the library folder as THIRD_PARTY_NOTICES.txt") {
    std::string error;
    const std::string widget = kWidget + "<script type=\"text/plain\" id=\"perceptron-lab-notices\">\nMIT License\n\nSDL2\n</script>\n";
    const PackageFiles files = h5p_package_files(own_lesson(), widget, error);
    REQUIRE(error.empty());
    REQUIRE(!files.empty());
    CHECK(files.back().path == kFolder + "/THIRD_PARTY_NOTICES.txt");
    CHECK(files.back().bytes == "MIT License\n\nSDL2\n");
}
