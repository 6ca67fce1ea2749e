// The C++/GLSL contract of the decision field, written once and read by both sides:
//   GLSL  src/app/render/gl_program.cpp puts this file (after the #version line) in front of
//         shaders/decision_field.frag, so the shader's codes, uniforms and layouts come from here.
//   C++   src/app/render/field_contract.hpp includes it; its static_asserts tie the codes to the enums of
//         src/core/base/config.hpp and src/core/learn/decision_field.hpp, so an enum value without a code here
//         does not compile.
// Only what both preprocessors accept: include guard, object- and function-like #defines, integer
// literals, // comments in ASCII.
#ifndef PL_FIELD_CONTRACT_H
#define PL_FIELD_CONTRACT_H

// [SECTION] codes (uniform int values)
// What the shader evaluates: DecisionField::Kind, plus the renderer's own fallback, values that the
// CPU computed (DecisionField::eval) for a model larger than the record texture holds.
#define PL_FIELD_KIND_LINEAR 0
#define PL_FIELD_KIND_KERNEL 1
#define PL_FIELD_KIND_VOTED 2
#define PL_FIELD_KIND_COUNT 3
#define PL_FIELD_KIND_CPU_VALUES 3

// LiftKind: phi applied to the raw point.
#define PL_FIELD_LIFT_NONE 0
#define PL_FIELD_LIFT_PRODUCT 1
#define PL_FIELD_LIFT_RADIAL 2
#define PL_FIELD_LIFT_POLY2 3
#define PL_FIELD_LIFT_CONSTANT 4
#define PL_FIELD_LIFT_COUNT 5

// BiasMode: absorbed appends a constant 1 to phi(x); explicit and none both add u_b (0 for none).
#define PL_FIELD_BIAS_ABSORBED 0
#define PL_FIELD_BIAS_EXPLICIT 1
#define PL_FIELD_BIAS_NONE 2
#define PL_FIELD_BIAS_COUNT 3

// KernelType.
#define PL_FIELD_KERNEL_LINEAR 0
#define PL_FIELD_KERNEL_POLYNOMIAL 1
#define PL_FIELD_KERNEL_GAUSSIAN 2
#define PL_FIELD_KERNEL_RBF 3
#define PL_FIELD_KERNEL_SIGMOID 4
#define PL_FIELD_KERNEL_COUNT 5

// [SECTION] limits of the GPU path
// Everything of unbounded length (weights, support vectors, voted perceptrons) reaches the shader in
// the record texture (RGBA32F, 4 floats per texel, filled row by row), never in a uniform array.
// Record k starts at texel k * u_record_texels. 2048 rows: the texture size every WebGL2
// implementation guarantees, so the limit is the same on every machine.
#define PL_FIELD_RECORD_TEXTURE_WIDTH 1024
#define PL_FIELD_RECORD_TEXTURE_MAX_ROWS 2048
#define PL_FIELD_MAX_RECORD_TEXELS (PL_FIELD_RECORD_TEXTURE_WIDTH * PL_FIELD_RECORD_TEXTURE_MAX_ROWS)
// Mesa's software renderer (llvmpipe) cuts a shader's loops short after 65534 iterations, all loops
// together (the 65535th never runs), and returns whatever it had: a silent cap. The shader visits
// PL_FIELD_RECORDS_PER_ITERATION records per iteration of its one loop, so one pass visits at most
// PL_FIELD_MAX_RECORDS records, on every renderer alike.
#define PL_FIELD_MAX_LOOP_ITERATIONS 65534
#define PL_FIELD_RECORDS_PER_ITERATION 4
#define PL_FIELD_MAX_RECORDS (PL_FIELD_MAX_LOOP_ITERATIONS * PL_FIELD_RECORDS_PER_ITERATION)
// Polynomial kernel degrees the shader's power (five squarings, no loop) handles.
#define PL_FIELD_MAX_POLY_DEGREE 31
// A model past any of these limits is drawn from CPU values instead (DecisionField::eval), and the
// renderer says so (FieldRenderer::notice).

// The canvas is the plane x = (x1, x2, 0, ..., 0) of d-D data (d = u_input_dim; for d = 1, x2 is
// dropped). On it only the features built from x1 and x2 are non-zero, which the layouts use:
// linear  one record:        w_0 ... w_{n-1}                     (n = u_weight_count; b in u_b)
// voted   one record each:   b_k, c_k, w_k0 ... w_k{n-1}         (n = u_weight_count, zero-padded)
// kernel  one texel each:    s1, s2, s3^2 + ... + sd^2, alpha_i y_i   (any d: one texel)
#define PL_FIELD_VOTED_BIAS 0
#define PL_FIELD_VOTED_COUNT 1
#define PL_FIELD_VOTED_WEIGHTS 2
#define PL_FIELD_KERNEL_RECORD_TEXELS 1

// [SECTION] uniforms
// UNIFORM(glsl type, name): the shader declares each one from this list, and the renderer looks each
// one up once after linking into a struct with one member per name (FieldUniformLocations).
#define PL_FIELD_UNIFORMS(UNIFORM) \
    UNIFORM(int, u_kind) \
    UNIFORM(int, u_lift) \
    UNIFORM(int, u_bias) \
    UNIFORM(int, u_input_dim) \
    UNIFORM(int, u_weight_count) \
    UNIFORM(float, u_b) \
    UNIFORM(sampler2D, u_records) \
    UNIFORM(int, u_record_count) \
    UNIFORM(int, u_record_texels) \
    UNIFORM(sampler2D, u_cpu_values) \
    UNIFORM(int, u_cpu_cell) \
    UNIFORM(int, u_kernel) \
    UNIFORM(vec4, u_kernel_params) \
    UNIFORM(vec2, u_kernel_extra) \
    UNIFORM(vec2, u_center) \
    UNIFORM(float, u_units_per_pixel) \
    UNIFORM(vec2, u_size) \
    UNIFORM(float, u_strength_scale) \
    UNIFORM(vec3, u_positive) \
    UNIFORM(vec3, u_negative) \
    UNIFORM(vec3, u_background) \
    UNIFORM(vec3, u_contour) \
    UNIFORM(int, u_show_unit_contours) \
    UNIFORM(int, u_sign_only)

// Texture units of the two samplers.
#define PL_FIELD_RECORDS_UNIT 0
#define PL_FIELD_CPU_VALUES_UNIT 1

#endif
