#include "core/session/session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

#include "core/session/view_fit.hpp"
#include "core/base/decimal.hpp"
#include "core/state/names.hpp"
#include "core/theory/held_out.hpp"

namespace pl {

namespace {
// Undo keeps whole copies of the points (simple and obviously right); this caps the memory it may use.
constexpr std::size_t kMaxUndoEntries = 200;
constexpr std::size_t kMaxUndoPoints = 2'000'000;
constexpr std::size_t kTrailLength = 12;

SolverLimits interactive_limits() {
    SolverLimits limits;
    limits.max_points = 3000;  // the exact solver answers "too many points" above this: the UI stays live
    return limits;
}

bool is_primal(Algorithm a) { return a != Algorithm::Kernel; }

// A kernel learner's feature-space solve may take this long when the learner is rebuilt; a bigger one
// continues a slice per frame (advance_theory).
constexpr std::chrono::milliseconds kKernelTheoryStartBudget{4};
}  // namespace

// [SECTION] construction
WidgetState Session::default_state() { return default_widget_state(); }

Session::Session(WidgetState initial) : state_(std::move(initial)), learner_(state_.data, state_.config) {
    enforce_online_invariant();
    rebuild_learner(std::min<std::uint64_t>(state_.trained_visits, kMaxReplayVisits));
    words_.reload();
}

const TheorySummary& Session::theory() const { return theory_.complete(state_.data, state_.config, interactive_limits()); }

const TheorySummary& Session::theory_so_far() const { return theory_.so_far(state_.data, state_.config, interactive_limits()); }

bool Session::advance_theory(std::chrono::steady_clock::duration budget) {
    theory_.advance(state_.data, state_.config, interactive_limits(), std::chrono::steady_clock::now() + budget);
    if (theory_.pending()) return false;
    if (theory_.take_new_kernel_answer()) {
        give_learner_kernel_answer();
        touch();
    }
    return true;
}

// The proof plots of the kernel learner need w* from the Gram solve; the learner records |w|^2 meanwhile.
void Session::give_learner_kernel_answer() {
    if (is_primal(state_.config.algorithm)) return;
    const KernelTheory& k = theory_so_far().kernel;
    if (k.applicable && k.separable && !k.undecided && !k.reference.point_margins.empty())
        learner_.set_kernel_reference(k.reference);
    else
        learner_.end_kernel_proof();
}

// Replays `replay_visits` visits from scratch. Deterministic: same data, config and count give the
// same learner bit for bit, which is what makes links reproducible.
void Session::rebuild_learner(std::uint64_t replay_visits) {
    learner_ = Learner(state_.data, state_.config);
    learner_.record_epoch_loss();  // the Plots section shows it beside the mistakes of each epoch
    if (is_primal(state_.config.algorithm) && !state_.data.empty()) {
        const TheorySummary& t = theory();
        if (t.applicable && t.origin.separable && !t.origin.w.empty()) learner_.set_reference_separator(t.origin.w);
    } else if (!state_.data.empty()) {
        theory_.advance(state_.data, state_.config, interactive_limits(),
                        std::chrono::steady_clock::now() + kKernelTheoryStartBudget);
        theory_.take_new_kernel_answer();  // this learner gets it now
        if (theory_.pending()) learner_.begin_kernel_proof();
        else give_learner_kernel_answer();
    }
    // A replay is bounded by time as well as by count: a hostile link (50 million visits of a kernel
    // perceptron on 100,000 points) must not freeze the page. Within the budget the replay is exact.
    const auto started = std::chrono::steady_clock::now();
    std::uint64_t done = 0;
    while (done < replay_visits) {
        // Small chunks on big kernel problems (a kernel mistake costs O(N)), so the clock is read often.
        const std::uint64_t per_chunk =
            state_.config.algorithm == Algorithm::Kernel ? std::clamp<std::uint64_t>(2'000'000 / std::max<std::size_t>(1, state_.data.size()), 1, 4096) : 4096;
        const std::size_t chunk = static_cast<std::size_t>(std::min<std::uint64_t>(replay_visits - done, per_chunk));
        const std::size_t ran = learner_.run_visits(chunk);
        done += ran;
        if (ran < chunk) break;  // capped or no data: nothing more will happen
        if (std::chrono::steady_clock::now() - started > kReplayTimeBudget) {
            notice_ = "Training progress was only partly replayed (" + std::to_string(done) + " of " +
                      std::to_string(replay_visits) + " visits) because it took too long; the rest is not shown.";
            break;
        }
    }
    state_.trained_visits = learner_.visits();
    recent_.clear();
    last_visit_.reset();
}

void Session::after_training(const Update* last) {
    if (!theory_.pending() && theory_.take_new_kernel_answer()) give_learner_kernel_answer();
    state_.trained_visits = learner_.visits();
    if (last && last->visited) last_visit_ = Visit{*last, learner_.visits()};
    else last_visit_.reset();
    if (last && last->mistake) {
        recent_.push_back(*last);
        while (recent_.size() > kTrailLength) recent_.pop_front();
    }
    touch();
}

// [SECTION] edits
bool Session::editable(const char* what) {
    if (!state_.readonly) return true;
    notice_ = std::string("This widget is read-only: ") + what + " is disabled.";
    touch();
    return false;
}

bool Session::finite_point(const Vec& x) {
    for (double v : x) {
        if (!std::isfinite(v) || std::fabs(v) > kMaxAbsCoordinate) {
            notice_ = "A coordinate must be a finite number of size at most " + shortest_decimal(kMaxAbsCoordinate) +
                      "; the point was not added.";
            touch();
            return false;
        }
    }
    return true;
}

void Session::push_undo() {
    undo_.push_back(snapshot());
    redo_.clear();
    std::size_t total = 0;
    for (const Snapshot& s : undo_) total += s.data.size() + s.held_out.size();
    while (undo_.size() > kMaxUndoEntries || (total > kMaxUndoPoints && undo_.size() > 1)) {
        total -= undo_.front().data.size() + undo_.front().held_out.size();
        undo_.erase(undo_.begin());
    }
}

// Undo and redo: the training points rebuild the learner; test points and the hand unit only change
// what is shown (a hand drag undone in the middle of training keeps the training).
void Session::restore(Snapshot snapshot) {
    const bool training_points_changed =
        snapshot.data.points != state_.data.points || snapshot.data.labels != state_.data.labels || snapshot.data.dim != state_.data.dim;
    state_.data = std::move(snapshot.data);
    state_.held_out = std::move(snapshot.held_out);
    state_.preset = std::move(snapshot.preset);
    const bool on = state_.hand.on;
    state_.hand = snapshot.hand;
    state_.hand.on = on;
    if (training_points_changed) {
        data_changed();
    } else {
        ++data_revision_;
        touch();
    }
}

void Session::data_changed() {
    ++data_revision_;
    theory_.invalidate();
    std::uint64_t replay = 0;
    if (state_.edit_policy == EditPolicy::Continue || state_.online_mode)
        replay = std::min<std::uint64_t>(state_.trained_visits, kMaxReplayVisits);
    rebuild_learner(replay);
    touch();
}

// Online mode means "every point was seen once, in order"; a state that says otherwise (a hand-made
// link or JSON) is brought back to that invariant, so the next click is the next sequential visit.
// Hand mode and online mode exclude each other (online mode learns every click); hand mode wins.
void Session::enforce_online_invariant() {
    if (state_.hand.on) state_.online_mode = false;
    if (state_.held_out.empty()) state_.held_out.dim = state_.data.dim;
    if (!state_.online_mode) return;
    state_.config.order = Order::Sequential;
    state_.trained_visits = state_.data.size();
}

bool Session::room_for_point() {
    if (state_.data.size() + state_.held_out.size() < kMaxPoints) return true;
    notice_ = "The widget holds at most " + std::to_string(kMaxPoints) + " points (training and test together); this one was not added.";
    touch();
    return false;
}

// Points live on the 1/1024 grid (dataset.hpp), so a link reproduces them exactly.
Vec Session::snapped(const Vec& x) const {
    Vec out(static_cast<std::size_t>(state_.data.dim), 0.0);
    for (std::size_t i = 0; i < out.size() && i < x.size(); ++i) out[i] = snap_to_grid(x[i]);
    return out;
}

bool Session::add_point(const Vec& x, int label) {
    if (!editable("adding points") || !finite_point(x) || !room_for_point()) return false;
    push_undo();
    state_.data.add(snapped(x), label > 0 ? 1 : -1);
    state_.preset = "custom";
    data_changed();
    return true;
}

bool Session::remove_point(std::size_t index) {
    if (!editable("removing points") || index >= state_.data.size()) return false;
    push_undo();
    state_.data.points.erase(state_.data.points.begin() + static_cast<std::ptrdiff_t>(index));
    state_.data.labels.erase(state_.data.labels.begin() + static_cast<std::ptrdiff_t>(index));
    state_.preset = "custom";
    data_changed();
    return true;
}

bool Session::flip_label(std::size_t index) {
    if (!editable("flipping labels") || index >= state_.data.size()) return false;
    push_undo();
    state_.data.labels[index] = -state_.data.labels[index];
    state_.preset = "custom";
    data_changed();
    return true;
}

bool Session::clear_points() {
    if (!editable("clearing") || state_.data.empty()) return false;
    push_undo();
    state_.data.points.clear();
    state_.data.labels.clear();
    state_.preset = "custom";
    data_changed();
    return true;
}

bool Session::load_preset(Preset preset, const GeneratorParams& params) {
    if (!editable("loading presets")) return false;
    push_undo();
    generator_ = params;
    new_data_set(make_preset(preset, params), std::string(to_string(preset)));
    return true;
}

// A new data set always starts training afresh, whatever the edit policy.
void Session::new_data_set(Dataset data, std::string name) {
    state_.data = std::move(data);
    state_.held_out = Dataset{};  // test points of another data set would test nothing
    state_.held_out.dim = state_.data.dim;
    state_.preset = std::move(name);
    state_.trained_visits = 0;
    ++data_revision_;
    theory_.invalidate();
    rebuild_learner(0);
    if (screen_) set_view(fit_view(state_.data, *screen_));  // a new data set is shown whole
    else fit_pending_ = true;
    touch();
}

bool Session::replace_data(Dataset data, const std::string& source_name, Dataset held_out) {
    if (!editable("importing data")) return false;
    std::string problem = validate(data);
    if (problem.empty()) problem = held_out_problem(data, held_out);
    if (!problem.empty()) {
        notice_ = "Data not loaded: " + problem;
        touch();
        return false;
    }
    push_undo();
    new_data_set(std::move(data), source_name);
    if (!held_out.empty()) {
        state_.held_out = std::move(held_out);
        ++data_revision_;
    }
    return true;
}

void Session::begin_move(std::size_t index) {
    if (index < state_.data.size() && !state_.readonly) move_origin_ = snapshot();
}

bool Session::move_point(std::size_t index, const Vec& x) {
    if (!move_origin_ || index >= state_.data.size() || !finite_point(x)) return false;
    Vec& p = state_.data.points[index];
    bool moved = false;
    for (std::size_t i = 0; i < p.size() && i < x.size(); ++i) {
        const double v = snap_to_grid(x[i]);
        moved |= v != p[i];
        p[i] = v;
    }
    if (moved) {
        state_.preset = "custom";
        data_changed();
    }
    return moved;
}

void Session::end_move() {
    if (!move_origin_) return;
    if (move_origin_->data.points != state_.data.points) {
        undo_.push_back(std::move(*move_origin_));
        redo_.clear();
    }
    move_origin_.reset();
}

bool Session::undo() {
    if (undo_.empty() || state_.readonly) return false;
    redo_.push_back(snapshot());
    Snapshot back = std::move(undo_.back());
    undo_.pop_back();
    restore(std::move(back));
    return true;
}

bool Session::redo() {
    if (redo_.empty() || state_.readonly) return false;
    undo_.push_back(snapshot());
    Snapshot next = std::move(redo_.back());
    redo_.pop_back();
    restore(std::move(next));
    return true;
}

// [SECTION] online protocol
// The model has seen every earlier point once, in order (set_online_mode replays one pass), so the
// next sequential visit is exactly the new point: the whole history stays a replay of visits.
Session::OnlineResult Session::online_add(const Vec& x, int label) {
    OnlineResult result;
    if (!state_.online_mode) return result;
    if (!editable("adding points") || !finite_point(x) || !room_for_point()) return result;
    result.truth = label > 0 ? 1 : -1;
    const Vec point = snapped(x);
    push_undo();
    state_.data.add(point, result.truth);
    state_.preset = "custom";
    data_changed();  // replays the earlier visits on the longer data set (online mode continues)
    const Update update = learner_.step();
    result.accepted = true;
    result.score = update.score_before;  // the model's answer before it learns the label
    // On the line (score 0) the model is on neither side: 0, and it counts as a mistake for either label.
    result.predicted = update.score_before > 0 ? 1 : update.score_before < 0 ? -1 : 0;
    result.mistake = update.mistake;
    if (update.mistake) ++online_mistakes_;
    last_online_ = result;
    ++last_online_serial_;
    after_training(&update);
    return result;
}

// [SECTION] settings
void Session::set_config(const TrainConfig& config) {
    state_.config = config;
    if (state_.online_mode) state_.config.order = Order::Sequential;
    theory_.invalidate();
    rebuild_learner(state_.online_mode ? state_.data.size() : 0);
    words_.restart();
    touch();
}

void Session::set_edit_policy(EditPolicy policy) {
    state_.edit_policy = policy;
    touch();
}

void Session::set_online_mode(bool on) {
    if (state_.online_mode == on) return;
    if (on) state_.hand.on = false;  // online mode learns every click: the learner's answer is shown
    state_.online_mode = on;
    online_mistakes_ = 0;
    last_online_.reset();
    if (on) state_.config.order = Order::Sequential;  // the protocol visits points in arrival order
    rebuild_learner(on ? state_.data.size() : 0);
    words_.restart();
    touch();
}

void Session::set_view(const ViewState& view) {
    if (!std::isfinite(view.center_x) || !std::isfinite(view.center_y) || !std::isfinite(view.span)) return;
    fit_pending_ = false;
    // Clamped to what a link can hold, so a long pan or zoom never makes a state links refuse.
    state_.view.center_x = std::clamp(view.center_x, kViewCenterRange.min, kViewCenterRange.max);
    state_.view.center_y = std::clamp(view.center_y, kViewCenterRange.min, kViewCenterRange.max);
    state_.view.span = std::clamp(view.span, kViewSpanRange.min, kViewSpanRange.max);
    touch();
}

void Session::fit_view_to_data(double aspect) { set_view(fit_view(state_.data, aspect)); }
void Session::fit_view_to_data(const CanvasShape& canvas) { set_view(fit_view(state_.data, canvas)); }

void Session::set_panels(const PanelState& panels) {
    state_.panels = panels;
    touch();
}

void Session::set_lesson_position(const std::string& lesson_id, std::uint32_t step) {
    if (state_.lesson == lesson_id && state_.lesson_step == step) return;
    state_.lesson = lesson_id;
    state_.lesson_step = step;
    touch();
}

void Session::set_lesson_progress(const LessonProgress& progress) {
    if (state_.lesson_progress == progress) return;
    state_.lesson_progress = progress;
    touch();
}

void Session::set_active_label(int label) {
    state_.active_label = label > 0 ? 1 : -1;
    touch();
}

void Session::set_readonly(bool readonly) {
    state_.readonly = readonly;
    touch();
}

void Session::load_state(const WidgetState& state, bool remember_previous) {
    // The state carries its view, which it keeps; only a state with the same points and view as now
    // (a change of settings, such as the JS handle's configure()) leaves a pending fit pending.
    const bool same_screen = state.data.points == state_.data.points && state.data.labels == state_.data.labels &&
                             state.view.center_x == state_.view.center_x && state.view.center_y == state_.view.center_y &&
                             state.view.span == state_.view.span;
    fit_pending_ = fit_pending_ && same_screen;
    if (remember_previous) {
        push_undo();
        words_.remember_for_undo();
    }
    state_ = state;
    last_online_.reset();
    theory_.invalidate();
    ++data_revision_;
    enforce_online_invariant();
    rebuild_learner(std::min<std::uint64_t>(state_.trained_visits, kMaxReplayVisits));
    words_.reload();
    touch();
}

// [SECTION] Words mode
void Session::set_mode(DataMode mode) {
    if (state_.mode == mode) return;
    state_.mode = mode;
    touch();
}

bool Session::load_words_lecture() {
    if (!editable("loading the lecture's messages")) return false;
    if (std::string reason = TextLearner::unsupported(state_.config); !reason.empty()) {
        TrainConfig config = state_.config;
        if (config.algorithm == Algorithm::Kernel || config.algorithm == Algorithm::Voted) config.algorithm = Algorithm::Perceptron;
        config.lift = LiftKind::None;
        set_config(config);
        notice_ = "Words mode trains the perceptron: " + reason + ".";
    }
    set_mode(DataMode::Words);
    return words_.load_lecture();
}

}  // namespace pl
