#include "field_fixtures.hpp"

#include "core/learn/learner.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/rng.hpp"
#include "../../core/learn/test_learner_helpers.hpp"

namespace pl::test {

namespace {
DecisionField linear(LiftKind lift, BiasMode bias, Vec w, double b = 0.0, int input_dim = 2) {
    DecisionField f;
    f.kind = DecisionField::Kind::Linear;
    f.input_dim = input_dim;
    f.lift = lift;
    f.bias = bias;
    f.w = std::move(w);
    f.b = b;
    return f;
}

DecisionField kernel(KernelParams params, BiasMode bias, LiftKind lift = LiftKind::None) {
    DecisionField f;
    f.kind = DecisionField::Kind::Kernel;
    f.kernel = params;
    f.bias = bias;
    f.lift = lift;
    // An XOR-like arrangement plus a few off-grid points, with alpha*y coefficients.
    f.support = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}, {0.3, 1.7}, {-2.1, 0.4}, {1.9, -2.2}};
    f.coef = {-2, -1, 2, 1, 1, -1, 1};
    f.b = bias == BiasMode::Absorbed ? 1.0 : 0.0;  // sum of coef: the folded "+1" of the absorbed bias
    return f;
}

// Seeded weights in [-1, 1], `count` of them.
Vec random_weights(std::size_t count, std::uint64_t seed) {
    Rng rng(seed);
    Vec w(count);
    for (double& value : w) value = rng.uniform(-1, 1);
    return w;
}

// Seeded d-D points in [-2, 2]^d labelled by a curved rule in x1, x2 that also leans on x3, so the
// learners need every coordinate and the degree-2 terms.
Dataset curved_data(int dim, std::size_t n, std::uint64_t seed) {
    Rng rng(seed);
    return uniform_points(n, dim, -2.0, 2.0, rng, [](const Vec& x, Rng&) {
        const double score = x[0] * x[0] + 0.5 * x[1] * x[1] - 1.5 + 0.4 * x[2] - 0.3 * x[0] * x[1];
        return score > 0 ? +1 : -1;
    });
}

DecisionField learned(const Dataset& data, Algorithm algorithm, LiftKind lift, BiasMode bias, int epochs,
                      KernelParams kernel_params = {}) {
    TrainConfig config;
    config.algorithm = algorithm;
    config.lift = lift;
    config.bias = bias;
    config.max_epochs = epochs;
    config.kernel = kernel_params;
    Learner learner(data, config);
    learner.train_until_converged();
    return learner.field();
}
}  // namespace

std::vector<NamedField> reference_fields() {
    std::vector<NamedField> out;
    out.push_back({"linear-absorbed", linear(LiftKind::None, BiasMode::Absorbed, {2, 1, -0.5})});
    out.push_back({"linear-explicit", linear(LiftKind::None, BiasMode::Explicit, {-1.2, 0.7}, 0.9)});
    out.push_back({"linear-origin", linear(LiftKind::None, BiasMode::None, {0.3, -1})});
    out.push_back({"lift-product", linear(LiftKind::Product, BiasMode::Absorbed, {0.1, -0.2, -4, 0.5})});
    out.push_back({"lift-radial", linear(LiftKind::Radial, BiasMode::Absorbed, {0.2, 0.1, -1, 2.5})});
    out.push_back({"lift-poly2", linear(LiftKind::Poly2, BiasMode::None, {-1, 0.5, -0.3, -2, 0.8, -0.4})});
    KernelParams p;
    p.type = KernelType::Rbf; p.gamma = 1.3;
    out.push_back({"kernel-rbf", kernel(p, BiasMode::Absorbed)});
    p.type = KernelType::Gaussian; p.sigma = 0.8;
    out.push_back({"kernel-gaussian", kernel(p, BiasMode::None)});
    p.type = KernelType::Polynomial; p.degree = 3; p.coef0 = 1;
    out.push_back({"kernel-poly3", kernel(p, BiasMode::Absorbed)});
    p.type = KernelType::Linear;
    out.push_back({"kernel-linear", kernel(p, BiasMode::None)});
    p.type = KernelType::Sigmoid; p.scale = 0.5; p.theta = -0.2;
    out.push_back({"kernel-sigmoid", kernel(p, BiasMode::None)});
    p.type = KernelType::Rbf; p.gamma = 0.05;  // small: the lifted distances are large, keep f away from underflow
    out.push_back({"kernel-rbf-radial-lift", kernel(p, BiasMode::None, LiftKind::Radial)});
    DecisionField voted;
    voted.kind = DecisionField::Kind::Voted;
    voted.bias = BiasMode::Absorbed;
    voted.voted_w = {{1, 0.5, 0.2}, {0.5, 1, -0.3}, {-0.2, 1.2, 0.1}};
    voted.voted_b = {0, 0, 0};
    voted.voted_c = {3, 1, 2};
    out.push_back({"voted", voted});
    return out;
}

std::vector<NamedField> wide_fields() {
    std::vector<NamedField> out;
    // 1-D data: the canvas's x2 is ignored, the boundaries are vertical lines.
    out.push_back({"1d-absorbed", linear(LiftKind::None, BiasMode::Absorbed, {2, -0.5}, 0.0, 1)});  // x1 = 0.25
    out.push_back({"1d-poly2-explicit", linear(LiftKind::Poly2, BiasMode::Explicit, {-1, 0.3, 0.4}, 0.2, 1)});
    // The degree-2 lift (6 features) with its bias: 6 weights + b, and 7 weights.
    out.push_back({"poly2-explicit", linear(LiftKind::Poly2, BiasMode::Explicit, {-1, 0.5, -0.3, -2, 0.8, -0.4}, 0.7)});
    out.push_back({"poly2-absorbed", linear(LiftKind::Poly2, BiasMode::Absorbed, {-1, 0.5, -0.3, -2, 0.8, -0.4, 0.9})});
    out.push_back({"constant-absorbed", linear(LiftKind::Constant, BiasMode::Absorbed, {1.5, -1, 0.4, -0.9})});
    // 10-D and 16-D weights: on the canvas plane only w1, w2, the lift's extra feature and the bias
    // weight (the last one) count, so reading any other position shows as a wrong boundary.
    for (LiftKind lift : {LiftKind::None, LiftKind::Product, LiftKind::Radial, LiftKind::Constant, LiftKind::Poly2}) {
        const auto n = static_cast<std::size_t>(learner_dim(lift, BiasMode::Absorbed, 10));
        out.push_back({"10d-absorbed-lift" + std::to_string(static_cast<int>(lift)),
                       linear(lift, BiasMode::Absorbed, random_weights(n, 10 + static_cast<std::uint64_t>(lift)), 0.0, 10)});
    }
    out.push_back({"16d-poly2-explicit", linear(LiftKind::Poly2, BiasMode::Explicit,
                                                random_weights(static_cast<std::size_t>(lifted_dim(LiftKind::Poly2, 16)), 16), 0.3, 16)});
    // Kernels over 10-D support vectors: s3 ... s10 move every kernel value.
    const Dataset ten = curved_data(10, 16, 7);
    KernelParams p;
    const std::pair<KernelType, LiftKind> kernels[] = {{KernelType::Rbf, LiftKind::None},     {KernelType::Rbf, LiftKind::Product},
                                                       {KernelType::Gaussian, LiftKind::Radial}, {KernelType::Rbf, LiftKind::Poly2},
                                                       {KernelType::Polynomial, LiftKind::Constant}, {KernelType::Linear, LiftKind::Poly2}};
    for (const auto& [type, lift] : kernels) {
        DecisionField f;
        f.kind = DecisionField::Kind::Kernel;
        f.input_dim = 10;
        f.lift = lift;
        f.bias = BiasMode::None;
        f.kernel.type = type;
        f.kernel.gamma = lift == LiftKind::Poly2 ? 0.002 : 0.08;  // the lifted distances grow with the lift
        f.kernel.sigma = 8.0;
        f.kernel.degree = 2;
        for (std::size_t i = 0; i < ten.size(); ++i) {
            f.support.push_back(ten.points[i]);
            f.coef.push_back(ten.labels[i] * (1.0 + 0.25 * static_cast<double>(i % 3)));
        }
        f.b = -f.eval({0.0, 0.0});  // the boundary runs through the origin, so both classes show
        out.push_back({"10d-kernel" + std::to_string(static_cast<int>(type)) + "-lift" + std::to_string(static_cast<int>(lift)), f});
    }
    // What the learners produce from wide data.
    out.push_back({"learned-voted-10d-poly2", learned(ten, Algorithm::Voted, LiftKind::Poly2, BiasMode::Absorbed, 8)});
    out.push_back({"learned-voted-10d-many", learned(curved_data(10, 120, 8), Algorithm::Voted, LiftKind::None, BiasMode::Absorbed, 6)});
    out.push_back({"learned-perceptron-16d-poly2", learned(curved_data(16, 600, 9), Algorithm::Perceptron, LiftKind::Poly2, BiasMode::Explicit, 20)});
    KernelParams rbf;
    rbf.type = KernelType::Rbf;
    rbf.gamma = 0.1;
    out.push_back({"learned-kernel-10d-radial", learned(ten, Algorithm::Kernel, LiftKind::Radial, BiasMode::Absorbed, 20, rbf)});
    return out;
}

DecisionField many_voted_vectors(std::size_t count) {
    DecisionField f;
    f.kind = DecisionField::Kind::Voted;
    f.bias = BiasMode::Absorbed;
    const std::size_t lines = count - 1;
    f.voted_w.reserve(count);
    for (std::size_t k = 0; k < lines; ++k) {
        // Lines x1 + 0.5 x2 = a_k, a_k spread evenly over [-1.7, 2.3], one vote each.
        const double a = -1.7 + 4.0 * (static_cast<double>(k) + 0.5) / static_cast<double>(lines);
        f.voted_w.push_back({1.0, 0.5, -a});
        f.voted_b.push_back(0.0);
        f.voted_c.push_back(1.0);
    }
    // The last one, x2 = 0.5, with half as many votes as all the others: it decides wherever they are
    // split less than 3 : 1, so leaving out the last record (or the first ones) moves the boundary.
    f.voted_w.push_back({0.0, 1.0, -0.5});
    f.voted_b.push_back(0.0);
    f.voted_c.push_back(0.5 * static_cast<double>(lines));
    return f;
}

}  // namespace pl::test
