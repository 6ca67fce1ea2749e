// Words mode's scene in words and tables, for the accessible mirror (web/embed_a11y.js), as
// core/scene/scene_summary.hpp is for the points: what the Words view draws instead of the points. The sentence
// a screen reader hears first, one page of the messages (text, label, score, verdict as the Words
// view's list says them), the answer's word weights largest first, the theory of the messages with
// the same bound decision as the Words panel (words_proof_status), the last update, and what changed
// since the mirror last spoke. Built from the same WordsModel the Words view draws. Std only.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/facts/mirror_rows.hpp"
#include "core/facts/words_model.hpp"
#include "core/session/words_session.hpp"

namespace pl {

struct MessageRow {
    std::size_t number = 0;  // 1-based, as the Words view and the sentences say "message 2"
    std::string text;        // as typed (a long message is cut, ending in "…")
    int label = 0;           // +1 ham, -1 spam
    double score = 0;        // f of the answer
    std::string verdict;     // message_verdict()
};

struct WordWeightItem {
    std::string word;
    double weight = 0;  // the answer's weight (the pocket, the average or the running weights)
};

struct WordsScene {
    std::string sentence;  // "Words mode: 3 messages, 1 ham and 2 spam, over 4 distinct words. ..."
    std::string status;    // words_status_line
    std::size_t page = 0, pages = 1, first_row = 0;  // the messages' paging, as SceneSummary's
    std::vector<MessageRow> rows;
    std::vector<WordWeightItem> weights;  // largest |w| first, at most max_weights of them
    std::size_t words = 0;                // the vocabulary's size (weights may list fewer)
    bool has_bias = false;
    double bias = 0;
    std::vector<TheoryItem> theory;
    std::string last_update;  // words_update_text of the last visit ("" before one)
};

inline constexpr std::size_t kWeightsListed = 50;

// How the Words view's list reads a score: "says ham: right", "says spam: a mistake", and a score of
// exactly 0 "on the line: a mistake" (y·f <= 0 for either label).
std::string message_verdict(double score, int label);

// One visit in words: "Message 1 "viagra the" (spam, y = −1) scored 0: on the line, which counts as a
// mistake. w changes: viagra from 0 to −1, the from 0 to −1." ("correct. No update." when nothing moved).
std::string words_update_text(const WordsUpdate& update, const WordsData& data);

WordsScene summarize_words_scene(const WordsSession& words, std::size_t page, std::size_t rows_per_page = kRowsPerPage,
                                 std::size_t max_weights = kWeightsListed);

// Where Words training stood when the mirror last spoke (as TrainingMark for the points).
struct WordsMark {
    bool valid = false;
    std::size_t messages = 0, ham = 0;
    std::size_t visits = 0, mistakes = 0;
    bool finished = false;  // converged, capped or diverged
};
WordsMark words_training_mark(const WordsSession& words);
// What happened since `before` ("" when nothing did): new messages, a restart, one visit said whole
// (words_update_text, after the correct visits Next mistake passed), or a batch summed up, then how
// training ended. While Run is on, visits are always summed up (one summary a second).
std::string words_training_news(const WordsMark& before, const WordsSession& words, bool running = false);
// "3 messages, 1 ham and 2 spam, over 4 distinct words." ("No messages yet.")
std::string messages_sentence(const WordsSession& words);

}  // namespace pl
