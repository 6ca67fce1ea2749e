#include "app/field_models.hpp"

#include "core/rng.hpp"

namespace pl::app {

namespace {
DecisionField linear(LiftKind lift, BiasMode bias, Vec w, double b = 0.0) {
    DecisionField f;
    f.kind = DecisionField::Kind::Linear;
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

DecisionField random_kernel_field(std::size_t n, std::uint64_t seed) {
    Rng rng(seed);
    DecisionField f;
    f.kind = DecisionField::Kind::Kernel;
    f.bias = BiasMode::None;
    f.kernel.type = KernelType::Rbf;
    f.kernel.gamma = 1.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double x = rng.uniform(-3, 3);
        const double y = rng.uniform(-3, 3);
        f.support.push_back({x, y});
        f.coef.push_back(rng.uniform01() < 0.5 ? -1.0 : 1.0);
    }
    return f;
}

}  // namespace pl::app
