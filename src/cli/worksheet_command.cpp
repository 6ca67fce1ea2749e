// `worksheet --lesson ID|FILE [--key] -o FILE.html|FILE.pdf`: a lesson as a printable sheet
// (core/figures/worksheet.hpp), optionally with the answer key. The lesson is read as `check` reads it
// (load_lesson_argument), so a lesson file that does not read gives the lesson reader's sentence.
// A .pdf output is printed by a headless Chromium found on PATH (chromium, chromium-browser,
// google-chrome) from the HTML; without one the command says so and how to print the HTML instead.
// Exit 0 written, 2 bad command line or input, 1 when the PDF printer failed.
#include <cctype>
#include <filesystem>
#include <fstream>

#include "check_command.hpp"
#include "commands.hpp"
#include "core/figures/worksheet.hpp"
#include "options.hpp"
#include "run_program.hpp"

namespace pl::cli {

namespace {

namespace fs = std::filesystem;

struct WorksheetCommandOptions {
    std::string lesson, output;
    bool key = false;
};

WorksheetCommandOptions parse_worksheet_options(const std::vector<std::string_view>& args) {
    WorksheetCommandOptions o;
    bool have_lesson = false, have_output = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--key") { o.key = true; continue; }
        std::string* value = nullptr;
        if (a == "--lesson") value = &o.lesson, have_lesson = true;
        else if (a == "-o" || a == "--output") value = &o.output, have_output = true;
        else throw UsageError("unknown option '" + std::string(a) + "' for worksheet");
        if (i + 1 >= args.size()) throw UsageError(std::string(a) + " needs a value");
        *value = std::string(args[++i]);
    }
    if (!have_lesson) throw UsageError("worksheet: --lesson ID|FILE is required");
    if (!have_output || o.output.empty()) throw UsageError("worksheet: -o FILE.html (or FILE.pdf) is required");
    return o;
}

bool ends_with(const std::string& text, std::string_view tail) {
    if (text.size() < tail.size()) return false;
    for (std::size_t i = 0; i < tail.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[text.size() - tail.size() + i])) != tail[i]) return false;
    return true;
}

bool write_text(const std::string& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary);
    file << text;
    return static_cast<bool>(file);
}

// The first of the usual Chromium names on PATH, or "".
std::string find_chromium() { return find_program({"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}); }

// Runs `chromium --headless --print-to-pdf=PDF file://HTML`; "" on success, else why not.
std::string print_to_pdf(const std::string& chromium, const std::string& html_path, const std::string& pdf_path) {
    const std::string print_arg = "--print-to-pdf=" + fs::absolute(pdf_path).string();
    const std::string url = "file://" + fs::absolute(html_path).string();
    std::vector<std::string> words = {chromium, "--headless", "--disable-gpu", "--no-pdf-header-footer", print_arg, url};
    if (running_as_root()) words.insert(words.begin() + 1, "--no-sandbox");  // Chromium refuses root without it (containers, CI)
    if (run_program(words, true) != 0) return chromium + " did not finish the print";
    std::error_code ec;
    if (!fs::is_regular_file(pdf_path, ec) || fs::file_size(pdf_path, ec) == 0) return chromium + " wrote no PDF";
    return "";
}

}  // namespace

int run_worksheet(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err) {
    const WorksheetCommandOptions o = parse_worksheet_options(args);
    Lesson lesson;
    if (const std::string problem = load_lesson_argument(o.lesson, lesson); !problem.empty()) {
        err << "perceptron-cli: " << problem << "\n";
        return 2;
    }
    WorksheetOptions options;
    options.key = o.key;
    const std::string html = worksheet_html(lesson, options);
    const char* what = o.key ? "answer key" : "worksheet";
    if (!ends_with(o.output, ".pdf")) {
        if (!write_text(o.output, html)) {
            err << "perceptron-cli: cannot write " << o.output << "\n";
            return 2;
        }
        out << "Wrote " << o.output << ": the " << what << " of the lesson \"" << lesson.title << "\" (" << lesson.steps.size()
            << " steps). Open it in a browser and print it, or give -o FILE.pdf to print it with Chromium.\n";
        return 0;
    }
    const std::string chromium = find_chromium();
    const std::string html_path = o.output.substr(0, o.output.size() - 4) + ".html";
    if (!write_text(html_path, html)) {
        err << "perceptron-cli: cannot write " << html_path << "\n";
        return 2;
    }
    if (chromium.empty()) {
        err << "perceptron-cli: no Chromium on PATH (chromium, chromium-browser or google-chrome) to print " << o.output
            << "; wrote " << html_path << " instead: open it in a browser and print it to PDF.\n";
        return 1;
    }
    if (const std::string problem = print_to_pdf(chromium, html_path, o.output); !problem.empty()) {
        err << "perceptron-cli: " << problem << "; the sheet is in " << html_path << ": open it in a browser and print it.\n";
        return 1;
    }
    out << "Wrote " << o.output << " (printed by " << chromium << " from " << html_path << "): the " << what
        << " of the lesson \"" << lesson.title << "\".\n";
    return 0;
}

}  // namespace pl::cli
