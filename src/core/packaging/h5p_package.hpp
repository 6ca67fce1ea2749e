// A lesson as an H5P package (issue 28): the files of a .h5p (a zip) that Moodle's H5P activity, Lumi or
// any H5P host imports, as plain data (package_files.hpp). Std only (and nlohmann/json).
//   h5p.json                         title, mainLibrary H5P.PerceptronLab, its version, embed types
//   content/content.json             the content's parameters (web/h5p/H5P.PerceptronLab/semantics.json):
//                                    the lesson (a built-in lesson's id, or the lesson file's text byte
//                                    for byte) and every other field at its default
//   H5P.PerceptronLab-1.0/           the content type (the folder is machineName-major.minor, as H5P
//                                    requires): library.json, semantics.json, perceptron-lab.js and .css,
//                                    compiled in from web/h5p/H5P.PerceptronLab; lessons.js (the built-in
//                                    lessons, for the solutions and the maximum score); widget.js (the
//                                    single-file widget as a JS string: H5P hosts refuse .html files)
#pragma once
#include <string>
#include <string_view>

#include "core/packaging/package_files.hpp"

namespace pl::packaging {

struct H5pLesson {
    std::string builtin_id;  // a built-in lesson (content.json "lessonId"); "" for a lesson of one's own
    std::string json;        // a lesson of one's own, the file's text (content.json "lessonJson"), or ""
    std::string title;       // the lesson's title: the H5P content's title
};

// The library as web/h5p/H5P.PerceptronLab/library.json says: "H5P.PerceptronLab", 1, 0.
struct H5pLibraryVersion {
    std::string machine_name;
    int major = 0, minor = 0;
    std::string folder() const;  // "H5P.PerceptronLab-1.0"
};
H5pLibraryVersion h5p_library_version();

std::string h5p_json(const H5pLesson& lesson);
// content.json: semantics.json's defaults with the lesson put in.
std::string h5p_content_json(const H5pLesson& lesson);

// h5p.json, content/content.json, then the library folder; empty and `error` (one sentence) when
// `widget_html` is not the single-file widget (it has no <div id="lab" class="perceptron-lab">).
PackageFiles h5p_package_files(const H5pLesson& lesson, std::string_view widget_html, std::string& error);

}  // namespace pl::packaging
