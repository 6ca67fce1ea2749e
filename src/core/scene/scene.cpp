#include "core/scene/scene.hpp"

#include <cmath>

#include "core/base/hash_bytes.hpp"
#include "core/facts/describe.hpp"
#include "core/facts/shown_answer.hpp"

namespace pl {

std::optional<Line2D> linear_boundary(const DecisionField& field) {
    if (field.kind != DecisionField::Kind::Linear) return std::nullopt;
    if (field.lift != LiftKind::None && field.lift != LiftKind::Constant) return std::nullopt;
    const auto d = static_cast<std::size_t>(field.input_dim);
    if (d < 1 || d > 2 || field.w.size() < d) return std::nullopt;
    // The learner's weights are over phi~(x) = [x, (1 if Constant lift), (1 if bias absorbed)].
    Line2D line;
    line.a = field.w[0];
    line.b = d >= 2 ? field.w[1] : 0.0;
    for (std::size_t i = d; i < field.w.size(); ++i) line.c += field.w[i];  // constant features are 1
    line.c += field.b;
    if (!std::isfinite(line.a) || !std::isfinite(line.b) || !std::isfinite(line.c)) return std::nullopt;
    return line;
}

std::uint64_t field_fingerprint(const DecisionField& f) {
    std::uint64_t h = kHashSeed;
    const int header[4] = {static_cast<int>(f.kind), static_cast<int>(f.lift), static_cast<int>(f.bias), f.input_dim};
    h = hash_bytes(h, header, sizeof header);
    h = hash_bytes(h, f.w.data(), f.w.size() * sizeof(double));
    h = hash_bytes(h, &f.b, sizeof f.b);
    for (const Vec& sv : f.support) h = hash_bytes(h, sv.data(), sv.size() * sizeof(double));
    h = hash_bytes(h, f.coef.data(), f.coef.size() * sizeof(double));
    for (const Vec& w : f.voted_w) h = hash_bytes(h, w.data(), w.size() * sizeof(double));
    h = hash_bytes(h, f.voted_b.data(), f.voted_b.size() * sizeof(double));
    h = hash_bytes(h, f.voted_c.data(), f.voted_c.size() * sizeof(double));
    h = hash_bytes(h, &f.kernel, sizeof f.kernel);
    return h;
}

const Scene& SceneCache::update(const Session& session) {
    if (model_.session == &session && model_.revision == session.revision()) return model_;
    model_.session = &session;
    model_.revision = session.revision();
    const Learner& learner = session.learner();
    const WidgetState& state = session.state();
    ShownAnswer answer = which_answer(state, learner);  // the learner's, or the hand unit (shown_answer.hpp)
    model_.hand = answer.hand;
    model_.line = linear_boundary(answer.field);
    model_.trained = model_.hand || has_answer(learner, state.config);
    // A pan or a panel switch bumps the revision too; the facts only depend on the field, the points
    // (training and test: both bump data_revision), hand mode and the lift (the max-margin line's space).
    const std::uint64_t key = field_fingerprint(answer.field) ^ (session.data_revision() * 0x9E3779B97F4A7C15ull) ^
                              (model_.hand ? 0x5BD1E995ull : 0ull) ^ (static_cast<std::uint64_t>(state.config.lift) << 40);
    if (key != facts_key_) {
        facts_key_ = key;
        // The kernel perceptron keeps f at every training point: no kernel value to compute here.
        const std::vector<double>& cached = learner.cached_scores();
        const bool use_cached = !model_.hand && state.config.algorithm == Algorithm::Kernel && cached.size() == state.data.size();
        model_.facts = compute_model_facts(state.data, state.config, answer.field, use_cached ? &cached : nullptr);
        // The max-margin line scores only the test points. session.theory() would run a big kernel solve
        // at once (it is otherwise sliced over frames: theory_so_far), so it is asked for only then.
        score_shown_answer(answer, state, state.held_out.empty() ? nullptr : &session.theory().best);
        model_.unit = std::move(answer.unit);
        model_.test = std::move(answer.test);
        if (model_.hand) {
            // The unit's own rule decides what is wrong: a sum exactly at k fires (threshold_unit.hpp).
            model_.facts.wrong = model_.unit.wrong;
            model_.facts.wrong_known = true;
            model_.facts.wrong_count = model_.unit.wrong_count;
            // The unit lives in the input plane (its margins are the input-plane ones); it has no weights in
            // the learner's space, so the learner-space margin is not defined for it.
            model_.facts.margins.learner_defined = false;
        }
    }
    model_.field = std::move(answer.field);
    model_.proof = proof_status(learner, session.theory_so_far());  // never waits for a kernel solve
    model_.status = model_.hand ? unit_status_line(state.hand, model_.unit, state.data.size())
                                : status_line(learner, state.config.algorithm);
    const auto& online = session.last_online();
    model_.online_message = state.online_mode && online ? online_sentence(*online) : std::string();
    model_.online_serial = session.last_online_serial();
    return model_;
}

Scene make_scene(const Session& session) {
    SceneCache cache;
    return cache.update(session);
}

}  // namespace pl
