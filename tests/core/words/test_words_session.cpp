// Words mode's session (words_session.hpp) through the widget's Session: hand-computed traces of the
// perceptron on lecture 004's three messages, the other verbs, the online protocol, the edits, undo
// and the replay that makes a link reproduce the screen.
//
// The messages: 1 "viagra the" spam (−1), 2 "learning the" ham (+1), 3 "nigeria" spam (−1). The
// vocabulary is numbered as first seen: viagra, the, learning, nigeria.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "core/facts/words_model.hpp"

using namespace pl;

namespace {

WidgetState words_state(BiasMode bias) {
    WidgetState state = default_link_state();
    state.mode = DataMode::Words;
    state.words = lecture_words();
    state.config.bias = bias;
    return state;
}

double weight(const Session& s, const std::string& word) {
    const WordsModel m = build_words_model(s.words());
    const std::uint32_t* id = s.words().learner().corpus().vocabulary.find(word);
    REQUIRE(id != nullptr);
    return m.weights[*id];
}

}  // namespace

TEST_CASE("words: the unbiased perceptron on the lecture's messages, visit by visit") {
    Session s(words_state(BiasMode::None));
    WordsSession& w = s.words();
    REQUIRE(w.data().size() == 3);

    // Visit 1: w = 0 scores 0, "on the line": a mistake. y = −1, so viagra and the drop to −1.
    WordsUpdate u = w.step();
    CHECK(u.visited);
    CHECK(u.index == 0);
    CHECK(u.y == -1);
    CHECK(u.score_before == 0.0);
    CHECK(u.mistake);
    CHECK(u.step == -1.0);
    CHECK(u.words == std::vector<std::string>{"viagra", "the"});
    CHECK(u.before == std::vector<double>{0.0, 0.0});
    CHECK(u.after == std::vector<double>{-1.0, -1.0});
    CHECK_FALSE(u.has_bias);
    CHECK(update_equation(u) == "w \xE2\x86\x90 w \xE2\x88\x92 1 \xC2\xB7 (viagra, the)");
    CHECK(update_sentence(u, "viagra the") ==
          "Message 1 \"viagra the\" (spam, y = \xE2\x88\x92" "1) scored 0: on the line, which counts as a mistake");
    CHECK(s.state().words.trained_visits == 1);

    // Visit 2: learning (0) + the (−1) = −1 for a ham message: a mistake; learning 1, the back to 0.
    u = w.step();
    CHECK(u.index == 1);
    CHECK(u.score_before == -1.0);
    CHECK(u.mistake);
    CHECK(u.words == std::vector<std::string>{"learning", "the"});
    CHECK(u.before == std::vector<double>{0.0, -1.0});
    CHECK(u.after == std::vector<double>{1.0, 0.0});
    CHECK(update_equation(u) == "w \xE2\x86\x90 w + 1 \xC2\xB7 (learning, the)");

    // Visit 3: nigeria scores 0: a mistake; nigeria −1. The first epoch made 3 mistakes.
    u = w.step();
    CHECK(u.index == 2);
    CHECK(u.score_before == 0.0);
    CHECK(u.after == std::vector<double>{-1.0});
    CHECK(u.epoch_finished);
    CHECK(w.learner().mistakes_per_epoch() == std::vector<std::size_t>{3});

    // Epoch 2: −1, +1, −1: every message on its side, no update; converged with M = 3.
    u = w.step();
    CHECK(u.score_before == -1.0);
    CHECK_FALSE(u.mistake);
    CHECK(u.step == 0.0);
    CHECK(update_equation(u) == "no update: w stays (y\xC2\xB7" "f > 0)");
    CHECK(w.epoch() == 0);
    CHECK(w.learner().converged());
    CHECK(w.learner().mistakes() == 3);
    CHECK(weight(s, "viagra") == -1.0);
    CHECK(weight(s, "the") == 0.0);  // once −1 (spam), once +1 (ham): no evidence either way
    CHECK(weight(s, "learning") == 1.0);
    CHECK(weight(s, "nigeria") == -1.0);
    const WordsModel m = build_words_model(w);
    CHECK(m.scores == std::vector<double>{-1.0, 1.0, -1.0});
    CHECK(m.wrong == 0);
    CHECK(words_status_line(w.learner()) ==
          "Perceptron \xC2\xB7 M = 3 mistakes \xC2\xB7 epoch 2 \xC2\xB7 converged (an epoch without mistakes)");
    // The strongest words first; ties keep the vocabulary's order, the zero weight comes last.
    std::vector<std::string> order;
    for (std::uint32_t k : m.by_strength) order.push_back(w.learner().corpus().vocabulary.words()[k]);
    CHECK(order == std::vector<std::string>{"viagra", "learning", "nigeria", "the"});
    CHECK(m.largest == 1.0);

    // The theory: R = √2 (two distinct words at most); the closest point of conv{y x} to 0 is
    // (−1, 0, 1, −1)/3, so γ* = 1/√3 and the bound (R/γ*)² = 6 ≥ M = 3.
    const TextTheory& t = w.theory();
    CHECK(t.R == doctest::Approx(std::sqrt(2.0)));
    CHECK(t.separable);
    CHECK(t.gamma_star == doctest::Approx(1.0 / std::sqrt(3.0)).epsilon(1e-6));
    CHECK(t.bound == doctest::Approx(6.0).epsilon(1e-6));
}

TEST_CASE("words: with the bias absorbed the perceptron needs 5 mistakes, the ends at 0 again") {
    Session s(words_state(BiasMode::Absorbed));
    WordsSession& w = s.words();
    // Epoch 1: all three are mistakes (scores 0, −2, 0): viagra −1, the 0, learning 1, nigeria −1, b −1.
    WordsUpdate u = w.next_mistake();
    CHECK(u.has_bias);
    CHECK(u.bias_before == 0.0);
    CHECK(u.bias_after == -1.0);
    CHECK(update_equation(u) == "w \xE2\x86\x90 w \xE2\x88\x92 1 \xC2\xB7 (viagra, the, 1)");
    u = w.next_mistake();
    CHECK(u.score_before == -2.0);
    CHECK(w.epoch() == 3);
    // Epoch 2: "learning the" scores 1 + 0 − 1 = 0 (a mistake): learning 2, the 1, b 0.
    // Epoch 3: "viagra the" scores −1 + 1 + 0 = 0 (a mistake): viagra −2, the 0, b −1. Epoch 4 is clean.
    u = w.next_mistake();
    CHECK(u.index == 1);
    CHECK(u.score_before == 0.0);
    CHECK(w.train_until_converged());
    CHECK(w.learner().mistakes() == 5);
    CHECK(w.learner().mistakes_per_epoch() == std::vector<std::size_t>{3, 1, 1, 0});
    CHECK(weight(s, "viagra") == -2.0);
    CHECK(weight(s, "the") == 0.0);
    CHECK(weight(s, "learning") == 2.0);
    CHECK(weight(s, "nigeria") == -1.0);
    CHECK(w.learner().answer_bias() == -1.0);
    // The last update of Converge is the last one that changed w: message 1 in epoch 3.
    REQUIRE(w.last_update());
    CHECK(w.last_update()->index == 0);
    CHECK(w.last_update()->after == std::vector<double>{-2.0, 0.0});
    // R = √3 with the constant feature; γ*² = 8/21 (closest point (−7, 2, 9, −5, −3)/21), bound 63/8.
    CHECK(w.theory().R == doctest::Approx(std::sqrt(3.0)));
    CHECK(w.theory().gamma_star == doctest::Approx(std::sqrt(8.0 / 21.0)).epsilon(1e-6));
    CHECK(w.theory().bound == doctest::Approx(63.0 / 8.0).epsilon(1e-6));
}

TEST_CASE("words: a link reproduces the messages and the training progress exactly") {
    Session s(words_state(BiasMode::Absorbed));
    s.words().add("Cheap VIAGRA, cheap!", -1);
    s.words().add("caf\xC3\xA9 learning tonight", +1);
    s.words().run_visits(7);
    const std::string link = encode_fragment(s.state());
    CHECK(link.find("mode=words") != std::string::npos);
    CHECK(link.find("wvisits=7") != std::string::npos);
    const DecodeResult decoded = decode_fragment(link);
    REQUIRE_MESSAGE(decoded.ok, decoded.error);
    CHECK(decoded.state.words.messages == s.state().words.messages);
    CHECK(decoded.state.words.labels == s.state().words.labels);
    Session copy(decoded.state);
    CHECK(copy.words().learner().visits() == 7);
    CHECK(copy.words().learner().weights() == s.words().learner().weights());
    CHECK(copy.words().learner().mistakes() == s.words().learner().mistakes());
    CHECK(encode_fragment(copy.state()) == link);
}

TEST_CASE("words: Reset, Epoch and the settings shared with points") {
    Session s(words_state(BiasMode::None));
    CHECK(s.words().epoch() == 3);
    CHECK(s.state().words.trained_visits == 3);
    s.words().reset_training();
    CHECK(s.words().learner().visits() == 0);
    CHECK(s.state().words.trained_visits == 0);
    CHECK_FALSE(s.words().last_update());
    // A new learning rate restarts the messages' training too.
    s.words().epoch();
    TrainConfig c = s.state().config;
    c.eta = 0.5;
    s.set_config(c);
    CHECK(s.words().learner().visits() == 0);
    CHECK(s.words().step().step == -0.5);
    // The kernel perceptron is for points: the messages train as the perceptron, and say why.
    c.algorithm = Algorithm::Kernel;
    s.set_config(c);
    CHECK(s.words().unsupported().find("kernel perceptron works on points") != std::string::npos);
    CHECK(s.words().learner().config().algorithm == Algorithm::Perceptron);
    // The points keep their own learner and progress meanwhile.
    CHECK(s.state().data.size() == 4);
}

TEST_CASE("words: the Words (spam) preset switches the mode and the settings that cannot train on text") {
    Session s;
    TrainConfig c = s.state().config;
    c.algorithm = Algorithm::Voted;
    c.lift = LiftKind::Product;
    s.set_config(c);
    CHECK(s.load_words_lecture());
    CHECK(s.state().mode == DataMode::Words);
    CHECK(s.state().words.messages == lecture_words().messages);
    CHECK(s.state().config.algorithm == Algorithm::Perceptron);
    CHECK(s.state().config.lift == LiftKind::None);
    CHECK(s.notice().find("Words mode trains the perceptron") == 0);
    CHECK(s.words().unsupported().empty());
    s.set_mode(DataMode::Points);
    CHECK(s.state().data.size() == 4);  // the points were kept
    CHECK(s.state().words.size() == 3);  // and so are the messages
}

TEST_CASE("words: online mode predicts a new message first, then learns its label (y·f <= 0 is a mistake)") {
    Session s(words_state(BiasMode::None));
    s.set_online_mode(true);
    // Online mode has seen every message once, in order: w is the end of the first epoch.
    CHECK(s.words().learner().visits() == 3);
    CHECK(s.state().words.trained_visits == 3);
    // "viagra tonight": viagra −1, tonight unknown (0): the model says spam with score −1.
    const WordsPrediction p = s.words().predict("Viagra tonight");
    CHECK(p.score == -1.0);
    CHECK(p.predicted == -1);
    CHECK(p.known == std::vector<std::string>{"viagra"});
    CHECK(p.unknown == std::vector<std::string>{"tonight"});
    // It is ham: a mistake, and the update adds it: viagra 0, tonight 1.
    WordsOnlineResult r = s.words().online_add("Viagra tonight", +1);
    CHECK(r.accepted);
    CHECK(r.predicted == -1);
    CHECK(r.score == -1.0);
    CHECK(r.mistake);
    CHECK(words_online_sentence(r) == "The model said spam (score \xE2\x88\x92" "1); it is ham: mistake, w updated");
    CHECK(weight(s, "viagra") == 0.0);
    CHECK(weight(s, "tonight") == 1.0);
    CHECK(s.words().online_mistakes() == 1);
    CHECK(s.state().words.trained_visits == 4);
    // "the" scores 0: on the line, which counts as a mistake even for spam.
    r = s.words().online_add("the", -1);
    CHECK(r.score == 0.0);
    CHECK(r.mistake);
    CHECK(words_online_sentence(r) == "The message is on the line (score 0); it is spam: counts as a mistake, w updated");
    CHECK(weight(s, "the") == -1.0);
    // "learning" scores 1 and is ham: correct, no update. add() in online mode is the same protocol.
    CHECK(s.words().add("learning", +1));
    CHECK(s.words().last_online()->mistake == false);
    CHECK(s.words().online_mistakes() == 2);
    CHECK(s.state().words.trained_visits == 6);
    // A link of online mode replays the same single pass.
    Session copy(decode_fragment(encode_fragment(s.state())).state);
    CHECK(copy.words().learner().weights() == s.words().learner().weights());
}

TEST_CASE("words: edits are undoable, refused when read-only or blank, and follow the edit policy") {
    Session s(words_state(BiasMode::None));
    WordsSession& w = s.words();
    CHECK(w.add("  Dating  tonight ", -1));
    CHECK(w.data().messages.back() == "  Dating  tonight ");  // kept as typed
    CHECK(w.edit(3, "dating\tnow"));
    CHECK(w.data().messages.back() == "dating now");          // control characters become spaces
    CHECK(w.flip_label(3));
    CHECK(w.data().labels.back() == 1);
    CHECK(w.remove(0));
    CHECK(w.data().messages == std::vector<std::string>{"learning the", "nigeria", "dating now"});
    CHECK(w.undo());
    CHECK(w.data().messages.size() == 4);
    CHECK(w.undo());
    CHECK(w.data().labels.back() == -1);
    CHECK(w.redo());
    CHECK(w.data().labels.back() == 1);
    CHECK_FALSE(w.add(" ,.! ", 1));
    CHECK(s.notice() == "Type a message first: it has no words yet.");
    CHECK_FALSE(w.add(std::string(kMaxMessageBytes + 1, 'a'), 1));
    CHECK(s.notice().find("at most 64 KB") != std::string::npos);

    // Edits restart training by default; "keep going" replays as many visits on the edited messages.
    w.epoch();
    CHECK(w.learner().visits() == 4);
    w.add("nigeria prince", -1);
    CHECK(w.learner().visits() == 0);
    s.set_edit_policy(EditPolicy::Continue);
    w.epoch();
    const std::size_t visits = w.learner().visits();
    w.add("cheap", -1);
    CHECK(w.learner().visits() == visits);

    s.set_readonly(true);
    CHECK_FALSE(w.add("spam", -1));
    CHECK(s.notice() == "This widget is read-only: adding messages is disabled.");
    CHECK_FALSE(w.clear());
    CHECK_FALSE(w.undo());
    s.set_readonly(false);
    CHECK(w.clear());
    CHECK(w.data().empty());
    CHECK_FALSE(w.step().visited);  // no messages: nothing happens, nothing breaks
    CHECK(w.learner().visits() == 0);
}

TEST_CASE("words: a loaded state replaces the messages as one undo step") {
    Session s(words_state(BiasMode::None));
    WidgetState other = s.state();
    other.words.messages = {"hello"};
    other.words.labels = {1};
    other.words.trained_visits = 1;
    s.load_state(other);
    CHECK(s.words().data().messages == std::vector<std::string>{"hello"});
    CHECK(s.words().learner().visits() == 1);
    CHECK(s.words().undo());
    CHECK(s.words().data().messages == lecture_words().messages);
}

TEST_CASE("words: logistic SGD and a random start neither converge nor obey the bound in name (finding F1)") {
    Session s(words_state(BiasMode::None));
    TrainConfig c = s.state().config;
    c.algorithm = Algorithm::Logistic;
    s.set_config(c);
    for (int i = 0; i < 200 && !s.words().learner().converged(); ++i) s.words().epoch();
    REQUIRE(s.words().learner().converged());  // an epoch with every message on its side
    CHECK(words_status_line(s.words().learner()).find("converged") == std::string::npos);
    CHECK(words_status_line(s.words().learner()).find("logistic SGD still moved w on each visit") != std::string::npos);
    const ProofStatus soft = words_proof_status(s.words().learner().config(), s.words().theory(), 3);
    CHECK_FALSE(soft.applies);
    CHECK(soft.reason.find("logistic SGD") == 0);
    CHECK(words_model_json(s.words()).find("\"boundApplies\":false") != std::string::npos);

    c.algorithm = Algorithm::Perceptron;
    c.init = Init::Random;
    s.set_config(c);
    CHECK(words_proof_status(s.words().learner().config(), s.words().theory(), 3).reason.find("random") != std::string::npos);
    c.init = Init::Zero;
    s.set_config(c);
    CHECK(words_proof_status(s.words().learner().config(), s.words().theory(), 3).applies);
    CHECK(words_model_json(s.words()).find("\"boundApplies\":true") != std::string::npos);
}

TEST_CASE("words: the lecture's three messages come with the lecture's settings on offer (finding F9)") {
    TrainConfig config;
    config.bias = BiasMode::Absorbed;
    config.eta = 0.5;
    CHECK(words_lecture_settings(lecture_words(), config));
    CHECK(config.bias == BiasMode::None);
    CHECK(config.eta == 1.0);
    CHECK(config.algorithm == Algorithm::Perceptron);
    WordsData other = lecture_words();
    other.labels[0] = 1;
    TrainConfig untouched;
    untouched.bias = BiasMode::Absorbed;
    CHECK_FALSE(words_lecture_settings(other, untouched));
    CHECK(untouched.bias == BiasMode::Absorbed);
    // With them the messages give the lecture's run: M = 3 against the bound 6.
    Session s(words_state(BiasMode::Absorbed));
    TrainConfig lecture = s.state().config;
    REQUIRE(words_lecture_settings(s.state().words, lecture));
    s.set_config(lecture);
    s.words().train_until_converged();
    CHECK(s.words().learner().mistakes() == 3);
    CHECK(s.words().theory().bound == doctest::Approx(6.0).epsilon(1e-6));
}
