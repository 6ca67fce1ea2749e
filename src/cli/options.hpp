// Command-line parsing for perceptron-cli. Strict: an unknown flag, a missing value or a value out of
// range is a UsageError (the CLI prints it and exits with code 2); nothing is silently ignored.
//
// The training flags come from the property table (core/state/state_table.hpp): one flag per training
// setting, "--" + its JSON name in kebab case (--algorithm, --max-epochs, --kernel-gamma, ...), read
// with the same rules and refused with the same sentences as the link and JSON readers.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/base/config.hpp"

namespace pl::cli {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct TrainOptions {
    std::string data_path;  // "-" reads standard input
    bool text = false;      // --text: data_path is a TSV of messages (label<TAB>text), not a CSV of points
    TrainConfig config;
    bool json = false;
    std::vector<std::string> notes;  // harmless oddities worth telling the user (e.g. unused flags)
};

struct GenerateOptions {
    Preset preset = Preset::Lecture4;
    GeneratorParams params;
};

// `args` are the words after the command name.
TrainOptions parse_train_options(const std::vector<std::string_view>& args);
GenerateOptions parse_generate_options(const std::vector<std::string_view>& args);

std::string usage();

// Flags of earlier versions (README examples used some), still accepted: old -> current spelling.
struct OldSpelling {
    std::string_view old_flag;
    std::string_view flag;
};
const std::vector<OldSpelling>& old_spellings();

// Whether a training setting (by JSON name) changes anything for `algorithm`: the kernel settings
// and the outlier threshold matter only to the kernel perceptron, the step decay only to logistic.
bool setting_applies(std::string_view json_name, Algorithm algorithm);

}  // namespace pl::cli
