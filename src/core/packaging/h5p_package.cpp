#include "core/packaging/h5p_package.hpp"

#include <cstddef>
#include <nlohmann/json.hpp>

#include "core/about/about.hpp"
#include "core/lesson/lesson.hpp"
#include "core/packaging/widget_notices.hpp"

// The content type's files (web/h5p/H5P.PerceptronLab), compiled in by src/core/CMakeLists.txt.
#define PL_H5P_FILE(symbol)                    \
    extern const unsigned char symbol[];       \
    extern const std::size_t symbol##_size;
PL_H5P_FILE(h5p_library_json)
PL_H5P_FILE(h5p_semantics_json)
PL_H5P_FILE(h5p_perceptron_lab_js)
PL_H5P_FILE(h5p_perceptron_lab_css)
#undef PL_H5P_FILE

namespace pl::packaging {

namespace {

using ordered_json = nlohmann::ordered_json;

std::string_view embedded(const unsigned char* bytes, std::size_t size) {
    return {reinterpret_cast<const char*>(bytes), size};
}
std::string_view library_json() { return embedded(h5p_library_json, h5p_library_json_size); }
std::string_view semantics_json() { return embedded(h5p_semantics_json, h5p_semantics_json_size); }

// Texts are UTF-8 (the lesson reader checks it); a stray byte becomes U+FFFD rather than an exception.
std::string dump(const ordered_json& value, int indent = 2, bool ascii = false) {
    return value.dump(indent, ' ', ascii, ordered_json::error_handler_t::replace);
}

// The default of every field of semantics.json that has one (groups as objects), in its order.
ordered_json semantics_defaults(const ordered_json& fields) {
    ordered_json out = ordered_json::object();
    for (const auto& field : fields) {
        if (!field.is_object() || !field.contains("name")) continue;
        const std::string name = field.value("name", "");
        if (field.value("type", "") == "group" && field.contains("fields")) out[name] = semantics_defaults(field["fields"]);
        else if (field.contains("default")) out[name] = field["default"];
    }
    return out;
}

// lessons.js: the built-in lessons by id, for the solutions list and the maximum score before the
// widget has started (perceptron-lab.js). ASCII, so the host's charset for .js files does not matter.
std::string builtin_lessons_js() {
    ordered_json lessons = ordered_json::object();
    for (const BuiltinLessonSource& source : builtin_lesson_sources()) {
        ordered_json lesson = ordered_json::parse(source.json, nullptr, false);
        if (lesson.is_discarded() || !lesson.is_object() || !lesson.contains("id") || !lesson["id"].is_string()) continue;
        const std::string id = lesson["id"].get<std::string>();  // (before the move: C++17 runs the right side first)
        lessons[id] = std::move(lesson);
    }
    return "// The built-in lessons of Perceptron Lab, written by perceptron-cli package --h5p.\n"
           "H5P.PerceptronLab.builtinLessons = " + dump(lessons, -1, true) + ";\n";
}

// widget.js: the single-file widget as one JS string (perceptron-lab.js puts it in an iframe's srcdoc).
std::string widget_js(std::string_view widget_html) {
    return "// Perceptron Lab's single-file widget, written by perceptron-cli package --h5p.\n"
           "H5P.PerceptronLab.widgetHtml = " + dump(ordered_json(std::string(widget_html)), -1, true) + ";\n";
}

constexpr std::string_view kMountElement = "<div id=\"lab\" class=\"perceptron-lab\"";

}  // namespace

std::string H5pLibraryVersion::folder() const {
    return machine_name + "-" + std::to_string(major) + "." + std::to_string(minor);
}

H5pLibraryVersion h5p_library_version() {
    const ordered_json library = ordered_json::parse(library_json(), nullptr, false);
    H5pLibraryVersion v;
    if (!library.is_object()) return v;  // (the unit tests read it: never the case)
    v.machine_name = library.value("machineName", "");
    v.major = library.value("majorVersion", 0);
    v.minor = library.value("minorVersion", 0);
    return v;
}

std::string h5p_json(const H5pLesson& lesson) {
    const H5pLibraryVersion v = h5p_library_version();
    const ordered_json library = ordered_json::parse(library_json(), nullptr, false);
    ordered_json h5p = {
        {"title", lesson.title.empty() ? std::string("Perceptron Lab") : lesson.title},
        {"language", "und"},
        {"mainLibrary", v.machine_name},
        {"embedTypes", library.is_object() && library.contains("embedTypes") ? library["embedTypes"] : ordered_json::array({"iframe"})},
        {"license", "U"},
        {"preloadedDependencies", ordered_json::array({{{"machineName", v.machine_name}, {"majorVersion", v.major}, {"minorVersion", v.minor}}})},
    };
    return dump(h5p) + "\n";
}

std::string h5p_content_json(const H5pLesson& lesson) {
    const ordered_json semantics = ordered_json::parse(semantics_json(), nullptr, false);
    ordered_json content = semantics.is_array() ? semantics_defaults(semantics) : ordered_json::object();
    if (!lesson.builtin_id.empty()) content["lessonId"] = lesson.builtin_id;
    content["lessonJson"] = lesson.builtin_id.empty() ? lesson.json : std::string();
    return dump(content) + "\n";
}

PackageFiles h5p_package_files(const H5pLesson& lesson, std::string_view widget_html, std::string& error) {
    error.clear();
    if (widget_html.find(kMountElement) == std::string_view::npos) {
        error = "this is not Perceptron Lab's single-file widget (it has no <div id=\"lab\" class=\"perceptron-lab\">).";
        return {};
    }
    const std::string folder = h5p_library_version().folder() + "/";
    PackageFiles files{
        {"h5p.json", h5p_json(lesson)},
        {"content/content.json", h5p_content_json(lesson)},
        {folder + "library.json", std::string(library_json())},
        {folder + "semantics.json", std::string(semantics_json())},
        {folder + "perceptron-lab.js", std::string(embedded(h5p_perceptron_lab_js, h5p_perceptron_lab_js_size))},
        {folder + "perceptron-lab.css", std::string(embedded(h5p_perceptron_lab_css, h5p_perceptron_lab_css_size))},
        {folder + "lessons.js", builtin_lessons_js()},
        {folder + "widget.js", widget_js(widget_html)},
    };
    // The licence and the third-party notices, beside the library's code (H5P accepts .txt files there).
    if (const std::optional<std::string> notices = widget_notices(widget_html))
        files.push_back({folder + std::string(about::kNoticesFile), *notices});
    return files;
}

}  // namespace pl::packaging
