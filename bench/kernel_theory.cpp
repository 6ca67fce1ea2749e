// The kernel learner's feature-space theory (R, gamma*, bound) from the Gram matrix: how long the exact
// solve takes at 500, 1,000 and 2,000 points, for the widget's generated sets and several kernels, and how
// long the PSD check of the sigmoid kernel takes (its eigenvalues) up to its cap.
//
// The widget computes this on demand; when one call would take more than a frame's budget it spreads the
// work over frames (KernelTheoryJob::advance), so these numbers say how many frames a set needs.
//
// Each time is the best of up to 5 runs (fewer when a run takes over a second): the machine may be shared.
//
//   kernel_theory [--sizes 500,1000,2000]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/theory/kernel_theory.hpp"

namespace {

struct Case {
    const char* name;
    pl::Preset preset;
    double noise;
    pl::KernelParams kernel;
    pl::BiasMode bias;
};

pl::KernelParams rbf(double gamma) {
    pl::KernelParams k;
    k.type = pl::KernelType::Rbf;
    k.gamma = gamma;
    return k;
}

pl::KernelParams poly(int degree) {
    pl::KernelParams k;
    k.type = pl::KernelType::Polynomial;
    k.degree = degree;
    k.coef0 = 1.0;
    return k;
}

pl::KernelParams sigmoid(double scale, double theta) {
    pl::KernelParams k;
    k.type = pl::KernelType::Sigmoid;
    k.scale = scale;
    k.theta = theta;
    return k;
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void run(const Case& c, std::size_t n) {
    pl::GeneratorParams params;
    params.n = static_cast<int>(n);
    params.noise = c.noise;
    params.seed = 11;
    const pl::Dataset data = pl::make_preset(c.preset, params);
    pl::TrainConfig config;
    config.algorithm = pl::Algorithm::Kernel;
    config.kernel = c.kernel;
    config.bias = c.bias;
    pl::KernelTheory t;
    double ms = 1e300;
    for (int run = 0; run < 5 && (run == 0 || ms < 1000.0); ++run) {
        const auto start = std::chrono::steady_clock::now();
        t = pl::kernel_theory(data, config);
        ms = std::min(ms, milliseconds_since(start));
    }
    std::printf("%-34s N=%5zu  %9.1f ms  iterations=%5zu support=%4zu  ", c.name, data.size(), ms, t.iterations,
                t.support.size());
    if (t.separable && !t.undecided)
        std::printf("R=%.4g gamma*=%.6g (upper %.6g) bound=%.4g\n", t.R, t.gamma_star, t.gamma_upper, t.bound);
    else
        std::printf("%s\n", t.reason.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::size_t> sizes{500, 1000, 2000};
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--sizes") && i + 1 < argc) {
            sizes.clear();
            for (char* p = argv[++i]; *p;) {
                sizes.push_back(std::strtoul(p, &p, 10));
                if (*p == ',') ++p;
            }
        }
    }
    const Case cases[] = {
        {"circles, RBF gamma=1, bias absorbed", pl::Preset::Circles, 0.1, rbf(1.0), pl::BiasMode::Absorbed},
        {"moons, RBF gamma=4, no bias", pl::Preset::Moons, 0.1, rbf(4.0), pl::BiasMode::None},
        {"spirals, RBF gamma=10, no bias", pl::Preset::Spirals, 0.05, rbf(10.0), pl::BiasMode::None},
        {"circles, poly degree 2, absorbed", pl::Preset::Circles, 0.05, poly(2), pl::BiasMode::Absorbed},
        {"separable, linear, absorbed", pl::Preset::SeparableMargin, 0.1, pl::KernelParams{pl::KernelType::Linear}, pl::BiasMode::Absorbed},
        {"overlap, RBF gamma=1 (noisy)", pl::Preset::Overlap, 0.6, rbf(1.0), pl::BiasMode::Absorbed},
    };
    std::printf("Exact gamma* in the kernel learner's feature space (Wolfe through the Gram matrix)\n");
    for (const Case& c : cases)
        for (std::size_t n : sizes) run(c, n);

    std::printf("\nPSD check of the sigmoid kernel (smallest eigenvalue of the Gram matrix, Householder + QL)\n");
    for (std::size_t n : {100, 200, 400}) {
        pl::GeneratorParams params;
        params.n = static_cast<int>(n);
        params.seed = 5;
        const pl::Dataset data = pl::make_preset(pl::Preset::Moons, params);
        pl::TrainConfig config;
        config.algorithm = pl::Algorithm::Kernel;
        config.kernel = sigmoid(0.5, 0.0);
        pl::KernelTheory t;
        double ms = 1e300;
        for (int run = 0; run < 5; ++run) {
            const auto start = std::chrono::steady_clock::now();
            t = pl::kernel_theory(data, config);
            ms = std::min(ms, milliseconds_since(start));
        }
        std::printf("moons, sigmoid 0.5, 0, absorbed     N=%5zu  %9.1f ms  min eigenvalue=%.6g (%s)\n", data.size(), ms,
                    t.spectrum.min_eigenvalue, t.spectrum.message.c_str());
    }
    return 0;
}
