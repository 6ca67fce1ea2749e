// Words mode's scene for the accessible mirror (words_scene.hpp), hand-computed on lecture 004's three
// messages with no bias, in order from w = 0, η = 1 (the vocabulary as first seen: viagra, the,
// learning, nigeria). Visit 1 "viagra the" (spam) scores 0: a mistake, viagra and the go to −1. Visit 2
// "learning the" (ham) scores −1: a mistake, learning +1, the back to 0. Visit 3 "nigeria" (spam)
// scores 0: a mistake, nigeria −1. Epoch 2 is clean: scores −1, 1, −1. R = √2, γ* = 1/√3, bound 6.
#include <doctest/doctest.h>

#include <string>

#include "core/facts/words_scene.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"

using namespace pl;

namespace {
const std::string kMinus = "\xE2\x88\x92";

WidgetState lecture_words_state() {
    WidgetState state = default_link_state();
    state.mode = DataMode::Words;
    state.words = lecture_words();
    state.config.bias = BiasMode::None;
    return state;
}
std::string item(const WordsScene& scene, const std::string& name) {
    for (const TheoryItem& t : scene.theory)
        if (t.name == name) return t.value;
    FAIL("no theory item " << name);
    return "";
}
}  // namespace

TEST_CASE("words scene: the messages, weights and theory before and after training (lecture 004, no bias)") {
    Session s(lecture_words_state());
    WordsScene before = summarize_words_scene(s.words(), 0);
    CHECK(before.sentence == "Words mode: 3 messages, 1 ham and 2 spam, over 4 distinct words. Not trained yet: every weight is 0, "
                             "so every message scores 0 and lies on the line.");
    REQUIRE(before.rows.size() == 3);
    CHECK(before.rows[0].number == 1);
    CHECK(before.rows[0].text == "viagra the");
    CHECK(before.rows[0].label == -1);
    CHECK(before.rows[0].verdict == "on the line: a mistake");
    CHECK(before.last_update.empty());
    CHECK(before.words == 4);
    CHECK_FALSE(before.has_bias);

    s.words().step();
    WordsScene one = summarize_words_scene(s.words(), 0);
    CHECK(one.last_update == "Message 1 \"viagra the\" (spam, y = " + kMinus + "1) scored 0: on the line, which counts as a mistake. "
                             "w changes: viagra from 0 to " + kMinus + "1, the from 0 to " + kMinus + "1.");
    CHECK(one.rows[0].verdict == "says spam: right");        // −2
    CHECK(one.rows[1].verdict == "says spam: a mistake");    // −1 for a ham message
    CHECK(one.rows[2].verdict == "on the line: a mistake");  // nigeria: 0

    s.words().train_until_converged();
    WordsScene done = summarize_words_scene(s.words(), 0);
    CHECK(done.sentence == "Words mode: 3 messages, 1 ham and 2 spam, over 4 distinct words. The word weights put every message on "
                           "its side; 3 mistakes so far, bound 6. Converged after 2 epochs and 3 mistakes.");
    CHECK(done.rows[1].score == doctest::Approx(1.0));
    CHECK(done.rows[1].verdict == "says ham: right");
    REQUIRE(done.weights.size() == 4);
    CHECK(done.weights[0].word == "viagra");  // |−1| ties keep the vocabulary order; "the" is 0, last
    CHECK(done.weights[0].weight == -1.0);
    CHECK(done.weights[3].word == "the");
    CHECK(item(done, "Messages") == "3");
    CHECK(item(done, "R, the radius of the messages") == "1.414");
    CHECK(item(done, "\xCE\xB3*, the largest margin of any separator") == "0.5774");
    CHECK(item(done, "Mistake bound (R/\xCE\xB3*)\xC2\xB2") == "6");
    CHECK(item(done, "Mistakes M") == "3 (within the bound)");
}

TEST_CASE("words scene: with logistic SGD the bound does not apply, in the sentence and the theory") {
    WidgetState state = lecture_words_state();
    state.config.algorithm = Algorithm::Logistic;
    Session s(state);
    s.words().epoch();
    const WordsScene scene = summarize_words_scene(s.words(), 0);
    CHECK(scene.sentence.find("and the bound 6 does not apply to this run") != std::string::npos);
    CHECK(scene.sentence.find("within") == std::string::npos);
    const std::string mistakes = item(scene, "Mistakes M");
    CHECK(mistakes.find("(the bound does not apply: ") != std::string::npos);
    CHECK(mistakes.find("within") == std::string::npos);
}

TEST_CASE("words scene: the mirror's news names the visited message and says mistake or not") {
    Session s(lecture_words_state());
    const WordsMark start = words_training_mark(s.words());
    s.words().step();
    CHECK(words_training_news(start, s.words()) ==
          "Visit 1: Message 1 \"viagra the\" (spam, y = " + kMinus + "1) scored 0: on the line, which counts as a mistake. "
          "w changes: viagra from 0 to " + kMinus + "1, the from 0 to " + kMinus + "1.");
    const WordsMark after_one = words_training_mark(s.words());
    CHECK(words_training_news(after_one, s.words()).empty());  // nothing new since
    s.words().reset_training();
    CHECK(words_training_news(after_one, s.words()) == "Training starts again: no visits yet.");
    const WordsMark reset = words_training_mark(s.words());
    s.words().next_mistake();  // visit 1 is a mistake at once
    s.words().step();          // visit 2: "learning the" scores −1, a mistake
    CHECK(words_training_news(reset, s.words()) == "Visits 1 to 2: 2 mistakes (2 in all).");
}
