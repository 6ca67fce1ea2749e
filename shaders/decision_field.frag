// The learned decision function f(x), evaluated exactly at every pixel of the canvas.
//   linear (primal learners):  f(x) = w . phi~(x) + b
//   kernel perceptron:         f(x) = sum_i coef_i K(phi(s_i), phi(x)) + b, coef_i = alpha_i y_i
//                              (an absorbed bias, K + 1, arrives folded into b)
//   voted perceptron:          f(x) = sum_k c_k sign(w_k . phi~(x) + b_k)
// phi~(x) is phi(x), plus a trailing 1 when the bias is absorbed. Codes, uniforms and the record
// layouts come from shaders/field_contract.h, which is compiled in front of this file.
// The CPU twin of this file is pl::DecisionField::eval (src/core/learn/decision_field.cpp): keep them in step;
// tests/app/render/field_check.cpp compares the two at every pixel.

#if PL_FIELD_KIND_COUNT != 3 || PL_FIELD_LIFT_COUNT != 5 || PL_FIELD_BIAS_COUNT != 3 || PL_FIELD_KERNEL_COUNT != 5
#error "field_contract.h has codes this shader does not handle yet"
#endif
#if PL_FIELD_RECORDS_PER_ITERATION != 4 || PL_FIELD_MAX_POLY_DEGREE != 31
#error "field_contract.h has limits this shader is not written for"
#endif

in vec2 v_uv;
out vec4 frag_color;

#define PL_DECLARE_UNIFORM(type, name) uniform type name;
PL_FIELD_UNIFORMS(PL_DECLARE_UNIFORM)

// The model's codes: compile-time constants in a program built for one kind of model (FieldPrograms,
// src/app/render/field_programs.cpp), so the compiler drops every branch the model never takes. A software
// renderer (SwiftShader) runs the branches it cannot rule out for every pixel: the line's field took
// 16x longer in the program that handles every model. Without the defines, the uniforms decide.
#ifdef PL_FIELD_FIXED_KIND
#define FIELD_KIND PL_FIELD_FIXED_KIND
#else
#define FIELD_KIND u_kind
#endif
#ifdef PL_FIELD_FIXED_LIFT
#define FIELD_LIFT PL_FIELD_FIXED_LIFT
#else
#define FIELD_LIFT u_lift
#endif
#ifdef PL_FIELD_FIXED_BIAS
#define FIELD_BIAS PL_FIELD_FIXED_BIAS
#else
#define FIELD_BIAS u_bias
#endif
#ifdef PL_FIELD_FIXED_KERNEL
#define FIELD_KERNEL PL_FIELD_FIXED_KERNEL
#else
#define FIELD_KERNEL u_kernel
#endif

const float kSqrt2 = 1.4142135623730951;

vec4 texel_at(int index) {
    return texelFetch(u_records, ivec2(index % PL_FIELD_RECORD_TEXTURE_WIDTH, index / PL_FIELD_RECORD_TEXTURE_WIDTH), 0);
}

// Weight j of the record that starts at texel `first_texel`, its weights at float `first_float`.
// Weights past u_weight_count are 0, as in the CPU's dot product of a shorter w.
float weight(int first_texel, int first_float, int j) {
    if (j >= u_weight_count) return 0.0;
    int index = first_float + j;
    return texel_at(first_texel + index / 4)[index % 4];
}

// w . phi~(x) for x = (x1, x2, 0, ..., 0) on the canvas plane. Only the features built from x1 and x2
// can be non-zero there, so only their weights are read; their positions are those of
// src/core/learn/lift.cpp for d-D input (x.y is already 0 when d < 2, x.x when d < 1).
float lifted_dot(int first_texel, int first_float, vec2 x) {
    int d = u_input_dim;
    float sum = 0.0;
    int lifted;
    if (FIELD_LIFT == PL_FIELD_LIFT_POLY2) {
        // [1, r2 x_i (i < d), r2 x_i x_j (i < j < d), x_i^2 (i < d)]
        int squares = 1 + d + d * (d - 1) / 2;
        sum = weight(first_texel, first_float, 0);
        if (d >= 1) sum += kSqrt2 * x.x * weight(first_texel, first_float, 1) + x.x * x.x * weight(first_texel, first_float, squares);
        if (d >= 2) {
            sum += kSqrt2 * x.y * weight(first_texel, first_float, 2) + kSqrt2 * x.x * x.y * weight(first_texel, first_float, 1 + d);
            sum += x.y * x.y * weight(first_texel, first_float, squares + 1);
        }
        lifted = (d + 1) * (d + 2) / 2;
    } else {
        // [x_1 ... x_d], then one more feature for product, radial and constant.
        if (d >= 1) sum = x.x * weight(first_texel, first_float, 0);
        if (d >= 2) sum += x.y * weight(first_texel, first_float, 1);
        lifted = d;
        if (FIELD_LIFT == PL_FIELD_LIFT_PRODUCT) { sum += x.x * x.y * weight(first_texel, first_float, d); lifted = d + 1; }
        else if (FIELD_LIFT == PL_FIELD_LIFT_RADIAL) { sum += dot(x, x) * weight(first_texel, first_float, d); lifted = d + 1; }
        else if (FIELD_LIFT == PL_FIELD_LIFT_CONSTANT) { sum += weight(first_texel, first_float, d); lifted = d + 1; }
    }
    if (FIELD_BIAS == PL_FIELD_BIAS_ABSORBED) sum += weight(first_texel, first_float, lifted);
    return sum;
}

// phi(s) . phi(x) and |phi(s) - phi(x)|^2 for a support point s = (s1, s2, ..., sd), given as
// (s1, s2, rest = s3^2 + ... + sd^2), and x on the canvas plane. Closed forms per lift; every term of
// a distance is a square, so nothing cancels.
vec2 lifted_dot_and_distance(vec3 s, vec2 x) {
    float raw_dot = s.x * x.x + s.y * x.y;
    float raw_distance = dot(s.xy - x, s.xy - x) + s.z;
    if (FIELD_LIFT == PL_FIELD_LIFT_PRODUCT) {
        float extra = s.x * s.y - x.x * x.y;
        return vec2(raw_dot + s.x * s.y * x.x * x.y, raw_distance + extra * extra);
    }
    if (FIELD_LIFT == PL_FIELD_LIFT_RADIAL) {
        float s_norm = dot(s.xy, s.xy) + s.z, x_norm = dot(x, x);
        return vec2(raw_dot + s_norm * x_norm, raw_distance + (s_norm - x_norm) * (s_norm - x_norm));
    }
    if (FIELD_LIFT == PL_FIELD_LIFT_POLY2) {
        // phi(s).phi(x) = (1 + s.x)^2. The distance: 2|s - x|^2 from the linear terms, the squares and
        // the x1 x2 cross term in the plane, and 2 (s1^2 + s2^2) rest + rest^2 from every monomial
        // that involves s3 ... sd.
        float one_plus = 1.0 + raw_dot;
        float a = s.x * s.x - x.x * x.x, b = s.y * s.y - x.y * x.y, c = s.x * s.y - x.x * x.y;
        float distance = 2.0 * raw_distance + a * a + b * b + 2.0 * c * c + 2.0 * dot(s.xy, s.xy) * s.z + s.z * s.z;
        return vec2(one_plus * one_plus, distance);
    }
    if (FIELD_LIFT == PL_FIELD_LIFT_CONSTANT) return vec2(raw_dot + 1.0, raw_distance);
    return vec2(raw_dot, raw_distance);
}

// base^exponent for 0 <= exponent <= PL_FIELD_MAX_POLY_DEGREE (five binary digits) by repeated
// squaring, the same multiplications as integer_power in src/core/learn/kernel.cpp. No loop: loop iterations
// are budgeted (field_contract.h); pow() is undefined for a negative base.
float integer_power(float base, int exponent) {
    float result = 1.0, factor = base;
    if ((exponent & 1) != 0) result *= factor;
    factor *= factor;
    if ((exponent & 2) != 0) result *= factor;
    factor *= factor;
    if ((exponent & 4) != 0) result *= factor;
    factor *= factor;
    if ((exponent & 8) != 0) result *= factor;
    factor *= factor;
    if ((exponent & 16) != 0) result *= factor;
    return result;
}

float kernel_value(vec2 dot_and_distance) {
    float d = dot_and_distance.x, distance = dot_and_distance.y;
    if (FIELD_KERNEL == PL_FIELD_KERNEL_LINEAR) return d;
    if (FIELD_KERNEL == PL_FIELD_KERNEL_POLYNOMIAL) return integer_power(d + u_kernel_params.y, int(u_kernel_params.x));
    if (FIELD_KERNEL == PL_FIELD_KERNEL_GAUSSIAN) {
        float sigma = u_kernel_params.z;
        if (!(sigma > 0.0)) return distance == 0.0 ? 1.0 : 0.0;
        return exp(-distance / (2.0 * sigma * sigma));
    }
    if (FIELD_KERNEL == PL_FIELD_KERNEL_RBF) return exp(-u_kernel_params.w * distance);
    return tanh(u_kernel_extra.x * d + u_kernel_extra.y);
}

// One support vector's term coef_i K(phi(s_i), phi(x)) (0 past the last record).
float kernel_term(int i, vec2 x) {
    if (i >= u_record_count) return 0.0;
    vec4 r = texel_at(i * PL_FIELD_KERNEL_RECORD_TEXELS);
    return r.w * kernel_value(lifted_dot_and_distance(r.xyz, x));
}

// One stored perceptron's c_k votes for the side it predicts (a score of 0 votes -1; 0 past the last).
float vote(int k, vec2 x) {
    if (k >= u_record_count) return 0.0;
    int first = k * u_record_texels;
    vec4 head = texel_at(first);
    float score = head[PL_FIELD_VOTED_BIAS] + lifted_dot(first, PL_FIELD_VOTED_WEIGHTS, x);
    return head[PL_FIELD_VOTED_COUNT] * (score > 0.0 ? 1.0 : -1.0);
}

float field_at(vec2 x) {
    if (FIELD_KIND == PL_FIELD_KIND_LINEAR) return u_b + lifted_dot(0, 0, x);
    // The record loops: PL_FIELD_RECORDS_PER_ITERATION (4) records per iteration, summed in order.
    if (FIELD_KIND == PL_FIELD_KIND_KERNEL) {
        float f = u_b;
        for (int i = 0; i < u_record_count; i += 4) {
            f += kernel_term(i, x);
            f += kernel_term(i + 1, x);
            f += kernel_term(i + 2, x);
            f += kernel_term(i + 3, x);
        }
        return f;
    }
    if (FIELD_KIND == PL_FIELD_KIND_VOTED) {
        float total = 0.0;
        for (int k = 0; k < u_record_count; k += 4) {
            total += vote(k, x);
            total += vote(k + 1, x);
            total += vote(k + 2, x);
            total += vote(k + 3, x);
        }
        return total;
    }
    // PL_FIELD_KIND_CPU_VALUES: f was computed on the CPU, one value per u_cpu_cell x u_cpu_cell pixels.
    return texelFetch(u_cpu_values, ivec2(gl_FragCoord.xy) / u_cpu_cell, 0).r;
}

void main() {
    vec2 pixel = v_uv * u_size;
    vec2 x = u_center + (pixel - 0.5 * u_size) * u_units_per_pixel;
    if (u_input_dim < 2) x.y = 0.0;  // 1-D data lives on the x1 axis
    if (u_input_dim < 1) x.x = 0.0;
    float f = field_at(x);
    if (u_sign_only == 1) {
        frag_color = vec4(f > 0.0 ? 1.0 : 0.0, 0.0, 0.0, 1.0);
        return;
    }
    // Colour by sign, strength by |f| (a smooth ramp, no banding), then the f = 0 contour as an
    // anti-aliased line about 1.6 device pixels wide, found from the screen-space gradient of f.
    float strength = clamp(abs(f) / max(u_strength_scale, 1e-30), 0.0, 1.0);
    strength = 0.18 + 0.42 * sqrt(strength);
    vec3 tint = f > 0.0 ? u_positive : u_negative;
    vec3 color = mix(u_background, tint, f == 0.0 ? 0.0 : strength);
    float gradient = max(fwidth(f), 1e-30);
    float line = 1.0 - smoothstep(0.6, 1.6, abs(f) / gradient);
    color = mix(color, u_contour, line * 0.9);
    if (u_show_unit_contours == 1) {
        float unit = 1.0 - smoothstep(0.5, 1.4, abs(abs(f) - 1.0) / gradient);
        color = mix(color, u_contour, unit * 0.45);
    }
    frag_color = vec4(color, 1.0);
}
