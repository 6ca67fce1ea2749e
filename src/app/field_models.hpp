// Decision fields with known content, for the GPU-vs-CPU agreement checks (native test, browser test)
// and the field benchmark. Plain data: no GL here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/decision_field.hpp"

namespace pl::app {

struct NamedField {
    std::string name;
    DecisionField field;
};

// One field per kind the shader handles: linear raw / absorbed / explicit, each lift, every kernel,
// voted. Fixed numbers, so failures are reproducible.
std::vector<NamedField> reference_fields();
// n support vectors, uniform in [-3, 3]^2 with coefficients +-1 (seeded), RBF gamma 1.
DecisionField random_kernel_field(std::size_t n, std::uint64_t seed);

}  // namespace pl::app
