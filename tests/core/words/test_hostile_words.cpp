// Hostile and odd inputs of Words mode (the companion of test_hostile_inputs.cpp, which covers points):
// malformed TSV, 100,000 messages, an empty file, one class only, bytes that are not ASCII or not
// UTF-8, a message far over the limit, megabytes of junk in the link's `m` and in the JSON "words",
// and a link that asks for hours of replay. Each ends in a clear message or sane behaviour, never a
// crash, and quickly.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/learn/rng.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"
#include "core/facts/words_model.hpp"
#include "../state/test_hostile_helpers.hpp"

using namespace pl;

namespace {

using test::contains;  // contains, seconds, kFewSeconds: ../state/test_hostile_helpers.hpp
using test::kFewSeconds;
using test::seconds;

// n short messages over a vocabulary of `words` words, labelled at random.
std::string tsv_of(std::size_t n, std::size_t words, std::uint64_t seed, int words_per_message = 4) {
    Rng rng(seed);
    std::string tsv;
    for (std::size_t i = 0; i < n; ++i) {
        tsv += rng.below(2) ? "1\t" : "-1\t";
        for (int k = 0; k < words_per_message; ++k) tsv += "w" + std::to_string(rng.below(words)) + ' ';
        tsv += '\n';
    }
    return tsv;
}

}  // namespace

TEST_CASE("hostile words TSV: malformed files are refused with the line, and nothing changes") {
    Session s;
    REQUIRE(s.load_words_lecture());
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"just text\nno tabs\n", "line 1: expected a label, a tab, then the message"},
        {"2\thello\n", "line 1: the label '2' is not -1/1, 0/1, spam or ham"},
        {"0\ta\n-1\tb\n", "labels mix 0 and -1"},
        {"", "no messages"},
        {"# only a comment\n\n", "no messages"},
        {"1\t" + std::string(kMaxMessageBytes + 1, 'a') + "\n", "line 1: the message is longer than 64 KB"},
        {std::string("\x00\x01\xff\t\xfe", 5), "is not -1/1, 0/1, spam or ham"},
    };
    for (const auto& [text, says] : cases) {
        CAPTURE(says);
        const std::string error = s.words().import_tsv(text, "x.tsv");
        CHECK(contains(error, says));
        CHECK(contains(error, "The current messages were kept."));
        CHECK(s.state().words.messages == lecture_words().messages);
    }
}

TEST_CASE("hostile words TSV: 100,000 messages load and train, one more is refused") {
    Session s;
    s.set_mode(DataMode::Words);
    const std::string tsv = tsv_of(kMaxMessages, 5000, 7);
    std::string error;
    CHECK(seconds([&] { error = s.words().import_tsv(tsv, "big.tsv"); }) < kFewSeconds);
    CHECK(error.empty());
    CHECK(s.state().words.size() == kMaxMessages);
    CHECK(seconds([&] { s.words().epoch(); }) < kFewSeconds);
    CHECK(s.words().learner().visits() == kMaxMessages);
    // The exact solver declines (too large) with a reason instead of freezing the page.
    CHECK(s.words().theory().undecided);
    CHECK(contains(s.words().theory().why_not, "too large for the exact solver"));
    CHECK(build_words_model(s.words()).scores.size() == kMaxMessages);
    CHECK_FALSE(s.words().add("one more", 1));
    CHECK(s.notice() == "The widget holds at most 100000 messages; this one was not added.");
    CHECK(contains(s.words().import_tsv(tsv + "1\textra\n", "bigger.tsv"), "more than 100000 messages"));
    // Such a screen does not fit a link: the sharing code says so instead of making a broken one.
    CHECK_FALSE(link_length_problem(encode_fragment(s.state()).size()).empty());
}

TEST_CASE("hostile words: one class only, messages without words, bytes that are not UTF-8") {
    Session s;
    s.set_mode(DataMode::Words);
    REQUIRE(s.words().import_tsv("spam\tcheap pills\nspam\tcheap watches\n", "one-class.tsv").empty());
    CHECK(s.words().train_until_converged());
    for (double v : build_words_model(s.words()).weights) CHECK(std::isfinite(v));
    const TextTheory& theory = s.words().theory();
    CHECK((theory.separable || !theory.why_not.empty()));  // an answer, or a reason
    if (theory.separable) CHECK(std::isfinite(theory.bound));

    // A message of punctuation only is a zero vector in a file (its bias decides), but the box refuses it.
    REQUIRE(s.words().import_tsv("1\t?!\n-1\tno\n", "empty-words.tsv").empty());
    CHECK(contains(s.notice(), "1 message has no words"));
    CHECK_FALSE(s.words().add("...", 1));

    // Bytes that are not UTF-8 separate words like any other byte, and survive the link and JSON.
    const std::string odd = "caf\xE9 \xFF\xFEviagra\x80";
    REQUIRE(s.words().import_tsv("-1\t" + odd + "\n1\thello\n", "latin1.tsv").empty());
    CHECK(message_words(odd) == std::vector<std::string>{"caf", "viagra"});
    const DecodeResult link = decode_fragment(encode_fragment(s.state()));
    REQUIRE(link.ok);
    CHECK(link.state.words.messages[0] == odd);
    const DecodeResult json = state_from_json(state_to_json(s.state()));
    REQUIRE_MESSAGE(json.ok, json.error);  // invalid UTF-8 is written as U+FFFD: the words stay the same
    CHECK(message_words(json.state.words.messages[0]) == message_words(odd));
}

TEST_CASE("hostile words links and JSON: megabytes of junk are refused quickly with a sentence") {
    Rng rng(11);
    std::string random_m(1'500'000, 'A');
    const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (char& c : random_m) c = alphabet[rng.below(64)];
    const std::vector<std::string> links = {
        "m=" + random_m + "&v=1",
        "m=" + std::string(1'500'000, '_') + "&v=1",   // a varint that never ends
        "m=" + std::string(1'500'000, 'A') + "&v=1",   // zero messages, then a megabyte of extra bytes
        "mode=words&wvisits=99999999999&v=1",
    };
    for (const std::string& text : links) {
        CAPTURE(text.substr(0, 24));
        DecodeResult r;
        CHECK(seconds([&] { r = decode_fragment(text); }) < kFewSeconds);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.empty());
    }
    const std::vector<std::string> json = {
        R"({"words": {"messages": "viagra", "labels": [-1]}})",
        R"({"words": {"messages": [["viagra"]], "labels": [-1]}})",
        R"({"words": [1, 2]})",
        R"({"mode": 3})",
        "{\"words\": {\"messages\": [\"" + std::string(kMaxMessageBytes + 10, 'a') + "\"], \"labels\": [1]}}",
    };
    for (const std::string& text : json) {
        CAPTURE(text.substr(0, 40));
        const DecodeResult r = state_from_json(text);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.empty());
    }
    CHECK(contains(state_from_json(json.back()).error, "Message 1 is 64 KB long; a message may have at most 64 KB."));
}

// A link may ask for kMaxTrainedVisits replayed visits of the messages; the replay stops after
// WordsSession::kReplayTimeBudget with a notice instead of freezing the page.
TEST_CASE("hostile words links: a link cannot make the replay of the messages take minutes") {
    WidgetState state = default_link_state();
    state.mode = DataMode::Words;
    // 40 words a message: 50 million visits cost about 2e9 additions, far beyond the replay's 3 s budget on
    // any machine (with 4 words a quiet machine finished the whole replay in time and the test failed).
    const TsvResult tsv = parse_tsv(tsv_of(4000, 40000, 3, 40));
    REQUIRE(tsv.ok);
    state.words.messages = tsv.corpus.messages;
    state.words.labels = tsv.corpus.labels;
    state.config.max_epochs = kEpochRange.max;
    state.words.trained_visits = kTrainedVisitsRange.max;
    const DecodeResult link = decode_fragment(encode_fragment(state));
    REQUIRE_MESSAGE(link.ok, link.error);
    std::string notice;
    std::uint64_t replayed = 0;
    CHECK(seconds([&] {
              Session session(link.state);
              notice = session.notice();
              replayed = session.state().words.trained_visits;
          }) < kFewSeconds);
    CHECK(replayed < kTrainedVisitsRange.max);
    CHECK(contains(notice, "only partly replayed"));
}
