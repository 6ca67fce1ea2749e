// The Words mode's session (words_session.hpp): edits, replay, the training verbs and the online
// protocol on messages. Mirrors session.cpp's rules for points.
#include "core/session/words_session.hpp"

#include <algorithm>
#include <utility>

namespace pl {

namespace {
// Undo keeps whole copies of the messages (simple and obviously right); this caps what it may use.
constexpr std::size_t kMaxUndoEntries = 200;
constexpr std::size_t kMaxUndoBytes = 64u * 1024u * 1024u;

std::size_t bytes_of(const std::vector<std::string>& messages) {
    std::size_t total = 0;
    for (const std::string& m : messages) total += m.size() + sizeof(std::string);
    return total;
}

// A message without a single word (a-z, 0-9) would be a zero vector: the box asks for words instead.
bool blank(std::string_view text) { return message_words(text).empty(); }
}  // namespace

// [SECTION] construction and replay
WordsSession::WordsSession(WidgetState& state, std::string& notice, std::uint64_t& revision)
    : state_(state), notice_(notice), revision_(revision), learner_(TextCorpus{}, state.config) {}

const TextTheory& WordsSession::theory() const {
    if (!theory_) theory_ = analyze_text(learner_.corpus(), state_.config.bias);
    return *theory_;
}

// Replays `replay_visits` visits from scratch: the same messages, settings and count give the same
// learner bit for bit. Bounded by time as well as by count (a hostile link must not freeze the page).
void WordsSession::rebuild(std::uint64_t replay_visits) {
    learner_ = TextLearner(make_corpus(state_.words.messages, state_.words.labels), state_.config);
    theory_.reset();
    last_update_.reset();
    const auto started = std::chrono::steady_clock::now();
    std::uint64_t done = 0;
    while (done < replay_visits) {
        const std::size_t chunk = static_cast<std::size_t>(std::min<std::uint64_t>(replay_visits - done, 4096));
        std::size_t ran = 0;
        while (ran < chunk && learner_.step().visited) ++ran;
        done += ran;
        if (ran < chunk) break;  // capped, diverged or no messages: nothing more will happen
        if (std::chrono::steady_clock::now() - started > kReplayTimeBudget) {
            notice_ = "Training on the messages was only partly replayed (" + std::to_string(done) + " of " +
                      std::to_string(replay_visits) + " visits) because it took too long; the rest is not shown.";
            break;
        }
    }
    state_.words.trained_visits = learner_.visits();
}

void WordsSession::reload() {
    if (state_.online_mode) state_.words.trained_visits = state_.words.size();  // one pass, in order
    online_mistakes_ = 0;
    last_online_.reset();
    rebuild(std::min<std::uint64_t>(state_.words.trained_visits, kTrainedVisitsRange.max));
    touch();
}

void WordsSession::go_to_visit(std::size_t t) {
    state_.words.trained_visits = t;
    reload();
}

void WordsSession::restart() {
    online_mistakes_ = 0;
    last_online_.reset();
    rebuild(state_.online_mode ? state_.words.size() : 0);
    touch();
}

void WordsSession::edited() {
    std::uint64_t replay = 0;
    if (state_.online_mode) replay = state_.words.size();
    else if (state_.edit_policy == EditPolicy::Continue) replay = state_.words.trained_visits;
    rebuild(replay);
    touch();
}

void WordsSession::new_data_set() {
    online_mistakes_ = 0;
    last_online_.reset();
    rebuild(state_.online_mode ? state_.words.size() : 0);
    touch();
}

// [SECTION] edits
bool WordsSession::editable(const char* what) {
    if (!state_.readonly) return true;
    say(std::string("This widget is read-only: ") + what + " is disabled.");
    return false;
}

bool WordsSession::message_fits(std::string_view text, std::size_t replacing_bytes) {
    if (text.size() > kMaxMessageBytes) {
        say("A message may have at most " + std::to_string(kMaxMessageBytes / 1024) + " KB; this one has " +
            std::to_string(text.size() / 1024) + " KB and was not added.");
        return false;
    }
    std::size_t total = text.size();
    for (const std::string& m : state_.words.messages) total += m.size();
    if (total - replacing_bytes > kMaxWordsTextBytes) {
        say("The messages may have at most " + std::to_string(kMaxWordsTextBytes / (1024 * 1024)) +
            " MB of text together; this one was not added.");
        return false;
    }
    return true;
}

void WordsSession::push_undo() {
    undo_.push_back({state_.words.messages, state_.words.labels});
    redo_.clear();
    std::size_t total = 0;
    for (const Snapshot& s : undo_) total += bytes_of(s.messages);
    while (undo_.size() > kMaxUndoEntries || (total > kMaxUndoBytes && undo_.size() > 1)) {
        total -= bytes_of(undo_.front().messages);
        undo_.erase(undo_.begin());
    }
}

void WordsSession::remember_for_undo() { push_undo(); }

bool WordsSession::add(std::string_view text, int label) {
    if (state_.online_mode) return online_add(text, label).accepted;
    if (!editable("adding messages")) return false;
    if (blank(text)) { say("Type a message first: it has no words yet."); return false; }
    if (!message_fits(text, 0)) return false;
    if (state_.words.size() >= kMaxMessages) {
        say("The widget holds at most " + std::to_string(kMaxMessages) + " messages; this one was not added.");
        return false;
    }
    push_undo();
    state_.words.messages.push_back(clean_message(text));
    state_.words.labels.push_back(label > 0 ? 1 : -1);
    edited();
    return true;
}

bool WordsSession::edit(std::size_t index, std::string_view text) {
    if (!editable("editing messages") || index >= state_.words.size()) return false;
    if (blank(text)) { say("A message needs at least one word; use Delete to remove it."); return false; }
    if (!message_fits(text, state_.words.messages[index].size())) return false;
    const std::string clean = clean_message(text);
    if (clean == state_.words.messages[index]) return false;
    push_undo();
    state_.words.messages[index] = clean;
    edited();
    return true;
}

bool WordsSession::remove(std::size_t index) {
    if (!editable("removing messages") || index >= state_.words.size()) return false;
    push_undo();
    state_.words.messages.erase(state_.words.messages.begin() + static_cast<std::ptrdiff_t>(index));
    state_.words.labels.erase(state_.words.labels.begin() + static_cast<std::ptrdiff_t>(index));
    edited();
    return true;
}

bool WordsSession::flip_label(std::size_t index) {
    if (!editable("flipping labels") || index >= state_.words.size()) return false;
    push_undo();
    state_.words.labels[index] = -state_.words.labels[index];
    edited();
    return true;
}

bool WordsSession::clear() {
    if (!editable("clearing") || state_.words.empty()) return false;
    push_undo();
    state_.words.messages.clear();
    state_.words.labels.clear();
    edited();
    return true;
}

bool WordsSession::load_lecture() {
    if (!editable("loading the lecture's messages")) return false;
    push_undo();
    WordsData lecture = lecture_words();
    state_.words.messages = std::move(lecture.messages);
    state_.words.labels = std::move(lecture.labels);
    new_data_set();
    return true;
}

bool WordsSession::replace(WordsData words, const std::string& source_name) {
    if (!editable("importing messages")) return false;
    for (std::string& m : words.messages) m = clean_message(m);
    if (std::string problem = words_problem(words); !problem.empty()) {
        say(source_name + " was not loaded: " + problem + " The current messages were kept.");
        return false;
    }
    push_undo();
    state_.words.messages = std::move(words.messages);
    state_.words.labels = std::move(words.labels);
    new_data_set();
    return true;
}

std::string WordsSession::import_tsv(std::string_view text, const std::string& source_name) {
    if (!editable("importing messages")) return notice_;
    TsvResult tsv = parse_tsv(text, kMaxMessages);
    if (!tsv.ok) {
        std::string message = source_name + " was not loaded: " + tsv.summary();
        if (message.back() != '.') message += '.';
        say(message + " The current messages were kept.");
        return notice_;
    }
    const std::string summary = tsv.summary();
    WordsData words;
    words.messages = std::move(tsv.corpus.messages);
    words.labels = std::move(tsv.corpus.labels);
    if (!replace(std::move(words), source_name)) return notice_;
    say("Loaded " + source_name + ": " + summary + ".");
    return {};
}

bool WordsSession::undo() {
    if (undo_.empty() || state_.readonly) return false;
    redo_.push_back({state_.words.messages, state_.words.labels});
    state_.words.messages = std::move(undo_.back().messages);
    state_.words.labels = std::move(undo_.back().labels);
    undo_.pop_back();
    edited();
    return true;
}

bool WordsSession::redo() {
    if (redo_.empty() || state_.readonly) return false;
    undo_.push_back({state_.words.messages, state_.words.labels});
    state_.words.messages = std::move(redo_.back().messages);
    state_.words.labels = std::move(redo_.back().labels);
    redo_.pop_back();
    edited();
    return true;
}

// [SECTION] the online protocol
WordsOnlineResult WordsSession::online_add(std::string_view text, int label) {
    WordsOnlineResult result;
    if (!state_.online_mode || !editable("adding messages")) return result;
    if (blank(text)) { say("Type a message first: it has no words yet."); return result; }
    if (!message_fits(text, 0)) return result;
    if (state_.words.size() >= kMaxMessages) {
        say("The widget holds at most " + std::to_string(kMaxMessages) + " messages; this one was not added.");
        return result;
    }
    result.truth = label > 0 ? 1 : -1;
    push_undo();
    state_.words.messages.push_back(clean_message(text));
    state_.words.labels.push_back(result.truth);
    rebuild(state_.words.size() - 1);  // the earlier messages, one pass in order
    const Visit v = visit();           // the new message: predicted first, then learned
    result.accepted = true;
    result.score = v.update.score_before;
    result.predicted = v.update.score_before > 0 ? 1 : -1;
    result.mistake = v.update.mistake;
    if (result.mistake) ++online_mistakes_;
    last_online_ = result;
    ++last_online_serial_;
    last_update_ = describe(v);
    state_.words.trained_visits = learner_.visits();
    touch();
    return result;
}

WordsPrediction WordsSession::predict(std::string_view text) const {
    WordsPrediction p;
    p.score = learner_.score_text(text);
    p.predicted = p.score > 0 ? 1 : -1;
    for (std::string& word : message_words(text))
        (learner_.corpus().vocabulary.find(word) ? p.known : p.unknown).push_back(std::move(word));
    return p;
}

// [SECTION] training
double WordsSession::running_bias() const {
    if (state_.config.bias == BiasMode::Absorbed && !learner_.weights().empty()) return learner_.weights().back();
    return learner_.bias();
}

WordsSession::Visit WordsSession::visit() {
    Visit v;
    const std::vector<double>& w = learner_.weights();
    const TextCorpus& corpus = learner_.corpus();
    const std::size_t i = learner_.next_index();
    if (i < corpus.size()) {
        v.ids.assign(corpus.rows.begin(i), corpus.rows.end(i));
        for (std::uint32_t id : v.ids) v.before.push_back(w[id]);
        v.bias_before = running_bias();
    }
    v.update = learner_.step();
    if (v.update.visited)
        for (std::uint32_t id : v.ids) v.after.push_back(learner_.weights()[id]);
    v.bias_after = running_bias();
    return v;
}

WordsUpdate WordsSession::describe(const Visit& v) const {
    WordsUpdate u;
    u.visited = v.update.visited;
    if (!u.visited) return u;
    u.index = v.update.index;
    u.y = v.update.y;
    u.score_before = v.update.score_before;
    u.mistake = v.update.mistake;
    u.step = v.update.step;
    u.epoch_finished = v.update.epoch_finished;
    u.has_bias = state_.config.bias != BiasMode::None;
    u.bias_before = v.bias_before;
    u.bias_after = v.bias_after;
    const Vocabulary& vocabulary = learner_.corpus().vocabulary;
    for (const std::string& word : message_words(state_.words.messages[u.index])) {
        const std::uint32_t* id = vocabulary.find(word);
        const auto at = id ? std::lower_bound(v.ids.begin(), v.ids.end(), *id) : v.ids.end();
        if (at == v.ids.end() || *at != *id) continue;
        const auto k = static_cast<std::size_t>(at - v.ids.begin());
        u.words.push_back(word);
        u.before.push_back(v.before[k]);
        u.after.push_back(v.after[k]);
    }
    return u;
}

void WordsSession::after_training(const std::optional<Visit>& last) {
    if (last) last_update_ = describe(*last);
    state_.words.trained_visits = learner_.visits();
    touch();
}

WordsUpdate WordsSession::step() {
    const Visit v = visit();
    after_training(v.update.visited ? std::optional<Visit>(v) : std::nullopt);
    return v.update.visited ? *last_update_ : WordsUpdate{};
}

WordsUpdate WordsSession::next_mistake() {
    const std::size_t budget = state_.words.size() * 2 + 2;
    std::optional<Visit> last;
    for (std::size_t k = 0; k < budget; ++k) {
        Visit v = visit();
        if (!v.update.visited) break;
        const bool mistake = v.update.mistake;
        last = std::move(v);
        if (mistake) break;
    }
    after_training(last);
    return last ? *last_update_ : WordsUpdate{};
}

// Batch verbs keep the last visit that changed w (else the last visit) as "the last update".
std::size_t WordsSession::run_visits(std::size_t n) {
    std::optional<Visit> last, last_change;
    std::size_t done = 0;
    for (; done < n; ++done) {
        Visit v = visit();
        if (!v.update.visited) break;
        if (v.update.step != 0.0) last_change = v;
        last = std::move(v);
    }
    after_training(last_change ? last_change : last);
    return done;
}

std::size_t WordsSession::epoch() {
    const std::size_t start = learner_.epochs_completed();
    std::optional<Visit> last, last_change;
    while (learner_.epochs_completed() == start) {
        Visit v = visit();
        if (!v.update.visited) break;
        if (v.update.step != 0.0) last_change = v;
        last = std::move(v);
    }
    after_training(last_change ? last_change : last);
    return learner_.epochs_completed() > start ? learner_.mistakes_per_epoch().back() : 0;  // as TextLearner::epoch
}

bool WordsSession::train_until_converged() {
    std::optional<Visit> last, last_change;
    while (!learner_.converged()) {
        Visit v = visit();
        if (!v.update.visited) break;
        if (v.update.step != 0.0) last_change = v;
        last = std::move(v);
    }
    after_training(last_change ? last_change : last);
    return learner_.converged();
}

void WordsSession::reset_training() {
    online_mistakes_ = 0;
    last_online_.reset();
    rebuild(state_.online_mode ? state_.words.size() : 0);
    touch();
}

}  // namespace pl
