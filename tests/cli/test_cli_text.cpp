// perceptron-cli train --text: the weights per word equal an independent bag-of-words perceptron
// written here from the lecture's rule (std::regex words, a std::map of weights: nothing shared with
// core/text_learner), and bad files are refused with their line numbers.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <stdlib.h>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/learn/rng.hpp"
#include "options.hpp"

using namespace pl;
using Json = nlohmann::json;

namespace {

struct Run {
    int code = 0;
    std::string out, err;
};

Run run_cli(const std::string& tsv, std::vector<std::string> args) {
    char path[] = "/tmp/pl_cli_text_XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    FILE* f = fdopen(fd, "w");
    fwrite(tsv.data(), 1, tsv.size(), f);
    fclose(f);
    std::vector<std::string_view> words{"--text", path};
    for (const std::string& a : args) words.push_back(a);
    std::ostringstream out, err;
    Run r;
    r.code = cli::run_train(words, out, err);
    r.out = out.str();
    r.err = err.str();
    std::remove(path);
    return r;
}

// The independent reference: lecture 004's perceptron on word sets, sequential order, w0 = 0, eta = 1,
// absorbed bias as the weight of an always-present feature.
struct Reference {
    std::map<std::string, double> w;
    double b = 0;
    std::size_t mistakes = 0;
};

Reference reference_perceptron(const std::vector<std::pair<int, std::string>>& data, bool bias, int max_epochs) {
    const std::regex word("[a-z0-9]+");
    std::vector<std::set<std::string>> bags;
    for (const auto& [label, text] : data) {
        std::string lower = text;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::set<std::string> bag;
        for (auto it = std::sregex_iterator(lower.begin(), lower.end(), word); it != std::sregex_iterator(); ++it)
            bag.insert(it->str());
        bags.push_back(bag);
    }
    Reference r;
    for (int epoch = 0; epoch < max_epochs; ++epoch) {
        bool any = false;
        for (std::size_t i = 0; i < data.size(); ++i) {
            double f = bias ? r.b : 0.0;
            for (const std::string& w : bags[i]) f += r.w[w];
            const int y = data[i].first;
            if (y * f <= 0) {
                for (const std::string& w : bags[i]) r.w[w] += y;
                if (bias) r.b += y;
                ++r.mistakes;
                any = true;
            }
        }
        if (!any) break;
    }
    for (const auto& bag : bags)
        for (const std::string& w : bag) r.w.emplace(w, 0.0);
    return r;
}

}  // namespace

TEST_CASE("train --text: the lecture's three messages, JSON with every word") {
    const Run r = run_cli("-1\tviagra the\n1\tlearning the\n-1\tnigeria\n", {"--bias", "none", "--json"});
    REQUIRE(r.code == 0);
    const Json j = Json::parse(r.out);
    CHECK(j["words"] == Json{{"viagra", -1.0}, {"the", 0.0}, {"learning", 1.0}, {"nigeria", -1.0}});
    CHECK(j["bias"] == 0.0);
    CHECK(j["mistakes"] == 3);
    CHECK(j["converged"] == true);
    CHECK(j["data"]["vocabulary"] == 4);
    CHECK(j["R"].get<double>() == doctest::Approx(std::sqrt(2.0)));
    CHECK(j["bound"].get<double>() == doctest::Approx(6.0));
    CHECK(j["separable"] == true);
    CHECK(j["config"]["bias"] == "none");
}

TEST_CASE("train --text equals an independent bag-of-words perceptron on random messages") {
    const std::vector<std::string> vocabulary{"free", "win", "money", "meeting", "lecture", "notes", "the", "a",
                                              "now", "click", "prize", "homework", "exam", "Nigeria", "Viagra"};
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
        Rng rng(seed);
        std::vector<std::pair<int, std::string>> data;
        std::string tsv;
        for (int i = 0; i < 30; ++i) {
            std::string text;
            for (std::size_t k = 0, n = 1 + rng.below(7); k < n; ++k)
                text += vocabulary[rng.below(vocabulary.size())] + (rng.below(2) ? ", " : "! ");
            const int label = rng.below(2) ? 1 : -1;
            data.emplace_back(label, text);
            tsv += (label > 0 ? "ham\t" : "spam\t") + text + "\n";
        }
        for (const bool bias : {false, true}) {
            CAPTURE(seed);
            CAPTURE(bias);
            const Run r = run_cli(tsv, {"--bias", bias ? "absorbed" : "none", "--max-epochs", "40", "--json"});
            REQUIRE(r.code == 0);
            const Json j = Json::parse(r.out);
            const Reference ref = reference_perceptron(data, bias, 40);
            CHECK(j["mistakes"].get<std::size_t>() == ref.mistakes);
            REQUIRE(j["words"].size() == ref.w.size());
            for (const auto& [word, weight] : ref.w) CHECK(j["words"][word].get<double>() == weight);
            CHECK(j["bias"].get<double>() == ref.b);
        }
    }
}

TEST_CASE("train --text refuses bad files and settings with a clear message") {
    Run r = run_cli("1\tok\nmaybe\tspam?\n", {});
    CHECK(r.code == 2);
    CHECK(r.err.find(":2: the label 'maybe' is not -1/1, 0/1, spam or ham") != std::string::npos);
    r = run_cli("1\tok\n", {"--algorithm", "kernel"});
    CHECK(r.code == 2);
    CHECK(r.err.find("--text: the kernel perceptron works on points") != std::string::npos);
    r = run_cli("", {});
    CHECK(r.code == 2);
    CHECK(r.err.find("no messages") != std::string::npos);
    r = run_cli("1\t???\n-1\tbad\n", {});
    CHECK(r.code == 0);
    CHECK(r.err.find("1 message has no words") != std::string::npos);
    CHECK_THROWS_AS(cli::parse_train_options({"--text", "a.tsv", "--data", "b.csv"}), cli::UsageError);
}

TEST_CASE("train --text prints the strongest words for people") {
    const Run r = run_cli("-1\tviagra the\n1\tlearning the\n-1\tnigeria\n", {"--bias", "none"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("3 messages (1 ham, 2 spam), 4 distinct words") != std::string::npos);
    CHECK(r.out.find("ham words (w > 0): learning 1") != std::string::npos);
    CHECK(r.out.find("spam words (w < 0): viagra -1, nigeria -1") != std::string::npos);
    CHECK(r.out.find("R = 1.414213562, gamma* = 0.5773502692, bound (R/gamma*)^2 = 6") != std::string::npos);
}

TEST_CASE("train --text: the mistake bound is said to apply only where it holds for the run (finding F1)") {
    const std::string tsv = "-1\tviagra the\n1\tlearning the\n-1\tnigeria\n";
    const Run plain = run_cli(tsv, {"--json", "--bias", "none"});
    REQUIRE(plain.code == 0);
    const Json p = Json::parse(plain.out);
    CHECK(p["boundApplies"] == true);

    const Run random = run_cli(tsv, {"--json", "--bias", "none", "--init", "random", "--seed", "3", "--eta", "0.05"});
    REQUIRE(random.code == 0);
    const Json r = Json::parse(random.out);
    CHECK(r["separable"] == true);
    CHECK(r["boundApplies"] == false);
    CHECK(r["boundNote"].get<std::string>().find("random") != std::string::npos);

    const Run soft = run_cli(tsv, {"--bias", "none", "--algorithm", "logistic"});
    REQUIRE(soft.code == 0);
    CHECK(soft.out.find("the mistake bound does not apply to this run: logistic SGD moves w on every visit") != std::string::npos);
    const Run soft_json = run_cli(tsv, {"--json", "--bias", "none", "--algorithm", "logistic"});
    CHECK(Json::parse(soft_json.out)["boundApplies"] == false);
}
