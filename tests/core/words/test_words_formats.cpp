// Words mode in the formats: the link's `m` value and `mode`, the JSON state's "words", TSV import and
// export, the JS handle's "wordsModel", goal facts of the messages and the built-in spam lesson.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/lesson/goal_expression.hpp"
#include "core/lesson/lesson.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "core/facts/snapshot_json.hpp"
#include "core/state/state_json.hpp"
#include "core/words/text_corpus.hpp"
#include "core/facts/words_model.hpp"

using namespace pl;

namespace {
WidgetState words_state() {
    WidgetState state = default_link_state();
    state.mode = DataMode::Words;
    state.words = lecture_words();
    return state;
}

GoalCheck check(const std::string& goal, const Session& s) {
    const GoalParse parsed = parse_goal(goal);
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    return check_goal(parsed.goal, goal_facts(s));
}
}  // namespace

TEST_CASE("words link: the lecture's messages are a short m value, old links mean points and no messages") {
    const WidgetState state = words_state();
    const std::string fragment = encode_fragment(state);
    // 3 messages, labels 0b010 (only message 2 is ham), then length-prefixed texts.
    CHECK(encode_messages(state.words) == "AwIKdmlhZ3JhIHRoZQxsZWFybmluZyB0aGUHbmlnZXJpYQ");
    CHECK(fragment.find("&mode=words&m=AwIKdmlhZ3JhIHRoZQxsZWFybmluZyB0aGUHbmlnZXJpYQ&v=1") != std::string::npos);
    // The default state writes no words keys, so every link made before Words mode reads as before.
    CHECK(encode_fragment(default_link_state()).find("mode") == std::string::npos);
    const DecodeResult old = decode_fragment("#d=AgQDgBCAIIAQ_w__L_8fAIAg&bias=none&v=1");
    REQUIRE(old.ok);
    CHECK(old.state.mode == DataMode::Points);
    CHECK(old.state.words.empty());
    // Full style writes every key and reads back equal.
    const DecodeResult full = decode_fragment(encode_fragment(state, FragmentStyle::Full));
    REQUIRE(full.ok);
    CHECK(full.state.words.messages == state.words.messages);
    CHECK(full.state.words.labels == state.words.labels);
}

TEST_CASE("words link: UTF-8 and punctuation travel as typed, damaged values are refused with a sentence") {
    WordsData words;
    words.messages = {"Caf\xC3\xA9 \xE2\x82\xAC 5 & more = 100%", "#hash ?query"};
    words.labels = {1, -1};
    WordsData back;
    REQUIRE(decode_messages(encode_messages(words), back).empty());
    CHECK(back.messages == words.messages);
    CHECK(back.labels == words.labels);

    WidgetState state = words_state();
    state.words = words;
    const DecodeResult decoded = decode_fragment(encode_fragment(state));
    REQUIRE(decoded.ok);
    CHECK(decoded.state.words.messages == words.messages);

    CHECK(decode_fragment("#mode=words&m=AwIKdmlh&v=1").error == "The link is damaged: the messages end too early.");
    CHECK(decode_fragment("#mode=novel&v=1").error ==
          "The link has a bad value for the data mode (mode): it must be one of points|words, but it is \"novel\".");
    CHECK(decode_fragment("#m=%25%25&v=1").error ==
          "The link is damaged: the messages have characters that cannot be there, or were cut short.");
    // n = 200,000 messages is refused before anything is allocated for them.
    CHECK(decode_fragment("#m=wJoM&v=1").error == "The link holds 200000 messages; the widget holds at most 100000.");
    CHECK(decode_fragment("#wvisits=-1&v=1").error.find("training progress on the messages (wvisits)") != std::string::npos);
}

TEST_CASE("words link: a screen too large for a link says so before it is shared") {
    CHECK(link_length_problem(kMaxLinkLength).empty());
    CHECK(link_length_problem(kMaxLinkLength + 1) ==
          "This screen is too large for a link (2048 KB; a link holds at most 2048 KB). Share it as a file instead: "
          "Save JSON (or Save TSV for the messages).");
    WidgetState big = words_state();
    big.words.messages.assign(40, std::string(60000, 'x'));
    big.words.labels.assign(40, 1);
    const std::string fragment = encode_fragment(big);
    CHECK(fragment.size() > kMaxLinkLength);
    CHECK_FALSE(link_length_problem(fragment.size()).empty());
    CHECK(decode_fragment(fragment).error.find("The link is too long") == 0);
}

TEST_CASE("words JSON: mode and words round trip, the snapshot's wordsModel is read back silently") {
    Session s(words_state());
    s.words().epoch();
    const std::string json = state_to_json(s.state());
    CHECK(json.find("\"mode\":\"words\",\"words\":{\"messages\":[\"viagra the\",\"learning the\",\"nigeria\"],"
                    "\"labels\":[-1,1,-1],\"trainedVisits\":3}") != std::string::npos);
    const DecodeResult back = state_from_json(json);
    REQUIRE_MESSAGE(back.ok, back.error);
    CHECK(back.state.mode == DataMode::Words);
    CHECK(back.state.words.messages == s.state().words.messages);
    CHECK(back.state.words.trained_visits == 3);

    // The snapshot adds what the messages' learner shows, as its last member (built as one structure:
    // the same text as the snapshot of the points with the words model appended, which the web host
    // once spliced by hand); loading it back ignores those keys. Without the words session, or in
    // points mode, there is no "wordsModel".
    const std::string snapshot = snapshot_json(s.state(), s.learner(), s.theory(), SnapshotParts::Everything, &s.words());
    std::string spliced = snapshot_json(s.state(), s.learner(), s.theory());
    spliced.pop_back();
    spliced += ",\"wordsModel\":" + words_model_json(s.words()) + "}";
    CHECK(snapshot == spliced);
    CHECK(snapshot_json(s.state(), s.learner(), s.theory(), SnapshotParts::Light, &s.words()).find("wordsModel") == std::string::npos);
    const DecodeResult again = state_from_json(snapshot);
    REQUIRE(again.ok);
    CHECK(again.warnings.empty());
    const std::string model = words_model_json(s.words());
    CHECK(model.find("{\"words\":{\"viagra\":-1.0,\"the\":0.0,\"learning\":1.0,\"nigeria\":-1.0},\"bias\":-1.0,"
                     "\"mistakes\":3") == 0);
    CHECK(model.find("\"scores\":[-2.0,0.0,-2.0]") != std::string::npos);
    CHECK(model.find("\"predictions\":[-1,-1,-1]") != std::string::npos);

    CHECK(state_from_json(R"({"words": {"messages": ["a", 2], "labels": [1, 1]}})").error ==
          "The JSON state has a bad value for the messages (words.messages): message 2 must be a text, but it is 2.");
    CHECK(state_from_json(R"({"words": {"messages": ["a"], "labels": [0]}})").error ==
          "The JSON state has a bad value for the labels of the messages (words.labels): label 1 must be 1 or -1, but it is 0.");
    CHECK(state_from_json(R"({"words": {"messages": ["a"]}})").error.find("one 1 (ham) or -1 (spam) per message") !=
          std::string::npos);
    const DecodeResult tabs = state_from_json(R"({"words": {"messages": ["a\tb\nc"], "labels": [1]}})");
    REQUIRE(tabs.ok);
    CHECK(tabs.state.words.messages[0] == "a b c");
}

TEST_CASE("words TSV: export and import give the same messages, a bad file changes nothing") {
    Session s(words_state());
    s.words().add("Don't\tmiss: learning!", 1);
    const std::string tsv = write_tsv(s.state().words.messages, s.state().words.labels);
    CHECK(tsv == "label\ttext\n-1\tviagra the\n1\tlearning the\n-1\tnigeria\n1\tDon't miss: learning!\n");

    Session other;
    CHECK(other.words().import_tsv(tsv, "mine.tsv").empty());
    CHECK(other.notice() == "Loaded mine.tsv: 4 messages (2 ham, 2 spam), 7 distinct words.");
    CHECK(other.state().words.messages == s.state().words.messages);
    CHECK(other.state().words.labels == s.state().words.labels);

    const std::string error = other.words().import_tsv("1\tok\nno tab here\nmaybe\tx\n", "bad.tsv");
    CHECK(error == "bad.tsv was not loaded: line 2: expected a label, a tab, then the message; line 3: the label "
                   "'maybe' is not -1/1, 0/1, spam or ham. The current messages were kept.");
    CHECK(other.state().words.size() == 4);
    CHECK(other.words().import_tsv("", "empty.tsv") == "empty.tsv was not loaded: no messages. The current messages were kept.");
    CHECK(other.words().import_tsv("0\tfree money\n1\thello\n", "zero-one.tsv").empty());
    CHECK(other.state().words.labels == std::vector<int>{-1, 1});
}

TEST_CASE("words goals: messages, ham, spam, vocabulary, weight_WORD and the learner facts of the messages") {
    Session s(words_state());
    s.set_config([&] { TrainConfig c = s.state().config; c.bias = BiasMode::None; return c; }());
    CHECK(check("mode == words and messages == 3 and ham_messages == 1 and spam_messages == 2 and vocabulary == 4", s).passed);
    CHECK(check("weight_the == 0 and mistakes == 0", s).passed);
    CHECK(check("converged", s).message == "Not yet: converged == true is not met: converged is false.");
    s.words().train_until_converged();
    CHECK(check("converged and mistakes == 3 and weight_viagra == -1 and weight_the == 0", s).passed);
    CHECK(check("separable and bound == 6 and accuracy == 1", s).passed);
    // margin: min y·f / ‖w‖ = 1 / √3 (scores ±1, w = (−1, 0, 1, −1)).
    CHECK(check("margin > 0.577 and margin < 0.578", s).passed);
    CHECK(check("weight_dating == 0", s).message ==
          "Not yet: the weight of 'dating' is undefined: no message has the word 'dating'.");
    CHECK(check("points == 4", s).message.find("points is undefined: the widget shows messages") != std::string::npos);
    CHECK(parse_goal("weight_The == 0").error.find("after 'weight_' comes a word of a-z and 0-9") != std::string::npos);
    CHECK(parse_goal("mode == text").ok);  // an alias of words
    CHECK(parse_goal("mode == plane").error.find("expected one of points|words") != std::string::npos);
    s.set_mode(DataMode::Points);
    CHECK(check("points == 4 and mode == points", s).passed);
    CHECK(check("messages == 3", s).message == "Not yet: messages is undefined: the widget shows points, not messages (mode == points).");
}

TEST_CASE("words lesson: the built-in spam lesson opens Words mode with the lecture's messages") {
    CHECK(builtin_lesson_problems().empty());
    const Lesson* lesson = find_builtin_lesson("spam-words");
    REQUIRE(lesson != nullptr);
    REQUIRE(lesson->steps.size() >= 4);
    REQUIRE(lesson->steps[0].state);
    CHECK(lesson->steps[0].state->mode == DataMode::Words);
    CHECK(lesson->steps[0].state->words.messages == lecture_words().messages);
    CHECK(lesson->steps[0].state->words.labels == lecture_words().labels);
    // A lesson step's state may be a link with the messages too, and it survives lesson_to_json.
    Lesson mine = *lesson;
    mine.id = "mine";
    mine.steps[0].state_as_link = true;
    const LessonParse again = parse_lesson(lesson_to_json(mine));
    REQUIRE_MESSAGE(again.ok, again.error);
    CHECK(again.lesson.steps[0].state->words.messages == lecture_words().messages);
    CHECK(again.lesson.steps[0].state->mode == DataMode::Words);
}
