// Bags of words and the TSV format (see text_corpus.hpp for the rules).
#include "core/words/text_corpus.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "core/base/table_cells.hpp"

namespace pl {

namespace {

bool word_byte(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
unsigned char lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : c; }

std::string plural(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// -1, 1 or 0 (a 0/1 file's negative), or 2 for "not a label".
int read_label(std::string_view field) {
    field = trim(field);
    if (field == "1" || field == "+1" || field == "ham") return 1;
    if (field == "-1" || field == "spam") return -1;
    if (field == "0") return 0;
    return 2;
}

}  // namespace

std::vector<std::string> message_words(std::string_view text) {
    std::vector<std::string> words;
    std::unordered_set<std::string> seen;
    std::string word;
    auto flush = [&] {
        if (!word.empty() && seen.insert(word).second) words.push_back(word);
        word.clear();
    };
    for (const char ch : text) {
        const unsigned char c = lower(static_cast<unsigned char>(ch));
        if (word_byte(c)) word += static_cast<char>(c);
        else flush();
    }
    flush();
    return words;
}

std::uint32_t Vocabulary::add(const std::string& word) {
    const auto found = index_.find(word);
    if (found != index_.end()) return found->second;
    const auto id = static_cast<std::uint32_t>(words_.size());
    words_.push_back(word);
    index_.emplace(word, id);
    return id;
}

const std::uint32_t* Vocabulary::find(const std::string& word) const {
    const auto found = index_.find(word);
    return found == index_.end() ? nullptr : &found->second;
}

void SparseRows::add_row(std::vector<std::uint32_t> sorted_indices) {
    index.insert(index.end(), sorted_indices.begin(), sorted_indices.end());
    start.push_back(index.size());
}

void TextCorpus::add(std::string message, int label) {
    std::vector<std::uint32_t> ids;
    for (const std::string& word : message_words(message)) ids.push_back(vocabulary.add(word));
    std::sort(ids.begin(), ids.end());
    rows.add_row(std::move(ids));
    messages.push_back(std::move(message));
    labels.push_back(label > 0 ? 1 : -1);
}

std::string TextCorpus::summary() const {
    const auto ham = static_cast<std::size_t>(std::count(labels.begin(), labels.end(), 1));
    return plural(size(), "message", "messages") + " (" + std::to_string(ham) + " ham, " +
           std::to_string(size() - ham) + " spam), " + plural(vocabulary.size(), "distinct word", "distinct words");
}

TextCorpus make_corpus(const std::vector<std::string>& messages, const std::vector<int>& labels) {
    TextCorpus corpus;
    for (std::size_t i = 0; i < messages.size() && i < labels.size(); ++i) corpus.add(messages[i], labels[i]);
    return corpus;
}

TextCorpus lecture_spam_corpus() {
    return make_corpus({"viagra the", "learning the", "nigeria"}, {-1, 1, -1});
}

nlohmann::ordered_json word_weights_object(const Vocabulary& vocabulary, const std::vector<double>& weights) {
    using Json = nlohmann::ordered_json;
    Json object = Json::object();
    // The words are distinct, so each pair is appended to the object's list as it is: an ordered object's
    // own insert looks every key up first (quadratic for 50,000 words).
    auto& pairs = static_cast<std::vector<std::pair<const std::string, Json>>&>(object.get_ref<Json::object_t&>());
    const std::vector<std::string>& words = vocabulary.words();
    pairs.reserve(words.size());
    for (std::size_t k = 0; k < words.size(); ++k) {
        const double w = k < weights.size() ? weights[k] : 0.0;
        pairs.emplace_back(words[k], std::isfinite(w) ? Json(w) : Json(nullptr));
    }
    return object;
}

std::string word_weights_json(const Vocabulary& vocabulary, const std::vector<double>& weights) {
    return word_weights_object(vocabulary, weights).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string TsvResult::summary() const {
    if (ok) {
        std::string s = corpus.summary();
        if (empty_messages > 0) s += "; " + plural(empty_messages, "message has", "messages have") + " no words";
        return s;
    }
    std::string s;
    for (const TsvError& e : errors) {
        if (!s.empty()) s += "; ";
        s += (e.line > 0 ? "line " + std::to_string(e.line) + ": " : std::string()) + e.message;
    }
    if (error_count > errors.size()) s += "; and " + std::to_string(error_count - errors.size()) + " more";
    return s;
}

TsvResult parse_tsv(std::string_view text, std::size_t max_messages) {
    TsvResult result;
    auto error = [&](std::size_t line, std::string message) {
        if (result.errors.size() < TsvResult::kMaxReportedErrors) result.errors.push_back({line, std::move(message)});
        ++result.error_count;
    };
    if (text.size() > kMaxTextFileBytes) {
        error(0, "the file is larger than " + std::to_string(kMaxTextFileBytes / (1024 * 1024)) + " MB");
        return result;
    }
    bool saw_zero = false, saw_minus_one = false, first = true, too_many = false;
    std::size_t line_number = 0, pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_number;
        if (trim(line).empty() || trim(line).front() == '#') continue;
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos) {
            error(line_number, "expected a label, a tab, then the message");
            first = false;
            continue;
        }
        const std::string_view label_field = line.substr(0, tab);
        if (first && trim(label_field) == "label") { first = false; continue; }
        first = false;
        const int label = read_label(label_field);
        if (label == 2) {
            error(line_number, "the label '" + std::string(trim(label_field).substr(0, 20)) +
                                   "' is not -1/1, 0/1, spam or ham");
            continue;
        }
        std::string_view message = line.substr(tab + 1);
        if (!message.empty() && message.back() == '\r') message.remove_suffix(1);
        if (message.size() > kMaxMessageBytes) {
            error(line_number, "the message is longer than " + std::to_string(kMaxMessageBytes / 1024) + " KB");
            continue;
        }
        if (result.corpus.size() >= max_messages) {
            if (!too_many) error(line_number, "more than " + std::to_string(max_messages) + " messages");
            too_many = true;
            continue;
        }
        saw_zero |= label == 0;
        saw_minus_one |= label == -1;
        result.corpus.add(read_tsv_text(message), label == 0 ? -1 : label);  // write_tsv's apostrophe off
        if (result.corpus.rows.count(result.corpus.size() - 1) == 0) ++result.empty_messages;
        if (result.corpus.vocabulary.size() > kMaxVocabulary) {
            error(line_number, "more than " + std::to_string(kMaxVocabulary) + " distinct words");
            return result;
        }
    }
    if (saw_zero && saw_minus_one) error(0, "labels mix 0 and -1: use -1/1 or 0/1, not both");
    if (result.error_count == 0 && result.corpus.size() == 0) error(0, "no messages");
    result.zero_one_labels = saw_zero;
    result.ok = result.error_count == 0;
    return result;
}

std::string write_tsv(const std::vector<std::string>& messages, const std::vector<int>& labels) {
    std::string out = "label\ttext\n";
    for (std::size_t i = 0; i < messages.size() && i < labels.size(); ++i) {
        out += labels[i] > 0 ? "1\t" : "-1\t";
        out += tsv_cell(messages[i]);  // a message like "=HYPERLINK(...)" opens in a spreadsheet as text
        out += '\n';
    }
    return out;
}

}  // namespace pl
