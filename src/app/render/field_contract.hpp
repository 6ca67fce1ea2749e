// The C++ side of shaders/field_contract.h: the codes the renderer hands the shader for each enum of
// the core, checked at compile time, and the struct of uniform locations generated from the same list
// the shader declares its uniforms from.
#pragma once
#include <cstddef>

#include "core/learn/dataset.hpp"
#include "core/learn/decision_field.hpp"
#include "core/base/config.hpp"
#include "core/state/widget_state.hpp"
#include "field_contract.h"

namespace pl::app {

// [SECTION] enum -> contract code
// -Wswitch as an error here: a value added to one of these enums without a case (and so without a
// code in field_contract.h) stops the build.
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
constexpr int contract_code(DecisionField::Kind kind) {
    switch (kind) {
        case DecisionField::Kind::Linear: return PL_FIELD_KIND_LINEAR;
        case DecisionField::Kind::Kernel: return PL_FIELD_KIND_KERNEL;
        case DecisionField::Kind::Voted: return PL_FIELD_KIND_VOTED;
    }
    return -1;
}
constexpr int contract_code(LiftKind lift) {
    switch (lift) {
        case LiftKind::None: return PL_FIELD_LIFT_NONE;
        case LiftKind::Product: return PL_FIELD_LIFT_PRODUCT;
        case LiftKind::Radial: return PL_FIELD_LIFT_RADIAL;
        case LiftKind::Poly2: return PL_FIELD_LIFT_POLY2;
        case LiftKind::Constant: return PL_FIELD_LIFT_CONSTANT;
    }
    return -1;
}
constexpr int contract_code(BiasMode bias) {
    switch (bias) {
        case BiasMode::Absorbed: return PL_FIELD_BIAS_ABSORBED;
        case BiasMode::Explicit: return PL_FIELD_BIAS_EXPLICIT;
        case BiasMode::None: return PL_FIELD_BIAS_NONE;
    }
    return -1;
}
constexpr int contract_code(KernelType kernel) {
    switch (kernel) {
        case KernelType::Linear: return PL_FIELD_KERNEL_LINEAR;
        case KernelType::Polynomial: return PL_FIELD_KERNEL_POLYNOMIAL;
        case KernelType::Gaussian: return PL_FIELD_KERNEL_GAUSSIAN;
        case KernelType::Rbf: return PL_FIELD_KERNEL_RBF;
        case KernelType::Sigmoid: return PL_FIELD_KERNEL_SIGMOID;
    }
    return -1;
}
#pragma GCC diagnostic pop

// The enum values 0 .. count-1 map onto the codes 0 .. count-1, each once: the contract has exactly one
// code per enum value (a code the enum lacks, or two values on one code, fails here).
template <class Enum>
constexpr bool codes_match_enum(int count) {
    bool seen[32] = {};
    if (count < 1 || count > 32) return false;
    for (int value = 0; value < count; ++value) {
        const int code = contract_code(static_cast<Enum>(value));
        if (code < 0 || code >= count || seen[code]) return false;
        seen[code] = true;
    }
    return contract_code(static_cast<Enum>(count)) == -1;  // and no enum value past the count
}
static_assert(codes_match_enum<DecisionField::Kind>(PL_FIELD_KIND_COUNT), "DecisionField::Kind vs field_contract.h");
static_assert(codes_match_enum<LiftKind>(PL_FIELD_LIFT_COUNT), "LiftKind vs field_contract.h");
static_assert(codes_match_enum<BiasMode>(PL_FIELD_BIAS_COUNT), "BiasMode vs field_contract.h");
static_assert(codes_match_enum<KernelType>(PL_FIELD_KERNEL_COUNT), "KernelType vs field_contract.h");
static_assert(PL_FIELD_KIND_CPU_VALUES >= PL_FIELD_KIND_COUNT, "the CPU-values fallback must not share a model kind's code");

// [SECTION] limits
inline constexpr int kRecordTextureWidth = PL_FIELD_RECORD_TEXTURE_WIDTH;
inline constexpr int kMaxRecordTexels = PL_FIELD_MAX_RECORD_TEXELS;
inline constexpr int kMaxRecords = PL_FIELD_MAX_RECORDS;
// Every kernel model the widget can hold is drawn by the GPU: at most one support vector per point,
// one texel each.
static_assert(kMaxPoints <= static_cast<std::size_t>(kMaxRecords), "kMaxPoints support vectors must fit one GPU pass");
static_assert(kMaxPoints * PL_FIELD_KERNEL_RECORD_TEXELS <= static_cast<std::size_t>(kMaxRecordTexels),
              "kMaxPoints support vectors must fit the record texture");
// Every linear model too: the longest w (degree-2 lift of kMaxDimension-D data, absorbed bias).
static_assert((kMaxDimension + 1) * (kMaxDimension + 2) / 2 + 1 <= 4 * kMaxRecordTexels,
              "the longest weight vector must fit the record texture");

// [SECTION] uniform locations, one member per uniform of the contract, filled once after linking
struct FieldUniformLocations {
#define PL_FIELD_LOCATION_MEMBER(glsl_type, name) int name = -1;
    PL_FIELD_UNIFORMS(PL_FIELD_LOCATION_MEMBER)
#undef PL_FIELD_LOCATION_MEMBER
};

}  // namespace pl::app
