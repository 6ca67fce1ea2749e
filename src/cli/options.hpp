// Command-line parsing for perceptron-cli. Strict: an unknown flag, a missing value or a malformed
// number is a UsageError (the CLI prints it and exits with code 2); nothing is silently ignored.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/config.hpp"
#include "core/dataset.hpp"

namespace pl::cli {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct TrainOptions {
    std::string data_path;  // "-" reads standard input
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

}  // namespace pl::cli
