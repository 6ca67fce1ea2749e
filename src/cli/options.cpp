// Flag parsing: "--flag value" and "--flag=value". The training flags, their ranges, their messages
// and their --help lines are visitors over the property table (core/state/state_table.hpp).
#include "options.hpp"

#include <algorithm>
#include <optional>

#include "core/base/decimal.hpp"
#include "core/base/limits.hpp"
#include "core/state/names.hpp"
#include "core/state/state_table.hpp"

namespace pl::cli {

using namespace state_table;

namespace {

constexpr std::string_view kCommandLine = "The command line";

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

// A problem from a read_* of state_table.hpp becomes the sentence the link reader would say, with
// the flag as written in place of the link key.
void refuse_if(const std::string& problem, std::string_view what, std::string_view flag) {
    if (!problem.empty()) throw UsageError(bad_value(kCommandLine, what, flag, problem));
}

// [SECTION] Training flags from the table
// The one algorithm a training setting matters to, if it matters to only one.
std::optional<Algorithm> only_used_by(std::string_view json_name) {
    if (json_name == "logisticDecay") return Algorithm::Logistic;
    if (json_name.substr(0, 7) == "kernel." || json_name == "outlierThreshold") return Algorithm::Kernel;
    return std::nullopt;
}

// The JSON name of the training setting whose flag is `flag`, or "" when no row has that flag.
struct FlagFinder {
    std::string_view flag;
    std::string_view json_name;
    void find(const Key& key) {
        if (cli_flag(key.json) == flag) json_name = key.json;
    }
    template <class E>
    void name(const Key& key, const E&) { find(key); }
    template <class T>
    void whole(const Key& key, const T&, const WholeRange&) { find(key); }
    void real(const Key& key, const double&, const RealRange&) { find(key); }
};

// Reads `text` into the one training setting whose flag is `flag`.
struct FlagReader {
    std::string_view flag;     // the current spelling ("--kernel-gamma")
    std::string_view written;  // as the person wrote it, for the message (maybe an old spelling)
    std::string_view text;
    template <class E>
    void name(const Key& key, E& value) {
        if (cli_flag(key.json) == flag) refuse_if(read_name(text, value), key.what, written);
    }
    template <class T>
    void whole(const Key& key, T& value, const WholeRange& range) {
        if (cli_flag(key.json) == flag) refuse_if(read_whole(text, value, range), key.what, written);
    }
    void real(const Key& key, double& value, const RealRange& range) {
        if (cli_flag(key.json) == flag) refuse_if(read_real(text, value, range), key.what, written);
    }
};

// One --help line per training setting: flag, what it is, its rule and its default.
struct UsageLines {
    std::string out;
    void line(const Key& key, std::string_view placeholder, const std::string& rule, const std::string& default_text) {
        std::string left = "  " + cli_flag(key.json) + " " + std::string(placeholder);
        left.resize(std::max<std::size_t>(left.size() + 1, 28), ' ');
        out += left + std::string(key.what) + ": " + rule + " (default " + default_text;
        if (const std::optional<Algorithm> owner = only_used_by(key.json))
            out += "; with --algorithm " + std::string(to_string(*owner));
        out += ")\n";
    }
    template <class E>
    void name(const Key& key, const E& value) { line(key, "NAME", names_list<E>(), std::string(to_string(value))); }
    template <class T>
    void whole(const Key& key, const T& value, const WholeRange& range) {
        line(key, "N", whole_rule(range), std::to_string(value));
    }
    void real(const Key& key, const double& value, const RealRange& range) {
        line(key, "X", real_rule(range), shortest_decimal(value));
    }
};

std::string current_spelling(std::string_view written) {
    for (const OldSpelling& old : old_spellings())
        if (old.old_flag == written) return std::string(old.flag);
    return std::string(written);
}

}  // namespace

const std::vector<OldSpelling>& old_spellings() {
    static const std::vector<OldSpelling> spellings = {
        {"--algo", "--algorithm"},      {"--epochs", "--max-epochs"},     {"--outlier", "--outlier-threshold"},
        {"--kernel", "--kernel-type"},  {"--degree", "--kernel-degree"}, {"--coef0", "--kernel-coef0"},
        {"--sigma", "--kernel-sigma"},  {"--gamma", "--kernel-gamma"},   {"--scale", "--kernel-scale"},
        {"--theta", "--kernel-theta"},
    };
    return spellings;
}

bool setting_applies(std::string_view json_name, Algorithm algorithm) {
    const std::optional<Algorithm> owner = only_used_by(json_name);
    return !owner || *owner == algorithm;
}

TrainOptions parse_train_options(const std::vector<std::string_view>& args) {
    TrainOptions o;
    std::vector<std::string_view> given;  // JSON names of the settings set on the command line, once each
    Words words(args);
    while (!words.done()) {
        const std::string_view written = words.next();
        if (written == "--data" || written == "--text") {
            if (!o.data_path.empty()) throw UsageError("give one of --data and --text, once");
            o.data_path = std::string(words.value());
            o.text = written == "--text";
        } else if (written == "--json") {
            o.json = true;
        } else {
            const std::string flag = current_spelling(written);
            FlagFinder finder{flag, {}};
            visit_training_settings(static_cast<const TrainConfig&>(o.config), finder);
            if (finder.json_name.empty()) throw UsageError("unknown option " + quote(written));
            FlagReader reader{flag, written, words.value()};
            visit_training_settings(o.config, reader);
            if (std::find(given.begin(), given.end(), finder.json_name) == given.end()) given.push_back(finder.json_name);
        }
        if (words.has_unused_value()) throw UsageError(std::string(written) + " takes no value");
    }
    if (o.data_path.empty())
        throw UsageError("--data is required (a CSV file of x1,...,xd,label rows, or - for stdin), or --text for messages");
    for (std::string_view name : given)
        if (!setting_applies(name, o.config.algorithm))
            o.notes.push_back(cli_flag(name) + " has no effect unless --algorithm " +
                              std::string(to_string(*only_used_by(name))));
    return o;
}

GenerateOptions parse_generate_options(const std::vector<std::string_view>& args) {
    GenerateOptions o;
    if (args.empty() || args.front().substr(0, 2) == "--")
        throw UsageError("generate needs a preset name (" + names_list<Preset>() + ")");
    refuse_if(read_name(args.front(), o.preset), "the preset", "PRESET");
    const std::vector<std::string_view> rest(args.begin() + 1, args.end());
    Words words(rest);
    GeneratorParams& p = o.params;
    while (!words.done()) {
        const std::string_view flag = words.next();
        if (flag == "--n") refuse_if(read_whole(words.value(), p.n, kGeneratedPointsRange), "the number of points", flag);
        else if (flag == "--seed") refuse_if(read_whole(words.value(), p.seed, kSeedRange), "the random seed", flag);
        else if (flag == "--noise") refuse_if(read_real(words.value(), p.noise, kGeneratorNoiseRange), "the noise", flag);
        else if (flag == "--margin") refuse_if(read_real(words.value(), p.margin, kGeneratorMarginRange), "the margin", flag);
        else throw UsageError("unknown option " + quote(flag));
        if (words.has_unused_value()) throw UsageError(std::string(flag) + " takes no value");
    }
    return o;
}

std::string usage() {
    UsageLines train;
    const TrainConfig train_defaults;
    visit_training_settings(train_defaults, train);
    const GeneratorParams generate_defaults;
    std::string old;
    for (const OldSpelling& s : old_spellings()) old += (old.empty() ? "" : ", ") + std::string(s.old_flag);
    return "Usage:\n"
           "  perceptron-cli train --data FILE.csv [options]     train and report weights, mistakes, theory\n"
           "  perceptron-cli train --text FILE.tsv [options]     the same on messages: one weight per word\n"
           "  perceptron-cli generate PRESET [--n N] [--seed S] [--noise X] [--margin M]   CSV to stdout\n"
           "  perceptron-cli check --lesson FILE.json|ID --token TOKEN|@FILE [--json]\n"
           "                                                     re-check a student's result token\n"
           "  perceptron-cli report --lesson FILE.json|ID [--csv] TOKEN_FILES... | RESULTS.csv\n"
           "                                                     a table of many students' re-checked tokens\n"
           "  perceptron-cli package --scorm 1.2|2004 --lesson FILE.json|ID [--widget FILE] -o FILE.zip\n"
           "                                                     a lesson as a SCORM package for an LMS\n"
           "  perceptron-cli package --h5p --lesson FILE.json|ID [--widget FILE] -o FILE.h5p\n"
           "                                                     a lesson as an H5P package (H5P.PerceptronLab)\n"
           "  perceptron-cli figure --state LINK --part canvas|mistakes|loss|proof|lift [--print] [--grayscale]\n"
           "                     [--width-cm N] [--height-cm N] -o FILE.svg|FILE.pdf|FILE.tex\n"
           "                                                     a vector figure of a shared state (PDF through rsvg-convert,\n"
           "                                                     TikZ for the line-model canvas)\n"
           "  perceptron-cli worksheet --lesson ID|FILE [--key] -o FILE.html|FILE.pdf\n"
           "                                                     a lesson as a printable sheet, with --key its answer key\n"
           "  perceptron-cli --help\n"
           "  perceptron-cli --version                           the version, the licence and the notices file\n"
           "\n"
           "Train options (the names of the JSON state export in kebab case; also --flag=value):\n" +
           train.out +
           "  --json                    print one JSON object instead of text\n"
           "Older spellings still accepted: " + old + ".\n"
           "\n"
           "Generate options:\n"
           "  --n N        the number of points: " + whole_rule(kGeneratedPointsRange) + " (default " +
           std::to_string(generate_defaults.n) + ")\n"
           "  --seed S     the random seed: " + whole_rule(kSeedRange) + " (default " + std::to_string(generate_defaults.seed) + ")\n"
           "  --noise X    the noise: " + real_rule(kGeneratorNoiseRange) + " (default " + shortest_decimal(generate_defaults.noise) + ")\n"
           "  --margin M   the margin (separable only): " + real_rule(kGeneratorMarginRange) + " (default " +
           shortest_decimal(generate_defaults.margin) + ")\n"
           "\n"
           "CSV: one row per point, x1,...,xd,label with labels -1/1 or 0/1; an optional header line;\n"
           "'#' comments and blank lines are skipped.\n"
           "TSV (--text): one message per line, label<TAB>text with labels -1/1, 0/1 or spam/ham (spam is -1);\n"
           "a word is a run of a-z and 0-9 after lower-casing; features are word occurrences (0 or 1).\n"
           "Presets: " + names_list<Preset>() + "\n"
           "Check: re-evaluates every goal on the state the student checked it on (the learner replayed)\n"
           "and every quiz answer against the lesson's key; trusts none of the token's \"passed\" flags.\n"
           "Exit codes: 0 ok, 2 bad command line or bad input file; check: 0 passed, 1 not passed, 2 bad token or lesson.\n";
}

}  // namespace pl::cli
