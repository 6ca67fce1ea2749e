// Flag parsing: "--flag value" and "--flag=value", numbers read with std::from_chars (whole word only).
#include "options.hpp"

#include <charconv>
#include <cmath>
#include <optional>

#include "core/names.hpp"

namespace pl::cli {

namespace {

// Walks the words, splitting "--flag=value" and handing out values on request.
class Words {
public:
    explicit Words(const std::vector<std::string_view>& words) : words_(words) {}
    bool done() const { return index_ >= words_.size(); }

    // The next word; for "--flag=value" returns "--flag" and keeps "value" for value().
    std::string_view next() {
        std::string_view word = words_[index_++];
        pending_.reset();
        const std::size_t eq = word.find('=');
        if (word.substr(0, 2) == "--" && eq != std::string_view::npos) {
            pending_ = word.substr(eq + 1);
            word = word.substr(0, eq);
        }
        current_ = word;
        return word;
    }
    std::string_view value() {
        if (pending_) {
            const std::string_view v = *pending_;
            pending_.reset();
            return v;
        }
        if (done()) throw UsageError(std::string(current_) + " needs a value");
        return words_[index_++];
    }
    bool has_unused_value() const { return pending_.has_value(); }

private:
    const std::vector<std::string_view>& words_;
    std::size_t index_ = 0;
    std::string_view current_;
    std::optional<std::string_view> pending_;
};

std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string number_text(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

double read_double(std::string_view flag, std::string_view text) {
    double value = 0;
    std::string_view digits = text;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
        throw UsageError(std::string(flag) + ": " + quote(text) + " is not a number");
    if (!std::isfinite(value)) throw UsageError(std::string(flag) + ": " + quote(text) + " is not a finite number");
    return value;
}

double read_double_in(std::string_view flag, std::string_view text, double lo, double hi, bool open_low = false) {
    const double value = read_double(flag, text);
    if (value < lo || value > hi || (open_low && value == lo))
        throw UsageError(std::string(flag) + ": " + quote(text) + " is out of range (" + (open_low ? "(" : "[") +
                         number_text(lo) + ", " + number_text(hi) + "])");
    return value;
}

template <class Int>
Int read_integer(std::string_view flag, std::string_view text, Int lo, Int hi) {
    Int value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec == std::errc::invalid_argument || end != text.data() + text.size())
        throw UsageError(std::string(flag) + ": " + quote(text) + " is not a whole number");
    if (ec == std::errc::result_out_of_range || value < lo || value > hi)
        throw UsageError(std::string(flag) + ": " + quote(text) + " is out of range [" + std::to_string(lo) + ", " +
                         std::to_string(hi) + "]");
    return value;
}

template <class E>
E read_enum(std::string_view flag, std::string_view text) {
    E value{};
    if (!parse(text, value))
        throw UsageError(std::string(flag) + ": unknown value " + quote(text) + " (expected " + names_list<E>() + ")");
    return value;
}

}  // namespace

TrainOptions parse_train_options(const std::vector<std::string_view>& args) {
    TrainOptions o;
    bool kernel_flag = false;
    Words words(args);
    while (!words.done()) {
        const std::string_view flag = words.next();
        TrainConfig& c = o.config;
        KernelParams& k = c.kernel;
        if (flag == "--data") o.data_path = std::string(words.value());
        else if (flag == "--json") o.json = true;
        else if (flag == "--algo") c.algorithm = read_enum<Algorithm>(flag, words.value());
        else if (flag == "--bias") c.bias = read_enum<BiasMode>(flag, words.value());
        else if (flag == "--order") c.order = read_enum<Order>(flag, words.value());
        else if (flag == "--init") c.init = read_enum<Init>(flag, words.value());
        else if (flag == "--lift") c.lift = read_enum<LiftKind>(flag, words.value());
        else if (flag == "--seed") c.seed = read_integer<std::uint64_t>(flag, words.value(), 0, UINT64_MAX);
        else if (flag == "--eta") c.eta = read_double_in(flag, words.value(), 0.0, 1e6, true);
        else if (flag == "--epochs") c.max_epochs = read_integer<int>(flag, words.value(), 1, 1000000);
        else if (flag == "--outlier") c.outlier_threshold = read_integer<int>(flag, words.value(), 0, 1000000);
        else if (flag == "--kernel") { k.type = read_enum<KernelType>(flag, words.value()); kernel_flag = true; }
        else if (flag == "--degree") { k.degree = read_integer<int>(flag, words.value(), 1, 20); kernel_flag = true; }
        else if (flag == "--coef0") { k.coef0 = read_double_in(flag, words.value(), -1e6, 1e6); kernel_flag = true; }
        else if (flag == "--sigma") { k.sigma = read_double_in(flag, words.value(), 0.0, 1e6, true); kernel_flag = true; }
        else if (flag == "--gamma") { k.gamma = read_double_in(flag, words.value(), 0.0, 1e6, true); kernel_flag = true; }
        else if (flag == "--scale") { k.scale = read_double_in(flag, words.value(), -1e6, 1e6); kernel_flag = true; }
        else if (flag == "--theta") { k.theta = read_double_in(flag, words.value(), -1e6, 1e6); kernel_flag = true; }
        else throw UsageError("unknown option " + quote(flag));
        if (words.has_unused_value()) throw UsageError(std::string(flag) + " takes no value");
    }
    if (o.data_path.empty()) throw UsageError("--data is required (a CSV file of x1,...,xd,label rows, or - for stdin)");
    if (kernel_flag && o.config.algorithm != Algorithm::Kernel)
        o.notes.emplace_back("kernel options have no effect unless --algo kernel");
    if (o.config.outlier_threshold > 0 && o.config.algorithm != Algorithm::Kernel)
        o.notes.emplace_back("--outlier has no effect unless --algo kernel");
    return o;
}

GenerateOptions parse_generate_options(const std::vector<std::string_view>& args) {
    GenerateOptions o;
    if (args.empty() || args.front().substr(0, 2) == "--")
        throw UsageError("generate needs a preset name (" + names_list<Preset>() + ")");
    if (!parse(args.front(), o.preset))
        throw UsageError("unknown preset " + quote(args.front()) + " (expected " + names_list<Preset>() + ")");
    const std::vector<std::string_view> rest(args.begin() + 1, args.end());
    Words words(rest);
    while (!words.done()) {
        const std::string_view flag = words.next();
        if (flag == "--n") o.params.n = read_integer<int>(flag, words.value(), 2, 100000);
        else if (flag == "--seed") o.params.seed = read_integer<std::uint64_t>(flag, words.value(), 0, UINT64_MAX);
        else if (flag == "--noise") o.params.noise = read_double_in(flag, words.value(), 0.0, 2.0);
        else if (flag == "--margin") o.params.margin = read_double_in(flag, words.value(), 0.0, 2.0);
        else throw UsageError("unknown option " + quote(flag));
        if (words.has_unused_value()) throw UsageError(std::string(flag) + " takes no value");
    }
    return o;
}

std::string usage() {
    return "Usage:\n"
           "  perceptron-cli train --data FILE.csv [options]     train and report weights, mistakes, theory\n"
           "  perceptron-cli generate PRESET [--n N] [--seed S] [--noise X] [--margin M]   CSV to stdout\n"
           "  perceptron-cli --help\n"
           "\n"
           "Train options:\n"
           "  --algo " + names_list<Algorithm>() + "   (default perceptron)\n"
           "  --bias " + names_list<BiasMode>() + "   (default absorbed)\n"
           "  --order " + names_list<Order>() + "   --init " + names_list<Init>() + "   --seed N\n"
           "  --eta X (> 0, default 1)   --epochs N (cap, default 100)\n"
           "  --lift " + names_list<LiftKind>() + "\n"
           "  --kernel " + names_list<KernelType>() + "   (with --algo kernel)\n"
           "  --degree P --coef0 C (poly)   --sigma S (gaussian)   --gamma G (rbf)   --scale A --theta T (sigmoid)\n"
           "  --outlier S (kernel: drop an example once its mistake count reaches S; 0 = off)\n"
           "  --json   print one JSON object instead of text\n"
           "\n"
           "CSV: one row per point, x1,...,xd,label with labels -1/1 or 0/1; an optional header line;\n"
           "'#' comments and blank lines are skipped.\n"
           "Presets: " + names_list<Preset>() + "\n"
           "Exit codes: 0 ok, 2 bad command line or bad input file.\n";
}

}  // namespace pl::cli
