#include "app/render/field_models.hpp"

#include "core/learn/rng.hpp"

namespace pl::app {

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
