// The scene as the accessible mirror shows it: the sentence, one page of the points table, the theory
// list. Hand-computed on lecture 004's four points with no bias (see test_describe.cpp for the trace):
// R = max |x| = √5 = 2.236; the points y·x are (1, 2), (2, 1), (1, 1), (1, −1), whose convex hull is
// nearest the origin at (1, 0), so γ* = 1 and the bound (R/γ*)² = 5.
#include <doctest/doctest.h>

#include "core/scene/scene_summary.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {
SceneSummary summary(const Session& s, std::size_t page = 0, std::size_t rows_per_page = kRowsPerPage) {
    SceneCache cache;
    return summarize_scene(cache.update(s), page, rows_per_page);
}
std::string item(const SceneSummary& summary, const std::string& name) {
    for (const TheoryItem& t : summary.theory)
        if (t.name == name) return t.value;
    FAIL("no theory item " << name);
    return "";
}
Session lecture4_without_bias() {
    WidgetState state = Session::default_state();
    state.config.bias = BiasMode::None;
    return Session(state);
}
}  // namespace

TEST_CASE("scene summary: before training, after one mistake and after convergence (lecture 004, no bias)") {
    Session s = lecture4_without_bias();
    SceneSummary before = summary(s);
    CHECK(before.sentence == "4 points, 2 of each class. Not trained yet: w = (0, 0), so there is no line.");
    REQUIRE(before.rows.size() == 4);
    CHECK(before.rows[0].verdict == "not trained yet");
    CHECK(before.rows[0].score == 0.0);

    s.step();  // w = (1, 2): scores 5, 4, −3, 1; point 4 (label −1) is on the wrong side
    SceneSummary one = summary(s);
    CHECK(one.sentence == "4 points, 2 of each class. The line w\xC2\xB7x = 0 (through the origin) with w = (1, 2) gets 3 of 4 "
                          "points right; 1 mistake so far, bound 5.");
    CHECK(one.status == "Perceptron \xC2\xB7 M = 1 mistake \xC2\xB7 epoch 1 \xC2\xB7 training");
    CHECK(one.rows[0].score == doctest::Approx(5.0));
    CHECK(one.rows[3].score == doctest::Approx(1.0));
    CHECK(one.rows[3].label == -1);
    CHECK(one.rows[3].verdict == "no");
    CHECK(one.rows[2].verdict == "yes");
    CHECK(one.rows[3].number == 4);
    CHECK(one.rows[3].x == Vec{-1, 1});

    s.train_until_converged();  // w = (2, 1)
    SceneSummary done = summary(s);
    CHECK(done.sentence == "4 points, 2 of each class. The line w\xC2\xB7x = 0 (through the origin) with w = (2, 1) separates "
                           "all of them; 2 mistakes so far, bound 5. Converged: an epoch without mistakes.");
    CHECK(done.status == "Perceptron \xC2\xB7 M = 2 mistakes \xC2\xB7 epoch 2 \xC2\xB7 converged (an epoch without mistakes)");
    CHECK(item(done, "Points") == "4");
    CHECK(item(done, "R, the radius of the data") == "2.236");
    CHECK(item(done, "\xCE\xB3*, the largest margin of any separator") == "1");
    CHECK(item(done, "Mistake bound (R/\xCE\xB3*)\xC2\xB2") == "5");
    CHECK(item(done, "Margin of the current w") == "0.4472");  // min y·w·x / |w| = 1 / √5 at point 4
    CHECK(item(done, "Mistakes M") == "2 (within the bound)");
    CHECK(item(done, "Epochs") == "2");
    CHECK(item(done, "Visits") == "8");
    CHECK(item(done, "Accuracy") == "100 %");
    CHECK(item(done, "Linearly separable") == "yes");
}

TEST_CASE("scene summary: a point exactly on the line is a mistake, said as such") {
    Session s = lecture4_without_bias();
    s.add_point({-2, 1}, +1);  // point 5; after the first step w = (1, 2) gives it 0
    s.step();
    const SceneSummary one = summary(s);
    CHECK(one.rows[4].score == 0.0);
    CHECK(one.rows[4].verdict == "no: on the line");
}

TEST_CASE("scene summary: the bias, the lifts, the kernel and the voted vote each said as what the canvas shows") {
    WidgetState state = Session::default_state();  // absorbed bias: w over (x1, x2, 1)
    Session absorbed(state);
    absorbed.step();
    CHECK(summary(absorbed).sentence.find("The line w\xC2\xB7x = 0 with w = (1, 2, 1) gets 3 of 4 points right; 1 mistake so far") !=
          std::string::npos);

    state.config.bias = BiasMode::Explicit;
    Session explicit_bias(state);
    explicit_bias.step();
    CHECK(summary(explicit_bias).sentence.find("The line w\xC2\xB7x + b = 0 with w = (1, 2) and b = 1 ") != std::string::npos);

    state.config.bias = BiasMode::None;
    state.config.lift = LiftKind::Product;
    Session lifted(state);
    lifted.step();  // φ(1, 2) = (1, 2, 2)
    CHECK(summary(lifted).sentence.find("The boundary w\xC2\xB7\xCF\x86(x) = 0 with \xCF\x86(x) = (x1, x2, x1\xC2\xB7x2) and w = (1, 2, 2) ") !=
          std::string::npos);

    state.config.lift = LiftKind::None;
    state.config.algorithm = Algorithm::Kernel;
    Session kernel(state);
    CHECK(summary(kernel).sentence == "4 points, 2 of each class. Not trained yet: no point has \xCE\xB1 > 0, so there is no boundary.");
    kernel.step();
    CHECK(summary(kernel).sentence.find("The kernel perceptron's boundary (RBF kernel, 1 point with \xCE\xB1 > 0)") != std::string::npos);

    state.config.algorithm = Algorithm::Voted;
    Session voted(state);
    voted.train_until_converged();
    CHECK(summary(voted).sentence.find("The vote of ") != std::string::npos);
}

TEST_CASE("scene summary: big data sets are paged, never listed whole") {
    WidgetState state = Session::default_state();
    GeneratorParams params;
    params.n = 120;
    state.data = make_preset(Preset::Circles, params);
    REQUIRE(state.data.size() == 120);
    Session s(state);
    const SceneSummary first = summary(s, 0);
    CHECK(first.pages == 3);
    CHECK(first.rows.size() == 50);
    CHECK(first.rows.front().number == 1);
    const SceneSummary last = summary(s, 2);
    CHECK(last.first_row == 100);
    CHECK(last.rows.size() == 20);
    CHECK(last.rows.front().number == 101);
    CHECK(last.rows.front().x == s.state().data.points[100]);
    const SceneSummary beyond = summary(s, 99);  // clamped to the last page
    CHECK(beyond.page == 2);
    CHECK(beyond.rows.size() == 20);
    Session empty(WidgetState{});
    const SceneSummary none = summary(empty, 5);
    CHECK(none.pages == 1);
    CHECK(none.page == 0);
    CHECK(none.rows.empty());
    CHECK(none.sentence == "No points yet.");
}

TEST_CASE("scene summary: XOR cycles back to w = 0, which is no line at all") {
    // Absorbed bias, points in the order (−1, −1)−, (−1, 1)+, (1, −1)+, (1, 1)−: each epoch's four
    // updates add −(−1, −1, 1) + (−1, 1, 1) + (1, −1, 1) − (1, 1, 1) = (0, 0, 0).
    WidgetState state = Session::default_state();
    state.data = make_preset(Preset::Xor);
    state.config.max_epochs = 3;
    Session s(state);
    s.train_until_converged();
    CHECK(summary(s).sentence == "4 points, 2 of each class. With w = (0, 0, 0) there is no line: every point scores 0 and counts "
                                 "as a mistake; 12 mistakes so far, no mistake bound: the points are not linearly separable. "
                                 "Stopped at the epoch cap.");
}

TEST_CASE("scene summary: the bound is within or above only where it holds for the run (finding F2)") {
    Session s = lecture4_without_bias();
    s.train_until_converged();
    CHECK(item(summary(s), "Mistakes M").find("(within the bound)") != std::string::npos);

    TrainConfig logistic = s.state().config;
    logistic.algorithm = Algorithm::Logistic;
    s.set_config(logistic);
    s.train_until_converged();
    const SceneSummary soft = summary(s);
    CHECK(item(soft, "Mistakes M").find("within") == std::string::npos);
    CHECK(item(soft, "Mistakes M").find("the bound does not apply: logistic SGD moves w on every visit") != std::string::npos);
    CHECK(soft.sentence.find("the bound 5 does not apply to this run") != std::string::npos);
    CHECK(soft.sentence.find("Converged: an epoch without mistakes") == std::string::npos);

    TrainConfig random_start = logistic;
    random_start.algorithm = Algorithm::Perceptron;
    random_start.init = Init::Random;
    random_start.seed = 3;
    s.set_config(random_start);
    s.train_until_converged();
    CHECK(item(summary(s), "Mistakes M").find("the bound does not apply: training started from a random") != std::string::npos);
}

// The mirror reads the scene the canvas draws (issue 42): in every mode each row's verdict is the ring
// the canvas draws (scene.wrong), the sentence counts the same mistakes, and the status line is the
// canvas's. Hand mode included, where the unit fires at its threshold: before the scene, the mirror
// judged the hand unit by the perceptron's rule and said "on the line" for a right point.
TEST_CASE("scene summary: the mirror's verdicts, counts and status are the canvas's in every mode, hand mode included") {
    auto agree = [](const Session& s, const char* mode) {
        CAPTURE(mode);
        SceneCache cache;
        const Scene& scene = cache.update(s);
        const SceneSummary mirror = summarize_scene(scene, 0);
        CHECK(mirror.status == scene.status);
        REQUIRE(mirror.rows.size() == s.state().data.size());
        std::size_t said_wrong = 0;
        for (std::size_t i = 0; i < mirror.rows.size(); ++i) {
            CAPTURE(i);
            if (!scene.trained) {
                CHECK(mirror.rows[i].verdict == "not trained yet");
                continue;
            }
            const bool said = mirror.rows[i].verdict.rfind("no", 0) == 0;
            CHECK(said == scene.wrong(i));
            said_wrong += said ? 1u : 0u;
        }
        if (scene.trained && scene.facts.wrong_known) CHECK(said_wrong == scene.facts.wrong_count);
    };
    WidgetState lecture = Session::default_state();
    lecture.data.add({1.0, -1.0}, +1);  // a point on the line after the first visit: f(1, -1) = 1 - 2 + 1 = 0
    for (std::uint64_t visits : {0u, 1u, 3u, 12u}) {
        WidgetState state = lecture;
        state.trained_visits = visits;
        agree(Session(state), "perceptron");
    }
    WidgetState xor_state = Session::default_state();
    xor_state.data = Dataset{};
    xor_state.data.add({1.0, 1.0}, +1);
    xor_state.data.add({-1.0, -1.0}, +1);
    xor_state.data.add({1.0, -1.0}, -1);
    xor_state.data.add({-1.0, 1.0}, -1);
    xor_state.trained_visits = 6;
    {
        WidgetState state = xor_state;
        state.config.lift = LiftKind::Product;
        agree(Session(state), "product lift");
        state.config.lift = LiftKind::None;
        state.config.algorithm = Algorithm::Kernel;
        state.config.kernel.type = KernelType::Rbf;
        agree(Session(state), "RBF kernel");
        state.config.algorithm = Algorithm::Voted;
        agree(Session(state), "voted");
        state.config.algorithm = Algorithm::Pocket;
        agree(Session(state), "pocket");
    }
    // Hand mode: the lecture's AND unit (w = (1, 1), k = 1.5) with two points on its threshold, where it
    // fires: (0.5, 1) labelled +1 is right, (1, 0.5) labelled -1 is wrong.
    WidgetState hand = Session::default_state();
    hand.data.add({0.5, 1.0}, +1);
    hand.data.add({1.0, 0.5}, -1);
    hand.hand.on = true;
    Session s(hand);
    agree(s, "hand");
    SceneCache cache;
    const SceneSummary mirror = summarize_scene(cache.update(s), 0);
    CHECK(mirror.rows[4].verdict == "yes: on the threshold, where the unit fires");
    CHECK(mirror.rows[5].verdict == "no: on the threshold, where the unit fires");
    CHECK(mirror.status == "Hand mode (McCulloch-Pitts): fires when w\xC2\xB7x \xE2\x89\xA5 k \xC2\xB7 1 of 6 wrong \xC2\xB7 2 on the threshold (they fire)");
    CHECK(mirror.sentence == "6 points, 3 of each class. The threshold unit set by hand fires when w\xC2\xB7x \xE2\x89\xA5 k, with "
                             "w = (1, 1) and k = 1.5; it gets 5 of 6 points right (2 points on the threshold, where it fires).");
}
