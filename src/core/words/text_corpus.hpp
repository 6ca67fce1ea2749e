// Messages as bags of words (lecture 004's spam example): each message becomes the set of distinct
// words it contains, a word being a run of [a-z0-9] after lower-casing (ASCII; every other byte
// separates words). Features are binary occurrences, stored sparsely: a corpus of 10,000 messages
// over 50,000 words holds only the words each message has, never a dense row.
//
// TSV, one message per line: label<TAB>text. The reader is strict, like the CSV reader:
//   * labels are -1/+1, 0/1 (0 is read as -1) or the words spam (-1) / ham (+1); a file may not mix
//     0 and -1;
//   * the first non-blank line may be a header "label<TAB>text" (any line whose label field is the
//     word "label");
//   * blank lines and lines starting with '#' are skipped; CRLF and LF line ends are both fine;
//   * a line without a tab, an unknown label or a message over kMaxMessageBytes is an error with its
//     1-based line number; more than max_messages messages is an error.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>
#include <unordered_map>
#include <vector>

#include "core/base/limits.hpp"

namespace pl {

// The distinct words of a message in order of first appearance.
std::vector<std::string> message_words(std::string_view text);

// Words numbered in the order they were first seen.
class Vocabulary {
public:
    std::uint32_t add(const std::string& word);              // index of word, adding it if new
    const std::uint32_t* find(const std::string& word) const;  // nullptr when unknown
    const std::vector<std::string>& words() const { return words_; }
    std::size_t size() const { return words_.size(); }

private:
    std::vector<std::string> words_;
    std::unordered_map<std::string, std::uint32_t> index_;
};

// Row i holds the sorted vocabulary indices of the words of message i (each value is 1).
struct SparseRows {
    std::vector<std::size_t> start{0};   // row i is index[start[i] .. start[i+1])
    std::vector<std::uint32_t> index;
    std::size_t size() const { return start.size() - 1; }
    const std::uint32_t* begin(std::size_t i) const { return index.data() + start[i]; }
    const std::uint32_t* end(std::size_t i) const { return index.data() + start[i + 1]; }
    std::size_t count(std::size_t i) const { return start[i + 1] - start[i]; }
    void add_row(std::vector<std::uint32_t> sorted_indices);
};

struct TextCorpus {
    std::vector<std::string> messages;
    std::vector<int> labels;  // +1 ham, -1 spam
    Vocabulary vocabulary;
    SparseRows rows;
    std::size_t size() const { return labels.size(); }
    // Appends a message; its new words join the vocabulary.
    void add(std::string message, int label);
    // "3 messages (1 ham, 2 spam), 4 distinct words"
    std::string summary() const;
};

TextCorpus make_corpus(const std::vector<std::string>& messages, const std::vector<int>& labels);

// The lecture's three messages: {viagra, the} spam, {learning, the} ham, {nigeria} spam.
TextCorpus lecture_spam_corpus();

// {"word": weight, ...} for every word of the vocabulary in its order (a weight that is not finite is
// null), as a structure (state().wordsModel's "words") and as text (perceptron-cli train --text).
nlohmann::ordered_json word_weights_object(const Vocabulary& vocabulary, const std::vector<double>& weights);
std::string word_weights_json(const Vocabulary& vocabulary, const std::vector<double>& weights);

struct TsvError {
    std::size_t line = 0;  // 1-based; 0 = about the whole file
    std::string message;
};

struct TsvResult {
    bool ok = false;
    TextCorpus corpus;               // complete when ok
    std::vector<TsvError> errors;    // the first few errors
    std::size_t error_count = 0;
    std::size_t empty_messages = 0;  // messages without a single word (they stay, as zero vectors)
    bool zero_one_labels = false;
    static constexpr std::size_t kMaxReportedErrors = 10;
    std::string summary() const;
};

TsvResult parse_tsv(std::string_view text, std::size_t max_messages = kMaxPoints);

// Header "label<TAB>text", then "-1" or "1", a tab and the message (tabs and line breaks inside a
// message become spaces, which changes no word), so parse_tsv(write_tsv(c)) has the same words.
std::string write_tsv(const std::vector<std::string>& messages, const std::vector<int>& labels);

}  // namespace pl
