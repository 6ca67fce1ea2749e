// [SECTION] includes
#include "app/canvas/canvas_overlays.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/base/canvas_draw.hpp"
#include "app/base/probe.hpp"
#include "core/facts/describe.hpp"
#include "core/theory/theory.hpp"

namespace pl::app {

namespace {
ImVec2 to_im(ScreenPoint p) { return ImVec2(p.x, p.y); }
double coord(const Vec& p, std::size_t i) { return i < p.size() ? p[i] : 0.0; }

ImU32 with_alpha(ImU32 color, float alpha) {
    const auto a = static_cast<ImU32>(std::clamp(alpha, 0.0f, 1.0f) * static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF));
    return (color & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}
double arrow_room(const View& view) {
    return kArrowMaxShareOfView * std::min(view.max_x() - view.min_x(), view.max_y() - view.min_y());
}
}  // namespace

namespace {
constexpr float kPlatePadX = 5.0f, kPlatePadY = 3.0f;  // the plate around its text
}  // namespace

ScreenRect plate_rect(ImVec2 pos, const std::string& text, float max_width, bool anchor_bottom) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, max_width);
    if (anchor_bottom) pos.y -= size.y - ImGui::GetTextLineHeight();
    return {ImVec2(pos.x - kPlatePadX, pos.y - kPlatePadY), ImVec2(pos.x + size.x + kPlatePadX, pos.y + size.y + kPlatePadY)};
}

float plate_text(ImDrawList* draw, const char* role, ImVec2 pos, const std::string& text, ImU32 plate, ImU32 ink,
                 float max_width, bool anchor_bottom) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, max_width);
    if (anchor_bottom) pos.y -= size.y - ImGui::GetTextLineHeight();
    draw->AddRectFilled(ImVec2(pos.x - kPlatePadX, pos.y - kPlatePadY), ImVec2(pos.x + size.x + kPlatePadX, pos.y + size.y + kPlatePadY),
                        plate, 4.0f);
    draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(), pos, ink, text.c_str(), nullptr, max_width);
    PL_PROBE_TEXT(role, text, pos, ImVec2(pos.x + max_width, pos.y + size.y));
    (void)role;
    return pos.y - kPlatePadY;
}

// [SECTION] the boundary and w
void draw_half_planes(const Overlay& o, const Line2D& line) {
    // Tint each side of the line: clip the view rectangle by the half-plane a*x + b*y + c > 0.
    const View& v = o.view;
    const ImVec2 corners[4] = {ImVec2(v.origin_x(), v.origin_y()), ImVec2(v.origin_x() + v.width(), v.origin_y()),
                               ImVec2(v.origin_x() + v.width(), v.origin_y() + v.height()),
                               ImVec2(v.origin_x(), v.origin_y() + v.height())};
    for (int side = 0; side < 2; ++side) {
        std::vector<ImVec2> polygon;
        auto value = [&](ImVec2 p) {
            const double f = line.a * v.to_data_x(p.x) + line.b * v.to_data_y(p.y) + line.c;
            return side == 0 ? f : -f;
        };
        for (int i = 0; i < 4; ++i) {
            const ImVec2 p = corners[i], q = corners[(i + 1) % 4];
            const double fp = value(p), fq = value(q);
            if (fp > 0) polygon.push_back(p);
            if ((fp > 0) != (fq > 0)) {
                const float t = static_cast<float>(fp / (fp - fq));
                polygon.emplace_back(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t);
            }
        }
        if (polygon.size() >= 3)
            o.draw->AddConvexPolyFilled(polygon.data(), static_cast<int>(polygon.size()),
                                        side == 0 ? o.colors.positive_fill : o.colors.negative_fill);
    }
}

void draw_hyperplane(const Overlay& o, const Line2D& line, ImU32 color, float thickness, bool dashed, bool halo) {
    ImVec2 p0, p1;
    if (!clip_line_to_view(o.view, line.a, line.b, line.c, p0, p1)) return;
    if (dashed) {
        draw_dashed_line(o.draw, p0, p1, color, thickness, 8.0f, 6.0f, halo ? o.colors.canvas_bg : 0);
        return;
    }
    if (halo) o.draw->AddLine(p0, p1, o.colors.canvas_bg, thickness + 2 * kHaloPixels);
    o.draw->AddLine(p0, p1, color, thickness);
}

void draw_margin_band(const Overlay& o, const Line2D& line, double margin_distance, ImU32 color) {
    const double norm = std::hypot(line.a, line.b);
    for (int s = -1; s <= 1; s += 2)
        draw_hyperplane(o, {line.a, line.b, line.c + s * margin_distance * norm}, color, 1.2f, true, true);
}

// w drawn from the origin towards the +1 side (the normal of the line). Long vectors are scaled to
// fit, and the scale is written next to the arrow, so the picture stays honest.
void draw_weight_arrow(const Overlay& o, const Line2D& line) {
    const double length = std::hypot(line.a, line.b);
    if (length == 0) return;
    const double max_length = arrow_room(o.view);
    const double scale = length > max_length ? max_length / length : 1.0;
    const ScreenPoint origin = o.view.to_screen(0, 0), tip = o.view.to_screen(line.a * scale, line.b * scale);
    draw_arrow(o.draw, to_im(origin), to_im(tip), o.colors.weight_arrow, 2.5f, 12.0f, o.colors.canvas_bg);
    const std::string label = scale < 1.0 ? "w (\xC3\x97" + display_number(scale, 2) + ")" : "w";
    haloed_text(o.draw, ImVec2(tip.x + 6, tip.y - 8), o.colors.weight_arrow, o.colors.canvas_bg, label.c_str());
}

// [SECTION] theory overlays: convex hulls, the maximum-margin separator
void draw_theory_overlays(const Overlay& o, const Scene& model) {
    const PanelState& panels = model.state().panels;
    const Dataset& data = model.state().data;
    if (panels.hulls) {
        for (int label : {+1, -1}) {
            std::vector<Vec> pts;
            for (std::size_t i = 0; i < data.size(); ++i)
                if (data.labels[i] == label) pts.push_back({coord(data.points[i], 0), coord(data.points[i], 1)});
            std::vector<ImVec2> polygon;
            for (std::size_t k : convex_hull_2d(pts)) polygon.push_back(to_im(o.view.to_screen(pts[k][0], pts[k][1])));
            const ImU32 fill = label > 0 ? o.colors.positive_fill : o.colors.negative_fill;
            const ImU32 edge = label > 0 ? o.colors.positive : o.colors.negative;
            const int n = static_cast<int>(polygon.size());
            if (n >= 3) o.draw->AddConvexPolyFilled(polygon.data(), n, fill);
            if (n >= 2) o.draw->AddPolyline(polygon.data(), n, edge, n >= 3 ? ImDrawFlags_Closed : 0, 1.5f);
        }
    }
    if (panels.max_margin && data.dim <= 2 && model.state().config.lift == LiftKind::None) {
        const Separator& best = model.theory().best;
        if (best.separable && !best.w.empty()) {
            const Line2D line{best.w[0], best.w.size() > 1 ? best.w[1] : 0.0, best.b};
            draw_margin_band(o, line, best.margin, o.colors.margin);
            draw_hyperplane(o, line, o.colors.margin, 1.8f, false, true);
            for (std::size_t i : best.support)
                if (i < data.size())
                    haloed_circle(o.draw, point_on_screen(o.view, data.points[i]), kMarkerRadius + 6.0f, o.colors.margin, 2.0f, o.colors.canvas_bg);
        }
    }
}

// Fading trail of earlier hyperplanes (newest is drawn strongest).
void draw_trail(const Overlay& o, const Scene& model) {
    if (!model.state().panels.trail || !model.line) return;
    const auto& recent = model.session->recent_updates();
    const std::size_t n = recent.size();
    for (std::size_t i = 0; i + 1 < n; ++i) {
        DecisionField old = model.field;
        old.w = recent[i].w_after;
        old.b = recent[i].b_after;
        const float strength = 0.12f + 0.5f * static_cast<float>(i + 1) / static_cast<float>(n);
        if (auto old_line = linear_boundary(old)) draw_hyperplane(o, *old_line, with_alpha(o.colors.trail, strength), 1.0f, false);
    }
}

// [SECTION] points
ImVec2 point_on_screen(const View& view, const Vec& p) { return to_im(view.to_screen(coord(p, 0), coord(p, 1))); }

bool near_plot(const View& v, ImVec2 c, float margin) {
    return c.x >= v.origin_x() - margin && c.y >= v.origin_y() - margin && c.x <= v.origin_x() + v.width() + margin &&
           c.y <= v.origin_y() + v.height() + margin;
}

float marker_radius(const Scene& model, std::size_t i) {
    const std::vector<double>& alphas = model.learner().alphas();
    if (i < alphas.size() && alphas[i] > 0) return std::min(16.0f, kMarkerRadius + 2.2f * std::sqrt(static_cast<float>(alphas[i])));
    return kMarkerRadius;
}

void draw_points(const Overlay& o, const Scene& model, std::optional<std::size_t> hovered, std::optional<std::size_t> selected) {
    // The markers and their rings are one picture (PointLayer); the pointed-at marker is drawn again
    // over it, with the focus colour as its edge.
    const Dataset& data = model.state().data;
    const View& v = o.view;
    const bool many = many_points(model.state());
    if (!many && hovered && *hovered < data.size())
        draw_marker(o.draw, point_on_screen(v, data.points[*hovered]), data.labels[*hovered], marker_radius(model, *hovered), o.colors, true);
    const Learner& learner = model.learner();
    const std::size_t next = learner.next_index();
    if (!many && next < data.size() && learner.visits() > 0 && !learner.converged())
        haloed_circle(o.draw, point_on_screen(v, data.points[next]), kMarkerRadius + 8.0f, o.colors.highlight, 3.0f, o.colors.canvas_bg);  // visited next
    if (selected && *selected < data.size()) {
        const ImVec2 c = point_on_screen(v, data.points[*selected]);
        o.draw->AddRect(ImVec2(c.x - 13, c.y - 13), ImVec2(c.x + 13, c.y + 13), o.colors.canvas_bg, 2.0f, 0, 1.5f + 2 * kHaloPixels);
        o.draw->AddRect(ImVec2(c.x - 13, c.y - 13), ImVec2(c.x + 13, c.y + 13), o.colors.text, 2.0f, 0, 1.5f);
    }
}

void draw_test_points(const Overlay& o, const Scene& model, std::optional<std::size_t> hovered) {
    const Dataset& test = model.state().held_out;
    const View& v = o.view;
    if (many_points(model.state())) return;  // the PointLayer draws them
    for (std::size_t j = 0; j < test.size(); ++j) {
        const ImVec2 c = point_on_screen(v, test.points[j]);
        if (!near_plot(v, c, 10.0f)) continue;
        const int label = test.labels[j];
        const bool wrong = model.trained && model.test_wrong(j);
        const float radius = kMarkerRadius + 1.5f;  // a little larger than a training marker: the outline is its body
        if (wrong) o.draw->AddCircle(c, radius + 4.0f, o.colors.mistake_ring, 16, 2.0f);
        draw_hollow_marker(o.draw, c, label, radius, o.colors, hovered == j);
        if (j < kProbedTestPoints)
            PL_PROBE_TEXT("test-point", label_text(label) + (wrong ? " wrong" : ""),
                          ImVec2(c.x - kMarkerRadius, c.y - kMarkerRadius), ImVec2(c.x + kMarkerRadius, c.y + kMarkerRadius));
    }
}

// [SECTION] the update animation (lecture figure)
// Three beats: w_old; then y*eta*x added at its tip; then w_new and the new line. Only the first two
// coordinates of w are the line's normal on the canvas.
void draw_update_animation(const Overlay& o, const Scene& model, const Update& u, float t) {
    const double eta = model.state().config.eta;
    const double ox = u.w_before[0], oy = u.w_before[1];
    const double sx = eta * u.y * coord(u.x, 0), sy = eta * u.y * coord(u.x, 1);
    const double nx = coord(u.w_after, 0), ny = coord(u.w_after, 1);
    const double longest = std::max({std::hypot(ox, oy), std::hypot(nx, ny), std::hypot(sx, sy), 1e-12});
    const double max_length = arrow_room(o.view);
    const double k = longest > max_length ? max_length / longest : 1.0;
    const ImVec2 origin = to_im(o.view.to_screen(0, 0));
    const ImVec2 old_tip = to_im(o.view.to_screen(ox * k, oy * k));
    const ImVec2 new_tip = to_im(o.view.to_screen(nx * k, ny * k));
    const Palette& colors = o.colors;
    draw_arrow(o.draw, origin, old_tip, with_alpha(colors.trail, 1.0f), 2.5f, 12.0f, colors.canvas_bg);
    haloed_text(o.draw, ImVec2(old_tip.x + 6, old_tip.y + 2), colors.trail, colors.canvas_bg, "w old");
    if (t > 0.25f) {
        const float grow = std::min(1.0f, (t - 0.25f) / 0.3f);
        const ImVec2 step_tip(old_tip.x + (new_tip.x - old_tip.x) * grow, old_tip.y + (new_tip.y - old_tip.y) * grow);
        const ImU32 color = u.y > 0 ? colors.positive : colors.negative;
        draw_arrow(o.draw, old_tip, step_tip, color, 2.5f, 12.0f, colors.canvas_bg);
        const char* label = u.y > 0 ? "+ \xCE\xB7x" : "\xE2\x88\x92 \xCE\xB7x";  // in ink: a class colour is too light for text
        haloed_text(o.draw, ImVec2((old_tip.x + step_tip.x) * 0.5f + 6, (old_tip.y + step_tip.y) * 0.5f), colors.text, colors.canvas_bg, label);
    }
    if (t > 0.6f) {
        draw_arrow(o.draw, origin, new_tip, colors.weight_arrow, 3.0f, 12.0f, colors.canvas_bg);
        haloed_text(o.draw, ImVec2(new_tip.x + 6, new_tip.y - 14), colors.weight_arrow, colors.canvas_bg, "w new");
    }
    if (u.index < model.state().data.size())
        haloed_circle(o.draw, point_on_screen(o.view, model.state().data.points[u.index]), kMarkerRadius + 9.0f, colors.mistake_ring, 3.0f,
                      colors.canvas_bg);
}

// [SECTION] text on the canvas: status line, online verdict, legend
namespace {
// The status line's text position and width; each text above it goes on the line above the last plate.
ImVec2 status_position(const View& v) { return ImVec2(v.origin_x() + 10, v.origin_y() + v.height() - ImGui::GetFontSize() - 10); }
float status_room(const View& v) { return std::max(40.0f, v.width() - 20.0f); }
float line_above(float plate_top) { return plate_top - ImGui::GetTextLineHeight() - 6; }
ImVec2 online_position(const View& v, float online_top) { return ImVec2(v.origin_x() + 10, std::max(v.origin_y() + 10, online_top)); }
}  // namespace

ScreenRect layout_online(const View& v, const std::string& verdict, float online_top) {
    return plate_rect(online_position(v, online_top), verdict, status_room(v), false);
}

StatusPlates layout_status(const View& v, const std::string& status, const std::string& field_notice, const std::string& keys_hint) {
    const ImVec2 pos = status_position(v);
    const float room = status_room(v);
    StatusPlates out;
    out.status = plate_rect(pos, status, room, true);
    out.top = out.status.min.y;
    if (!field_notice.empty()) {
        out.field_notice = plate_rect(ImVec2(pos.x, line_above(out.top)), field_notice, room, true);
        out.top = out.field_notice.min.y;
    }
    if (!keys_hint.empty()) {
        out.keys_hint = plate_rect(ImVec2(pos.x, line_above(out.top)), keys_hint, room, true);
        out.top = out.keys_hint.min.y;
    }
    return out;
}

void draw_status(const Overlay& o, const Scene& model, bool show_online_message, const std::string& field_notice,
                 const std::string& keys_hint, float online_top) {
    const View& v = o.view;
    const ImVec2 pos = status_position(v);
    const float room = status_room(v);
    float top = plate_text(o.draw, "status", pos, model.status, o.colors.canvas_bg, o.colors.text, room, true);
    if (!field_notice.empty())
        top = plate_text(o.draw, "field-notice", ImVec2(pos.x, line_above(top)), field_notice, o.colors.canvas_bg, o.colors.text, room, true);
    if (!keys_hint.empty())
        plate_text(o.draw, "keys-hint", ImVec2(pos.x, line_above(top)), keys_hint, o.colors.canvas_bg, o.colors.text, room, true);
    if (show_online_message && !model.online_message.empty())
        plate_text(o.draw, "online", online_position(v, online_top), model.online_message,
                   o.colors.verdict_plate, o.colors.verdict_text, room);
}

namespace {
constexpr float kLegendBarHeight = 10.0f;  // the colour bar
// The bar is 120 px wide, narrower on a phone's canvas (down to 80 px, still room for "−4  0  +4"), so the
// canvas's buttons keep their row beside it instead of going under it, and the points keep the room.
float legend_width(const View& view) { return std::clamp(0.28f * view.width(), 80.0f, 120.0f); }
ImVec2 legend_bar_corner(const View& view) {
    return ImVec2(view.origin_x() + view.width() - legend_width(view) - 16.0f, view.origin_y() + 14.0f);
}
}  // namespace

ScreenRect legend_rect(const View& view) {
    const ImVec2 bar = legend_bar_corner(view);
    const float label = ImGui::CalcTextSize("f(x)").x + 12;  // "f(x)" left of the bar
    return {ImVec2(bar.x - 8 - label, bar.y - 6), ImVec2(bar.x + legend_width(view) + 8, bar.y + kLegendBarHeight + ImGui::GetFontSize() + 8)};
}

// In the middle of the plane, dark on light inverted so it reads over any region colour.
void draw_page_scroll_hint(const Overlay& o) {
    const View& v = o.view;
    const float room = std::min(v.width() - 4 * kPlatePadX, 18.0f * ImGui::GetFontSize());
    if (room < 40.0f) return;
    const ScreenRect r = plate_rect(ImVec2(0, 0), kPageScrollHint, room);
    const ImVec2 pos(v.origin_x() + 0.5f * (v.width() - (r.max.x - r.min.x)) + kPlatePadX,
                     v.origin_y() + 0.5f * (v.height() - (r.max.y - r.min.y)) + kPlatePadY);
    plate_text(o.draw, "page-scroll-hint", pos, kPageScrollHint, o.colors.text, o.colors.canvas_bg, room);
}

void draw_legend(const Overlay& o, const Scene& model) {
    const Palette& colors = o.colors;
    const float width = legend_width(o.view), height = kLegendBarHeight;
    const ImVec2 bar = legend_bar_corner(o.view);
    const float x = bar.x, y = bar.y;
    ImDrawList* draw = o.draw;
    draw->AddRectFilled(legend_rect(o.view).min, legend_rect(o.view).max, colors.canvas_bg, 4.0f);  // "f(x)" too
    const ImU32 negative = with_alpha(colors.negative, 0.6f), positive = with_alpha(colors.positive, 0.6f);
    const ImU32 middle = colors.canvas_bg;
    draw->AddRectFilledMultiColor(ImVec2(x, y), ImVec2(x + width * 0.5f, y + height), negative, middle, middle, negative);
    draw->AddRectFilledMultiColor(ImVec2(x + width * 0.5f, y), ImVec2(x + width, y + height), middle, positive, positive, middle);
    draw->AddLine(ImVec2(x + width * 0.5f, y - 2), ImVec2(x + width * 0.5f, y + height + 2), colors.boundary, 1.5f);
    const std::string scale = display_number(model.facts.largest_abs_score, 3);
    const std::string low = "\xE2\x88\x92" + scale, high = "+" + scale;
    draw->AddText(ImVec2(x, y + height + 2), colors.tick_text, low.c_str());
    draw->AddText(ImVec2(x + width * 0.5f - 3, y + height + 2), colors.tick_text, "0");
    draw->AddText(ImVec2(x + width - ImGui::CalcTextSize(high.c_str()).x, y + height + 2), colors.tick_text, high.c_str());
    draw->AddText(ImVec2(x - ImGui::CalcTextSize("f(x)").x - 12, y - 2), colors.tick_text, "f(x)");
    PL_PROBE_TEXT("legend", std::string("f(x)"), legend_rect(o.view).min, legend_rect(o.view).max);  // the whole legend
}

}  // namespace pl::app
