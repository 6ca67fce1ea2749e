// The knobs of a training run, as plain data. The URL codec, the UI and the CLI all speak these
// enums; their string names live in names.hpp/.cpp (one table) so every format spells them alike.
#pragma once
#include <cstdint>

namespace pl {

enum class Algorithm { Perceptron, Pocket, Averaged, Voted, Logistic, Kernel };

// How the threshold is handled (lectures 000/003 absorb it, 001 updates b explicitly, 004 starts unbiased).
enum class BiasMode {
    Absorbed,  // learner runs on [phi(x), 1]; the last weight is the bias
    Explicit,  // w += eta*y*phi(x) and b += eta*y
    None       // hyperplane through the origin
};

enum class Order { Sequential, Random };  // Random: a fresh seeded permutation every epoch
enum class Init { Zero, Random };         // Random: w_i ~ U(-1, 1) from the seed (the lecture quiz)

// Feature maps phi applied to the raw input before the learner sees it.
enum class LiftKind {
    None,     // phi(x) = x
    Product,  // 2-D: [x1, x2, x1*x2]       (XOR becomes separable)
    Radial,   // 2-D: [x1, x2, x1^2+x2^2]   (circles become separable)
    Poly2,    // 2-D: [1, r2*u1, r2*u2, r2*u1*u2, u1^2, u2^2], r2 = sqrt(2): dot = (1 + u.v)^2
    Constant  // any-D: [x, 1]  (the 1-D -> 2-D figure: a threshold becomes a line through the origin)
};

enum class KernelType { Linear, Polynomial, Gaussian, Rbf, Sigmoid };

struct KernelParams {
    KernelType type = KernelType::Rbf;
    int degree = 2;       // polynomial p in (x.y + c)^p
    double coef0 = 1.0;   // polynomial c
    double sigma = 1.0;   // Gaussian exp(-|x-y|^2 / (2 sigma^2))
    double gamma = 1.0;   // RBF exp(-gamma |x-y|^2)
    double scale = 1.0;   // sigmoid eta in tanh(eta x.y + theta)
    double theta = 0.0;   // sigmoid theta
};

struct TrainConfig {
    Algorithm algorithm = Algorithm::Perceptron;
    BiasMode bias = BiasMode::Absorbed;
    Order order = Order::Sequential;
    Init init = Init::Zero;
    std::uint64_t seed = 1;
    double eta = 1.0;            // learning rate (1 = the textbook rule)
    int max_epochs = 100;        // hard cap: training never loops forever on non-separable data
    LiftKind lift = LiftKind::None;
    KernelParams kernel{};       // used by Algorithm::Kernel
    int outlier_threshold = 0;   // kernel perceptron: alpha_i reaching s is zeroed and i dropped; 0 = off
    double logistic_decay = 0.01;  // logistic SGD step size eta_t = eta / (1 + decay * t)
};

}  // namespace pl
