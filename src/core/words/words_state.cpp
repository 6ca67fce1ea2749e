// The messages of the Words mode: limits, the cleaning rule and the link's `m` value (words_state.hpp).
#include "core/words/words_state.hpp"

#include <unordered_set>

#include "core/learn/dataset.hpp"
#include "core/base/base64url.hpp"
#include "core/words/text_corpus.hpp"

namespace pl {

WordsData lecture_words() {
    WordsData words;
    words.messages = {"viagra the", "learning the", "nigeria"};
    words.labels = {-1, 1, -1};
    return words;
}

bool words_lecture_settings(const WordsData& words, TrainConfig& config) {
    const WordsData lecture = lecture_words();
    if (words.messages != lecture.messages || words.labels != lecture.labels) return false;
    return lecture_settings(Preset::Lecture4, config);  // lecture 004 trains its messages as its four points
}

namespace {
bool is_control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }

std::string kilobytes(std::size_t bytes) { return std::to_string(bytes / 1024) + " KB"; }
}  // namespace

std::string clean_message(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (is_control(c)) c = ' ';
    return out;
}

std::string words_problem(const WordsData& words) {
    if (words.labels.size() != words.messages.size())
        return "There are " + std::to_string(words.labels.size()) + " labels for " + std::to_string(words.messages.size()) +
               " messages.";
    if (words.size() > kMaxMessages)
        return "There are " + std::to_string(words.size()) + " messages; the widget holds at most " +
               std::to_string(kMaxMessages) + ".";
    std::size_t total = 0;
    std::unordered_set<std::string> vocabulary;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& m = words.messages[i];
        const std::string which = "Message " + std::to_string(i + 1);
        if (words.labels[i] != 1 && words.labels[i] != -1)
            return which + " has the label " + std::to_string(words.labels[i]) + "; a label is 1 (ham) or -1 (spam).";
        if (m.size() > kMaxMessageBytes)
            return which + " is " + kilobytes(m.size()) + " long; a message may have at most " + kilobytes(kMaxMessageBytes) + ".";
        for (char c : m)
            if (is_control(c)) return which + " contains a control character.";
        total += m.size();
        if (total > kMaxWordsTextBytes)
            return "The messages have more than " + std::to_string(kMaxWordsTextBytes / (1024 * 1024)) +
                   " MB of text together; the widget holds at most that.";
        for (std::string& word : message_words(m)) {
            vocabulary.insert(std::move(word));
            if (vocabulary.size() > kMaxVocabulary)
                return "The messages have more than " + std::to_string(kMaxVocabulary) + " distinct words.";
        }
    }
    return {};
}

// [SECTION] The link's `m` value
namespace {

constexpr const char* kDamaged = "The link is damaged: the messages ";

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<std::uint8_t>((value & 0x7F) | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(value));
}

// "" when a canonical varint of at most 64 bits was read.
std::string read_varint(const std::vector<std::uint8_t>& bytes, std::size_t& pos, std::uint64_t& out) {
    out = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (pos >= bytes.size()) return std::string(kDamaged) + "end too early.";
        const std::uint8_t byte = bytes[pos++];
        const std::uint64_t bits = byte & 0x7Fu;
        if (shift == 63 && bits > 1) return std::string(kDamaged) + "contain a malformed number.";
        out |= bits << shift;
        if (!(byte & 0x80)) return (byte == 0 && shift > 0) ? std::string(kDamaged) + "contain a malformed number." : "";
    }
    return std::string(kDamaged) + "contain a malformed number.";
}

}  // namespace

std::string encode_messages(const WordsData& words) {
    std::vector<std::uint8_t> bytes;
    const std::size_t n = words.messages.size();
    put_varint(bytes, n);
    for (std::size_t i = 0; i < n; i += 8) {
        std::uint8_t bits = 0;
        for (std::size_t j = i; j < n && j < i + 8; ++j)
            if (j < words.labels.size() && words.labels[j] > 0) bits = static_cast<std::uint8_t>(bits | (1u << (j - i)));
        bytes.push_back(bits);
    }
    for (const std::string& m : words.messages) {
        const std::string clean = clean_message(m);
        put_varint(bytes, clean.size());
        bytes.insert(bytes.end(), clean.begin(), clean.end());
    }
    return base64url_encode(bytes);
}

std::string decode_messages(std::string_view text, WordsData& out) {
    std::vector<std::uint8_t> bytes;
    if (text.empty()) return std::string(kDamaged) + "are empty.";
    if (!base64url_decode(text, bytes)) return std::string(kDamaged) + "have characters that cannot be there, or were cut short.";
    std::size_t pos = 0;
    std::uint64_t n = 0;
    if (std::string e = read_varint(bytes, pos, n); !e.empty()) return e;
    if (n > kMaxMessages)
        return "The link holds " + std::to_string(n) + " messages; the widget holds at most " + std::to_string(kMaxMessages) + ".";
    const std::size_t count = static_cast<std::size_t>(n), label_bytes = (count + 7) / 8;
    // Every message takes at least one byte (its length): checking this first bounds what we reserve.
    if (bytes.size() - pos < label_bytes + count) return std::string(kDamaged) + "end too early.";
    WordsData words;
    words.labels.resize(count);
    for (std::size_t i = 0; i < count; ++i) words.labels[i] = (bytes[pos + i / 8] >> (i % 8)) & 1u ? 1 : -1;
    if (count % 8 != 0 && (bytes[pos + label_bytes - 1] >> (count % 8)) != 0)
        return std::string(kDamaged) + "have stray bits after the last label.";
    pos += label_bytes;
    words.messages.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t length = 0;
        if (std::string e = read_varint(bytes, pos, length); !e.empty()) return e;
        if (length > kMaxMessageBytes)
            return "The link is damaged: message " + std::to_string(i + 1) + " would be longer than " + kilobytes(kMaxMessageBytes) + ".";
        if (bytes.size() - pos < length) return std::string(kDamaged) + "end too early.";
        const auto size = static_cast<std::size_t>(length);  // <= kMaxMessageBytes, so it fits a 32-bit size_t
        words.messages.push_back(clean_message(std::string_view(reinterpret_cast<const char*>(bytes.data() + pos), size)));
        pos += size;
    }
    if (pos != bytes.size()) return std::string(kDamaged) + "have extra bytes after the last message.";
    if (std::string problem = words_problem(words); !problem.empty()) return "The link's messages are not valid: " + problem;
    out.messages = std::move(words.messages);
    out.labels = std::move(words.labels);
    return {};
}

std::string link_length_problem(std::size_t fragment_length) {
    if (fragment_length <= kMaxLinkLength) return {};
    return "This screen is too large for a link (" + std::to_string(fragment_length / 1024) + " KB; a link holds at most " +
           std::to_string(kMaxLinkLength / 1024) + " KB). Share it as a file instead: Save JSON (or Save TSV for the messages).";
}

}  // namespace pl
