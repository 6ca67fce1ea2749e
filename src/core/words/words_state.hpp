// The Words mode's part of the widget state (lecture 004's spam example): the messages with their
// labels and how far the text learner has trained on them. WidgetState holds one WordsData and a
// DataMode that says which of the two data sets the widget shows and trains (widget_state.hpp); the
// learner itself is replayed from here (words_session.hpp), as the points learner is from the points.
//
// [SECTION] The `m` value of a link (state_table.hpp, visit_words_properties)
//   base64url (no padding) of: varint n (0..kMaxMessages), ceil(n/8) label bytes (bit i%8 of byte i/8
//   is 1 for ham +1, 0 for spam -1; unused bits zero), then for each message a varint byte length
//   (at most kMaxMessageBytes) and its bytes (UTF-8 as typed). Varints are LEB128 as in `d`.
//   Messages are kept as typed except that control characters (tabs, line breaks, ...) become spaces
//   (clean_message), which changes no word. A link that is too long for kMaxLinkLength is refused by
//   the reader, and link_length_problem() says so before one is shared.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/config.hpp"
#include "core/base/limits.hpp"

namespace pl {

enum class DataMode { Points, Words };  // names.hpp: "points", "words"

struct WordsData {
    std::vector<std::string> messages;
    std::vector<int> labels;           // +1 ham, -1 spam, one per message
    std::uint64_t trained_visits = 0;  // the text learner's visits since reset (replayed on load)

    std::size_t size() const { return messages.size(); }
    bool empty() const { return messages.empty(); }
};

// The lecture's three messages: "viagra the" spam, "learning the" ham, "nigeria" spam.
WordsData lecture_words();
// When `words` are the lecture's three messages, the settings lecture 004 trains them with (the
// perceptron, no bias, from w = 0, in order, η = 1: M = 3 against the bound 6) put into `config`, and
// true; else false and `config` unchanged. The Words data section offers them as the points' lecture
// preset does (Use the lecture's settings).
bool words_lecture_settings(const WordsData& words, TrainConfig& config);

// The message with every control character (bytes below 0x20 and 0x7F) replaced by a space.
std::string clean_message(std::string_view text);

// "" when the messages are within the limits (count, bytes per message and in all, distinct words,
// labels +-1, one label per message, no control characters), else a whole sentence.
std::string words_problem(const WordsData& words);

// The `m` value (format above) and its reader: "" when ok (out set), else the error sentence.
std::string encode_messages(const WordsData& words);
std::string decode_messages(std::string_view base64url_text, WordsData& out);

// "" when a fragment of this many characters can be opened again (kMaxLinkLength), else a sentence
// that says why the link cannot be shared and what to use instead.
std::string link_length_problem(std::size_t fragment_length);

}  // namespace pl
