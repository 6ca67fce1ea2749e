// The sentences the accessible mirror says, traced by hand on the four points of lecture 004:
// (1, 2)+, (2, 1)+, (−1, −1)−, (−1, 1)−, visited in order from w = 0 with no bias (w·x alone):
//   visit 1  point 1  score 0            a mistake   w = (0, 0) + (1, 2)  = (1, 2)
//   visit 2  point 2  score 2 + 2 = 4    correct
//   visit 3  point 3  score −1 − 2 = −3  correct (label −1)
//   visit 4  point 4  score −1 + 2 = 1   a mistake   w = (1, 2) − (−1, 1) = (2, 1)
//   visits 5 to 8: scores 4, 5, −3, −1: all correct, so the second epoch converges with M = 2.
#include <doctest/doctest.h>

#include "core/facts/describe.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {
const std::string kMinus = "\xE2\x88\x92";          // the real minus sign of every number read out
const std::string kMinusOne = kMinus + "1";  // "−1" as label_text writes it

WidgetState lecture4(BiasMode bias, Algorithm algorithm = Algorithm::Perceptron) {
    WidgetState state = Session::default_state();
    state.config.bias = bias;
    state.config.algorithm = algorithm;
    return state;
}
std::string last_visit_sentence(const Session& s) {
    REQUIRE(s.last_visit().has_value());
    return visit_sentence(*s.last_visit(), s.state().data, s.state().config);
}
}  // namespace

TEST_CASE("describe: each visit of the lecture 004 example in a sentence (no bias)") {
    Session s(lecture4(BiasMode::None));
    CHECK_FALSE(s.last_visit().has_value());
    s.step();
    CHECK(s.last_visit()->number == 1);
    CHECK(last_visit_sentence(s) == "Visit 1: point 1 at (1, 2), label +1, score 0: a mistake; w becomes (1, 2).");
    s.step();
    CHECK(last_visit_sentence(s) == "Visit 2: point 2 at (2, 1), label +1, score 4: correct, no update.");
    s.step();
    CHECK(last_visit_sentence(s) == "Visit 3: point 3 at (" + kMinusOne + ", " + kMinusOne + "), label " + kMinusOne + ", score " + kMinus + "3: correct, no update.");
    s.step();
    CHECK(last_visit_sentence(s) == "Visit 4: point 4 at (" + kMinusOne + ", 1), label " + kMinusOne + ", score 1: a mistake; w becomes (2, 1).");
    s.epoch();
    CHECK_FALSE(s.last_visit().has_value());  // an epoch is said as a summary, not as its last visit
    CHECK(outcome_sentence(s.learner(), s.theory()) == "Converged after 2 epochs and 2 mistakes.");
}

TEST_CASE("describe: the absorbed bias is the last weight, an explicit b and a kernel's α are said by name") {
    Session absorbed(lecture4(BiasMode::Absorbed));
    absorbed.step();
    CHECK(last_visit_sentence(absorbed) == "Visit 1: point 1 at (1, 2), label +1, score 0: a mistake; w becomes (1, 2, 1).");

    Session explicit_bias(lecture4(BiasMode::Explicit));
    explicit_bias.step();  // w = (1, 2), b = 0 + 1
    CHECK(last_visit_sentence(explicit_bias) ==
          "Visit 1: point 1 at (1, 2), label +1, score 0: a mistake; w becomes (1, 2) and b becomes 1.");

    WidgetState kernel_state = lecture4(BiasMode::None, Algorithm::Kernel);
    kernel_state.config.kernel.type = KernelType::Linear;
    Session kernel(kernel_state);
    kernel.step();
    CHECK(last_visit_sentence(kernel) == "Visit 1: point 1 at (1, 2), label +1, score 0: a mistake; \xCE\xB1 of point 1 becomes 1.");
    kernel.step();  // f(x2) = 1 * K((1, 2), (2, 1)) = 4
    CHECK(last_visit_sentence(kernel) == "Visit 2: point 2 at (2, 1), label +1, score 4: correct, no update.");
}

TEST_CASE("describe: run_visits(1) is one step, so the handle's train({steps: 1}) is said like the Step button") {
    Session s(lecture4(BiasMode::None));
    CHECK(s.run_visits(1) == 1);
    CHECK(last_visit_sentence(s) == "Visit 1: point 1 at (1, 2), label +1, score 0: a mistake; w becomes (1, 2).");
    s.run_visits(3);
    CHECK_FALSE(s.last_visit().has_value());
    s.reset_training();
    CHECK_FALSE(s.last_visit().has_value());
}

TEST_CASE("describe: training_news says what happened since the last mark") {
    // After each mistake the point's y·f before and after (update_gain.hpp): 0 -> 5, then -1 -> 1.
    // Said in words, not the canvas's symbols (issue 41).
    const std::string kGain5 = " The label times the score went from 0 to 5, up by 5: eta times the squared length of the point.";
    const std::string kGainMinus1To1 = " The label times the score went from " + kMinusOne + " to 1, up by 2: eta times the squared length of the point.";
    Session s(lecture4(BiasMode::None));
    CHECK(training_news(TrainingMark{}, s).empty());  // nothing said yet: only a mark is taken
    TrainingMark mark = training_mark(s);
    CHECK(training_news(mark, s).empty());  // nothing changed

    s.step();
    CHECK(training_news(mark, s) == "Visit 1: point 1 at (1, 2), label +1, score 0: a mistake; w becomes (1, 2)." + kGain5);
    mark = training_mark(s);
    s.next_mistake();  // visits 2 and 3 are correct, visit 4 is the mistake
    CHECK(training_news(mark, s) == "Visits 2 to 3 were correct. Visit 4: point 4 at (" + kMinusOne + ", 1), label " + kMinusOne +
                                        ", score 1: a mistake; w becomes (2, 1)." + kGainMinus1To1);
    mark = training_mark(s);
    s.epoch();
    CHECK(training_news(mark, s) == "Visits 5 to 8: no mistake (2 in all); w = (2, 1). Converged after 2 epochs and 2 mistakes.");
    mark = training_mark(s);
    s.reset_training();
    CHECK(training_news(mark, s) == "Training starts again: no visits yet, w = (0, 0).");
    mark = training_mark(s);
    s.add_point({0, 3}, +1);
    CHECK(training_news(mark, s) == "5 points: 3 of class +1, 2 of class " + kMinusOne + ".");
}

TEST_CASE("describe: while Run is on, single visits are summed up too (one sentence a second, not one per visit)") {
    Session s(lecture4(BiasMode::None));
    s.run_visits(4);  // w = (2, 1)
    const TrainingMark mark = training_mark(s);
    s.step();
    s.step();  // visits 5 and 6, both correct (Run at a slow speed steps one visit at a time)
    CHECK(training_news(mark, s) == "Visit 5 was correct. Visit 6: point 2 at (2, 1), label +1, score 5: correct, no update.");
    CHECK(training_news(mark, s, true) == "Visits 5 to 6: no mistake (2 in all); w = (2, 1).");
}

TEST_CASE("describe: a batch of visits is summed up with its mistakes, the epoch cap names non-separable data") {
    WidgetState state = lecture4(BiasMode::Absorbed);
    state.data = make_preset(Preset::Xor);
    state.config.max_epochs = 3;
    Session s(state);
    const TrainingMark mark = training_mark(s);
    s.train_until_converged();
    const std::size_t mistakes = s.learner().mistakes();
    REQUIRE(s.learner().capped());
    const std::string outcome = "Stopped at the epoch cap after 3 epochs and " + std::to_string(mistakes) +
                                " mistakes: these points are not linearly separable.";
    CHECK(outcome_sentence(s.learner(), s.theory()) == outcome);
    const std::string news = training_news(mark, s);
    CHECK(news.rfind("Visits 1 to 12: " + std::to_string(mistakes) + " mistakes (" + std::to_string(mistakes) + " in all); w = (", 0) == 0);
    CHECK(news.size() > outcome.size());
    CHECK(news.compare(news.size() - outcome.size(), outcome.size(), outcome) == 0);
}

TEST_CASE("describe: the data in words") {
    Dataset d;
    CHECK(data_sentence(d) == "No points yet.");
    d.add({1, 1}, -1);
    CHECK(data_sentence(d) == "1 point, of class " + kMinusOne + ".");
    d.add({2, 2}, -1);
    CHECK(data_sentence(d) == "2 points, all of class " + kMinusOne + ".");
    d.add({3, 3}, +1);
    d.add({4, 4}, +1);
    CHECK(data_sentence(d) == "4 points, 2 of each class.");
    CHECK(data_sentence(make_preset(Preset::Bias1D)).find("They lie on the x1 axis.") != std::string::npos);
    CHECK(vector_text({1, 2, 3}, 2) == "(1, 2, \xE2\x80\xA6)");
    CHECK(count_text(1, "epoch", "epochs") == "1 epoch");
    CHECK(count_text(0, "epoch", "epochs") == "0 epochs");
}
