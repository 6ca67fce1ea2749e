// The model facts every view reads (wrong points, colour scale, margins) and the sentences the widget
// says, checked against hand computation.
#include <doctest/doctest.h>

#include <cmath>

#include "core/facts/describe.hpp"
#include "core/facts/model_facts.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {
DecisionField line_field(double w1, double w2, double b) {
    DecisionField f;
    f.kind = DecisionField::Kind::Linear;
    f.input_dim = 2;
    f.bias = BiasMode::Explicit;
    f.w = {w1, w2};
    f.b = b;
    return f;
}
Dataset points(std::initializer_list<std::pair<Vec, int>> rows) {
    Dataset d;
    d.dim = 2;
    for (const auto& [x, y] : rows) d.add(x, y);
    return d;
}
}  // namespace

TEST_CASE("model facts: a point on the line counts as wrong (y*f <= 0), like a learner's mistake") {
    CHECK(is_wrong(0.0, +1));
    CHECK(is_wrong(0.0, -1));
    CHECK(is_wrong(-0.5, +1));
    CHECK_FALSE(is_wrong(0.5, +1));
    CHECK_FALSE(is_wrong(-0.5, -1));
    // f(x) = x1 - 1: (1, 0) lies on the line, (3, 0) is right for +1, (0, 0) is right for -1, (2, 5) is wrong for -1.
    const Dataset d = points({{{1, 0}, -1}, {{3, 0}, +1}, {{0, 0}, -1}, {{2, 5}, -1}});
    TrainConfig config;
    config.bias = BiasMode::Explicit;
    const ModelFacts facts = compute_model_facts(d, config, line_field(1, 0, -1));
    REQUIRE(facts.wrong_known);
    CHECK(facts.wrong == std::vector<signed char>{1, 0, 0, 1});
    CHECK(facts.wrong_count == 2);
    CHECK(facts.largest_abs_score == doctest::Approx(2.0));
}

TEST_CASE("model facts: the input-plane and learner-space margins (AND with ±1 inputs, w = (1, 1), b = -1)") {
    // AND on ±1 inputs: only (1, 1) is +1. f = x1 + x2 - 1 gives y*f = 1, 1, 1, 3, so the functional
    // margin is 1. Input plane: 1 / |(1, 1)| = 0.7071; learner space with the explicit b as one more
    // weight: 1 / |(1, 1, -1)| = 0.5774. Lecture 001's geometric margin is the first.
    const Dataset d = points({{{1, 1}, +1}, {{1, -1}, -1}, {{-1, 1}, -1}, {{-1, -1}, -1}});
    TrainConfig config;
    config.bias = BiasMode::Explicit;
    const ModelFacts facts = compute_model_facts(d, config, line_field(1, 1, -1));
    REQUIRE(facts.margins.input_defined);
    REQUIRE(facts.margins.learner_defined);
    CHECK(facts.margins.input_functional == doctest::Approx(1.0));
    CHECK(facts.margins.input_geometric == doctest::Approx(1.0 / std::sqrt(2.0)));
    CHECK(facts.margins.learner_geometric == doctest::Approx(1.0 / std::sqrt(3.0)));
}

TEST_CASE("model facts: with the bias absorbed the learner space includes the constant feature") {
    Dataset d = points({{{2, 1}, +1}, {{-1, -1}, -1}});
    TrainConfig config;  // absorbed
    DecisionField f;
    f.kind = DecisionField::Kind::Linear;
    f.input_dim = 2;
    f.bias = BiasMode::Absorbed;
    f.w = {1, 2, 1};  // line x1 + 2 x2 + 1 = 0
    const ModelFacts facts = compute_model_facts(d, config, f);
    // y*f: (2,1) -> 5, (-1,-1) -> 2. input: 2 / sqrt(5); learner: 2 / sqrt(6).
    CHECK(facts.margins.input_geometric == doctest::Approx(2.0 / std::sqrt(5.0)));
    CHECK(facts.margins.learner_geometric == doctest::Approx(2.0 / std::sqrt(6.0)));
}

TEST_CASE("model facts: w = 0 has no margin, a kernel answer has no line margin") {
    const Dataset d = points({{{1, 0}, +1}});
    TrainConfig config;
    const ModelFacts zero = compute_model_facts(d, config, line_field(0, 0, 0));
    CHECK_FALSE(zero.margins.input_defined);
    CHECK_FALSE(zero.margins.learner_defined);
    DecisionField kernel;
    kernel.kind = DecisionField::Kind::Kernel;
    kernel.support = {{1, 0}};
    kernel.coef = {1};
    const ModelFacts k = compute_model_facts(d, config, kernel);
    CHECK_FALSE(k.margins.input_defined);
    CHECK(k.wrong_known);
    CHECK(k.wrong_count == 0);
}

TEST_CASE("has_answer: one definition of trained (a visit, or a random start)") {
    Session s;
    CHECK_FALSE(has_answer(s.learner(), s.state().config));
    s.step();
    CHECK(has_answer(s.learner(), s.state().config));
    CHECK(s.learner().mistakes() == 1);  // the first visit from w = 0 is always a mistake
    TrainConfig random_start = s.state().config;
    random_start.init = Init::Random;
    s.set_config(random_start);
    CHECK(s.learner().visits() == 0);
    CHECK(has_answer(s.learner(), s.state().config));
}

TEST_CASE("sentences: numbers for people, the status line and the online verdict") {
    CHECK(display_number(0.70710678) == "0.7071");
    CHECK(display_number(-0.0) == "0");
    // Numbers read out carry the real minus sign, as labels do ("−1"); an exponent keeps its ASCII sign.
    CHECK(display_number(-1.0) == "\xE2\x88\x92" "1");
    CHECK(display_number(-0.645123, 3) == "\xE2\x88\x92" "0.645");
    CHECK(display_number(-1e-5) == "\xE2\x88\x92" "1e-05");
    CHECK(display_number(NAN) == "n/a");
    CHECK(label_text(-1) == "\xE2\x88\x92" "1");
    Session s;
    CHECK(status_line(s.learner(), Algorithm::Perceptron) == "Perceptron \xC2\xB7 M = 0 mistakes \xC2\xB7 epoch 0 \xC2\xB7 not trained yet");
    Session::OnlineResult tie{true, -1, -1, 0.0, true};
    CHECK(online_sentence(tie) == "The point is on the line (score 0); true label \xE2\x88\x92" "1: counts as a mistake, w updated");
    Session::OnlineResult right{true, 1, 1, 2.5, false};
    CHECK(online_sentence(right) == "Model predicted +1 (score 2.5); true label +1: correct, no update");
}

TEST_CASE("online mode: the session keeps the last verdict for every way of adding, and forgets it on a restart") {
    Session s;
    s.set_online_mode(true);
    CHECK_FALSE(s.last_online());
    // The verdict is taken before the model learns the label: its score is the answer's f(x) now.
    const std::uint64_t serial = s.last_online_serial();
    const double score_before = s.learner().score({0.0, 0.0});
    const Session::OnlineResult r = s.online_add({0.0, 0.0}, -1);
    REQUIRE(r.accepted);
    REQUIRE(s.last_online());
    CHECK(s.last_online_serial() == serial + 1);
    CHECK(s.last_online()->truth == -1);
    CHECK(r.score == score_before);
    CHECK(s.last_online()->mistake == (-1 * r.score <= 0));
    CHECK(s.last_online()->predicted == (r.score > 0 ? 1 : r.score < 0 ? -1 : 0));  // 0: on the line
    s.reset_training();
    CHECK_FALSE(s.last_online());
    s.online_add({1.0, 1.0}, 1);
    CHECK(s.last_online());
    s.set_online_mode(false);
    CHECK_FALSE(s.last_online());
}

TEST_CASE("model facts: without a lift the feature-space margin (lesson goals) is the canvas's input-plane margin") {
    const Dataset d = points({{{2, 1}, +1}, {{-1, -1}, -1}, {{1, 3}, +1}});
    for (BiasMode bias : {BiasMode::Absorbed, BiasMode::Explicit, BiasMode::None}) {
        TrainConfig config;
        config.bias = bias;
        DecisionField f;
        f.kind = DecisionField::Kind::Linear;
        f.input_dim = 2;
        f.bias = bias;
        f.w = bias == BiasMode::Absorbed ? Vec{1, 2, 0.5} : Vec{1, 2};
        f.b = bias == BiasMode::Explicit ? 0.5 : 0.0;
        const ModelFacts facts = compute_model_facts(d, config, f);
        const FeatureMargin m = feature_margin(d, f);
        REQUIRE(m.undefined.empty());
        CHECK(m.value == doctest::Approx(facts.margins.input_geometric));
    }
    CHECK(feature_margin(Dataset{}, DecisionField{}).undefined == "there are no points");
}

TEST_CASE("model facts: the kernel perceptron's kept scores give the same facts as evaluating f at every point") {
    // The frame model takes f(x_j) from Learner::cached_scores for a kernel run (no kernel value per frame,
    // issue 14). They must be the f the field evaluates: same wrong points, same colour scale.
    int runs = 0;
    for (Preset preset : {Preset::Circles, Preset::Moons, Preset::Overlap, Preset::XorBlobs})
        for (BiasMode bias : {BiasMode::None, BiasMode::Absorbed, BiasMode::Explicit})
            for (KernelType type : {KernelType::Rbf, KernelType::Polynomial}) {
                GeneratorParams params;
                params.n = 120;
                params.noise = 0.3;
                params.seed = 5;
                const Dataset data = make_preset(preset, params);
                TrainConfig config;
                config.algorithm = Algorithm::Kernel;
                config.bias = bias;
                config.max_epochs = 3;
                config.kernel.type = type;
                Learner learner(data, config);
                learner.run_visits(150);  // mid-epoch: the scores must be right at any time
                const std::vector<double>& kept = learner.cached_scores();
                REQUIRE(kept.size() == data.size());
                const DecisionField field = learner.field();
                for (std::size_t i = 0; i < data.size(); ++i)
                    CHECK(kept[i] == doctest::Approx(field.eval(data.points[i])).epsilon(1e-9).scale(1.0));
                const ModelFacts direct = compute_model_facts(data, config, field);
                const ModelFacts from_scores = compute_model_facts(data, config, field, &kept);
                CHECK(from_scores.wrong_known);
                CHECK(from_scores.wrong == direct.wrong);
                CHECK(from_scores.wrong_count == direct.wrong_count);
                CHECK(from_scores.largest_abs_score == doctest::Approx(direct.largest_abs_score).epsilon(1e-9));
                ++runs;
            }
    CHECK(runs == 24);
}

TEST_CASE("model facts: scores of the wrong length are not used") {
    const Dataset d = points({{{1, 1}, 1}, {{-1, -1}, -1}});
    const std::vector<double> short_scores{5.0};
    const ModelFacts facts = compute_model_facts(d, TrainConfig{}, line_field(1, 0, 0), &short_scores);
    CHECK(facts.wrong == std::vector<signed char>{0, 0});
    CHECK(facts.largest_abs_score == doctest::Approx(1.0));
}
