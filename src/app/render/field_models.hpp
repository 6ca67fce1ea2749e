// The benchmark field of the test build's benchField(n) (src/platform/web_test_hooks.cpp) and of
// field_check --bench: n random RBF support vectors. Plain data, no GL. (The fields the tests check the
// shader with live in tests/app/render/field_fixtures.cpp.)
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/learn/decision_field.hpp"

namespace pl::app {

// n support vectors, uniform in [-3, 3]^2 with coefficients +-1 (seeded), RBF gamma 1.
DecisionField random_kernel_field(std::size_t n, std::uint64_t seed);

}  // namespace pl::app
