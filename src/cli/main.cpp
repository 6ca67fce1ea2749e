// perceptron-cli: the Perceptron Lab trainer without a window.
//   perceptron-cli train --data FILE.csv [options] [--json]
//   perceptron-cli generate PRESET [--n N] [--seed S] [--noise X] [--margin M]
//   perceptron-cli check --lesson FILE.json|ID --token TOKEN|@FILE [--json]
//   perceptron-cli report --lesson FILE.json|ID [--csv] TOKEN_FILES... | RESULTS.csv
//   perceptron-cli package --scorm 1.2|2004 --lesson FILE.json|ID [--widget FILE] -o FILE.zip
//   perceptron-cli package --h5p --lesson FILE.json|ID [--widget FILE] -o FILE.h5p
//   perceptron-cli figure --state LINK --part canvas|mistakes|loss|proof|lift [--print] [--grayscale] [--width-cm N] -o FILE.svg|FILE.pdf|FILE.tex
//   perceptron-cli worksheet --lesson ID|FILE [--key] -o FILE.html|FILE.pdf
//   perceptron-cli --version
// Exit codes: 0 success, 2 bad command line or bad input (the message says which and where); check
// exits 1 when the lesson is not passed.
#include <iostream>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "core/about/about.hpp"
#include "options.hpp"

int main(int argc, char** argv) {
    std::vector<std::string_view> words(argv + 1, argv + argc);
    try {
        if (words.empty()) throw pl::cli::UsageError("no command given");
        const std::string_view command = words.front();
        const std::vector<std::string_view> rest(words.begin() + 1, words.end());
        if (command == "--help" || command == "-h" || command == "help") {
            std::cout << pl::cli::usage();
            return 0;
        }
        if (command == "--version" || command == "-V" || command == "version") {
            std::cout << "perceptron-cli " << pl::about::kVersion << "\n" << pl::about::about_line() << "\n";
            return 0;
        }
        // `perceptron-cli package --help` (any command): the usage, as for `perceptron-cli --help`.
        for (const std::string_view word : rest) {
            if (word == "--help" || word == "-h") {
                std::cout << pl::cli::usage();
                return 0;
            }
        }
        if (command == "train") return pl::cli::run_train(rest, std::cout, std::cerr);
        if (command == "generate") return pl::cli::run_generate(rest, std::cout, std::cerr);
        if (command == "check") return pl::cli::run_check(rest, std::cout, std::cerr);
        if (command == "report") return pl::cli::run_report(rest, std::cout, std::cerr);
        if (command == "package") return pl::cli::run_package(rest, std::cout, std::cerr);
        if (command == "figure") return pl::cli::run_figure(rest, std::cout, std::cerr);
        if (command == "worksheet") return pl::cli::run_worksheet(rest, std::cout, std::cerr);
        throw pl::cli::UsageError("unknown command '" + std::string(command) + "' (expected train, generate, check, report, package, figure or worksheet)");
    } catch (const pl::cli::UsageError& e) {
        // A bad command line: what is wrong, then the usage (on stderr: stdout stays for what a command makes).
        std::cerr << "perceptron-cli: " << e.what() << "\n\n" << pl::cli::usage();
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "perceptron-cli: unexpected error: " << e.what() << "\n";
        return 1;
    }
}
