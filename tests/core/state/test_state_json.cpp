// The JSON state: round trips through state_to_json / state_from_json, the snapshot the JS handle's
// state() returns, and malformed JSON (parse errors with line and column, wrong types, limits).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/session/session.hpp"
#include "core/state/names.hpp"
#include "core/state/state_codec.hpp"
#include "core/facts/snapshot_json.hpp"
#include "core/state/state_json.hpp"

using namespace pl;

namespace pl::test_state {  // defined in test_state_codec.cpp
WidgetState random_state(std::uint64_t seed);
void check_same_state(const WidgetState& a, const WidgetState& b);
}  // namespace pl::test_state

using pl::test_state::check_same_state;
using pl::test_state::random_state;

namespace {

DecodeResult read_ok(const std::string& json) {
    const DecodeResult r = state_from_json(json);
    INFO(json.substr(0, 300));
    INFO(r.error);
    REQUIRE(r.ok);
    return r;
}

std::string error_of(const std::string& json) {
    const DecodeResult r = state_from_json(json);
    INFO(json.substr(0, 300));
    CHECK_FALSE(r.ok);
    CHECK_FALSE(r.error.empty());
    return r.error;
}

}  // namespace

TEST_CASE("state_to_json: documented field names and values") {
    const nlohmann::json j = nlohmann::json::parse(state_to_json(default_link_state()));
    CHECK(j["version"] == 1);
    CHECK(j["dim"] == 2);
    CHECK(j["points"] == nlohmann::json::parse("[[1,2],[2,1],[-1,-1],[-1,1]]"));
    CHECK(j["labels"] == nlohmann::json::parse("[1,1,-1,-1]"));
    CHECK(j["algorithm"] == "perceptron");
    CHECK(j["bias"] == "absorbed");
    CHECK(j["maxEpochs"] == 100);
    CHECK(j["kernel"]["type"] == "rbf");
    CHECK(j["view"]["span"] == 7.0);
    CHECK(j["panels"]["liftView"] == false);
    CHECK(j["editPolicy"] == "reset");
    CHECK(j["activeLabel"] == 1);
    CHECK(j["trainedVisits"] == 0);
    CHECK(j["preset"] == "lecture4");
}

TEST_CASE("JSON round trip of random states is exact") {
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        CAPTURE(seed);
        const WidgetState s = random_state(seed);
        const DecodeResult r = read_ok(state_to_json(s));
        CHECK(r.warnings.empty());
        check_same_state(r.state, s);
    }
}

TEST_CASE("JSON keeps off-grid points and big seeds exactly") {
    WidgetState s = default_link_state();
    s.data.points[0] = {0.1, 1.0 / 3.0};
    s.config.seed = UINT64_MAX;  // above 2^53: written as a string so JavaScript does not round it
    const std::string json = state_to_json(s);
    CHECK(json.find("\"seed\":\"18446744073709551615\"") != std::string::npos);
    check_same_state(read_ok(json).state, s);
}

TEST_CASE("snapshot_json: learner and theory fields, reads back as the state") {
    Session session;
    session.train_until_converged();
    const std::string text = snapshot_json(session.state(), session.learner(), session.theory());
    const nlohmann::json j = nlohmann::json::parse(text);
    const Learner& learner = session.learner();
    CHECK(j["version"] == 1);
    CHECK(j["bias"] == "absorbed");  // the mode; the learner's explicit bias value is "b"
    CHECK(j["b"] == learner.bias());
    REQUIRE(j["weights"].size() == learner.weights().size());
    for (std::size_t i = 0; i < learner.weights().size(); ++i) CHECK(j["weights"][i].get<double>() == learner.weights()[i]);
    CHECK(j["mistakes"] == learner.mistakes());
    CHECK(j["visits"] == learner.visits());
    CHECK(j["trainedVisits"] == learner.visits());
    CHECK(j["epochs"] == learner.epochs_completed());
    CHECK(j["mistakesPerEpoch"].size() == learner.mistakes_per_epoch().size());
    CHECK(j["converged"] == true);
    CHECK(j["separable"] == true);
    CHECK(j["gamma"].get<double>() == session.theory().gamma_star);
    CHECK(j["bound"].get<double>() == session.theory().bound);
    CHECK(j["R"].get<double>() == session.theory().R);
    CHECK(j["accuracy"].get<double>() == 1.0);
    CHECK(j["fragment"] == encode_fragment(session.state()));
    CHECK(j["alphas"].is_array());

    const DecodeResult r = read_ok(text);
    CHECK(r.warnings.empty());  // the learner's fields are known and ignored
    check_same_state(r.state, session.state());
}

TEST_CASE("snapshot_json: gamma and bound are null when there is no separator") {
    Session session;
    session.load_preset(Preset::Xor, {});
    session.epoch();
    const nlohmann::json j = nlohmann::json::parse(snapshot_json(session.state(), session.learner(), session.theory()));
    CHECK(j["separable"] == false);
    CHECK(j["gamma"].is_null());
    CHECK(j["bound"].is_null());
    CHECK(j["whyNot"].is_string());
    CHECK_FALSE(j["whyNot"].get<std::string>().empty());

    Session kernel;
    TrainConfig config = kernel.state().config;
    config.algorithm = Algorithm::Kernel;
    kernel.set_config(config);
    kernel.epoch();
    const nlohmann::json k = nlohmann::json::parse(snapshot_json(kernel.state(), kernel.learner(), kernel.theory()));
    CHECK(k["gamma"].get<double>() == kernel.theory().gamma_star);  // RBF: gamma* in its feature space
    CHECK(k["gamma"].get<double>() > 0.0);
    CHECK(k["theoryComputing"] == false);
    CHECK(k["alphas"].size() == 4);

    config.kernel.type = KernelType::Sigmoid;  // tanh(x.y) + 1: not PSD on the four points (-0.645)
    config.kernel.scale = 1.0;
    config.kernel.theta = 0.0;
    kernel.set_config(config);
    const nlohmann::json s = nlohmann::json::parse(snapshot_json(kernel.state(), kernel.learner(), kernel.theory()));
    CHECK(s["gamma"].is_null());
    CHECK(s["R"].is_null());
    CHECK(s["separable"] == false);
    CHECK(s["whyNot"].get<std::string>().find("-0.645") != std::string::npos);
}

TEST_CASE("a hand-written subset of the JSON takes defaults for the rest") {
    DecodeResult r = read_ok(R"({"points": [[0, 1], [1, 0.5]], "labels": [1, -1], "algorithm": "kernel",
                                 "kernel": {"sigma": 0.5}, "view": {"span": 3}})");
    CHECK(r.state.data.dim == 2);
    CHECK(r.state.data.points[1] == Vec{1.0, 0.5});
    CHECK(r.state.config.algorithm == Algorithm::Kernel);
    CHECK(r.state.config.kernel.sigma == 0.5);
    CHECK(r.state.config.kernel.type == KernelType::Rbf);
    CHECK(r.state.view.span == 3.0);
    CHECK(r.state.config.eta == 1.0);

    r = read_ok(R"({"points": [0.5, -1], "labels": [1, -1]})");  // 1-D: plain numbers
    CHECK(r.state.data.dim == 1);
    CHECK(r.state.data.points[1] == Vec{-1.0});

    r = read_ok(R"({"points": [], "dim": 3})");
    CHECK(r.state.data.dim == 3);
    CHECK(r.state.data.empty());

    r = read_ok("{}");
    check_same_state(r.state, default_link_state());

    r = read_ok(R"({"seed": "12345678901234567890", "onlineMode": 1, "editPolicy": "continue"})");
    CHECK(r.state.config.seed == 12345678901234567890ull);
    CHECK(r.state.online_mode);
    CHECK(r.state.edit_policy == EditPolicy::Continue);
}

TEST_CASE("unknown JSON keys are warnings, top level and nested") {
    const DecodeResult r = read_ok(R"({"eta": 0.5, "colour": "red", "kernel": {"sigma": 2, "wiggle": 1}})");
    CHECK(r.state.config.eta == 0.5);
    REQUIRE(r.warnings.size() == 2);
    CHECK(r.warnings[0].find("colour") != std::string::npos);
    CHECK(r.warnings[1].find("kernel.wiggle") != std::string::npos);
}

TEST_CASE("JSON parse errors report line and column") {
    const std::string e = error_of("{\n  \"eta\": 0.5,\n  \"seed\": \n}");
    CHECK(e.find("could not be read") != std::string::npos);
    CHECK(e.find("line 4") != std::string::npos);
    CHECK(e.find("column") != std::string::npos);
    CHECK(error_of("").find("could not be read") != std::string::npos);
}

TEST_CASE("malformed JSON states are refused with a message") {
    const std::vector<std::string> bad = {
        "", "{", "}", "[1, 2]", "42", "null", "\"text\"", "{\"eta\": 1,}", "{eta: 1}", "{\"eta\": NaN}",
        "{\"eta\": Infinity}", "{\"eta\": 1e400}", "{\"eta\": null}", "{\"eta\": \"0.5\"}", "{\"eta\": 0}", "{\"eta\": -1}",
        "{\"maxEpochs\": 0}", "{\"maxEpochs\": 2.5}", "{\"maxEpochs\": \"ten\"}", "{\"seed\": -1}", "{\"seed\": 1e30}",
        "{\"algorithm\": 3}", "{\"algorithm\": \"magic\"}", "{\"kernel\": 3}", "{\"kernel\": {\"degree\": 0}}",
        "{\"kernel\": {\"sigma\": 0}}", "{\"kernel\": {\"gamma\": -1}}", "{\"kernel\": {\"type\": \"cubic\"}}",
        "{\"view\": {\"span\": 0}}", "{\"view\": []}", "{\"panels\": {\"dark\": \"yes\"}}", "{\"activeLabel\": 0}",
        "{\"editPolicy\": \"sometimes\"}", "{\"trainedVisits\": 50000001}", "{\"preset\": 5}",
        "{\"version\": 2}", "{\"version\": 0}", "{\"version\": \"one\"}",
        "{\"points\": [[0, 0]]}", "{\"labels\": [1]}", "{\"points\": 5, \"labels\": []}",
        "{\"points\": [[0, 0]], \"labels\": [0]}", "{\"points\": [[0, 0]], \"labels\": [1, 1]}",
        "{\"points\": [[0, 0], [1]], \"labels\": [1, 1]}", "{\"points\": [[0, \"a\"]], \"labels\": [1]}",
        "{\"points\": [[0, 2e6]], \"labels\": [1]}", "{\"points\": [[0, 0]], \"labels\": [1], \"dim\": 3}",
        "{\"points\": [], \"dim\": 17}", "{\"points\": [], \"dim\": 0}", "{\"points\": [[0, 0]], \"labels\": \"+-\"}",
        "{\"points\": [[]], \"labels\": [1]}",
        std::string(200, '[') + std::string(200, ']'),
        "{\"a\": \"\xFF\"}",  // invalid UTF-8
    };
    CHECK(bad.size() >= 50);
    for (const std::string& json : bad) {
        CAPTURE(json.substr(0, 100));
        const std::string e = error_of(json);
        CHECK(e.back() == '.');
    }
    CHECK(error_of("{\"version\": 2}").find("newer version") != std::string::npos);
    CHECK(error_of("{\"points\": [[0, 0]], \"labels\": [0]}") ==
          "The JSON state has a bad value for the labels (labels): label 1 must be 1 or -1, but it is 0.");
    CHECK(error_of("{\"eta\": -1}") ==
          "The JSON state has a bad value for the learning rate (eta): it must be a number greater than 0 and at most "
          "1000000, but it is -1.");
}

TEST_CASE("JSON limits: size, values and depth") {
    std::string many = "{\"x\": [";
    for (std::size_t i = 0; i < kMaxJsonValues + 10; ++i) many += "0,";
    many += "0]}";
    CHECK(error_of(many).find("too large") != std::string::npos);
    CHECK(error_of(std::string(kMaxJsonDepth + 5, '[')).find("nested too deeply") != std::string::npos);
    CHECK(error_of(std::string(kMaxJsonLength + 1, ' ')).find("too long") != std::string::npos);
}
