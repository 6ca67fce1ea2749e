// perceptron-cli says what holds for the run it made: the mistake bound only when its premises hold
// (boundApplies / boundNote, the same decision as the widget's), the weights named for the space they
// are over, the perceptron loss per epoch, and what a clean epoch of logistic SGD really was.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"

using namespace pl;
using Json = nlohmann::json;

namespace {

const std::string kLecture4 = std::string(PL_TEST_DATA_DIR) + "/lecture4.csv";

std::string cli_text(std::vector<std::string_view> args) {
    std::ostringstream out, err;
    REQUIRE(cli::run_train(args, out, err) == 0);
    return out.str();
}

Json cli_json(std::vector<std::string_view> args) {
    args.push_back("--json");
    return Json::parse(cli_text(args));
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("cli: lecture 004 without a bias at eta 3: the bound 5 applies, the loss per epoch is 0, 0") {
    const Json j = cli_json({"--data", kLecture4, "--bias", "none", "--eta", "3"});
    CHECK(j["weights"] == Json::parse("[6.0, 3.0]"));
    CHECK(j["bound"].get<double>() == doctest::Approx(5.0));
    CHECK(j["boundApplies"] == true);
    CHECK(contains(j["boundNote"].get<std::string>(), "only scales w"));
    CHECK(j["lossPerEpoch"] == Json::parse("[0.0, 0.0]"));
    const std::string text = cli_text({"--data", kLecture4, "--bias", "none", "--eta", "3"});
    CHECK(contains(text, "weights over x: [6, 3]"));
    CHECK(contains(text, "mistakes 2 <= bound"));
}

TEST_CASE("cli: a random start and logistic SGD get no '<= bound' or '> bound (!)', but the reason") {
    for (const char* flag : {"--init", "--algorithm"}) {
        CAPTURE(flag);
        const bool random = std::string(flag) == "--init";
        const std::vector<std::string_view> args = {"--data", kLecture4, flag, random ? "random" : "logistic", "--seed", "4"};
        const std::string text = cli_text(args);
        CHECK_FALSE(contains(text, "<= bound"));
        CHECK_FALSE(contains(text, "> bound (!)"));
        CHECK(contains(text, "the bound does not apply to this run: "));
        CHECK(contains(text, random ? "random w" : "logistic SGD moves w on every visit"));
        std::vector<std::string_view> json_args = args;
        const Json j = cli_json(json_args);
        CHECK(j["boundApplies"] == false);
        CHECK(contains(j["boundNote"].get<std::string>(), random ? "random w" : "logistic SGD"));
        CHECK(j["bound"].get<double>() == doctest::Approx(39.0 / 7.0));  // (R/gamma*)^2 = 5.571: the data's, still reported
    }
    // Logistic SGD's clean epoch is said as what it was, not "converged".
    CHECK(contains(cli_text({"--data", kLecture4, "--algorithm", "logistic"}),
                   "stopped after 2 epochs, the last without a mistake (logistic SGD still moved w on each visit)"));
}

TEST_CASE("cli: an explicit bias: the weights are over x and b is printed apart, R and gamma* over [x, 1]") {
    const std::string text = cli_text({"--data", kLecture4, "--bias", "explicit"});
    CHECK(contains(text, "weights over x: [2, 1]"));
    CHECK(contains(text, "bias: 0"));
    CHECK(contains(text, "theory in [x, 1]: R = 2.449489743"));
    CHECK_FALSE(contains(text, "weights in [x, 1]"));
    // Absorbed: the last weight is the bias, so the weights are over [x, 1].
    CHECK(contains(cli_text({"--data", kLecture4}), "weights over [x, 1]: [2, 1, 0]"));
}
