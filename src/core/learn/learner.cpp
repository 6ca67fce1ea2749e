// The Learner facade: visiting order, epochs, counters, the epoch cap and the proof log live here;
// the update rules themselves live in primal_engine.cpp and kernel_engine.cpp.
//
// Semantics worth knowing (they are also what the tests check):
// - A mistake is a visit with y * f(x) <= 0 (a tie counts), f evaluated before any update.
// - Order::Random draws a fresh permutation of 0..N-1 at the start of every epoch from an Rng seeded by
//   config.seed (a stream separate from the Init::Random one, so changing the init never changes the
//   order). Order::Sequential visits 0..N-1.
// - Epoch cap: once max_epochs epochs are complete, step/next_mistake/epoch/run_visits do nothing
//   (Update::visited == false). visit(index), the online protocol, is not limited by the cap.
// - converged(): the last complete epoch had no mistake. capped(): the cap was reached without that.
// - eta <= 0 (or NaN): "frozen" learner. Visits happen and mistakes are counted, nothing is updated,
//   so train_until_converged() runs to the cap unless the start weights already separate the data.
//   For eta > 0 the kernel learner ignores eta (alpha counts mistakes; a common scale changes no sign).
// - Empty data: nothing is ever visited; converged() and capped() stay false.
// - Data hygiene: the learner keeps its own copy of the data with every point padded with zeros or
//   truncated to data.dim coordinates, points/labels cut to the same count, labels mapped to
//   +1 (label > 0) or -1 (otherwise). data() returns that copy.
// - Divergence: if an update would make a weight (or a cached kernel score) infinite or NaN, it is
//   not applied, diverged() becomes true and no further visit happens.
// - Pocket: weights() is the running w; field(), score(), predict() and training_accuracy() answer
//   with the pocket weights (pocket_weights()). Averaged: they answer with averaged_weights().
//   Voted: field() is a DecisionField::Kind::Voted. Kernel: weights() is empty, alphas() counts.
// - Training accuracy counts an example as right when y * f(x) > 0 (ties are wrong, as in training),
//   while predict() breaks a tie f(x) == 0 towards -1, like the lecture's sign().
#include "core/learn/learner.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

#include "core/learn/learner_engine.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/rng.hpp"

namespace pl {

struct Learner::Impl {
    Dataset data;
    TrainConfig config;
    detail::TrainingSet set;
    std::unique_ptr<detail::Engine> engine;

    Rng order_rng;
    std::vector<std::size_t> order;  // visiting order of the current epoch
    std::size_t position = 0;        // how far into `order` the current epoch is

    std::size_t visits = 0;
    std::size_t mistakes = 0;
    std::size_t epochs = 0;
    std::size_t epoch_mistakes = 0;  // mistakes in the current (unfinished) epoch
    bool converged = false;
    std::vector<std::size_t> per_epoch;
    std::vector<std::size_t> mistake_indices;

    bool has_reference = false;       // primal: the reference vector w* is set
    bool kernel_recording = false;    // kernel: recording the proof (w* perhaps not known yet)
    bool kernel_reference_known = false;
    Vec reference;
    std::vector<ProofSample> proof;

    bool recording() const { return has_reference || kernel_recording; }
    bool records_loss = false;
    std::vector<double> loss_per_epoch;

    Impl(Dataset raw, TrainConfig cfg) : data(std::move(raw)), config(cfg) {
        sanitize_data();
        set.raw = &data;
        set.n = data.points.size();
        set.dim = static_cast<std::size_t>(pl::learner_dim(config.lift, config.bias, data.dim));
        set.labels.resize(set.n);
        set.features.assign(set.n * set.dim, 0.0);
        set.scale = lift_scales(config.lift, data.dim);
        set.metric = lift_square_scales(config.lift, data.dim);
        if (!set.scale.empty()) {
            set.scale.resize(set.dim, 1.0);  // the absorbed bias's constant 1 is not scaled
            set.metric.resize(set.dim, 1.0);
        }
        for (std::size_t i = 0; i < set.n; ++i) {
            set.labels[i] = data.labels[i] > 0 ? 1.0 : -1.0;
            Vec features = lift_unscaled(config.lift, data.points[i]);
            if (config.bias == BiasMode::Absorbed) features.push_back(1.0);
            std::copy(features.begin(), features.begin() + static_cast<std::ptrdiff_t>(std::min(features.size(), set.dim)),
                      set.features.begin() + static_cast<std::ptrdiff_t>(i * set.dim));
        }
        engine = config.algorithm == Algorithm::Kernel ? detail::make_kernel_engine(set, config)
                                                       : detail::make_primal_engine(set, config);
        reset();
    }

    void sanitize_data() {
        if (data.dim < 0) data.dim = 0;
        const std::size_t n = std::min(data.points.size(), data.labels.size());
        data.points.resize(n);
        data.labels.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            data.points[i].resize(static_cast<std::size_t>(data.dim), 0.0);
            data.labels[i] = data.labels[i] > 0 ? 1 : -1;
        }
    }

    void reset() {
        engine->reset();
        visits = mistakes = epochs = epoch_mistakes = 0;
        converged = false;
        per_epoch.clear();
        mistake_indices.clear();
        order_rng.reseed(config.seed ^ 0x6F726465725F726EULL);  // the order stream
        position = 0;
        draw_epoch_order();
        proof.clear();
        if (kernel_recording && !kernel_reference_known) engine->start_proof_log();
        if (recording()) record_proof();
        loss_per_epoch.clear();
    }

    // sum_i max(0, -y_i f(x_i)) with f the running hypothesis: the kernel engine caches f(x_j) for its
    // alphas; a primal engine's running w (and b) are its weights() and bias().
    double running_perceptron_loss() const {
        double loss = 0.0;
        if (config.algorithm == Algorithm::Kernel) {
            const std::vector<double>& scores = engine->cached_scores();
            for (std::size_t i = 0; i < set.n && i < scores.size(); ++i) loss += std::max(0.0, -set.labels[i] * scores[i]);
            return loss;
        }
        const Vec& w = engine->weights();
        const double b = engine->bias();
        for (std::size_t i = 0; i < set.n; ++i) {
            // Poly2 rows are kept without their sqrt(2) factors (learner_engine.hpp): weights() is in the
            // scaled learner space, so the row is scaled too before the dot product.
            const Vec scaled = set.scale.empty() ? Vec() : set.row_vec(i);
            const double* x = set.scale.empty() ? set.row(i) : scaled.data();
            double score = b;
            for (std::size_t k = 0; k < set.dim && k < w.size(); ++k) score += w[k] * x[k];
            loss += std::max(0.0, -set.labels[i] * score);
        }
        return loss;
    }

    void draw_epoch_order() {
        order.resize(set.n);
        std::iota(order.begin(), order.end(), std::size_t{0});
        if (config.order == Order::Random) order_rng.shuffle(order);
    }

    std::size_t epoch_cap() const { return config.max_epochs > 0 ? static_cast<std::size_t>(config.max_epochs) : 0; }
    bool can_step() const { return set.n > 0 && !engine->diverged() && epochs < epoch_cap(); }

    void record_proof() {
        if (kernel_recording && !kernel_reference_known && proof.size() >= kMaxKernelProofSamples) {
            kernel_recording = false;  // memory bound while w* is unknown; resumes when it arrives
            engine->stop_proof_log();
            return;
        }
        ProofSample sample = engine->proof_sample(reference);
        sample.mistakes = mistakes;
        proof.push_back(sample);
    }

    // One visit of example `index`. `in_order` visits advance the epoch; online visits do not.
    Update visit_at(std::size_t index, bool in_order, bool record) {
        Update update;
        update.index = index;
        update.y = set.labels[index] > 0 ? 1 : -1;
        update.epoch = epochs;
        update.visited = true;
        const bool mistake = engine->visit(index, visits, record ? &update : nullptr);
        update.mistake = mistake;
        ++visits;
        if (mistake) {
            ++mistakes;
            ++epoch_mistakes;
            mistake_indices.push_back(index);
            if (recording()) record_proof();
        }
        if (in_order && ++position == set.n) {
            per_epoch.push_back(epoch_mistakes);
            if (records_loss) loss_per_epoch.push_back(running_perceptron_loss());
            converged = epoch_mistakes == 0;
            epoch_mistakes = 0;
            ++epochs;
            position = 0;
            draw_epoch_order();
            update.epoch_finished = true;
        }
        return update;
    }

    Update next_in_order(bool record) { return visit_at(order[position], true, record); }
};

Learner::Learner(Dataset data, TrainConfig config) : impl_(std::make_unique<Impl>(std::move(data), config)) {}
Learner::~Learner() = default;
Learner::Learner(Learner&&) noexcept = default;
Learner& Learner::operator=(Learner&&) noexcept = default;

void Learner::reset() { impl_->reset(); }

Update Learner::step() {
    if (!impl_->can_step()) return Update{};
    return impl_->next_in_order(true);
}

Update Learner::visit(std::size_t index) {
    if (index >= impl_->set.n || impl_->engine->diverged()) return Update{};
    return impl_->visit_at(index, false, true);
}

Update Learner::next_mistake(std::size_t max_visits) {
    Update last;
    for (std::size_t k = 0; k < max_visits && impl_->can_step(); ++k) {
        last = impl_->next_in_order(true);
        if (last.mistake) break;
    }
    return last;
}

std::size_t Learner::epoch() {
    Impl& s = *impl_;
    if (!s.can_step()) return 0;
    const std::size_t start = s.epochs;
    while (s.can_step() && s.epochs == start) s.next_in_order(false);
    return s.epochs > start ? s.per_epoch.back() : s.epoch_mistakes;
}

bool Learner::train_until_converged() {
    while (!impl_->converged && impl_->can_step()) epoch();
    return impl_->converged;
}

std::size_t Learner::run_visits(std::size_t n) {
    std::size_t done = 0;
    for (; done < n && impl_->can_step(); ++done) impl_->next_in_order(false);
    return done;
}

const Dataset& Learner::data() const { return impl_->data; }
const TrainConfig& Learner::config() const { return impl_->config; }
std::size_t Learner::visits() const { return impl_->visits; }
std::size_t Learner::mistakes() const { return impl_->mistakes; }
std::size_t Learner::epochs_completed() const { return impl_->epochs; }
std::size_t Learner::next_index() const { return impl_->set.n == 0 ? 0 : impl_->order[impl_->position]; }
bool Learner::converged() const { return impl_->converged; }
bool Learner::capped() const {
    return impl_->set.n > 0 && !impl_->converged && impl_->epochs >= impl_->epoch_cap();
}
const std::vector<std::size_t>& Learner::mistakes_per_epoch() const { return impl_->per_epoch; }
const std::vector<std::size_t>& Learner::mistake_indices() const { return impl_->mistake_indices; }

const Vec& Learner::weights() const { return impl_->engine->weights(); }
double Learner::bias() const { return impl_->engine->bias(); }
const std::vector<double>& Learner::alphas() const { return impl_->engine->alphas(); }
DecisionField Learner::field() const { return impl_->engine->field(); }

double Learner::score(const Vec& raw_x) const {
    Vec x = raw_x;
    x.resize(static_cast<std::size_t>(impl_->data.dim), 0.0);
    return impl_->engine->answer_score(x);
}
int Learner::predict(const Vec& raw_x) const { return score(raw_x) > 0.0 ? 1 : -1; }
double Learner::training_accuracy() const { return impl_->engine->training_accuracy(); }

void Learner::set_reference_separator(const Vec& unit_w_star) {
    if (impl_->config.algorithm == Algorithm::Kernel) {
        KernelReference reference;
        if (!impl_->engine->kernel_reference_from(unit_w_star, reference)) return;
        end_kernel_proof();
        begin_kernel_proof();
        set_kernel_reference(reference);
        return;
    }
    impl_->reference = unit_w_star;
    impl_->has_reference = true;
    impl_->proof.clear();
    impl_->record_proof();
}

void Learner::begin_kernel_proof() {
    Impl& s = *impl_;
    if (s.config.algorithm != Algorithm::Kernel || s.kernel_recording) return;
    s.kernel_recording = true;
    s.kernel_reference_known = false;
    s.proof.clear();
    s.engine->start_proof_log();
    s.record_proof();
}

void Learner::set_kernel_reference(const KernelReference& reference) {
    Impl& s = *impl_;
    if (s.config.algorithm != Algorithm::Kernel) return;
    s.engine->set_kernel_reference(reference, s.proof);
    // Samples recorded past the memory bound's pause cannot be filled in: they go.
    s.proof.erase(std::remove_if(s.proof.begin(), s.proof.end(), [](const ProofSample& p) { return std::isnan(p.projection); }),
                  s.proof.end());
    s.kernel_recording = true;
    s.kernel_reference_known = true;
    if (s.proof.empty() || s.proof.back().mistakes != s.mistakes) s.record_proof();
}

void Learner::end_kernel_proof() {
    Impl& s = *impl_;
    s.kernel_recording = false;
    s.kernel_reference_known = false;
    s.engine->stop_proof_log();
    s.proof.clear();
}
const std::vector<ProofSample>& Learner::proof() const { return impl_->proof; }

void Learner::record_epoch_loss() {
    if (impl_->records_loss) return;
    impl_->records_loss = true;
    // Epochs that ended before have no loss: NaN keeps the two lists index for index.
    impl_->loss_per_epoch.assign(impl_->per_epoch.size(), std::numeric_limits<double>::quiet_NaN());
}
const std::vector<double>& Learner::loss_per_epoch() const { return impl_->loss_per_epoch; }

bool Learner::diverged() const { return impl_->engine->diverged(); }
std::size_t Learner::learner_dim() const { return impl_->set.dim; }
const Vec& Learner::pocket_weights() const { return impl_->engine->pocket_weights(); }
double Learner::pocket_bias() const { return impl_->engine->pocket_bias(); }
double Learner::pocket_accuracy() const { return impl_->engine->pocket_accuracy(); }
Vec Learner::averaged_weights() const { return impl_->engine->averaged_weights(); }
double Learner::averaged_bias() const { return impl_->engine->averaged_bias(); }
const std::vector<double>& Learner::cached_scores() const { return impl_->engine->cached_scores(); }
std::vector<std::size_t> Learner::dropped_indices() const { return impl_->engine->dropped_indices(); }

}  // namespace pl
