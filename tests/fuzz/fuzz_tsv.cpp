// Fuzz target: pl::parse_tsv on arbitrary bytes (a file of messages a student drops on the widget, or
// perceptron-cli train --text). Besides "no crash, no sanitizer report", it checks the reader's
// contract (text_corpus.hpp):
//   ok      -> at least one message, labels +1/-1, every row's word indices sorted, distinct and inside
//              the vocabulary, every vocabulary word a run of [a-z0-9]; write_tsv + parse_tsv gives the
//              same labels and vocabulary back; the sparse learner trains on it within its epoch cap;
//   not ok  -> at least one error with a line number within the text, a non-empty summary;
//   the cap -> parsing with max_messages = 3 never returns more than 3 messages.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/words/text_learner.hpp"
#include "core/words/text_theory.hpp"
#include "fuzz_check.hpp"

namespace {

void check_result(const pl::TsvResult& r, std::string_view text, std::size_t max_messages) {
    std::size_t lines = 1;
    for (char c : text) lines += (c == '\n');
    FUZZ_CHECK(r.errors.size() <= pl::TsvResult::kMaxReportedErrors, "too many stored errors");
    FUZZ_CHECK(r.error_count >= r.errors.size(), "error_count below stored errors");
    FUZZ_CHECK(!r.summary().empty(), "empty summary");
    for (const pl::TsvError& e : r.errors) {
        FUZZ_CHECK(e.line <= lines, "error line " + std::to_string(e.line) + " > lines");
        FUZZ_CHECK(!e.message.empty(), "empty error message");
    }
    const pl::TextCorpus& c = r.corpus;
    FUZZ_CHECK(c.size() <= max_messages, "more messages than the cap");
    FUZZ_CHECK(c.messages.size() == c.labels.size() && c.rows.size() == c.labels.size(), "parts differ in count");
    if (!r.ok) {
        FUZZ_CHECK(r.error_count > 0, "not ok but no error");
        return;
    }
    FUZZ_CHECK(c.size() > 0, "ok with no messages");
    for (std::size_t i = 0; i < c.size(); ++i) {
        FUZZ_CHECK(c.labels[i] == 1 || c.labels[i] == -1, "label " + std::to_string(c.labels[i]));
        for (const std::uint32_t* k = c.rows.begin(i); k != c.rows.end(i); ++k) {
            FUZZ_CHECK(*k < c.vocabulary.size(), "word index outside the vocabulary");
            FUZZ_CHECK(k == c.rows.begin(i) || *(k - 1) < *k, "row not sorted or repeated");
        }
    }
    for (const std::string& word : c.vocabulary.words()) {
        FUZZ_CHECK(!word.empty(), "empty word");
        for (char ch : word) FUZZ_CHECK((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'), "bad byte in a word");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(bytes), size);
    const pl::TsvResult r = pl::parse_tsv(text);
    check_result(r, text, 100000);
    check_result(pl::parse_tsv(text, 3), text, 3);
    if (!r.ok) return 0;

    const pl::TsvResult again = pl::parse_tsv(pl::write_tsv(r.corpus.messages, r.corpus.labels));
    FUZZ_CHECK(again.ok, "write_tsv output does not parse: " + again.summary());
    FUZZ_CHECK(again.corpus.labels == r.corpus.labels, "round trip changed labels");
    FUZZ_CHECK(again.corpus.vocabulary.words() == r.corpus.vocabulary.words(), "round trip changed words");

    pl::TrainConfig config;
    config.max_epochs = 20;
    pl::TextLearner learner(r.corpus, config);
    learner.train_until_converged();
    FUZZ_CHECK(learner.epochs_completed() <= 20, "ran past the epoch cap");
    FUZZ_CHECK(learner.converged() || learner.capped() || learner.diverged(), "stopped for no reason");
    const pl::TextTheory t = pl::analyze_text(r.corpus, config.bias);
    if (t.separable) FUZZ_CHECK(static_cast<double>(learner.mistakes()) <= t.bound * (1 + 1e-9), "mistakes above the bound");
    return 0;
}
