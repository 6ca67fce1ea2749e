#include "app/render/field_packing.hpp"

#include <algorithm>
#include <cmath>

#include "app/render/field_contract.hpp"

namespace pl::app {

namespace {
constexpr std::size_t kFloatsPerTexel = 4;

std::size_t texels_for(std::size_t floats) { return std::max<std::size_t>(1, (floats + kFloatsPerTexel - 1) / kFloatsPerTexel); }
float to_float(double value) { return static_cast<float>(value); }

// Record counts and sizes, before anything is allocated.
void measure(const DecisionField& field, PackedField& out) {
    switch (field.kind) {
        case DecisionField::Kind::Linear:
            out.weight_count = static_cast<int>(field.w.size());
            out.record_count = 1;
            out.record_texels = static_cast<int>(texels_for(field.w.size()));
            break;
        case DecisionField::Kind::Kernel:
            out.record_count = static_cast<int>(std::min(field.support.size(), field.coef.size()));
            out.record_texels = PL_FIELD_KERNEL_RECORD_TEXELS;
            break;
        case DecisionField::Kind::Voted: {
            const std::size_t count = std::min(field.voted_w.size(), field.voted_c.size());
            std::size_t longest = 0;
            for (std::size_t k = 0; k < count; ++k) longest = std::max(longest, field.voted_w[k].size());
            out.weight_count = static_cast<int>(longest);
            out.record_count = static_cast<int>(count);
            out.record_texels = static_cast<int>(texels_for(PL_FIELD_VOTED_WEIGHTS + longest));
            break;
        }
    }
    out.texels_needed = static_cast<std::size_t>(out.record_count) * static_cast<std::size_t>(out.record_texels);
}

std::string limit_passed(const DecisionField& field, const PackedField& out) {
    const char* records = field.kind == DecisionField::Kind::Kernel ? " support vectors" : " stored perceptrons";
    if (out.record_count > PL_FIELD_MAX_RECORDS)
        return "This model has " + std::to_string(out.record_count) + records + ", more than the " +
               std::to_string(PL_FIELD_MAX_RECORDS) + " the GPU field visits per pixel.";
    if (out.texels_needed > static_cast<std::size_t>(kMaxRecordTexels))
        return "This model needs " + std::to_string(out.texels_needed) + " texels of field data, more than the " +
               std::to_string(kMaxRecordTexels) + " the GPU field holds.";
    if (field.kind == DecisionField::Kind::Kernel && field.kernel.type == KernelType::Polynomial &&
        field.kernel.degree > PL_FIELD_MAX_POLY_DEGREE)
        return "The GPU field computes polynomial kernels up to degree " + std::to_string(PL_FIELD_MAX_POLY_DEGREE) +
               ", this one has degree " + std::to_string(field.kernel.degree) + ".";
    return "";
}

// Linear: w_0 ... w_{n-1}, one record.
void fill_linear(const DecisionField& field, std::vector<float>& floats) {
    std::transform(field.w.begin(), field.w.end(), floats.begin(), to_float);
}

// Kernel: (s1, s2, s3^2 + ... + sd^2, alpha_i y_i), one texel per support vector whatever d is: on the
// canvas plane x3 = ... = xd = 0, so s3 ... sd only ever enter through that sum of squares.
void fill_kernel(const DecisionField& field, std::size_t count, std::vector<float>& floats) {
    const std::size_t d = static_cast<std::size_t>(std::max(0, field.input_dim));
    for (std::size_t i = 0; i < count; ++i) {
        const Vec& s = field.support[i];
        const std::size_t coordinates = std::min(d, s.size());
        double rest = 0.0;
        for (std::size_t j = 2; j < coordinates; ++j) rest += s[j] * s[j];
        float* record = floats.data() + i * kFloatsPerTexel;
        record[0] = coordinates > 0 ? to_float(s[0]) : 0.0f;
        record[1] = coordinates > 1 ? to_float(s[1]) : 0.0f;
        record[2] = to_float(rest);
        record[3] = to_float(field.coef[i]);
    }
}

// Voted: b_k, c_k, w_k0 ... w_k{n-1} per stored perceptron, zero-padded to the longest w_k.
void fill_voted(const DecisionField& field, std::size_t count, std::size_t record_texels, std::vector<float>& floats) {
    for (std::size_t k = 0; k < count; ++k) {
        float* record = floats.data() + k * record_texels * kFloatsPerTexel;
        record[PL_FIELD_VOTED_BIAS] = k < field.voted_b.size() ? to_float(field.voted_b[k]) : 0.0f;
        record[PL_FIELD_VOTED_COUNT] = to_float(field.voted_c[k]);
        std::transform(field.voted_w[k].begin(), field.voted_w[k].end(), record + PL_FIELD_VOTED_WEIGHTS, to_float);
    }
}
}  // namespace

PackedField pack_field(const DecisionField& field) {
    PackedField out;
    out.kind = contract_code(field.kind);
    out.lift = contract_code(field.lift);
    out.bias = contract_code(field.bias);
    out.kernel = contract_code(field.kernel.type);
    out.input_dim = std::max(0, field.input_dim);
    out.b = to_float(field.b);
    const KernelParams& k = field.kernel;
    out.kernel_degree = static_cast<float>(k.degree);
    out.kernel_coef0 = to_float(k.coef0);
    out.kernel_sigma = to_float(k.sigma);
    out.kernel_gamma = to_float(k.gamma);
    out.kernel_scale = to_float(k.scale);
    out.kernel_theta = to_float(k.theta);
    measure(field, out);
    out.too_big_for_gpu = limit_passed(field, out);
    if (!out.fits_gpu()) return out;
    out.floats.assign(out.texels_needed * kFloatsPerTexel, 0.0f);
    const auto count = static_cast<std::size_t>(out.record_count);
    switch (field.kind) {
        case DecisionField::Kind::Linear: fill_linear(field, out.floats); break;
        case DecisionField::Kind::Kernel: fill_kernel(field, count, out.floats); break;
        case DecisionField::Kind::Voted: fill_voted(field, count, static_cast<std::size_t>(out.record_texels), out.floats); break;
    }
    return out;
}

int cpu_value_cell(const PackedField& packed, int width, int height) {
    const double floats = 4.0 * static_cast<double>(std::max<std::size_t>(1, packed.texels_needed));
    const double reads = static_cast<double>(std::max(1, width)) * static_cast<double>(std::max(1, height)) * floats;
    return std::max(1, static_cast<int>(std::ceil(std::sqrt(reads / kCpuFieldBudget))));
}

}  // namespace pl::app
