// perceptron-cli's training flags against the property table: every flag of the table parses, and
// the command line accepts and refuses exactly the values a link does, with the same sentence.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/base/decimal.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"
#include "core/state/state_table.hpp"
#include "options.hpp"

using namespace pl;
using namespace pl::state_table;

namespace {

// One training setting of the table, as the tests need it.
struct Row {
    Key key;
    std::string flag;
    std::vector<std::string> probes;  // values to try: valid, at the edges, just outside, malformed
};

std::vector<std::string> whole_probes(const WholeRange& r) {
    std::vector<std::string> p = {std::to_string(r.min), "+" + std::to_string(r.min), "-0", "-1", "1.5", "1e3", "",
                                  "abc", " 1", "0x10", "18446744073709551616", "-18446744073709551615"};
    if (r.min > 0) p.push_back(std::to_string(r.min - 1));
    p.push_back(std::to_string(r.max));
    if (r.max < UINT64_MAX) p.push_back(std::to_string(r.max + 1));
    return p;
}

std::vector<std::string> real_probes(const RealRange& r) {
    std::vector<std::string> p = {shortest_decimal(r.min), shortest_decimal(r.max), "-1", "0", "-0", "0.5", "5e-324",
                                  "1000000.5", "-1000000.5", "2e6", "-2e6", "nan", "NaN", "inf", "-inf", "1e999",
                                  "+2", ".5", "1.", "1e", "", "x", "0x10", "1,5", " 1"};
    return p;
}

struct RowCollector {
    std::vector<Row> rows;
    template <class E>
    void name(const Key& key, const E&) {
        std::vector<std::string> probes = {"", "svm", "random ", "kernel"};
        for (E value : enum_values<E>()) {
            std::string upper(to_string(value));
            for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
            probes.push_back(std::string(to_string(value)));
            probes.push_back(upper);
        }
        rows.push_back({key, cli_flag(key.json), probes});
    }
    template <class T>
    void whole(const Key& key, const T&, const WholeRange& range) { rows.push_back({key, cli_flag(key.json), whole_probes(range)}); }
    void real(const Key& key, const double&, const RealRange& range) { rows.push_back({key, cli_flag(key.json), real_probes(range)}); }
};

std::vector<Row> training_rows() {
    const TrainConfig config;
    RowCollector collector;
    visit_training_settings(config, collector);
    return collector.rows;
}

// The config perceptron-cli reads from `flags`, or the error it prints.
std::pair<TrainConfig, std::string> cli_parse(std::vector<std::string> flags) {
    std::vector<std::string_view> args = {"--data", "points.csv"};
    for (const std::string& f : flags) args.push_back(f);
    try {
        return {cli::parse_train_options(args).config, ""};
    } catch (const cli::UsageError& e) {
        return {TrainConfig{}, e.what()};
    }
}

// "... (name): <problem>." -> "<problem>"
std::string problem_of(const std::string& sentence) {
    const std::size_t start = sentence.find("): ");
    if (start == std::string::npos || sentence.back() != '.') return "(not a bad-value sentence) " + sentence;
    return sentence.substr(start + 3, sentence.size() - start - 4);
}

// Every training setting set to a random valid value, and the flags that say so.
struct RandomSettings {
    std::mt19937_64& gen;
    std::vector<std::string> flags;
    template <class E>
    void name(const Key& key, E& value) {
        const auto& values = enum_values<E>();
        value = values[gen() % values.size()];
        add(key, std::string(to_string(value)));
    }
    template <class T>
    void whole(const Key& key, T& value, const WholeRange& range) {
        value = static_cast<T>(range.min + gen() % (std::min<std::uint64_t>(range.max - range.min, 999) + 1));
        add(key, std::to_string(value));
    }
    void real(const Key& key, double& value, const RealRange& range) {
        const double lo = std::max(range.min, -10.0), hi = std::min(range.max, 10.0);
        value = std::uniform_real_distribution<double>(lo, hi)(gen);
        if (range.min_open && value == range.min) value = hi;
        add(key, shortest_decimal(value));
    }
    void add(const Key& key, std::string text) {
        flags.push_back(cli_flag(key.json));
        flags.push_back(std::move(text));
    }
};

}  // namespace

TEST_CASE("every training flag of the table parses and sets its own setting") {
    std::mt19937_64 gen(2024);
    for (int round = 0; round < 40; ++round) {
        CAPTURE(round);
        TrainConfig expected;
        RandomSettings random{gen, {}};
        visit_training_settings(expected, random);
        REQUIRE(random.flags.size() == 2 * training_rows().size());
        const auto [config, error] = cli_parse(random.flags);
        INFO(error);
        REQUIRE(error.empty());
        CHECK(training_settings_json(config) == training_settings_json(expected));
    }
}

TEST_CASE("the command line accepts and refuses exactly what the link does, with the same sentence") {
    std::size_t compared = 0, refused = 0;
    for (const Row& row : training_rows()) {
        for (const std::string& text : row.probes) {
            CAPTURE(row.flag);
            CAPTURE(text);
            const DecodeResult link = decode_fragment(std::string(row.key.link) + "=" + text + "&v=1");
            const auto [config, cli_error] = cli_parse({row.flag, text});
            ++compared;
            REQUIRE(link.ok == cli_error.empty());
            if (link.ok) {
                CHECK(training_settings_json(config) == training_settings_json(link.state.config));
                continue;
            }
            ++refused;
            const std::string problem = problem_of(link.error);
            CHECK(link.error == bad_value("The link", row.key.what, row.key.link, problem));
            CHECK(cli_error == bad_value("The command line", row.key.what, row.flag, problem));
        }
    }
    CHECK(compared > 300);
    CHECK(refused > 150);
}

TEST_CASE("hand-picked refusals: the link and the command line say the same sentence") {
    CHECK(decode_fragment("gamma=-1&v=1").error ==
          "The link has a bad value for the RBF gamma (gamma): it must be a number of at least 0 and at most 1000000, "
          "but it is -1.");
    CHECK(cli_parse({"--kernel-gamma", "-1"}).second ==
          "The command line has a bad value for the RBF gamma (--kernel-gamma): it must be a number of at least 0 and at "
          "most 1000000, but it is -1.");
    CHECK(cli_parse({"--gamma", "-1"}).second ==  // an old spelling: the message names the flag as written
          "The command line has a bad value for the RBF gamma (--gamma): it must be a number of at least 0 and at "
          "most 1000000, but it is -1.");
    CHECK(cli_parse({"--kernel-gamma", "0"}).first.kernel.gamma == 0.0);  // 0 is allowed, as in links
    CHECK(cli_parse({"--max-epochs=0"}).second ==
          "The command line has a bad value for the epoch limit (--max-epochs): it must be a whole number from 1 to "
          "1000000, but it is 0.");
    CHECK(decode_fragment("epochs=0&v=1").error ==
          "The link has a bad value for the epoch limit (epochs): it must be a whole number from 1 to 1000000, but it is 0.");
    CHECK(cli_parse({"--algorithm", "svm"}).second ==
          "The command line has a bad value for the algorithm (--algorithm): it must be one of "
          "perceptron|pocket|averaged|voted|logistic|kernel, but it is \"svm\".");
    CHECK(cli_parse({"--eta", "inf"}).second ==
          "The command line has a bad value for the learning rate (--eta): it must be a number greater than 0 and at "
          "most 1000000, but it is \"inf\".");
}

TEST_CASE("hand-written command lines set the documented settings") {
    const auto [c, error] = cli_parse({"--algorithm", "kernel", "--max-epochs", "7", "--kernel-type", "poly",
                                       "--kernel-degree=3", "--kernel-gamma", "0.5", "--outlier-threshold", "2",
                                       "--logistic-decay", "0.25", "--seed", "18446744073709551615", "--eta", "+1e-1"});
    REQUIRE(error.empty());
    CHECK(c.algorithm == Algorithm::Kernel);
    CHECK(c.max_epochs == 7);
    CHECK(c.kernel.type == KernelType::Polynomial);
    CHECK(c.kernel.degree == 3);
    CHECK(c.kernel.gamma == 0.5);
    CHECK(c.outlier_threshold == 2);
    CHECK(c.logistic_decay == 0.25);
    CHECK(c.seed == UINT64_MAX);
    CHECK(c.eta == 0.1);
    CHECK(c.bias == BiasMode::Absorbed);  // untouched settings keep the defaults
    CHECK(c.kernel.sigma == 1.0);
}

TEST_CASE("old spellings still work and mean the same settings") {
    std::vector<std::string> flags;
    for (const Row& row : training_rows()) flags.push_back(row.flag);
    for (const cli::OldSpelling& old : cli::old_spellings()) {
        CAPTURE(old.old_flag);
        CHECK(std::find(flags.begin(), flags.end(), std::string(old.flag)) != flags.end());
        CHECK(std::find(flags.begin(), flags.end(), std::string(old.old_flag)) == flags.end());
    }
    const auto old_style = cli_parse({"--algo", "kernel", "--epochs", "9", "--kernel", "sigmoid", "--degree", "4",
                                      "--coef0", "-2", "--sigma", "3", "--gamma", "0.125", "--scale", "0.5", "--theta",
                                      "-1", "--outlier", "6"});
    const auto new_style = cli_parse({"--algorithm", "kernel", "--max-epochs", "9", "--kernel-type", "sigmoid",
                                      "--kernel-degree", "4", "--kernel-coef0", "-2", "--kernel-sigma", "3",
                                      "--kernel-gamma", "0.125", "--kernel-scale", "0.5", "--kernel-theta", "-1",
                                      "--outlier-threshold", "6"});
    REQUIRE(old_style.second.empty());
    REQUIRE(new_style.second.empty());
    CHECK(training_settings_json(old_style.first) == training_settings_json(new_style.first));
    CHECK(old_style.first.max_epochs == 9);
    CHECK(old_style.first.kernel.theta == -1.0);
}

TEST_CASE("command-line mistakes are refused with a message") {
    CHECK(cli_parse({"--frobnicate", "1"}).second == "unknown option '--frobnicate'");
    CHECK(cli_parse({"--eta"}).second == "--eta needs a value");
    CHECK(cli_parse({"--json=1"}).second == "--json takes no value");
    CHECK(cli_parse({"--view-span", "3"}).second == "unknown option '--view-span'");  // screen settings are no flags
    std::string missing;
    try {
        cli::parse_train_options({"--eta", "1"});
    } catch (const cli::UsageError& e) {
        missing = e.what();
    }
    CHECK(missing.find("--data is required") == 0);
}

TEST_CASE("a setting the algorithm ignores is named in a note") {
    auto notes_of = [](std::vector<std::string_view> args) { return cli::parse_train_options(args).notes; };
    CHECK(notes_of({"--data", "a.csv", "--kernel-gamma", "2", "--kernel-gamma", "3"}) ==
          std::vector<std::string>{"--kernel-gamma has no effect unless --algorithm kernel"});
    CHECK(notes_of({"--data", "a.csv", "--logistic-decay", "0.5", "--outlier", "3"}) ==
          std::vector<std::string>{"--logistic-decay has no effect unless --algorithm logistic",
                                   "--outlier-threshold has no effect unless --algorithm kernel"});
    CHECK(notes_of({"--data", "a.csv", "--algorithm", "kernel", "--kernel-gamma", "2"}).empty());
    CHECK(notes_of({"--data", "a.csv", "--eta", "2"}).empty());
}

TEST_CASE("--help lists every training flag with its rule, and the old spellings") {
    const std::string text = cli::usage();
    for (const Row& row : training_rows()) {
        CAPTURE(row.flag);
        CHECK(text.find("  " + row.flag + " ") != std::string::npos);
    }
    CHECK(text.find("--max-epochs N") != std::string::npos);
    CHECK(text.find("the epoch limit: a whole number from 1 to 1000000 (default 100)") != std::string::npos);
    CHECK(text.find("the RBF gamma: a number of at least 0 and at most 1000000 (default 1; with --algorithm kernel)") !=
          std::string::npos);
    for (const cli::OldSpelling& old : cli::old_spellings()) CHECK(text.find(std::string(old.old_flag)) != std::string::npos);
}

TEST_CASE("generate: the number of points, noise and margin use the shared limits") {
    auto error_of = [](std::vector<std::string_view> args) {
        try {
            cli::parse_generate_options(args);
        } catch (const cli::UsageError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(error_of({"moons", "--n", "1"}) ==
          "The command line has a bad value for the number of points (--n): it must be a whole number from 2 to 100000, "
          "but it is 1.");
    CHECK(error_of({"moons", "--n", std::to_string(kMaxPoints)}).empty());
    CHECK_FALSE(error_of({"moons", "--n", std::to_string(kMaxPoints + 1)}).empty());
    CHECK(error_of({"moons", "--noise", "2.5"}) ==
          "The command line has a bad value for the noise (--noise): it must be a number of at least 0 and at most 2, "
          "but it is 2.5.");
    CHECK(error_of({"squares"}).find("it must be one of ") != std::string::npos);
    const cli::GenerateOptions o = cli::parse_generate_options({"circles", "--n=50", "--seed", "9", "--margin", "0.5"});
    CHECK(o.preset == Preset::Circles);
    CHECK(o.params.n == 50);
    CHECK(o.params.seed == 9);
    CHECK(o.params.margin == 0.5);
}
