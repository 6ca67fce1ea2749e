// The scene: what is shown, worked out once per Session revision and read by every painter
// (docs/architecture.md: Session -> scene -> views). The answer on screen (the learner's, or the hand-set
// unit), its boundary line, the one definition of "trained", the wrong-point flags, the |f| colour scale,
// the margins, the test points' scores, whether the bound applies, the status line and the last online
// verdict. The canvas and the lift view (the app's frame), the panels, the SVG, TikZ and lift figures and
// the accessible mirror's description all read this, and the state and learner it points at; none works
// any of it out again. Std only: nothing here draws.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/facts/model_facts.hpp"
#include "core/learn/decision_field.hpp"
#include "core/learn/threshold_unit.hpp"
#include "core/session/session.hpp"
#include "core/theory/held_out.hpp"
#include "core/theory/proof_status.hpp"

namespace pl {

// The hyperplane a*x1 + b*x2 + c = 0 of a linear field on raw 2-D (or 1-D) input.
struct Line2D { double a = 0, b = 0, c = 0; };
// Defined for a linear answer on raw 1-D or 2-D input (no lift, or the constant lift); curved
// boundaries (other lifts, kernels, voted) are painted by the decision field instead.
std::optional<Line2D> linear_boundary(const DecisionField& field);

// A hash of everything f(x) depends on (the renderer repaints when it changes).
std::uint64_t field_fingerprint(const DecisionField& field);

struct Scene {
    const Session* session = nullptr;   // the state, the learner and the theory behind this snapshot
    std::uint64_t revision = 0;         // Session::revision() it was built at
    DecisionField field;                // the answer on screen (core/facts/shown_answer.hpp): the learner's,
                                        // or in hand mode the hand-set unit
    bool hand = false;                  // hand mode (state().hand.on): field, facts and status are the unit's
    UnitFacts unit;                     // hand mode: the unit's rule on the training points (ties fire)
    TestScores test;                    // the test points, scored by the answer and the max-margin line
    std::optional<Line2D> line;         // its boundary on the canvas, when it is a line
    bool trained = false;               // has_answer(): there is a boundary worth drawing
    ModelFacts facts;                   // wrong flags, colour scale, margins
    ProofStatus proof;                  // does the mistake bound hold for this run, and why not
    std::string status;                 // "Perceptron · M = 3 mistakes · epoch 2 · training"
    std::string online_message;         // the verdict of the last online add ("" = none)
    std::uint64_t online_serial = 0;    // changes with every new verdict (the canvas fades it)

    const WidgetState& state() const { return session->state(); }
    const Learner& learner() const { return session->learner(); }
    const TheorySummary& theory() const { return session->theory_so_far(); }  // never waits for a kernel solve
    bool wrong(std::size_t i) const { return facts.wrong_known && i < facts.wrong.size() && facts.wrong[i]; }
    bool test_wrong(std::size_t j) const { return test.answer_known && j < test.answer_wrong.size() && test.answer_wrong[j]; }
};

// Keeps the scene current. update() is cheap when the session has not changed since the last call,
// so every view may call it; the costly facts are recomputed only when the field or the points change.
// The app keeps one for its views; a figure or the CLI that renders a session once makes one too.
class SceneCache {
public:
    const Scene& update(const Session& session);
    const Scene& current() const { return model_; }

private:
    Scene model_;
    std::uint64_t facts_key_ = ~0ull;
};

// A scene for a session drawn once (a figure from a link, a test): what a fresh SceneCache makes.
Scene make_scene(const Session& session);

}  // namespace pl
