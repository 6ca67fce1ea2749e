// `package --scorm 1.2|2004 --lesson FILE.json|ID [--widget FILE] -o lesson.zip`: a lesson as a zip an
// LMS imports (core/packaging/scorm_package.hpp), written by zip_archive.hpp. The lesson is read as
// `check` reads it (load_lesson_argument). The widget is the single-file build: --widget FILE, else
// web/perceptron-lab-single.html in the nearest folder above this program that has one (the build
// tree keeps the CLI in build/native/ or build/cli-node/npm-cli/ and the web release in build/web/).
// Exit 0 written, 2 bad input (one sentence).
#include <filesystem>
#include <fstream>
#include <sstream>

#include "check_command.hpp"
#include "commands.hpp"
#include "core/packaging/h5p_package.hpp"
#include "core/packaging/scorm_package.hpp"
#include "options.hpp"
#include "run_program.hpp"
#include "zip_archive.hpp"

namespace pl::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kWidgetName = "perceptron-lab-single.html";
constexpr std::size_t kMaxWidgetBytes = 64u * 1024u * 1024u;

// "" when not found.
std::string default_widget_path() {
    std::error_code ec;
    const std::string self = this_program_path();  // the executable, or the Node build's .js file
    if (self.empty()) return "";
    const fs::path exe(self);
    // web/: the build tree (build/native/ and build/cli-node/ beside build/web/); dist/: the npm package
    // (cli/perceptron-lab.js beside dist/).
    for (fs::path dir = exe.parent_path(); !dir.empty(); dir = dir.parent_path()) {
        for (const char* folder : {"web", "dist"}) {
            const fs::path candidate = dir / folder / kWidgetName;
            if (fs::is_regular_file(candidate, ec)) return candidate.string();
        }
        if (dir == dir.root_path()) break;
    }
    return "";
}

bool read_widget(const std::string& path, std::string& text) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return false;
    std::ostringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
    return !file.bad() && text.size() <= kMaxWidgetBytes;
}

struct PackageOptions {
    std::string scorm, lesson, widget, output;
    bool have_scorm = false, have_lesson = false, have_widget = false, have_output = false;
    bool h5p = false;  // --h5p: an H5P package (core/packaging/h5p_package.hpp) instead of SCORM
};

PackageOptions parse_package_options(const std::vector<std::string_view>& args) {
    PackageOptions o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        std::string* value = nullptr;
        bool* seen = nullptr;
        if (a == "--h5p") { o.h5p = true; continue; }
        if (a == "--scorm") value = &o.scorm, seen = &o.have_scorm;
        else if (a == "--lesson") value = &o.lesson, seen = &o.have_lesson;
        else if (a == "--widget") value = &o.widget, seen = &o.have_widget;
        else if (a == "-o" || a == "--output") value = &o.output, seen = &o.have_output;
        else throw UsageError("unknown option '" + std::string(a) + "' for package");
        if (i + 1 >= args.size()) throw UsageError(std::string(a) + " needs a value");
        *value = std::string(args[++i]);
        *seen = true;
    }
    if (o.h5p && o.have_scorm) throw UsageError("package: give --scorm or --h5p, not both");
    if (!o.have_scorm && !o.h5p) throw UsageError("package: --scorm 1.2, --scorm 2004 or --h5p is required");
    if (!o.have_lesson) throw UsageError("package: --lesson is required");
    if (!o.have_output) throw UsageError("package: -o FILE.zip is required");
    return o;
}

// --h5p: the lesson as an H5P package. A built-in lesson goes in by its id, a lesson file as its text,
// byte for byte (the H5P editor shows it to the instructor as written).
int write_h5p_package(const PackageOptions& o, const Lesson& lesson, const std::string& widget_path,
                      const std::string& widget, std::ostream& out, std::ostream& err) {
    packaging::H5pLesson h5p;
    h5p.title = lesson.title;
    if (find_builtin_lesson(o.lesson)) h5p.builtin_id = o.lesson;
    else if (!read_widget(o.lesson, h5p.json)) {  // (read and parsed once already: only a race gets here)
        err << "perceptron-cli: The lesson file \"" << o.lesson << "\" cannot be read.\n";
        return 2;
    }
    std::string error;
    const packaging::PackageFiles files = packaging::h5p_package_files(h5p, widget, error);
    if (error.empty()) error = write_zip(o.output, files);
    if (!error.empty()) {
        err << "perceptron-cli: " << (files.empty() ? widget_path + ": " : std::string()) << error << "\n";
        return 2;
    }
    out << "Wrote " << o.output << ": H5P package (" << packaging::h5p_library_version().folder() << ") of the lesson \""
        << lesson.title << "\" (" << lesson.id << ").\n";
    return 0;
}

}  // namespace

int run_package(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err) {
    const PackageOptions o = parse_package_options(args);
    const auto fail = [&err](const std::string& sentence) {
        err << "perceptron-cli: " << sentence << "\n";
        return 2;
    };
    packaging::ScormVersion version{};
    if (!o.h5p && !packaging::parse_scorm_version(o.scorm, version))
        return fail("bad value for the SCORM version (--scorm): it must be 1.2 or 2004, but it is \"" + o.scorm + "\".");
    Lesson lesson;
    if (const std::string error = load_lesson_argument(o.lesson, lesson); !error.empty()) return fail(error);
    const std::string widget_path = o.have_widget ? o.widget : default_widget_path();
    if (widget_path.empty())
        return fail(std::string("The single-file widget (") + kWidgetName +
                    ") was not found next to this program: build it with ./scripts/build.sh web or give --widget FILE.");
    std::string widget;
    if (!read_widget(widget_path, widget)) return fail("The widget file \"" + widget_path + "\" cannot be read.");
    if (o.h5p) return write_h5p_package(o, lesson, widget_path, widget, out, err);
    std::string error;
    const packaging::PackageFiles files = packaging::scorm_package_files(lesson, version, widget, error);
    if (!error.empty()) return fail(widget_path + ": " + error);
    if (error = write_zip(o.output, files); !error.empty()) return fail(error);
    out << "Wrote " << o.output << ": SCORM " << packaging::to_string(version) << " package of the lesson \"" << lesson.title
        << "\" (" << lesson.id << ").\n";
    return 0;
}

}  // namespace pl::cli
