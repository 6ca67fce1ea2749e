#include "core/theory/theory_cache.hpp"

namespace pl {

void TheoryCache::invalidate() {
    summary_.reset();
    job_.reset();
    new_kernel_answer_ = false;
}

void TheoryCache::start(const Dataset& data, const TrainConfig& config, const SolverLimits& limits) {
    if (summary_) return;
    summary_ = analyze_explicit_part(data, config, limits);
    if (!summary_->computing) return;
    job_ = std::make_unique<KernelTheoryJob>(data, config, limits.kernel);
    if (job_->done()) finish_job();  // declined at once (no points, too many, ...)
    // R needs only the Gram diagonal: known at once, unless the kernel may turn out not to be a dot product.
    else if (!job_->result().spectrum.needed) summary_->R = job_->result().R;
}

void TheoryCache::finish_job() {
    apply_kernel_theory(*summary_, job_->result());
    job_.reset();
    new_kernel_answer_ = true;
}

const TheorySummary& TheoryCache::complete(const Dataset& data, const TrainConfig& config, const SolverLimits& limits) {
    start(data, config, limits);
    if (job_) {
        job_->finish();
        finish_job();
    }
    return *summary_;
}

const TheorySummary& TheoryCache::so_far(const Dataset& data, const TrainConfig& config, const SolverLimits& limits) {
    start(data, config, limits);
    return *summary_;
}

bool TheoryCache::advance(const Dataset& data, const TrainConfig& config, const SolverLimits& limits,
                          std::chrono::steady_clock::time_point deadline) {
    start(data, config, limits);
    if (job_ && job_->advance(deadline)) finish_job();
    return !job_;
}

std::string TheoryCache::progress() const { return job_ ? job_->progress() : std::string(); }

std::optional<KernelTheory> TheoryCache::take_new_kernel_answer() {
    if (!new_kernel_answer_ || !summary_) return std::nullopt;
    new_kernel_answer_ = false;
    return summary_->kernel;
}

}  // namespace pl
