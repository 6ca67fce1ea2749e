// A DecisionField as the shader reads it (shaders/field_contract.h): the codes and scalars that go
// into uniforms, and the floats of the record texture. Plain data, no GL, so the layout and the limits
// are unit-tested without a GPU (tests/app/render/test_field_packing.cpp).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/learn/decision_field.hpp"

namespace pl::app {

struct PackedField {
    int kind = 0, lift = 0, bias = 0, kernel = 0;  // contract codes
    int input_dim = 0;
    int weight_count = 0;   // floats of w per record: linear |w|, voted the longest w_k
    int record_count = 0;   // linear 1, kernel support vectors, voted stored perceptrons
    int record_texels = 1;  // texels per record
    float b = 0.0f;         // linear and kernel (voted records carry their own b_k)
    float kernel_degree = 0, kernel_coef0 = 0, kernel_sigma = 0, kernel_gamma = 0;  // u_kernel_params
    float kernel_scale = 0, kernel_theta = 0;                                       // u_kernel_extra
    std::size_t texels_needed = 0;  // record_count * record_texels
    // Empty when the GPU can evaluate the model; otherwise the limit of field_contract.h it passes, as
    // a sentence for the user (and `floats` stays empty: the renderer shows CPU values).
    std::string too_big_for_gpu;
    std::vector<float> floats;  // 4 per texel, record after record (the uploader pads the last row)
    bool fits_gpu() const { return too_big_for_gpu.empty(); }
};

PackedField pack_field(const DecisionField& field);

// For a model drawn from CPU values: the side of the square of pixels that share one value, so that
// the whole field reads about kCpuFieldBudget floats of the model (about a second of one core);
// 1 (a value per pixel) when that is within the budget.
inline constexpr double kCpuFieldBudget = 1.0e9;
int cpu_value_cell(const PackedField& packed, int width, int height);

}  // namespace pl::app
