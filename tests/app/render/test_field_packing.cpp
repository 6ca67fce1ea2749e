// The decision field as the shader reads it (shaders/field_contract.h), without a GPU: hand-computed
// record layouts, and the limits of a GPU pass.
#include <doctest/doctest.h>

#include <string>

#include "app/render/field_contract.hpp"
#include "app/render/field_packing.hpp"
#include "field_fixtures.hpp"

using namespace pl;
using app::pack_field;
using app::PackedField;

namespace {
DecisionField linear(LiftKind lift, BiasMode bias, Vec w, int input_dim = 2) {
    DecisionField f;
    f.kind = DecisionField::Kind::Linear;
    f.lift = lift;
    f.bias = bias;
    f.w = std::move(w);
    f.input_dim = input_dim;
    return f;
}
}  // namespace

TEST_CASE("packing: the degree-2 lift with an absorbed bias sends all 7 weights, 2 texels") {
    const PackedField p = pack_field(linear(LiftKind::Poly2, BiasMode::Absorbed, {1, 2, 3, 4, 5, 6, 7}));
    CHECK(p.kind == PL_FIELD_KIND_LINEAR);
    CHECK(p.lift == PL_FIELD_LIFT_POLY2);
    CHECK(p.bias == PL_FIELD_BIAS_ABSORBED);
    CHECK(p.input_dim == 2);
    CHECK(p.weight_count == 7);
    CHECK(p.record_count == 1);
    CHECK(p.record_texels == 2);
    CHECK(p.fits_gpu());
    CHECK(p.floats == std::vector<float>{1, 2, 3, 4, 5, 6, 7, 0});
}

TEST_CASE("packing: 10-D weights keep their positions (the bias weight is the 11th float)") {
    Vec w(11, 0.0);
    w[0] = 2;
    w[10] = -0.5;
    const PackedField p = pack_field(linear(LiftKind::None, BiasMode::Absorbed, w, 10));
    CHECK(p.input_dim == 10);
    CHECK(p.weight_count == 11);
    CHECK(p.record_texels == 3);
    REQUIRE(p.floats.size() == 12);
    CHECK(p.floats[0] == 2.0f);
    CHECK(p.floats[10] == -0.5f);
    CHECK(p.floats[11] == 0.0f);
}

TEST_CASE("packing: a kernel support vector is one texel (s1, s2, s3^2 + ... + sd^2, alpha y) for any d") {
    DecisionField f;
    f.kind = DecisionField::Kind::Kernel;
    f.input_dim = 10;
    f.kernel.type = KernelType::Polynomial;
    f.kernel.degree = 3;
    f.kernel.coef0 = 0.5;
    f.support = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {-1, 0.5, 0, 0, 0, 0, 0, 0, 0, 2}};
    f.coef = {2.0, -1.0};
    f.b = 0.75;
    const PackedField p = pack_field(f);
    CHECK(p.kind == PL_FIELD_KIND_KERNEL);
    CHECK(p.kernel == PL_FIELD_KERNEL_POLYNOMIAL);
    CHECK(p.kernel_degree == 3.0f);
    CHECK(p.kernel_coef0 == 0.5f);
    CHECK(p.b == 0.75f);
    CHECK(p.record_count == 2);
    CHECK(p.record_texels == 1);
    // 3^2 + ... + 10^2 = 385 - 1 - 4 = 380
    CHECK(p.floats == std::vector<float>{1, 2, 380, 2, -1, 0.5f, 4, -1});
}

TEST_CASE("packing: 1-D support vectors have s2 = 0 and nothing beyond") {
    DecisionField f;
    f.kind = DecisionField::Kind::Kernel;
    f.input_dim = 1;
    f.support = {{4}};
    f.coef = {1.5};
    CHECK(pack_field(f).floats == std::vector<float>{4, 0, 0, 1.5f});
}

TEST_CASE("packing: voted records are b_k, c_k, w_k, zero-padded to the longest w_k") {
    DecisionField f;
    f.kind = DecisionField::Kind::Voted;
    f.voted_w = {{1, 2, 3}, {4, 5}};
    f.voted_b = {0.5, -1};
    f.voted_c = {3, 1};
    const PackedField p = pack_field(f);
    CHECK(p.kind == PL_FIELD_KIND_VOTED);
    CHECK(p.weight_count == 3);
    CHECK(p.record_count == 2);
    CHECK(p.record_texels == 2);  // 2 + 3 floats
    CHECK(p.floats == std::vector<float>{0.5f, 3, 1, 2, 3, 0, 0, 0, -1, 1, 4, 5, 0, 0, 0, 0});
}

TEST_CASE("packing: one GPU pass takes kMaxRecords records, one more goes to the CPU with a message") {
    const auto most = static_cast<std::size_t>(app::kMaxRecords);
    CHECK(most == 4u * 65534u);
    const PackedField full = pack_field(test::many_voted_vectors(most));
    CHECK(full.fits_gpu());
    CHECK(full.record_count == app::kMaxRecords);
    CHECK(full.floats.size() == most * 2 * 4);
    const PackedField over = pack_field(test::many_voted_vectors(most + 1));
    CHECK_FALSE(over.fits_gpu());
    CHECK(over.floats.empty());
    CHECK(over.too_big_for_gpu == "This model has 262137 stored perceptrons, more than the 262136 the GPU field visits per pixel.");
}

TEST_CASE("packing: past the limit, the CPU computes one value per pixel while that stays within budget") {
    const PackedField over = pack_field(test::many_voted_vectors(static_cast<std::size_t>(app::kMaxRecords) + 1));
    REQUIRE(over.texels_needed == 524274u);  // 262137 records of 2 texels
    // 16 x 12 pixels: 192 x 524274 x 4 = 4.0e8 floats read, within 1e9 -> a value per pixel.
    CHECK(app::cpu_value_cell(over, 16, 12) == 1);
    // 400 x 300: 2.52e11 floats -> sqrt(251.6) = 15.9 -> blocks of 16 x 16 pixels.
    CHECK(app::cpu_value_cell(over, 400, 300) == 16);
}

TEST_CASE("packing: the record texture holds kMaxRecordTexels texels, a model that needs more goes to the CPU") {
    // The longest w there is (degree-2 lift of 16-D data + absorbed bias: 154 weights) makes every voted
    // record 39 texels: 2 + 154 = 156 floats.
    const auto texels_per_record = 39u;
    const auto fitting = static_cast<std::size_t>(app::kMaxRecordTexels) / texels_per_record;
    DecisionField f;
    f.kind = DecisionField::Kind::Voted;
    f.voted_w.assign(fitting, Vec{});
    f.voted_w[0] = Vec(154, 1.0);
    f.voted_c.assign(fitting, 1.0);
    PackedField p = pack_field(f);
    CHECK(p.record_texels == 39);
    CHECK(p.fits_gpu());
    f.voted_w.emplace_back();
    f.voted_c.push_back(1.0);
    p = pack_field(f);
    CHECK(p.texels_needed == (fitting + 1) * texels_per_record);
    CHECK(p.too_big_for_gpu == "This model needs " + std::to_string((fitting + 1) * texels_per_record) +
                                   " texels of field data, more than the 2097152 the GPU field holds.");
}

TEST_CASE("packing: polynomial kernels up to degree 31 run on the GPU, degree 32 on the CPU") {
    DecisionField f;
    f.kind = DecisionField::Kind::Kernel;
    f.kernel.type = KernelType::Polynomial;
    f.support = {{1, 1}};
    f.coef = {1};
    f.kernel.degree = PL_FIELD_MAX_POLY_DEGREE;
    CHECK(pack_field(f).fits_gpu());
    f.kernel.degree = PL_FIELD_MAX_POLY_DEGREE + 1;
    CHECK(pack_field(f).too_big_for_gpu == "The GPU field computes polynomial kernels up to degree 31, this one has degree 32.");
}
