// `report --lesson FILE.json|ID [--csv] TOKENS...`: an instructor's summary of many result tokens. Each
// argument is a file holding one token (the student is the file's name without its extension) or a CSV
// file with a `token` column (an LMS assignment export; the student is its `name`, `student`, `id` or
// `email` column, else the row number). Every token is re-checked as `check` does (nothing it claims is
// trusted); a bad token is a row that says why, not the end of the report. Prints a table: student,
// score, the steps passed, the attempts per step; then the steps most students failed at the first try.
// Exit 0 when a report was printed, 2 on a bad lesson, an unreadable file or no token at all.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>

#include "check_command.hpp"
#include "commands.hpp"
#include "core/lesson/lesson_exercise.hpp"
#include "core/base/table_cells.hpp"
#include "options.hpp"

namespace pl::cli {

namespace {

constexpr std::size_t kMaxReportFileBytes = 64u * 1024u * 1024u;
constexpr std::size_t kMaxReportRows = 100'000;

struct Submission {
    std::string student;
    std::string token;
};

struct Row {
    std::string student;
    std::string error;  // a bad token: why
    CheckReport report;
};

// RFC 4180 rows: quoted fields with "" for a quote, commas and line breaks inside quotes, CRLF or LF.
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false, field_started = false;
    for (std::size_t i = 0; i < text.size() && rows.size() <= kMaxReportRows + 1; ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') { field += '"'; ++i; }
            else if (c == '"') quoted = false;
            else field += c;
        } else if (c == '"' && !field_started) {
            quoted = field_started = true;
        } else if (c == ',') {
            rows.back().push_back(field);
            field.clear();
            field_started = false;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            rows.back().push_back(field);
            field.clear();
            field_started = false;
            rows.emplace_back();
        } else {
            field += c;
            field_started = true;
        }
    }
    if (field_started || !rows.back().empty()) rows.back().push_back(field);
    if (rows.back().empty()) rows.pop_back();
    return rows;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trimmed(const std::string& s) {
    const std::size_t a = s.find_first_not_of(" \t");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

// "" and the submissions of one file, or one sentence.
std::string read_submissions(const std::string& path, std::vector<Submission>& out) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return "The file \"" + path + "\" cannot be read.";
    std::ostringstream buffer;
    buffer << file.rdbuf();
    std::string text = buffer.str();
    if (text.size() > kMaxReportFileBytes) return "The file \"" + path + "\" is larger than 64 MB.";
    const std::size_t slash = path.find_last_of("/\\");
    std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
    const bool csv = lower(name).size() > 4 && lower(name).compare(name.size() - 4, 4, ".csv") == 0;
    if (!csv) {
        const std::size_t dot = name.find_last_of('.');
        out.push_back({dot == std::string::npos || dot == 0 ? name : name.substr(0, dot), text});
        return "";
    }
    const std::vector<std::vector<std::string>> rows = csv_rows(text);
    if (rows.empty()) return "The CSV file \"" + path + "\" is empty.";
    std::size_t token_column = rows[0].size(), student_column = rows[0].size();
    for (const char* wanted : {"name", "student", "id", "email"})
        for (std::size_t c = 0; c < rows[0].size() && student_column == rows[0].size(); ++c)
            if (lower(trimmed(rows[0][c])) == wanted) student_column = c;
    for (std::size_t c = 0; c < rows[0].size(); ++c)
        if (lower(trimmed(rows[0][c])) == "token") token_column = c;
    if (token_column == rows[0].size()) return "The CSV file \"" + path + "\" has no column called token in its first line.";
    if (rows.size() > kMaxReportRows + 1) return "The CSV file \"" + path + "\" has more than 100000 rows.";
    for (std::size_t r = 1; r < rows.size(); ++r) {
        if (rows[r].size() == 1 && trimmed(rows[r][0]).empty()) continue;  // a blank line
        Submission s;
        s.student = student_column < rows[r].size() ? trimmed(rows[r][student_column]) : "";
        if (s.student.empty()) s.student = name + " row " + std::to_string(r + 1);
        s.token = token_column < rows[r].size() ? rows[r][token_column] : "";
        out.push_back(std::move(s));
    }
    return "";
}

// What a lecturer reads before the next lecture, per checked step: how many checked it, passed it at
// the first try and passed it at all, the median time spent there, and the answers of the students who
// have not passed it, most common first. A token keeps one answer per step (the one that passed, else
// the last one checked), so these are the students' last wrong answers, not every try.
std::string step_summary(const Lesson& lesson, const std::vector<Row>& rows) {
    std::string text = "Per step (of the students who checked it):\n";
    bool any = false;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        if (!step.has_check()) continue;
        std::size_t checked = 0, first = 0, passed = 0;
        std::vector<std::uint32_t> seconds;
        std::map<std::string, std::size_t> wrong;
        for (const Row& row : rows) {
            if (!row.error.empty() || i >= row.report.steps.size()) continue;
            const StepVerdict& v = row.report.steps[i];
            if (v.progress.attempts == 0) continue;
            ++checked;
            seconds.push_back(v.progress.seconds);
            if (v.passed && v.progress.first_try) ++first;
            if (v.passed) ++passed;
            else if (step.has_answer()) ++wrong[describe_answer(step, stored_answer(v.progress))];
        }
        if (checked == 0) continue;
        any = true;
        std::sort(seconds.begin(), seconds.end());
        const std::uint32_t median = seconds.size() % 2 ? seconds[seconds.size() / 2]
                                                        : (seconds[seconds.size() / 2 - 1] + seconds[seconds.size() / 2]) / 2;
        text += "  Step " + std::to_string(i + 1) + " \"" + step.title + "\": " + std::to_string(checked) + " checked, " +
                std::to_string(first) + " passed at the first try, " + std::to_string(passed) + " passed; median time " +
                std::to_string(median) + " s\n";
        std::vector<std::pair<std::string, std::size_t>> answers(wrong.begin(), wrong.end());
        std::stable_sort(answers.begin(), answers.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        if (answers.size() > 3) answers.resize(3);
        std::string list;
        for (const auto& [answer, count] : answers)
            list += (list.empty() ? "" : ", ") + (answer.empty() ? std::string("(no answer)") : "\"" + answer + "\"") + " x" +
                    std::to_string(count);
        if (!list.empty()) text += "    not passed yet, their last answers: " + list + "\n";
    }
    return any ? text : "";
}

std::string passed_steps(const CheckReport& r) {
    std::string out;
    for (std::size_t i = 0; i < r.steps.size(); ++i)
        if (r.steps[i].passed) out += (out.empty() ? "" : " ") + std::to_string(i + 1);
    return out.empty() ? "-" : out;
}

}  // namespace

int run_report(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err) {
    std::string lesson_arg;
    bool have_lesson = false, csv = false;
    std::vector<std::string> files;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--csv") csv = true;
        else if (args[i] == "--lesson") {
            if (i + 1 >= args.size()) throw UsageError("--lesson needs a value");
            lesson_arg = std::string(args[++i]);
            have_lesson = true;
        } else if (args[i].size() > 1 && args[i][0] == '-') {
            throw UsageError("unknown option '" + std::string(args[i]) + "' for report");
        } else {
            files.emplace_back(args[i]);
        }
    }
    if (!have_lesson) throw UsageError("report: --lesson is required");
    if (files.empty()) throw UsageError("report: give the token files or a CSV file with a token column");
    Lesson lesson;
    std::string error = load_lesson_argument(lesson_arg, lesson);
    std::vector<Submission> submissions;
    for (const std::string& f : files)
        if (error.empty()) error = read_submissions(f, submissions);
    if (error.empty() && submissions.empty()) error = "There is no token in the files given.";
    if (!error.empty()) {
        err << "perceptron-cli: " << printable_text(error) << "\n";
        return 2;
    }

    std::vector<Row> rows;
    for (const Submission& s : submissions) {
        Row row;
        row.student = printable_text(s.student);  // an LMS export's name may hold an ESC sequence
        row.error = printable_text(recheck_token(lesson, s.token, row.report));
        rows.push_back(std::move(row));
    }
    const std::size_t n = lesson.steps.size();
    std::vector<std::size_t> failed_first(n, 0), tried(n, 0);
    for (const Row& row : rows) {
        if (!row.error.empty()) continue;
        for (std::size_t i = 0; i < n; ++i) {
            const StepVerdict& v = row.report.steps[i];
            if (v.verdict == "no check" || v.progress.attempts == 0) continue;
            ++tried[i];
            if (!v.progress.first_try || !v.passed) ++failed_first[i];
        }
    }

    if (csv) {
        out << "student,raw,max,scoring,passed,steps_passed";
        for (std::size_t i = 0; i < n; ++i) out << ",attempts_step_" << (i + 1);
        out << ",error\n";
        for (const Row& row : rows) {
            out << csv_cell(row.student);
            if (!row.error.empty()) {
                out << ",,," << to_string(lesson.scoring_rule()) << ",,";
                for (std::size_t i = 0; i < n; ++i) out << ",";
                out << "," << csv_cell(row.error) << "\n";
                continue;
            }
            out << "," << row.report.raw << "," << row.report.max << "," << to_string(row.report.scoring) << "," << (row.report.passed() ? "true" : "false") << ","
                << csv_cell(passed_steps(row.report));
            for (const StepVerdict& v : row.report.steps) out << "," << v.progress.attempts;
            out << ",\n";
        }
        return 0;
    }

    std::size_t width = 7;
    for (const Row& row : rows) width = std::max(width, std::min<std::size_t>(row.student.size(), 40));
    out << "Lesson \"" << lesson.title << "\" (" << lesson.id << ", hash " << lesson_hash(lesson) << "): " << rows.size()
        << (rows.size() == 1 ? " result\n" : " results\n");
    if (lesson.scoring_rule() == Scoring::FirstTry)
        out << "Scored at the first try: a step counts only when its first check passed.\n";
    out << std::left << std::setw(static_cast<int>(width)) << "student" << "  score   steps passed    attempts per step\n";
    for (const Row& row : rows) {
        out << std::left << std::setw(static_cast<int>(width)) << row.student.substr(0, 40) << "  ";
        if (!row.error.empty()) {
            out << "bad token: " << row.error << "\n";
            continue;
        }
        const std::string score = std::to_string(row.report.raw) + "/" + std::to_string(row.report.max);
        std::string attempts;
        for (const StepVerdict& v : row.report.steps)
            attempts += (attempts.empty() ? "" : " ") + (v.verdict == "no check" ? std::string("-") : std::to_string(v.progress.attempts));
        out << std::setw(8) << score << std::setw(16) << passed_steps(row.report) << attempts << "\n";
    }
    out << step_summary(lesson, rows);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < n; ++i)
        if (failed_first[i] > 0) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return failed_first[a] > failed_first[b]; });
    if (order.empty()) {
        out << "No step was failed at the first try.\n";
        return 0;
    }
    out << "Failed at the first try (of the students who checked the step):\n";
    for (std::size_t i : order)
        out << "  Step " << (i + 1) << " \"" << lesson.steps[i].title << "\": " << failed_first[i] << " of " << tried[i] << "\n";
    return 0;
}

}  // namespace pl::cli
