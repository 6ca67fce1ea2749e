// The trace table (issue 25, part 2): one row per visit of the run, as lecture 004 traces the perceptron
// by hand: t, epoch, the point i, x_i, y_i, the score before the update, whether it was a mistake, and w
// before -> after (b with an explicit bias, alpha_i for the kernel perceptron, the changed words in Words
// mode). The rows come from a replay with the session's own learners (Learner, TextLearner), from the
// same data and settings, so the table and the canvas cannot disagree.
// Counting as people say it: t and the epoch from 1, the point i from 1 as on the canvas ("point 3");
// TraceRow::index is 0-based (as in JSON and lab.trace()). Std only.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/learn/learner.hpp"
#include "core/state/widget_state.hpp"
#include "core/words/text_learner.hpp"

namespace pl {

class Session;

// A long run keeps only its last rows: 100,000 points must never make a table (or an export) hang.
inline constexpr std::size_t kMaxTraceRows = 10'000;

enum class TraceKind {
    Primal,        // w before -> after (with an absorbed bias, w's last component is b)
    ExplicitBias,  // w and b before -> after
    Kernel,        // alpha_i before -> after (no explicit w)
    Words          // the message and the weights of its words that changed
};

struct TraceWord {
    std::string word;
    double before = 0, after = 0;
};

struct TraceRow {
    std::size_t t = 0;      // the visit's number, from 1
    std::size_t epoch = 0;  // from 1, as the status line counts
    std::size_t index = 0;  // the point (or message) visited, 0-based in the data
    Vec x;                  // the point as placed (raw input space; empty in Words mode)
    int y = 0;
    double score = 0;       // f(x) before the update
    bool mistake = false;   // y * score <= 0
    Vec w_before, w_after;  // primal learners, in the learner's space (after a lift; absorbed b last)
    double b_before = 0, b_after = 0;          // ExplicitBias
    double alpha_before = 0, alpha_after = 0;  // Kernel
    std::string message;                       // Words
    std::vector<TraceWord> words;              // Words: the message's words whose weight changed
    bool bias_changed = false;                 // Words with a bias: it moved too (b_before -> b_after)
};

struct TraceTable {
    TraceKind kind = TraceKind::Primal;
    std::size_t dim = 0;          // components of w (Primal, ExplicitBias)
    std::size_t input_dim = 0;    // components of x (Points mode)
    bool lifted = false;          // w lives in a lifted space: its score is w . phi(x)
    std::size_t visits = 0;       // visits of the run replayed (the last row's t when rows exist)
    std::deque<TraceRow> rows;    // the last kMaxTraceRows visits at most
    bool truncated() const { return !rows.empty() && rows.front().t > 1; }
    // "" or one sentence saying which visits are listed ("Only the last 10,000 of 25,000 visits are listed.").
    std::string note() const;
};

// Replays a run visit by visit and records its rows; continues where it stopped when asked for more.
class TraceRecorder {
public:
    TraceRecorder(const WidgetState& state, std::size_t max_rows = kMaxTraceRows);
    ~TraceRecorder();
    TraceRecorder(TraceRecorder&&) noexcept;
    TraceRecorder& operator=(TraceRecorder&&) noexcept;
    // Replays up to `visits` visits of the run in total (fewer when the learner stops: the epoch cap,
    // convergence does not stop it). Stops early at `deadline`; returns true when done.
    bool advance_to(std::size_t visits, std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());
    const TraceTable& table() const { return table_; }
    bool stopped() const { return stopped_; }  // the learner can visit no more (cap, no data, diverged)

private:
    void record_point_visit();
    void record_message_visit();
    TraceTable table_;
    std::size_t max_rows_;
    bool stopped_ = false;
    std::vector<std::vector<double>> points_;  // raw points (Points mode)
    std::optional<Learner> learner_;           // Points mode
    std::optional<TextLearner> text_;          // Words mode
};

// The whole table of the first `visits` visits of the data set state.mode shows, at once.
TraceTable trace_table(const WidgetState& state, std::size_t visits, std::size_t max_rows = kMaxTraceRows);

// [SECTION] The horizon: the longest run since the data or the settings last changed
// The table lists the whole run even after a row took the session back to an earlier visit. A drop of
// the visits that the table did not make itself (Reset, a retrain) starts a new horizon, as does a change
// of the data, the settings or the mode.
class TraceFollower {
public:
    // Brings the horizon and the rows up to date with the session, replaying for at most `budget`.
    // Returns true when the rows are complete.
    bool follow(const Session& session, std::chrono::steady_clock::duration budget = std::chrono::hours(1));
    void went_to(std::size_t visits) { expected_visits_ = visits; }  // the table moved the session itself
    const TraceTable& table() const;
    std::size_t horizon() const { return horizon_; }
    bool pending() const;

private:
    std::string run_key(const Session& session) const;
    std::string key_;
    std::uint64_t data_revision_ = 0, revision_ = 0;
    std::size_t horizon_ = 0;
    std::optional<std::size_t> expected_visits_;  // the visit the table chose, until the session shows it
    std::size_t last_visits_ = 0;
    std::optional<TraceRecorder> recorder_;
    bool started_ = false;
};

// The visits of the data set state.mode shows (state.trained_visits or state.words.trained_visits).
std::size_t shown_visits(const WidgetState& state);

// [SECTION] What a person reads (trace_cells.cpp): the Trace section's table and the accessible mirror's
// list of it show the same cells, with the numbers people read (display_number: a real minus sign, 4
// digits), where the exports below write exact numbers.
// The weights a Words visit changed, "free 0 → 1, b 0 → 1"; "" when none did.
std::string trace_words_changed(const TraceRow& row);
// The cells after t: epoch, i (from 1), x (the message in Words mode), y, the score, mistake yes/no, then
// w before and after (with ", b = ..." for an explicit bias; alpha_i for the kernel perceptron), or in
// Words mode one cell of the changed weights (`none_changed` when no weight changed).
std::vector<std::string> trace_cells(const TraceTable& table, const TraceRow& row, const char* none_changed);

// [SECTION] Exports (trace_export.cpp), written to follow lecture 004's worked example: the columns
// t, epoch, i, x_i, y_i, the score, the mistake test y_i (w . x_i) <= 0, w before and after.
std::string trace_csv(const TraceTable& table);       // exact numbers (shortest_decimal), a header row
std::string trace_latex(const TraceTable& table);     // a booktabs tabular; math-mode vectors $(1, 0)$
std::string trace_markdown(const TraceTable& table);  // a pipe table
std::string trace_json(const TraceTable& table);      // [{t, epoch, index, x, y, score, mistake, wBefore, wAfter, ...}]

}  // namespace pl
