// perceptron-cli train --json speaks the names of the JSON state export: "config" holds the training
// settings exactly as state_to_json writes them, and every result the widget's state() also reports
// (snapshot_json) has the same name and the same value.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/learn/csv.hpp"
#include "core/session/session.hpp"
#include "core/facts/snapshot_json.hpp"
#include "core/state/state_json.hpp"
#include "core/state/state_table.hpp"

using namespace pl;
using Json = nlohmann::json;

namespace {

const std::string kLecture4 = std::string(PL_TEST_DATA_DIR) + "/lecture4.csv";

Json cli_json(std::vector<std::string_view> args) {
    args.push_back("--json");
    std::ostringstream out, err;
    REQUIRE(cli::run_train(args, out, err) == 0);
    return Json::parse(out.str());
}

// Every leaf of a JSON object as a dotted path ("kernel.gamma").
void leaf_paths(const Json& j, const std::string& prefix, std::set<std::string>& out) {
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string path = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (it->is_object()) leaf_paths(*it, path, out);
        else out.insert(path);
    }
}

struct TrainingNames {
    std::set<std::string> names;
    template <class E>
    void name(const state_table::Key& key, const E&) { names.emplace(key.json); }
    template <class T>
    void whole(const state_table::Key& key, const T&, const WholeRange&) { names.emplace(key.json); }
    void real(const state_table::Key& key, const double&, const RealRange&) { names.emplace(key.json); }
};

std::set<std::string> training_names() {
    const TrainConfig config;
    TrainingNames collector;
    state_table::visit_training_settings(config, collector);
    return collector.names;
}

const Json& at_path(const Json& j, const std::string& path) {
    const std::size_t dot = path.find('.');
    return dot == std::string::npos ? j.at(path) : at_path(j.at(path.substr(0, dot)), path.substr(dot + 1));
}

std::string read_file(const std::string& path) {
    std::ifstream file(path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("--json config keys are the JSON export's names for the training settings") {
    const Json j = cli_json({"--data", kLecture4, "--algo", "kernel", "--kernel-gamma", "0.5", "--max-epochs", "40"});
    std::set<std::string> config_paths;
    leaf_paths(j.at("config"), "", config_paths);
    CHECK(config_paths == training_names());
    CHECK(j["config"]["algorithm"] == "kernel");
    CHECK_FALSE(j["config"].contains("algo"));
    CHECK(j["config"]["maxEpochs"] == 40);
    CHECK(j["config"]["kernel"]["gamma"] == 0.5);

    // The same names and values as the export of a widget state with these settings.
    WidgetState state = default_widget_state();
    state.config.algorithm = Algorithm::Kernel;
    state.config.kernel.gamma = 0.5;
    state.config.max_epochs = 40;
    const Json exported = Json::parse(state_to_json(state));
    for (const std::string& path : config_paths) {
        CAPTURE(path);
        CHECK(at_path(j["config"], path) == at_path(exported, path));
    }
}

TEST_CASE("--json results have the names and values of the widget's state()") {
    // Results the widget does not report (or reports elsewhere) keep names of their own.
    const std::set<std::string> cli_only = {"data",           "config",      "pocketWeights",    "pocketBias",
                                            "pocketAccuracy", "averagedWeights", "averagedBias", "dropped",
                                            "theorySpace",    "theoryApplicable", "maxMargin"};
    const CsvResult csv = parse_csv(read_file(kLecture4));
    REQUIRE(csv.ok);
    for (const char* algorithm : {"perceptron", "pocket", "averaged", "kernel"}) {
        CAPTURE(algorithm);
        const Json j = cli_json({"--data", kLecture4, "--algorithm", algorithm, "--kernel-type", "linear"});
        WidgetState state = default_widget_state();
        state.data = csv.data;
        REQUIRE(parse(algorithm, state.config.algorithm));
        state.config.kernel.type = KernelType::Linear;
        Session session(state);
        session.train_until_converged();
        const Json widget = Json::parse(snapshot_json(session.state(), session.learner(), session.theory()));
        std::size_t shared = 0;
        for (auto it = j.begin(); it != j.end(); ++it) {
            CAPTURE(it.key());
            if (cli_only.count(it.key())) continue;
            REQUIRE(widget.contains(it.key()));
            CHECK(*it == widget[it.key()]);
            ++shared;
        }
        CHECK(shared >= 13);
    }
}

TEST_CASE("--json on the lecture-4 points: the hand-computed run") {
    const Json j = cli_json({"--data", kLecture4});
    // Mistakes on (1,2) (w = [1,2,1]) and on (-1,1) (w = [2,1,0]); the second epoch is clean.
    CHECK(j["weights"] == Json::parse("[2.0, 1.0, 0.0]"));
    CHECK(j["b"] == 0.0);
    CHECK(j["mistakes"] == 2);
    CHECK(j["mistakesPerEpoch"] == Json::parse("[2, 0]"));
    CHECK(j["epochs"] == 2);
    CHECK(j["visits"] == 8);
    CHECK(j["converged"] == true);
    CHECK(j["accuracy"] == 1.0);
    CHECK(j["data"] == Json::parse(R"({"file": ")" + kLecture4 + R"(", "count": 4, "dim": 2, "positive": 2, "negative": 2})"));
}

TEST_CASE("--json for the kernel perceptron reports R, gamma*, bound and separable in its feature space") {
    const std::string xor_csv = std::string(PL_TEST_DATA_DIR) + "/xor.csv";
    // (1 + u.v)^2 without a bias is the explicit degree-2 map's dot product: the same numbers as the
    // primal perceptron on that map (R = 3 at a corner: (1 + 2)^2 = 9; gamma* = sqrt 2; bound 4.5).
    const Json dual = cli_json({"--data", xor_csv, "--algorithm", "kernel", "--kernel-type", "poly", "--kernel-degree", "2",
                                "--bias", "none"});
    const Json primal = cli_json({"--data", xor_csv, "--lift", "poly2", "--bias", "none"});
    CHECK(dual["theorySpace"] == "the feature space of K(x, x')");
    CHECK(dual["theoryApplicable"] == true);
    CHECK(dual["separable"] == true);
    CHECK(dual["R"].get<double>() == doctest::Approx(3.0).epsilon(1e-15));
    CHECK(dual["gamma"].get<double>() == doctest::Approx(std::sqrt(2.0)).epsilon(1e-12));
    CHECK(dual["bound"].get<double>() == doctest::Approx(4.5).epsilon(1e-12));
    CHECK(dual["R"].get<double>() == doctest::Approx(primal["R"].get<double>()).epsilon(1e-15));
    CHECK(dual["gamma"].get<double>() == doctest::Approx(primal["gamma"].get<double>()).epsilon(1e-12));
    CHECK(dual["mistakes"].get<double>() <= dual["bound"].get<double>());

    // RBF with the bias absorbed: K + 1, so R = sqrt 2; four distinct corners are always separable.
    const Json rbf = cli_json({"--data", xor_csv, "--algorithm", "kernel", "--kernel-type", "rbf"});
    CHECK(rbf["theorySpace"] == "the feature space of K(x, x') + 1");
    CHECK(rbf["separable"] == true);
    CHECK(rbf["R"].get<double>() == doctest::Approx(std::sqrt(2.0)).epsilon(1e-15));
    const double gamma = rbf["gamma"].get<double>();
    CHECK(rbf["bound"].get<double>() == doctest::Approx(2.0 / (gamma * gamma)).epsilon(1e-12));

    // The sigmoid kernel tanh(x.y) + 1 is no dot product on the lecture-4 points: no numbers, a reason.
    const Json sigmoid = cli_json({"--data", kLecture4, "--algorithm", "kernel", "--kernel-type", "sigmoid"});
    CHECK(sigmoid["theoryApplicable"] == false);
    CHECK(sigmoid["R"].is_null());
    CHECK(sigmoid["gamma"].is_null());
    CHECK(sigmoid["bound"].is_null());
    CHECK(sigmoid["separable"] == false);
    CHECK(sigmoid["whyNot"].get<std::string>().find("smallest eigenvalue of the Gram matrix K(x_i, x_j) + 1 is -0.645") !=
          std::string::npos);
}
