// The Words mode's session: the messages and labels (state.words), a TextLearner replayed from
// state.words.trained_visits (as Session replays the points learner, so a link reproduces the
// screen), the theory of the messages, undoable edits, the training verbs and the online protocol for
// text. Session owns one and routes to it (Session::words()); the settings (algorithm, bias, order,
// eta, epoch cap, online mode, edit policy, read-only) are the widget's own, shared with the points.
// No screen code: the Words view draws from the observers below and from words_model.hpp.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/state/widget_state.hpp"
#include "core/words/text_learner.hpp"
#include "core/words/text_theory.hpp"

namespace pl {

// One visit as the view shows it: "w ← w + step · (the words of message `index`)".
struct WordsUpdate {
    bool visited = false;
    std::size_t index = 0;        // the message visited
    int y = 0;
    double score_before = 0;      // f = w·x (+ b) of the running weights before the visit
    bool mistake = false;         // y·f <= 0 (a score of 0, "on the line", is a mistake)
    double step = 0;              // every word of the message (and the bias) moved by this; 0: no change
    bool epoch_finished = false;
    std::vector<std::string> words;     // the message's distinct words, in the order they appear
    std::vector<double> before, after;  // the running weight of each of those words around the visit
    bool has_bias = false;              // a bias (absorbed or explicit) moved by `step` as well
    double bias_before = 0, bias_after = 0;
};

// The online protocol: the model's answer on a new message, given before its label is revealed.
struct WordsOnlineResult {
    bool accepted = false;
    int predicted = 0;   // +1 ham when the score is > 0, else -1 spam
    int truth = 0;
    double score = 0;    // f of the answer before it learns the label
    bool mistake = false;
};

// How the current answer scores a text that is not (yet) a training message.
struct WordsPrediction {
    double score = 0;
    int predicted = -1;                // +1 ham when score > 0
    std::vector<std::string> known;    // its words the model has a weight for
    std::vector<std::string> unknown;  // its words no message has (weight 0)
};

class WordsSession {
public:
    // Edits state.words and reads the shared settings from `state`; its messages go to `notice` and
    // every change bumps `revision`. Session passes its own three, which must outlive this object.
    // Call reload() once the state is final (Session's constructor does).
    WordsSession(WidgetState& state, std::string& notice, std::uint64_t& revision);

    // [SECTION] observers
    const WordsData& data() const { return state_.words; }
    const TextLearner& learner() const { return learner_; }
    const TextTheory& theory() const;  // cached; recomputed after the messages or the bias change
    // "" when the learner runs as configured; else why it trains as the plain perceptron instead
    // (the kernel and voted perceptrons and feature lifts are for points).
    std::string unsupported() const { return TextLearner::unsupported(state_.config); }
    const std::optional<WordsUpdate>& last_update() const { return last_update_; }
    WordsPrediction predict(std::string_view text) const;
    std::size_t online_mistakes() const { return online_mistakes_; }
    const std::optional<WordsOnlineResult>& last_online() const { return last_online_; }
    std::uint64_t last_online_serial() const { return last_online_serial_; }
    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }

    // [SECTION] edits: undoable; refused with a notice when read-only or beyond the limits. A message
    // is kept as typed, with control characters made spaces (clean_message). In online mode add() is
    // online_add().
    bool add(std::string_view text, int label);
    bool edit(std::size_t index, std::string_view text);
    bool remove(std::size_t index);
    bool flip_label(std::size_t index);
    bool clear();
    bool load_lecture();                                    // the lecture's three messages
    bool replace(WordsData words, const std::string& source_name);  // an import: a new data set
    // A TSV file (text_corpus.hpp: label<TAB>text per line) replaces the messages. "" on success (the
    // notice says what was loaded); else the message, also shown, naming the line, and nothing changes.
    std::string import_tsv(std::string_view text, const std::string& source_name);
    bool undo();
    bool redo();

    // The online protocol (lecture 004), as Session::online_add for points: the model has seen every
    // earlier message once, in order, so the next sequential visit is exactly the new message.
    WordsOnlineResult online_add(std::string_view text, int label);

    // [SECTION] training: every call keeps state.words.trained_visits equal to the learner's visits.
    WordsUpdate step();
    WordsUpdate next_mistake();
    std::size_t epoch();
    bool train_until_converged();
    std::size_t run_visits(std::size_t n);
    void reset_training();
    void go_to_visit(std::size_t t);  // the learner as after visit t: replayed (TrainingData::go_to_visit)

    // [SECTION] for Session
    void reload();              // state.words was replaced (a link, a JSON state, a lesson step): replay it
    void restart();             // the shared settings changed: retrain (online mode: one pass)
    void remember_for_undo();   // the current messages become an undo entry (before a load replaces them)

    static constexpr std::chrono::milliseconds kReplayTimeBudget{3000};

private:
    struct Snapshot { std::vector<std::string> messages; std::vector<int> labels; };
    // One visit with what the view needs of it, captured around TextLearner::step().
    struct Visit {
        TextUpdate update;
        std::vector<std::uint32_t> ids;     // the message's words (vocabulary ids, sorted)
        std::vector<double> before, after;
        double bias_before = 0, bias_after = 0;
    };
    bool editable(const char* what);
    bool message_fits(std::string_view text, std::size_t replacing_bytes);
    void push_undo();
    void edited();                       // rebuild per the edit policy (online: one pass)
    void new_data_set();                 // rebuild from the start
    void rebuild(std::uint64_t replay_visits);
    Visit visit();
    double running_bias() const;
    WordsUpdate describe(const Visit& v) const;
    void after_training(const std::optional<Visit>& last);
    void touch() { ++revision_; }
    void say(std::string text) { notice_ = std::move(text); touch(); }

    WidgetState& state_;
    std::string& notice_;
    std::uint64_t& revision_;
    TextLearner learner_;
    mutable std::optional<TextTheory> theory_;
    std::optional<WordsUpdate> last_update_;
    std::vector<Snapshot> undo_, redo_;
    std::size_t online_mistakes_ = 0;
    std::optional<WordsOnlineResult> last_online_;
    std::uint64_t last_online_serial_ = 0;
};

}  // namespace pl
