#include "core/facts/next_visit.hpp"

#include "core/session/session.hpp"

namespace pl {

namespace {

// Why the next visit cannot be told, or "" when it can.
std::string why_no_preview(const Session& session) {
    const WidgetState& s = session.state();
    const Learner& learner = session.learner();
    if (s.mode == DataMode::Words) return "the next visit is shown for the points, not in Words mode";
    if (s.hand.on) return "in hand mode nothing is trained";
    if (s.online_mode) return "in online mode the next point is the one you add";
    if (learner.data().points.empty()) return "there are no points to visit";
    if (learner.diverged()) return "training stopped: the weights grew too large";
    if (learner.capped()) return "training stopped at the epoch limit";
    if (learner.visits() > kMaxPreviewVisits)
        return "the run has " + std::to_string(learner.visits()) + " visits, too many to replay (at most " +
               std::to_string(kMaxPreviewVisits) + ")";
    return "";
}

std::vector<double> weights_of(const Vec& w, bool explicit_bias, double b) {
    std::vector<double> out(w.begin(), w.end());
    if (explicit_bias) out.push_back(b);
    return out;
}

}  // namespace

NextVisit preview_next_visit(const Session& session) {
    NextVisit next;
    next.why = why_no_preview(session);
    if (!next.why.empty()) return next;
    const Learner& learner = session.learner();
    Learner replay(learner.data(), learner.config());
    replay.run_visits(learner.visits());
    // The replay must be where the session's learner is; anything else (a learner trained by a path
    // that is not a replay of visits) is not previewed rather than previewed wrongly.
    if (replay.visits() != learner.visits() || replay.weights() != learner.weights() || replay.bias() != learner.bias() ||
        replay.alphas() != learner.alphas() || replay.next_index() != learner.next_index()) {
        next.why = "the next visit cannot be worked out from this run";
        return next;
    }
    next.update = replay.step();
    if (!next.update.visited) {
        next.why = "there is nothing more to visit";
        return next;
    }
    if (next.update.index < learner.data().points.size()) next.point = learner.data().points[next.update.index];
    next.defined = true;
    return next;
}

WeightVector current_weights(const Session& session) {
    WeightVector out;
    const Learner& learner = session.learner();
    if (learner.config().algorithm == Algorithm::Kernel) {
        out.why = "the kernel perceptron keeps a count per point (α), not a weight vector w";
        return out;
    }
    if (session.state().mode == DataMode::Words) {
        out.why = "in Words mode w has a weight per word: ask for weight_WORD instead";
        return out;
    }
    out.defined = true;
    out.values = weights_of(learner.weights(), learner.config().bias == BiasMode::Explicit, learner.bias());
    return out;
}

WeightVector next_weights(const Session& session) {
    WeightVector out = current_weights(session);
    if (!out.defined) return out;
    const NextVisit next = preview_next_visit(session);
    if (!next.defined) {
        out = WeightVector{};
        out.why = next.why;
        return out;
    }
    out.values = weights_of(next.update.w_after, session.learner().config().bias == BiasMode::Explicit, next.update.b_after);
    return out;
}

}  // namespace pl
