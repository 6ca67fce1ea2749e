// The learned decision function f(x), evaluated exactly at every pixel of the canvas.
//   linear (primal learners):  f(x) = w . phi~(x) + b
//   kernel perceptron:         f(x) = sum_i coef_i K(phi(s_i), phi(x)) + b, coef_i = alpha_i y_i
//                              (an absorbed bias, K + 1, arrives folded into b)
//   voted perceptron:          f(x) = sum_k c_k sign(w_k . phi~(x) + b_k)
// Support vectors / votes come from a float texture (thousands of them, no uniform-array cap).
// The CPU twin of this file is pl::DecisionField::eval (src/core/decision_field.cpp): keep them in step.

in vec2 v_uv;
out vec4 frag_color;

uniform int u_kind;          // 0 linear, 1 kernel, 2 voted
uniform int u_lift;          // 0 none, 1 product, 2 radial, 3 poly2, 4 constant
uniform int u_bias;          // 0 absorbed, 1 explicit, 2 none
uniform int u_input_dim;     // 1 or 2
uniform float u_w[8];        // linear weights over phi~(x)
uniform int u_w_count;
uniform float u_b;
uniform sampler2D u_records; // kernel: (s1, s2, coef, 0) per texel; voted: 3 texels per record
uniform int u_record_count;
uniform int u_texture_width;
uniform int u_kernel;        // 0 linear, 1 polynomial, 2 gaussian, 3 rbf, 4 sigmoid
uniform vec4 u_kernel_params; // degree, coef0, sigma, gamma
uniform vec2 u_kernel_extra;  // sigmoid scale, theta
uniform vec2 u_center;       // data coordinates at the middle of the canvas
uniform float u_units_per_pixel;
uniform vec2 u_size;         // canvas size in device pixels
uniform float u_strength_scale; // |f| that gets full colour
uniform vec3 u_positive;
uniform vec3 u_negative;
uniform vec3 u_background;
uniform vec3 u_contour;
uniform int u_show_unit_contours;
uniform int u_sign_only;     // 1: output the sign as pure red/black (readback tests)

const int kMaxLifted = 8;

// phi(x): writes the lifted vector, returns its length.
int lift(vec2 x, out float phi[kMaxLifted]) {
    for (int i = 0; i < kMaxLifted; ++i) phi[i] = 0.0;
    int n = u_input_dim;
    if (u_input_dim == 1) {
        x.y = 0.0;  // 1-D data lives on the x1 axis
        if (u_lift == 3) { phi[0] = 1.0; phi[1] = 1.4142135623730951 * x.x; phi[2] = x.x * x.x; return 3; }
    }
    phi[0] = x.x;
    phi[1] = x.y;
    if (u_lift == 1) { phi[2] = x.x * x.y; n = 3; }
    else if (u_lift == 2) { phi[2] = x.x * x.x + x.y * x.y; n = 3; }
    else if (u_lift == 3) {
        const float r2 = 1.4142135623730951;
        phi[0] = 1.0; phi[1] = r2 * x.x; phi[2] = r2 * x.y; phi[3] = r2 * x.x * x.y;
        phi[4] = x.x * x.x; phi[5] = x.y * x.y; n = 6;
    } else if (u_lift == 4) { phi[n] = 1.0; n += 1; }
    return n;
}

float lifted_dot(float a[kMaxLifted], float b[kMaxLifted], int n) {
    float sum = 0.0;
    for (int i = 0; i < kMaxLifted; ++i) if (i < n) sum += a[i] * b[i];
    return sum;
}

float kernel_value(float a[kMaxLifted], float b[kMaxLifted], int n) {
    if (u_kernel == 0) return lifted_dot(a, b, n);
    if (u_kernel == 4) return tanh(u_kernel_extra.x * lifted_dot(a, b, n) + u_kernel_extra.y);
    float d2 = 0.0;
    for (int i = 0; i < kMaxLifted; ++i) if (i < n) d2 += (a[i] - b[i]) * (a[i] - b[i]);
    if (u_kernel == 2) return exp(-d2 / (2.0 * u_kernel_params.z * u_kernel_params.z));
    return exp(-u_kernel_params.w * d2);
}

// Integer powers keep their sign (pow() is undefined for a negative base in GLSL).
float signed_power(float base, float degree) {
    float result = 1.0;
    for (int i = 0; i < 20; ++i) if (float(i) < degree) result *= base;
    return result;
}

vec4 record(int index) {
    return texelFetch(u_records, ivec2(index % u_texture_width, index / u_texture_width), 0);
}

float field_at(vec2 x) {
    if (u_kind == 1 && u_lift == 0) {
        // Fast path (no feature map, the common case): plain 2-D vectors, one texel fetch per support
        // vector, no arrays.
        vec2 p = u_input_dim == 1 ? vec2(x.x, 0.0) : x;
        float f = u_b;
        for (int i = 0; i < 65536; ++i) {
            if (i >= u_record_count) break;
            vec4 r = record(i);
            vec2 d = r.xy - p;
            float k;
            if (u_kernel == 3) k = exp(-u_kernel_params.w * dot(d, d));
            else if (u_kernel == 2) k = exp(-dot(d, d) / (2.0 * u_kernel_params.z * u_kernel_params.z));
            else if (u_kernel == 0) k = dot(r.xy, p);
            else if (u_kernel == 1) k = signed_power(dot(r.xy, p) + u_kernel_params.y, u_kernel_params.x);
            else k = tanh(u_kernel_extra.x * dot(r.xy, p) + u_kernel_extra.y);
            f += r.z * k;
        }
        return f;
    }
    float phi[kMaxLifted];
    int n = lift(x, phi);
    if (u_kind == 0) {
        float f = u_b;
        if (u_bias == 0) { phi[n] = 1.0; n += 1; }
        for (int i = 0; i < kMaxLifted; ++i) if (i < u_w_count && i < n) f += u_w[i] * phi[i];
        return f;
    }
    if (u_kind == 1) {
        float f = u_b;
        for (int i = 0; i < 65536; ++i) {
            if (i >= u_record_count) break;
            vec4 r = record(i);
            float s[kMaxLifted];
            lift(r.xy, s);
            float k;
            if (u_kernel == 1) k = signed_power(lifted_dot(s, phi, n) + u_kernel_params.y, u_kernel_params.x);
            else k = kernel_value(s, phi, n);
            f += r.z * k;
        }
        return f;
    }
    // voted: records of 3 texels: w[0..3], w[4..7], (b, c, count, 0)
    float total = 0.0;
    if (u_bias == 0) { phi[n] = 1.0; n += 1; }
    for (int k = 0; k < 65536; ++k) {
        if (k >= u_record_count) break;
        vec4 a = record(3 * k), b = record(3 * k + 1), c = record(3 * k + 2);
        float w[kMaxLifted] = float[kMaxLifted](a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w);
        float score = c.x + lifted_dot(w, phi, n);
        total += c.y * (score > 0.0 ? 1.0 : -1.0);
    }
    return total;
}

void main() {
    vec2 pixel = v_uv * u_size;
    vec2 x = u_center + (pixel - 0.5 * u_size) * u_units_per_pixel;
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
