// Kernel perceptron with the cached decision vector against naive recomputation.
// Data: 5,000 points on two noisy concentric circles (radius 1: +1, radius 1.5: -1, each +-0.2),
// RBF kernel (gamma = 4), absorbed bias (K + 1), sequential order, trained to convergence.
//
//   cached        pl::Learner: f(x_j) for all j kept up to date, one kernel column per mistake
//   naive/support on every visit f(x_j) = sum over examples with alpha_i > 0 (the support so far)
//   naive/all     on every visit f(x_j) = sum over all N examples (the loop as the lecture writes it)
// All three apply the same rule; the program checks that they make the same mistakes.
//
//   kernel_cache [--n N] [--outer R] [--gamma G] [--skip-all]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/learn/kernel.hpp"
#include "core/learn/learner.hpp"
#include "core/learn/rng.hpp"

namespace {

pl::Dataset circles(std::size_t n, double outer, std::uint64_t seed) {
    pl::Rng rng(seed);
    pl::Dataset data;
    data.dim = 2;
    for (std::size_t i = 0; i < n; ++i) {
        const bool inner = i % 2 == 0;
        const double angle = rng.uniform(0.0, 6.283185307179586);
        const double radius = (inner ? 1.0 : outer) + rng.uniform(-0.2, 0.2);
        data.add({radius * std::cos(angle), radius * std::sin(angle)}, inner ? +1 : -1);
    }
    return data;
}

struct NaiveResult {
    std::vector<std::size_t> mistakes;
    std::size_t epochs = 0;
    bool converged = false;
    double seconds = 0;
};

// The dual perceptron without a cache: every visit recomputes f(x_j) from the alphas.
NaiveResult train_naive(const pl::Dataset& data, const pl::KernelParams& kernel, int max_epochs, bool support_only) {
    const auto start = std::chrono::steady_clock::now();
    const std::size_t n = data.size();
    std::vector<double> alpha(n, 0.0);
    std::vector<std::size_t> support;
    NaiveResult result;
    while (!result.converged && result.epochs < static_cast<std::size_t>(max_epochs)) {
        std::size_t epoch_mistakes = 0;
        for (std::size_t j = 0; j < n; ++j) {
            double f = 0.0;
            if (support_only) {
                for (std::size_t i : support)
                    f += alpha[i] * data.labels[i] * (pl::kernel_eval(kernel, data.points[i], data.points[j]) + 1.0);
            } else {
                for (std::size_t i = 0; i < n; ++i)
                    f += alpha[i] * data.labels[i] * (pl::kernel_eval(kernel, data.points[i], data.points[j]) + 1.0);
            }
            if (data.labels[j] * f <= 0.0) {
                if (alpha[j] == 0.0) support.push_back(j);
                alpha[j] += 1.0;
                result.mistakes.push_back(j);
                ++epoch_mistakes;
            }
        }
        ++result.epochs;
        result.converged = epoch_mistakes == 0;
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t n = 5000;
    bool skip_all = false;
    double outer = 1.5;
    double gamma = 4.0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--n") && i + 1 < argc) n = std::strtoul(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--outer") && i + 1 < argc) outer = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--gamma") && i + 1 < argc) gamma = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--skip-all")) skip_all = true;
    }
    const pl::Dataset data = circles(n, outer, 7);
    pl::TrainConfig config;
    config.algorithm = pl::Algorithm::Kernel;
    config.bias = pl::BiasMode::Absorbed;
    config.kernel.type = pl::KernelType::Rbf;
    config.kernel.gamma = gamma;
    config.max_epochs = 1000;

    const auto start = std::chrono::steady_clock::now();
    pl::Learner learner(data, config);
    const bool converged = learner.train_until_converged();
    const double cached_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("data: %zu points, circles r=1 (+1) and r=%.2f (-1), noise +-0.2; RBF gamma=%.2f, absorbed bias\n", n, outer, gamma);
    std::printf("cached:        %8.3f s  epochs=%zu mistakes=%zu converged=%d\n", cached_seconds,
                learner.epochs_completed(), learner.mistakes(), converged ? 1 : 0);

    const NaiveResult support = train_naive(data, config.kernel, config.max_epochs, true);
    std::printf("naive/support: %8.3f s  epochs=%zu mistakes=%zu converged=%d same mistakes=%s\n", support.seconds,
                support.epochs, support.mistakes.size(), support.converged ? 1 : 0,
                support.mistakes == learner.mistake_indices() ? "yes" : "NO");
    std::printf("RESULT cached_seconds=%.4f naive_support_seconds=%.4f ratio_support=%.1f\n", cached_seconds,
                support.seconds, support.seconds / cached_seconds);
    if (!skip_all) {
        const NaiveResult all = train_naive(data, config.kernel, config.max_epochs, false);
        std::printf("naive/all:     %8.3f s  epochs=%zu mistakes=%zu converged=%d same mistakes=%s\n", all.seconds,
                    all.epochs, all.mistakes.size(), all.converged ? 1 : 0,
                    all.mistakes == learner.mistake_indices() ? "yes" : "NO");
        std::printf("RESULT naive_all_seconds=%.4f ratio_all=%.1f\n", all.seconds, all.seconds / cached_seconds);
    }
    return 0;
}
