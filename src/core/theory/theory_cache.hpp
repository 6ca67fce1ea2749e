// The session's theory (theory.hpp) of its current data and settings, computed once per change and in two
// parts: the explicit part at once (a primal learner's solve, the picture's max-margin separator), the
// kernel learner's feature-space solve (kernel_theory.hpp) as a resumable job. A screen advances that job
// a slice per frame, so even a 2,000-point Gram solve never freezes a frame; a caller that needs the whole
// answer (the JS handle's state() aside: it reports theoryComputing instead) waits for it.
#pragma once
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "core/learn/dataset.hpp"
#include "core/theory/kernel_theory.hpp"
#include "core/theory/theory.hpp"

namespace pl {

class TheoryCache {
public:
    void invalidate();  // the data or the settings changed

    // Everything, waiting for a pending kernel solve.
    const TheorySummary& complete(const Dataset& data, const TrainConfig& config, const SolverLimits& limits);
    // As far as it is known now (computing = true while the kernel solve is pending). Never waits for it.
    const TheorySummary& so_far(const Dataset& data, const TrainConfig& config, const SolverLimits& limits);
    // Works on a pending kernel solve until the deadline. True when the answer is complete.
    bool advance(const Dataset& data, const TrainConfig& config, const SolverLimits& limits,
                 std::chrono::steady_clock::time_point deadline);
    bool pending() const { return job_ != nullptr; }
    std::string progress() const;  // "" when nothing is pending

    // A kernel answer that arrived since the last call, for the learner's proof view (then forgotten).
    std::optional<KernelTheory> take_new_kernel_answer();

private:
    void start(const Dataset& data, const TrainConfig& config, const SolverLimits& limits);
    void finish_job();

    std::optional<TheorySummary> summary_;
    std::unique_ptr<KernelTheoryJob> job_;
    bool new_kernel_answer_ = false;
};

}  // namespace pl
