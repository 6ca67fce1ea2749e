#include "app/canvas/canvas_svm.hpp"

#include <cmath>
#include <string>

#include "app/base/canvas_draw.hpp"
#include "app/base/probe.hpp"
#include "core/theory/svm_view.hpp"

namespace pl::app {

namespace {
// The probe's record of a drawn line: its visible ends as the rectangle's corners (min = first end).
void probe_line(const char* role, const std::string& text, const View& view, const Line2D& line) {
    ImVec2 p0, p1;
    if (clip_line_to_view(view, line.a, line.b, line.c, p0, p1)) PL_PROBE_TEXT(role, text, p0, p1);
}
}  // namespace

void draw_svm_overlay(const Overlay& o, const Scene& model) {
    const WidgetState& state = model.state();
    if (!state.panels.svm || state.mode != DataMode::Points || state.data.dim > 2 || state.config.lift != LiftKind::None) return;
    const SvmPrimal svm = svm_primal(model.theory().best, {}, {});
    if (!svm.separable || svm.w.empty()) return;
    const Line2D line{svm.w[0], svm.w.size() > 1 ? svm.w[1] : 0.0, svm.b};
    // w.x + b = +1 and -1: the unit line's offset moved by the margin on each side (draw_margin_band).
    draw_margin_band(o, line, svm.margin, o.colors.margin);
    draw_hyperplane(o, line, o.colors.margin, 1.8f, false, true);
    probe_line("svm-line", "w\xC2\xB7x + b = 0", o.view, line);
    probe_line("svm-band", "w\xC2\xB7x + b = +1", o.view, {line.a, line.b, line.c - 1.0});
    probe_line("svm-band", "w\xC2\xB7x + b = \xE2\x88\x92" "1", o.view, {line.a, line.b, line.c + 1.0});
    for (std::size_t i : svm.support)
        if (i < state.data.size())
            haloed_circle(o.draw, point_on_screen(o.view, state.data.points[i]), kMarkerRadius + 6.0f, o.colors.margin, 2.5f,
                          o.colors.canvas_bg);
}

}  // namespace pl::app
