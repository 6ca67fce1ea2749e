// Shared by the fuzz targets: an invariant check that makes libFuzzer report a crash (with the
// input saved as crash-<sha1>), and a field-by-field comparison of two widget states.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/state/widget_state.hpp"

// FUZZ_CHECK(cond, what): on failure print where and why, then abort (libFuzzer saves the input).
#define FUZZ_CHECK(cond, what)                                                                       \
    do {                                                                                             \
        if (!(cond)) {                                                                               \
            std::fprintf(stderr, "%s:%d: invariant failed: %s (%s)\n", __FILE__, __LINE__, #cond,   \
                         std::string(what).c_str());                                                 \
            std::abort();                                                                            \
        }                                                                                            \
    } while (0)

namespace pl::fuzz {

inline bool all_finite(const Vec& v) {
    for (double x : v)
        if (!std::isfinite(x)) return false;
    return true;
}

// "" when equal, else the name of the first field that differs. Doubles compare with == (so 0 == -0).
inline std::string first_difference(const WidgetState& a, const WidgetState& b) {
    if (a.data.dim != b.data.dim) return "data.dim";
    if (a.data.points != b.data.points) return "data.points";
    if (a.data.labels != b.data.labels) return "data.labels";
    const TrainConfig &x = a.config, &y = b.config;
    if (x.algorithm != y.algorithm) return "config.algorithm";
    if (x.bias != y.bias) return "config.bias";
    if (x.order != y.order) return "config.order";
    if (x.init != y.init) return "config.init";
    if (x.seed != y.seed) return "config.seed";
    if (x.eta != y.eta) return "config.eta";
    if (x.max_epochs != y.max_epochs) return "config.max_epochs";
    if (x.lift != y.lift) return "config.lift";
    if (x.kernel.type != y.kernel.type) return "config.kernel.type";
    if (x.kernel.degree != y.kernel.degree) return "config.kernel.degree";
    if (x.kernel.coef0 != y.kernel.coef0) return "config.kernel.coef0";
    if (x.kernel.sigma != y.kernel.sigma) return "config.kernel.sigma";
    if (x.kernel.gamma != y.kernel.gamma) return "config.kernel.gamma";
    if (x.kernel.scale != y.kernel.scale) return "config.kernel.scale";
    if (x.kernel.theta != y.kernel.theta) return "config.kernel.theta";
    if (x.outlier_threshold != y.outlier_threshold) return "config.outlier_threshold";
    if (x.logistic_decay != y.logistic_decay) return "config.logistic_decay";
    if (a.view.center_x != b.view.center_x || a.view.center_y != b.view.center_y || a.view.span != b.view.span)
        return "view";
    const PanelState &p = a.panels, &q = b.panels;
    if (p.controls != q.controls || p.theory != q.theory || p.plots != q.plots || p.lift_view != q.lift_view ||
        p.margin_band != q.margin_band || p.max_margin != q.max_margin || p.hulls != q.hulls ||
        p.field != q.field || p.trail != q.trail || p.dark != q.dark)
        return "panels";
    if (a.edit_policy != b.edit_policy) return "edit_policy";
    if (a.active_label != b.active_label) return "active_label";
    if (a.online_mode != b.online_mode) return "online_mode";
    if (a.readonly != b.readonly) return "readonly";
    if (a.trained_visits != b.trained_visits) return "trained_visits";
    if (a.preset != b.preset) return "preset";
    if (a.mode != b.mode) return "mode";
    if (a.words.messages != b.words.messages) return "words.messages";
    if (a.words.labels != b.words.labels) return "words.labels";
    if (a.words.trained_visits != b.words.trained_visits) return "words.trained_visits";
    if (!a.held_out.empty() && a.held_out.dim != b.held_out.dim) return "held_out.dim";
    if (a.held_out.points != b.held_out.points) return "held_out.points";
    if (a.held_out.labels != b.held_out.labels) return "held_out.labels";
    if (a.hand.on != b.hand.on || a.hand.w1 != b.hand.w1 || a.hand.w2 != b.hand.w2 || a.hand.k != b.hand.k) return "hand";
    return "";
}

}  // namespace pl::fuzz
