// The two commands of perceptron-cli. Each returns the process exit code (0 ok, 2 bad input) and
// throws UsageError for command-line mistakes.
#pragma once
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace pl::cli {

int run_train(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// run_train hands --text here: the same learners on sparse bags of words (core/words/text_learner.hpp).
struct TrainOptions;
int run_train_text(const TrainOptions& options, const std::string& text, std::ostream& out, std::ostream& err);
// `check --lesson FILE.json|ID --token TOKEN|@FILE [--json]`: 0 passed, 1 not passed, 2 bad input.
int run_check(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// `report --lesson FILE.json|ID [--csv] TOKENS...`: a table of many re-checked tokens.
int run_report(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// `package --scorm 1.2|2004 --lesson FILE.json|ID [--widget FILE] -o FILE.zip`: a SCORM package.
int run_package(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
int run_generate(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// `figure --state LINK --part canvas|mistakes|loss|proof [--print] [--grayscale] [--width-cm N] -o FILE.svg|.pdf`.
int run_figure(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// `worksheet --lesson ID|FILE [--key] -o FILE.html|FILE.pdf`: a lesson as a printable sheet (core/figures/worksheet.hpp).
int run_worksheet(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);

// "FILE:LINE: message" for each error a reader kept (CsvResult, TsvResult), then how many more it found.
template <class ParseResult>
void report_parse_errors(std::ostream& err, const std::string& path, const ParseResult& result) {
    for (const auto& e : result.errors) {
        err << path;
        if (e.line > 0) err << ':' << e.line;
        err << ": " << e.message << "\n";
    }
    if (result.error_count > result.errors.size())
        err << path << ": ... and " << (result.error_count - result.errors.size()) << " more errors\n";
}

}  // namespace pl::cli
