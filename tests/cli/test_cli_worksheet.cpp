// perceptron-cli worksheet (issue 25): a built-in lesson by its id and a lesson file by its path written
// as a printable HTML sheet (with --key, its answer key); an unknown id, an unreadable lesson and a
// missing -o refused with one sentence and an exit code other than 0.
#include "test_temp_path.hpp"
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "options.hpp"

using namespace pl;
namespace fs = std::filesystem;

namespace {

const std::string kLessonFile = std::string(PL_TEST_DATA_DIR) + "/result_lesson.json";

struct Run {
    int code = 0;
    std::string out, err;
};

Run worksheet(std::vector<std::string_view> args) {
    std::ostringstream out, err;
    Run r;
    r.code = cli::run_worksheet(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

fs::path scratch() {
    const fs::path dir = pl::test::temp_path("pl_worksheet_test");
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string read(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("worksheet writes the sheet of a built-in lesson by its id, and its key with --key") {
    const fs::path dir = scratch();
    const std::string sheet = (dir / "update-rule.html").string(), key = (dir / "update-rule-key.html").string();
    const Run plain = worksheet({"--lesson", "update-rule", "-o", sheet});
    CHECK(plain.code == 0);
    CHECK(plain.err.empty());
    CHECK(plain.out.find("Wrote " + sheet) == 0);
    const std::string html = read(sheet);
    CHECK(html.find("<h1>The update rule</h1>") != std::string::npos);
    CHECK(html.find("Step 4. Until nothing changes") != std::string::npos);
    CHECK(html.find("class=\"key\"") == std::string::npos);
    const Run keyed = worksheet({"--lesson", "update-rule", "--key", "-o", key});
    CHECK(keyed.code == 0);
    CHECK(read(key).find("<b>Answer</b>: (c) w = (2, 1).") != std::string::npos);
}

TEST_CASE("worksheet reads a lesson file by its path") {
    const fs::path dir = scratch();
    const std::string sheet = (dir / "file.html").string();
    const Run r = worksheet({"--lesson", kLessonFile, "-o", sheet});
    CHECK(r.code == 0);
    CHECK(read(sheet).find("<section class=\"step\">") != std::string::npos);
}

TEST_CASE("worksheet refuses an unknown id, a lesson that does not read and a missing output") {
    const fs::path dir = scratch();
    const std::string sheet = (dir / "none.html").string();
    const Run unknown = worksheet({"--lesson", "no-such-lesson", "-o", sheet});
    CHECK(unknown.code == 2);
    CHECK(unknown.err == "perceptron-cli: There is no built-in lesson called \"no-such-lesson\" and no file of that name can be read.\n");
    CHECK_FALSE(fs::exists(sheet));
    const std::string bad = (dir / "bad.json").string();
    std::ofstream(bad) << R"({"id": "bad", "title": "Bad", "steps": [{"title": "One", "text": "x", "goal": "points = 5"}]})";
    const Run unreadable = worksheet({"--lesson", bad, "-o", sheet});
    CHECK(unreadable.code == 2);
    CHECK(unreadable.err.find(bad + ": Step 1: the goal is not valid: position 8") != std::string::npos);
    CHECK_THROWS_WITH_AS(worksheet({"--lesson", "update-rule"}), "worksheet: -o FILE.html (or FILE.pdf) is required", cli::UsageError);
}
