// The two commands of perceptron-cli. Each returns the process exit code (0 ok, 2 bad input) and
// throws UsageError for command-line mistakes.
#pragma once
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace pl::cli {

int run_train(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);
// run_train hands --text here: the same learners on sparse bags of words (core/words/text_learner.hpp).
struct TrainOptions;
int run_train_text(const TrainOptions& options, const std::string& text, std::ostream& out, std::ostream& err);
int run_generate(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err);

}  // namespace pl::cli
