// A working session of the widget: the state (points, settings, progress), the learner replayed from
// it, the theory of the current data, and undo/redo. Every way of changing the widget (mouse, keys, the
// JS handle, a loaded link) goes through here, so the invariant "the learner is exactly the replay of
// state().trained_visits visits on state().data" always holds and a link reproduces the screen.
// No screen code: the UI draws from the observers below.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "core/learn/learner.hpp"
#include "core/learn/threshold_unit.hpp"
#include "core/session/training_data.hpp"
#include "core/session/view_fit.hpp"
#include "core/state/widget_state.hpp"
#include "core/theory/theory.hpp"
#include "core/theory/theory_cache.hpp"
#include "core/session/words_session.hpp"

namespace pl {

class Session {
public:
    explicit Session(WidgetState initial = default_state());
    Session(const Session&) = delete;  // words_ refers to state_
    Session& operator=(const Session&) = delete;
    static WidgetState default_state();  // the 4-point example of lecture 004, textbook perceptron

    // [SECTION] observers
    const WidgetState& state() const { return state_; }
    const Learner& learner() const { return learner_; }
    const TheorySummary& theory() const;       // cached; recomputed after data or settings change (waits
                                               // for the kernel learner's feature-space solve)
    // The theory as far as it is known, never waiting for the kernel learner's Gram solve (computing =
    // true while it runs): what a screen draws. The screen calls advance_theory() once per frame; when the
    // solve ends the revision bumps and the learner's proof view gets w* (also after any training call).
    const TheorySummary& theory_so_far() const;
    bool advance_theory(std::chrono::steady_clock::duration budget);  // true when nothing is pending
    bool theory_pending() const { return theory_.pending(); }
    std::string theory_progress() const { return theory_.progress(); }
    std::uint64_t revision() const { return revision_; }  // bumps on every change
    std::uint64_t data_revision() const { return data_revision_; }  // bumps when points change
    // A whole new data set arrived (a preset, a generated set, an import through replace_data) before any
    // screen said its shape (set_screen_aspect), and no view has been chosen for it since: the screen fits
    // its view to the data when it next draws.
    // Any view set afterwards (set_view, fit_view_to_data, load_state: a loaded link reproduces its own
    // screen) ends it, except a loaded state with the same points and view (only settings changed);
    // edits of points do not start it.
    bool fit_pending() const { return fit_pending_; }
    const std::deque<Update>& recent_updates() const { return recent_; }  // newest last (for the trail)
    // The most recent single visit (Step, Next mistake, one visit of run_visits, an online add) with its
    // 1-based number, so it can be said in a sentence; empty once anything else trained (an epoch, a
    // batch of visits) or training restarted.
    struct Visit { Update update; std::size_t number = 0; };
    const std::optional<Visit>& last_visit() const { return last_visit_; }
    const std::string& notice() const { return notice_; }  // last message for the user ("" = none)
    void clear_notice() { notice_.clear(); touch(); }
    void set_notice(std::string text) { notice_ = std::move(text); touch(); }

    // [SECTION] edits of the data: undoable; refused with a message when limits or read-only forbid.
    bool add_point(const Vec& x, int label);
    bool remove_point(std::size_t index);
    bool flip_label(std::size_t index);
    bool clear_points();
    bool load_preset(Preset preset, const GeneratorParams& params);  // a new data set has no test points
    // CSV import and the like; `held_out`: the file's test rows (same dimension as data, or none).
    bool replace_data(Dataset data, const std::string& source_name, Dataset held_out = {});
    // A drag is one undo entry: begin_move, any number of move_point, end_move.
    void begin_move(std::size_t index);
    bool move_point(std::size_t index, const Vec& x);
    void end_move();
    bool undo();
    bool redo();
    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }

    // [SECTION] test points (state().held_out), session_test_points.cpp. The learner and the theory never
    // see them. Undoable like the edits above, refused with a message when limits or read-only forbid.
    bool move_to_test(std::size_t index);            // training point `index` becomes a test point
    bool move_to_training(std::size_t test_index);   // and back (it goes to the end of the training list)
    bool add_test_point(const Vec& x, int label);
    bool remove_test_point(std::size_t test_index);
    // Data from a generator (state().preset names one): draw a test set from the same generator and
    // parameters (generator()) with test_set_seed(seed), at most generator().n points and what fits.
    bool generate_test_set();
    // Hold out round(share * N) of the training points (0 < share < 1), chosen by a seeded shuffle,
    // keeping at least one training point.
    bool hold_out_share(double share);
    bool clear_test_set();

    // [SECTION] hand mode: a McCulloch-Pitts unit set by hand (state().hand, threshold_unit.hpp),
    // session_hand.cpp. Training verbs do nothing in hand mode (they say why in notice()): the hand
    // unit is what a person sets, the perceptron's job is to learn w itself. Leaving hand mode
    // shows the learner exactly as it was.
    void set_hand_mode(bool on);                 // a setting (not undoable); online mode goes off
    bool set_hand_unit(const HandUnit& unit);    // w and k, one undo entry (the on switch is kept)
    // A drag of w's tip or of the threshold is one undo entry: begin, any number of drags, end.
    void begin_hand_drag();
    bool drag_hand_unit(const HandUnit& unit);
    void end_hand_drag();
    bool load_gate(Gate gate);                   // the lecture's AND, OR, NOT: points, w and k, hand mode on
    static const char* hand_mode_training_notice();

    // Online protocol (lecture 004): the model predicts the new point first, then learns its label.
    // score is f(x) before the update; a point with score 0 lies on the line and counts as a mistake
    // (y * f <= 0, the same rule as every learner). predicted is the side the model answers: +1, -1, or
    // 0 for a point on the line (not sign(0) = -1: a tie is a mistake for either label).
    struct OnlineResult { bool accepted = false; int predicted = 0; int truth = 0; double score = 0; bool mistake = false; };
    OnlineResult online_add(const Vec& x, int label);
    std::size_t online_mistakes() const { return online_mistakes_; }
    // The last accepted online add, whatever input made it (left or right click, keys, the JS handle);
    // cleared when online mode, the data set or training restarts. serial bumps on every new result.
    const std::optional<OnlineResult>& last_online() const { return last_online_; }
    std::uint64_t last_online_serial() const { return last_online_serial_; }

    // [SECTION] Words mode (words_session.hpp): the messages, their learner and verbs. The training verbs
    // below are the points' ones; shown_data() gives the app the data set of state().mode.
    WordsSession& words() { return words_; }
    const WordsSession& words() const { return words_; }
    void set_mode(DataMode mode);  // which data set shows and trains; both are kept
    // The "Words (spam)" preset: Words mode with the lecture's three messages. Settings that cannot
    // train on text (kernel, voted, a lift) become the perceptron without a lift, with a notice.
    bool load_words_lecture();
    // The data set state().mode shows, as the training verbs, undo and the item edits see it
    // (training_data.hpp): the one place where the mode picks the points or the messages.
    TrainingData& shown_data();
    const TrainingData& shown_data() const;

    // [SECTION] settings (not undoable; changing how we learn restarts training)
    void set_config(const TrainConfig& config);
    void set_edit_policy(EditPolicy policy);
    void set_online_mode(bool on);
    void set_view(const ViewState& view);
    // Shows every point with a margin on a canvas of this width / height (view_fit.hpp); empty data
    // gives the default view.
    void fit_view_to_data(double aspect);
    void fit_view_to_data(const CanvasShape& canvas);  // with the canvas's insets: no point under its overlays
    // The shape (width / height) of the canvas the view is shown on, told by the screen whenever it draws.
    // Once known, a new data set is fitted to it at once, so the state (and a link taken right after
    // loading a preset) already has the fitted view. Not a change of the state: no revision.
    void set_screen_aspect(double aspect) { set_screen_shape(CanvasShape{aspect, 1.0, {}}); }
    // The same with the canvas's size in pixels and the insets its overlays take (view_fit.hpp).
    void set_screen_shape(const CanvasShape& canvas) { if (canvas.width > 0 && canvas.height > 0) screen_ = canvas; }
    void set_panels(const PanelState& panels);
    void set_active_label(int label);
    void set_readonly(bool readonly);
    void set_generator(const GeneratorParams& params) { generator_ = params; }
    // Where the student is in a lesson (kept in the state, so links and reloads keep it).
    void set_lesson_position(const std::string& lesson_id, std::uint32_t step);
    // The student's attempts at each step (lesson_progress.hpp), kept so a link or a reload has them.
    // Not an undoable edit: undo is for the points, not for the record of checks.
    void set_lesson_progress(const LessonProgress& progress);
    const GeneratorParams& generator() const { return generator_; }

    // [SECTION] training: every call keeps state().trained_visits equal to the learner's visits.
    Update step();
    Update next_mistake();
    std::size_t epoch();
    bool train_until_converged();
    std::size_t run_visits(std::size_t n);  // n == 1 is step(): the one visit is kept as last_visit()
    void reset_training();
    // The trace table's rows (core/figures/trace_table.hpp): show the run as it was after visit t (0: before
    // any), by replaying exactly t visits of the data set state().mode shows. Refused (false, with a
    // notice) in hand mode and in online mode, where every point must stay seen once.
    bool show_visit(std::size_t t);
    void go_to_points_visit(std::size_t t);  // show_visit on the points (PointsData::go_to_visit); no refusals

    // Replace everything at once (a loaded link or JSON). Undo history is kept, so a bad load can be
    // undone; the previous points become one undo entry. remember_previous false: the screen it replaces
    // is nobody's work (a lesson link set up over a widget with nothing to undo), so no entry is made.
    void load_state(const WidgetState& state, bool remember_previous = true);

    // Limits (kMaxPoints, coordinates) and replay budget of EditPolicy::Continue.
    static constexpr std::uint64_t kMaxReplayVisits = kMaxTrainedVisits;  // limits.hpp
    static constexpr std::chrono::milliseconds kReplayTimeBudget{3000};

private:
    // What undo brings back: the points (training and test) and the hand-set w and k (not the hand switch).
    struct Snapshot { Dataset data; Dataset held_out; std::string preset; HandUnit hand; };
    Snapshot snapshot() const { return {state_.data, state_.held_out, state_.preset, state_.hand}; }
    void restore(Snapshot snapshot);  // rebuilds the learner only when the training points changed
    bool training_refused();        // hand mode: say why, and refuse
    void push_undo();
    void data_changed();            // rebuild the learner per the edit policy, invalidate theory
    void rebuild_learner(std::uint64_t replay_visits);
    void give_learner_kernel_answer();  // a finished kernel solve's w* to the learner's proof view
    void after_training(const Update* last);
    bool editable(const char* what);
    bool finite_point(const Vec& x);
    bool room_for_point();                       // false (with a notice) at kMaxPoints
    Vec snapped(const Vec& x) const;             // x in the data's dimension, on the 1/1024 grid
    void new_data_set(Dataset data, std::string name);
    void enforce_online_invariant();
    void touch() { ++revision_; }

    WidgetState state_;
    Learner learner_;
    GeneratorParams generator_{};
    mutable TheoryCache theory_;
    std::deque<Update> recent_;
    std::optional<Visit> last_visit_;
    std::vector<Snapshot> undo_, redo_;
    std::optional<Snapshot> move_origin_;
    std::optional<Snapshot> hand_origin_;
    std::uint64_t revision_ = 1, data_revision_ = 1;
    bool fit_pending_ = false;
    std::optional<CanvasShape> screen_;  // none: no screen has drawn the view yet
    std::size_t online_mistakes_ = 0;
    std::optional<OnlineResult> last_online_;
    std::uint64_t last_online_serial_ = 0;
    std::string notice_;
    WordsSession words_{state_, notice_, revision_};  // after the members it refers to
    PointsData points_data_{*this};
    MessagesData messages_data_{words_};
};

}  // namespace pl
