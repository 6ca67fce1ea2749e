// The seam for the data mode: the data set the widget shows (the points, or the messages in Words
// mode) as the training verbs, undo and the item edits see it. Session::shown_data() picks it from
// state().mode; that switch is the one place where the mode decides which data set a verb reaches.
// The Training section's buttons, the keys, Run, the lesson card, the accessible mirror's buttons and
// the JS handle's train(), undo() and redo() all go through here.
// A third data mode is one more implementation of TrainingData (a class like PointsData over its
// own session), one member and one case in Session (docs/architecture.md "Adding a third data mode").
#pragma once
#include <cstddef>
#include <optional>

#include "core/learn/learner.hpp"

namespace pl {

class Session;
class WordsSession;

// What one visit (Step, Next mistake, a visit of Run) did.
struct TrainingVisit {
    bool visited = false;  // false: nothing to visit (no data, or training stopped)
    bool mistake = false;  // y·f <= 0: w moved
    // The update of w on the plane, for a data set the canvas draws (its animation); empty for one
    // whose own view shows the visit (the Words view reads WordsSession::last_update()).
    std::optional<Update> plane_update;
};

class TrainingData {
public:
    virtual ~TrainingData() = default;

    // [SECTION] the training verbs (each keeps the state's trained visits equal to the learner's)
    virtual TrainingVisit step() = 0;
    virtual TrainingVisit next_mistake() = 0;  // visits until one is a mistake (within a budget)
    virtual std::size_t epoch() = 0;           // finishes the pass; its mistakes
    virtual bool converge() = 0;               // whole epochs until one has no mistake or the cap
    virtual void reset() = 0;                  // back to the start (online mode: one pass)
    virtual std::size_t run_visits(std::size_t n) = 0;  // Run: n visits; the visits done (fewer when stopped)
    // The data set's learner as it was after visit t (0: before any visit), back or on: the Trace's rows
    // and the mirror's buttons (Session::show_visit says no first in online mode and hand mode).
    virtual void go_to_visit(std::size_t t) = 0;

    // [SECTION] edits of the data set: undoable, refused with a notice when read-only
    virtual bool undo() = 0;
    virtual bool redo() = 0;
    virtual bool can_undo() const = 0;
    virtual bool can_redo() const = 0;
    virtual bool remove(std::size_t index) = 0;      // the item picked in the view that shows it
    virtual bool flip_label(std::size_t index) = 0;

    // [SECTION] facts
    virtual std::size_t size() const = 0;      // items (points or messages)
    virtual std::size_t visits() const = 0;    // visits so far
    virtual std::size_t mistakes() const = 0;  // mistakes (updates) so far
    // Nothing more will happen: converged, capped, diverged or no data.
    virtual bool stopped() const = 0;
};

// The points on the plane: Session's own verbs and learner (hand mode refuses to train, with a notice).
class PointsData final : public TrainingData {
public:
    explicit PointsData(Session& session) : session_(session) {}
    TrainingVisit step() override;
    TrainingVisit next_mistake() override;
    std::size_t epoch() override;
    bool converge() override;
    void reset() override;
    std::size_t run_visits(std::size_t n) override;
    void go_to_visit(std::size_t t) override;
    bool undo() override;
    bool redo() override;
    bool can_undo() const override;
    bool can_redo() const override;
    bool remove(std::size_t index) override;
    bool flip_label(std::size_t index) override;
    std::size_t size() const override;
    std::size_t visits() const override;
    std::size_t mistakes() const override;
    bool stopped() const override;

private:
    Session& session_;
};

// The messages of Words mode: WordsSession's verbs and its TextLearner.
class MessagesData final : public TrainingData {
public:
    explicit MessagesData(WordsSession& words) : words_(words) {}
    TrainingVisit step() override;
    TrainingVisit next_mistake() override;
    std::size_t epoch() override;
    bool converge() override;
    void reset() override;
    std::size_t run_visits(std::size_t n) override;
    void go_to_visit(std::size_t t) override;
    bool undo() override;
    bool redo() override;
    bool can_undo() const override;
    bool can_redo() const override;
    bool remove(std::size_t index) override;
    bool flip_label(std::size_t index) override;
    std::size_t size() const override;
    std::size_t visits() const override;
    std::size_t mistakes() const override;
    bool stopped() const override;

private:
    WordsSession& words_;
};

}  // namespace pl
