// CPU reference of the decision-field shader: the same f(x) the GPU paints per pixel.
#include "core/learn/decision_field.hpp"

#include <cstddef>

#include "core/learn/kernel.hpp"
#include "core/learn/lift.hpp"

namespace pl {

namespace {
// `point` fitted to `input_dim` coordinates into `out` (missing ones 0, extra ones dropped).
void fit_to_input(const Vec& point, int input_dim, Vec& out) {
    out.assign(point.begin(), point.end());
    out.resize(static_cast<std::size_t>(input_dim > 0 ? input_dim : 0), 0.0);
}
}  // namespace

Vec DecisionField::on_canvas_plane(const Vec& point) const {
    Vec x;
    fit_to_input(point, input_dim, x);
    return x;
}

double DecisionField::eval(const Vec& point) const {
    Scratch scratch;
    return eval(point, scratch);
}

double DecisionField::eval(const Vec& point, Scratch& scratch) const {
    Vec& raw_x = scratch.raw;
    fit_to_input(point, input_dim, raw_x);  // as on_canvas_plane, in a vector that keeps its capacity
    switch (kind) {
        case Kind::Linear: {
            // w lives in the learner space (phi(x), then a trailing 1 if the bias is absorbed).
            learner_features_into(raw_x, lift, bias, scratch.features);
            return dot(w, scratch.features) + b;
        }
        case Kind::Kernel: {
            // Support points are stored raw and lifted here, like the shader does. When the learner
            // absorbed the bias (kernel K + 1), the "+1" part has already been folded into b.
            const Vec phi = apply_lift(lift, raw_x);
            double sum = 0.0;
            for (std::size_t i = 0; i < support.size() && i < coef.size(); ++i)
                sum += coef[i] * kernel_eval(kernel, apply_lift(lift, support[i]), phi);
            return sum + b;
        }
        case Kind::Voted: {
            // Each stored perceptron casts c_k votes for the side it predicts (sign(0) counts as -1).
            learner_features_into(raw_x, lift, bias, scratch.features);
            const Vec& features = scratch.features;
            double votes = 0.0;
            for (std::size_t k = 0; k < voted_w.size() && k < voted_c.size(); ++k) {
                const double bk = k < voted_b.size() ? voted_b[k] : 0.0;
                votes += voted_c[k] * (dot(voted_w[k], features) + bk > 0.0 ? 1.0 : -1.0);
            }
            return votes;
        }
    }
    return 0.0;
}

}  // namespace pl
