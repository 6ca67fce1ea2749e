// The trace table's replay (trace_table.hpp): the session's learners, stepped one visit at a time.
#include "core/figures/trace_table.hpp"

#include <algorithm>
#include <utility>

#include "core/session/session.hpp"
#include "core/base/decimal.hpp"
#include "core/state/state_table.hpp"
#include "core/words/text_corpus.hpp"

namespace pl {

namespace {

// Every training setting as text, through the one table of settings: a new setting joins the key by itself.
struct ConfigKey {
    std::string out;
    template <class E>
    void name(const state_table::Key& key, const E& value) { add(key, std::to_string(static_cast<int>(value))); }
    template <class Int, class Range>
    void whole(const state_table::Key& key, const Int& value, const Range&) { add(key, std::to_string(value)); }
    template <class Range>
    void real(const state_table::Key& key, const double& value, const Range&) { add(key, shortest_decimal(value)); }
    void add(const state_table::Key& key, const std::string& value) {
        out.append(key.link);
        out += '=';
        out += value;
        out += '&';
    }
};

std::uint64_t fnv1a(std::uint64_t h, const std::string& text) {
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return (h ^ 0xffu) * 1099511628211ull;  // a separator, so "ab","c" differs from "a","bc"
}

}  // namespace

std::string TraceTable::note() const {
    if (!truncated()) return "";
    return "Only the last " + grouped_count(rows.size()) + " of " + grouped_count(visits) + " visits are listed.";
}

std::size_t shown_visits(const WidgetState& state) {
    const std::uint64_t v = state.mode == DataMode::Words ? state.words.trained_visits : state.trained_visits;
    return static_cast<std::size_t>(std::min<std::uint64_t>(v, kMaxTrainedVisits));
}

// [SECTION] the recorder
TraceRecorder::TraceRecorder(const WidgetState& state, std::size_t max_rows) : max_rows_(std::max<std::size_t>(1, max_rows)) {
    if (state.mode == DataMode::Words) {
        table_.kind = TraceKind::Words;
        text_.emplace(make_corpus(state.words.messages, state.words.labels), state.config);
        return;
    }
    points_ = state.data.points;
    learner_.emplace(state.data, state.config);
    const TrainConfig& c = state.config;
    table_.kind = c.algorithm == Algorithm::Kernel ? TraceKind::Kernel
                  : c.bias == BiasMode::Explicit   ? TraceKind::ExplicitBias
                                                   : TraceKind::Primal;
    table_.dim = c.algorithm == Algorithm::Kernel ? 0 : learner_->learner_dim();
    table_.lifted = c.lift != LiftKind::None;
    table_.input_dim = static_cast<std::size_t>(std::max(0, state.data.dim));
}

TraceRecorder::~TraceRecorder() = default;
TraceRecorder::TraceRecorder(TraceRecorder&&) noexcept = default;
TraceRecorder& TraceRecorder::operator=(TraceRecorder&&) noexcept = default;

bool TraceRecorder::advance_to(std::size_t visits, std::chrono::steady_clock::time_point deadline) {
    // Visits that would fall off the end of the table are replayed in bulk, without rows.
    if (learner_ && visits > table_.visits + max_rows_) {
        const std::size_t skip = visits - max_rows_ - table_.visits;
        const std::size_t ran = learner_->run_visits(skip);
        table_.visits += ran;
        table_.rows.clear();
        if (ran < skip) stopped_ = true;
    }
    std::size_t since_clock = 0;
    while (!stopped_ && table_.visits < visits) {
        if (learner_) record_point_visit();
        else record_message_visit();
        if (table_.rows.size() > max_rows_) table_.rows.pop_front();
        if (++since_clock == 256) {
            since_clock = 0;
            if (std::chrono::steady_clock::now() > deadline) break;
        }
    }
    return stopped_ || table_.visits >= visits;
}

void TraceRecorder::record_point_visit() {
    const Update u = learner_->step();
    if (!u.visited) {
        stopped_ = true;
        return;
    }
    TraceRow row;
    row.t = ++table_.visits;
    row.epoch = u.epoch + 1;
    row.index = u.index;
    if (u.index < points_.size()) row.x = points_[u.index];
    row.y = u.y;
    row.score = u.score_before;
    row.mistake = u.mistake;
    row.w_before = u.w_before;
    row.w_after = u.w_after;
    row.b_before = u.b_before;
    row.b_after = u.b_after;
    row.alpha_before = u.alpha_before;
    row.alpha_after = u.alpha_after;
    table_.rows.push_back(std::move(row));
}

// As WordsSession::visit: the message's words' weights read around TextLearner::step().
void TraceRecorder::record_message_visit() {
    const TextLearner& learner = *text_;
    const TextCorpus& corpus = learner.corpus();
    const std::size_t i = learner.next_index();
    const bool absorbed = learner.config().bias == BiasMode::Absorbed;
    const auto bias_of = [&] { return absorbed && !learner.weights().empty() ? learner.weights().back() : learner.bias(); };
    std::vector<std::uint32_t> ids;
    std::vector<double> before;
    if (i < corpus.size()) {
        ids.assign(corpus.rows.begin(i), corpus.rows.end(i));
        for (std::uint32_t id : ids) before.push_back(learner.weights()[id]);
    }
    const double bias_before = bias_of();
    const TextUpdate u = text_->step();
    if (!u.visited) {
        stopped_ = true;
        return;
    }
    TraceRow row;
    row.t = ++table_.visits;
    row.epoch = learner.epochs_completed() + (u.epoch_finished ? 0 : 1);
    row.index = u.index;
    row.y = u.y;
    row.score = u.score_before;
    row.mistake = u.mistake;
    row.message = corpus.messages[u.index];
    // The words in the order the message has them, as the Words view lists them.
    for (const std::string& word : message_words(row.message)) {
        const std::uint32_t* id = corpus.vocabulary.find(word);
        const auto at = id ? std::lower_bound(ids.begin(), ids.end(), *id) : ids.end();
        if (at == ids.end() || *at != *id) continue;
        const double b = before[static_cast<std::size_t>(at - ids.begin())], a = learner.weights()[*id];
        if (a != b) row.words.push_back(TraceWord{word, b, a});
    }
    row.b_before = bias_before;
    row.b_after = bias_of();
    row.bias_changed = learner.config().bias != BiasMode::None && row.b_before != row.b_after;
    table_.rows.push_back(std::move(row));
}

TraceTable trace_table(const WidgetState& state, std::size_t visits, std::size_t max_rows) {
    TraceRecorder recorder(state, max_rows);
    recorder.advance_to(visits);
    return recorder.table();
}

// [SECTION] the horizon
std::string TraceFollower::run_key(const Session& session) const {
    const WidgetState& s = session.state();
    ConfigKey key;
    TrainConfig config = s.config;
    state_table::visit_training_settings(config, key);
    key.out += s.mode == DataMode::Words ? "words" : "points";
    key.out += s.online_mode ? ",online" : "";
    if (s.mode == DataMode::Words) {
        std::uint64_t h = 1469598103934665603ull;
        for (std::size_t i = 0; i < s.words.size(); ++i) h = fnv1a(h, s.words.messages[i] + (s.words.labels[i] > 0 ? "+" : "-"));
        key.out += "," + std::to_string(h);
    }
    return key.out;
}

bool TraceFollower::follow(const Session& session, std::chrono::steady_clock::duration budget) {
    const WidgetState& s = session.state();
    const std::size_t visits = shown_visits(s);
    // The key hashes the messages: only worth recomputing when something changed.
    const bool changed = !started_ || session.revision() != revision_;
    std::string key = changed ? run_key(session) : key_;
    const bool new_run = !started_ || key != key_ || session.data_revision() != data_revision_;
    const bool dropped_by_others = visits < last_visits_ && (!expected_visits_ || *expected_visits_ != visits);
    if (new_run || dropped_by_others) {
        recorder_.reset();
        horizon_ = visits;
    }
    horizon_ = std::max(horizon_, visits);
    if (expected_visits_ && *expected_visits_ == visits) expected_visits_.reset();
    key_ = std::move(key);
    data_revision_ = session.data_revision();
    revision_ = session.revision();
    last_visits_ = visits;
    started_ = true;
    if (!recorder_) recorder_.emplace(s);
    return recorder_->advance_to(horizon_, std::chrono::steady_clock::now() + budget);
}

const TraceTable& TraceFollower::table() const {
    static const TraceTable empty;
    return recorder_ ? recorder_->table() : empty;
}

bool TraceFollower::pending() const { return recorder_ && !recorder_->stopped() && recorder_->table().visits < horizon_; }

}  // namespace pl
