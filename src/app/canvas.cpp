// [SECTION] includes
#include "app/canvas.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "app/canvas_draw.hpp"
#include "app/theme.hpp"
#include "core/lift.hpp"
#include "core/names.hpp"

namespace pl::app {

namespace {
constexpr float kMarkerRadius = 7.0f;
constexpr float kHitRadius = 10.0f;
constexpr float kDragThreshold = 4.0f;   // pixels before a press becomes a drag (taps stay clicks)
constexpr float kAnimationSeconds = 1.6f;

ImVec2 to_im(ScreenPoint p) { return ImVec2(p.x, p.y); }
double coord(const Vec& p, std::size_t i) { return i < p.size() ? p[i] : 0.0; }

ImU32 with_alpha(ImU32 color, float alpha) {
    const auto a = static_cast<ImU32>(std::clamp(alpha, 0.0f, 1.0f) * static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF));
    return (color & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

}  // namespace

// [SECTION] geometry of a linear field on the canvas
// The learner's weights are over phi~(x) = [x, (1 if Constant lift), (1 if bias absorbed)]; on raw
// 2-D (or 1-D) input that is a line a*x1 + b*x2 + c = 0. Other lifts and kernels are curves, which the
// GPU decision field draws instead.
std::optional<Line2D> linear_boundary(const DecisionField& field) {
    if (field.kind != DecisionField::Kind::Linear) return std::nullopt;
    if (field.lift != LiftKind::None && field.lift != LiftKind::Constant) return std::nullopt;
    const auto d = static_cast<std::size_t>(field.input_dim);
    if (d < 1 || d > 2 || field.w.size() < d) return std::nullopt;
    Line2D line;
    line.a = field.w[0];
    line.b = d >= 2 ? field.w[1] : 0.0;
    for (std::size_t i = d; i < field.w.size(); ++i) line.c += field.w[i];  // constant features are 1
    line.c += field.b;
    if (!std::isfinite(line.a) || !std::isfinite(line.b) || !std::isfinite(line.c)) return std::nullopt;
    return line;
}

// [SECTION] frame
void Canvas::draw(Session& session, float dt) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 4 || size.y < 4) return;
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);
    ImGui::InvisibleButton("##canvas", size,
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    const bool hovered = ImGui::IsItemHovered();
    const bool active = ImGui::IsItemActive();
    handle_input(session, hovered, active);

    if (animation_time_ >= 0.0f) {
        animation_time_ += dt;
        if (animation_time_ > kAnimationSeconds) { animation_time_ = -1.0f; animated_.reset(); }
    }
    if (online_message_age >= 0.0f) online_message_age += dt;

    const Palette& colors = palette(session.state().panels.dark);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);

    const DecisionField field = session.learner().field();  // once per frame; everything below reads it
    refresh_model_cache(session, field);
    const std::optional<Line2D> line = linear_boundary(field);
    const bool trained = session.learner().mistakes() > 0 || session.state().config.init == Init::Random;
    field_drawn_by_gpu = trained && session.state().panels.field && draw_field(draw, session, field, colors);
    if (!field_drawn_by_gpu) draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), colors.canvas_bg);
    if (line && trained && !field_drawn_by_gpu && session.state().panels.field) draw_half_planes(draw, *line, colors);
    draw_grid_and_axes(draw, view_, colors);
    draw_theory_overlays(draw, session, colors);

    // Fading trail of earlier hyperplanes (newest is drawn strongest).
    if (session.state().panels.trail && line) {
        const auto& recent = session.recent_updates();
        const std::size_t n = recent.size();
        for (std::size_t i = 0; i + 1 < n; ++i) {
            DecisionField old = field;
            old.w = recent[i].w_after;
            old.b = recent[i].b_after;
            if (auto old_line = linear_boundary(old))
                draw_hyperplane(draw, *old_line, with_alpha(colors.trail, 0.12f + 0.5f * static_cast<float>(i + 1) / static_cast<float>(n)), 1.0f, false);
        }
    }
    if (line && trained) {
        if (session.state().panels.margin_band) {
            const double norm = std::hypot(line->a, line->b);
            const SetMargin m = margin_on_set({line->a, line->b}, line->c, [&] {
                std::vector<Vec> xs;
                for (const Vec& p : session.state().data.points) xs.push_back({coord(p, 0), coord(p, 1)});
                return xs;
            }(), session.state().data.labels);
            if (norm > 0 && m.geometric > 0) draw_margin_band(draw, *line, m.geometric, colors.margin);
        }
        draw_hyperplane(draw, *line, colors.boundary, 2.5f, false);
        draw_weight_arrow(draw, *line, colors);
    }
    draw_points(draw, session, colors);
    if (field_drawn_by_gpu) draw_legend(draw, colors);
    draw_animation(draw, session, colors);
    draw_status(draw, session, colors);
    draw->PopClipRect();
}

// [SECTION] the GPU decision field
namespace {
std::uint64_t fnv(std::uint64_t h, const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}
std::uint64_t field_fingerprint(const DecisionField& f) {
    std::uint64_t h = 1469598103934665603ull;
    const int header[4] = {static_cast<int>(f.kind), static_cast<int>(f.lift), static_cast<int>(f.bias), f.input_dim};
    h = fnv(h, header, sizeof header);
    h = fnv(h, f.w.data(), f.w.size() * sizeof(double));
    h = fnv(h, &f.b, sizeof f.b);
    for (const Vec& sv : f.support) h = fnv(h, sv.data(), sv.size() * sizeof(double));
    h = fnv(h, f.coef.data(), f.coef.size() * sizeof(double));
    for (const Vec& w : f.voted_w) h = fnv(h, w.data(), w.size() * sizeof(double));
    h = fnv(h, f.voted_c.data(), f.voted_c.size() * sizeof(double));
    h = fnv(h, &f.kernel, sizeof f.kernel);
    return h;
}
std::uint64_t fingerprint(const DecisionField& f, const FieldView& v, const FieldStyle& s) {
    std::uint64_t h = field_fingerprint(f);
    h = fnv(h, &v, sizeof v);
    h = fnv(h, &s, sizeof s);
    return h;
}
void to_rgb(ImU32 c, float out[3]) {
    out[0] = static_cast<float>((c >> IM_COL32_R_SHIFT) & 0xFF) / 255.0f;
    out[1] = static_cast<float>((c >> IM_COL32_G_SHIFT) & 0xFF) / 255.0f;
    out[2] = static_cast<float>((c >> IM_COL32_B_SHIFT) & 0xFF) / 255.0f;
}
double seconds_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

FieldView Canvas::current_field_view() const {
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    FieldView fv;
    fv.width = static_cast<int>(std::lround(view_.width() * scale.x));
    fv.height = static_cast<int>(std::lround(view_.height() * scale.y));
    fv.units_per_pixel = 1.0 / (view_.pixels_per_unit() * static_cast<double>(scale.x));
    fv.center_x = view_.to_data_x(view_.origin_x() + view_.width() * 0.5f);
    fv.center_y = view_.to_data_y(view_.origin_y() + view_.height() * 0.5f);
    return fv;
}

// Paints f(x) at every device pixel (shader), shown as an image under everything else.
bool Canvas::draw_field(ImDrawList* draw, const Session& session, const DecisionField& field, const Palette& colors) {
    if (!field_renderer_.ok()) return false;
    const FieldView fv = current_field_view();
    FieldStyle style{};
    to_rgb(colors.positive, style.positive);
    to_rgb(colors.negative, style.negative);
    to_rgb(colors.canvas_bg, style.background);
    to_rgb(colors.boundary, style.contour);
    style.strength_scale = field_scale_;  // refresh_model_cache
    style.unit_contours = session.state().panels.margin_band && field.kind == DecisionField::Kind::Kernel;
    const std::uint64_t key = fingerprint(field, fv, style);
    const double now = seconds_now();
    // While Run is on the model changes every frame; repainting every pixel each time would make a
    // software renderer (or a weak GPU) crawl, so the regions catch up a few times a second (the line
    // and w are still drawn every frame). At rest every change repaints at once.
    // Cost is pixels x records; a software renderer manages only a few million kernel terms per frame.
    const bool expensive = field.support.size() + field.voted_w.size() > 16;
    const double interval = expensive ? 0.5 : 0.2;
    const bool throttled = training_running && now - field_rendered_at_ < interval;
    // While running, a pass under way finishes before the next starts (else slow renderers would only
    // ever repaint the top rows); at rest a change restarts at once.
    if (key != field_key_ && !throttled && (field_complete_ || !training_running)) {
        if (expensive || training_running) {
            // Band by band, about 12 ms of GPU time per frame (measured): with thousands of support
            // vectors a software renderer takes many frames, but no frame freezes.
            field_complete_ = field_renderer_.render_step(field, fv, style, true, 12.0);
        } else {
            if (!field_renderer_.render(field, fv, style)) return false;
            field_complete_ = true;
        }
        field_key_ = key;
        field_rendered_at_ = now;
    } else if (!field_complete_) {
        field_complete_ = field_renderer_.render_step(field, fv, style, false, 12.0);
    }
    if (!field_renderer_.texture()) return false;
    const auto id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(field_renderer_.texture()));
    // Framebuffer textures are stored bottom-up: flip v.
    draw->AddImage(id, ImVec2(view_.origin_x(), view_.origin_y()),
                   ImVec2(view_.origin_x() + view_.width(), view_.origin_y() + view_.height()), ImVec2(0, 1), ImVec2(1, 0));
    return true;
}

void Canvas::draw_legend(ImDrawList* draw, const Palette& colors) const {
    const float width = 120.0f, height = 10.0f;
    const float x = view_.origin_x() + view_.width() - width - 16.0f, y = view_.origin_y() + 14.0f;
    const float font = ImGui::GetFontSize();
    draw->AddRectFilled(ImVec2(x - 8, y - 6), ImVec2(x + width + 8, y + height + font + 8), with_alpha(colors.canvas_bg, 0.85f), 4.0f);
    const ImU32 negative = with_alpha(colors.negative, 0.6f), positive = with_alpha(colors.positive, 0.6f);
    const ImU32 middle = colors.canvas_bg;
    draw->AddRectFilledMultiColor(ImVec2(x, y), ImVec2(x + width * 0.5f, y + height), negative, middle, middle, negative);
    draw->AddRectFilledMultiColor(ImVec2(x + width * 0.5f, y), ImVec2(x + width, y + height), middle, positive, positive, middle);
    draw->AddLine(ImVec2(x + width * 0.5f, y - 2), ImVec2(x + width * 0.5f, y + height + 2), colors.boundary, 1.5f);
    char text[32];
    std::snprintf(text, sizeof text, "\xE2\x88\x92%.3g", static_cast<double>(field_scale_));
    draw->AddText(ImVec2(x, y + height + 2), colors.tick_text, text);
    draw->AddText(ImVec2(x + width * 0.5f - 3, y + height + 2), colors.tick_text, "0");
    std::snprintf(text, sizeof text, "+%.3g", static_cast<double>(field_scale_));
    draw->AddText(ImVec2(x + width - ImGui::CalcTextSize(text).x, y + height + 2), colors.tick_text, text);
    draw->AddText(ImVec2(x - ImGui::CalcTextSize("f(x)").x - 12, y - 2), colors.tick_text, "f(x)");
}

// [SECTION] input: click adds, drag moves a point or pans, wheel zooms
std::optional<std::size_t> Canvas::hit_test(const Session& session, ImVec2 mouse) const {
    const auto& points = session.state().data.points;
    std::optional<std::size_t> best;
    float best_distance = kHitRadius * kHitRadius;
    for (std::size_t i = points.size(); i-- > 0;) {  // topmost (last drawn) first
        const ScreenPoint s = view_.to_screen(coord(points[i], 0), coord(points[i], 1));
        const float dx = s.x - mouse.x, dy = s.y - mouse.y;
        const float d = dx * dx + dy * dy;
        if (d < best_distance) { best_distance = d; best = i; }
    }
    return best;
}

void Canvas::handle_input(Session& session, bool hovered, bool active) {
    ImGuiIO& io = ImGui::GetIO();
    const ImVec2 mouse = io.MousePos;
    hovered_point_ = hovered ? hit_test(session, mouse) : std::nullopt;
    const bool readonly = session.state().readonly;

    // Wheel: zoom around the cursor, keeping the data point under it fixed.
    if (hovered && io.MouseWheel != 0.0f) {
        ViewState v = session.state().view;
        const double mx = view_.to_data_x(mouse.x), my = view_.to_data_y(mouse.y);
        const double factor = std::pow(1.15, -static_cast<double>(io.MouseWheel));
        v.span = std::clamp(v.span * factor, 1e-3, 1e6);
        v.center_x = mx + (v.center_x - mx) * (v.span / session.state().view.span);
        v.center_y = my + (v.center_y - my) * (v.span / session.state().view.span);
        session.set_view(v);
        view_.fit(session.state().view, view_.origin_x(), view_.origin_y(), view_.width(), view_.height());
    }

    const bool left_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left);
    const bool right_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right);
    const bool middle_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Middle);

    if (left_pressed) {
        press_pos_ = mouse;
        const auto hit = hovered_point_;
        if (hit && io.KeyCtrl && !readonly) {            // ctrl-click removes
            session.remove_point(*hit);
            selected_.reset();
            press_on_empty_ = false;
        } else if (hit) {                                 // click selects, drag moves
            selected_ = hit;
            dragging_ = readonly ? std::nullopt : hit;
            if (dragging_) session.begin_move(*dragging_);
            press_on_empty_ = false;
        } else {                                          // empty: a tap adds, a drag pans
            press_on_empty_ = true;
            pan_start_ = session.state().view;
        }
    }
    if (middle_pressed) { panning_ = true; press_pos_ = mouse; pan_start_ = session.state().view; }

    if (active && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        const float dx = mouse.x - press_pos_.x, dy = mouse.y - press_pos_.y;
        const bool moved = dx * dx + dy * dy > kDragThreshold * kDragThreshold;
        if (dragging_ && moved) {
            session.move_point(*dragging_, {view_.to_data_x(mouse.x), view_.to_data_y(mouse.y)});
        } else if (press_on_empty_ && moved) {
            panning_ = true;
        }
    }
    if (panning_ && (ImGui::IsMouseDown(ImGuiMouseButton_Left) || ImGui::IsMouseDown(ImGuiMouseButton_Middle))) {
        ViewState v = pan_start_;
        v.center_x -= (mouse.x - press_pos_.x) / view_.pixels_per_unit();
        v.center_y += (mouse.y - press_pos_.y) / view_.pixels_per_unit();
        session.set_view(v);
    }

    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) || ImGui::IsMouseReleased(ImGuiMouseButton_Middle)) {
        if (dragging_) { session.end_move(); dragging_.reset(); }
        if (press_on_empty_ && !panning_ && hovered && !readonly) {
            int label = session.state().active_label;
            if (io.KeyShift) label = -label;
            const Vec x{view_.to_data_x(mouse.x), view_.to_data_y(mouse.y)};
            if (session.state().online_mode) {
                const Session::OnlineResult r = session.online_add(x, label);
                if (r.accepted) {
                    last_online = r;
                    char text[160];
                    std::snprintf(text, sizeof text, "Model predicted %s; true label %s: %s",
                                  r.predicted > 0 ? "+1" : "\xE2\x88\x92" "1", r.truth > 0 ? "+1" : "\xE2\x88\x92" "1",
                                  r.mistake ? "mistake, w updated" : "correct, no update");
                    last_online_message = text;
                    online_message_age = 0.0f;
                }
            } else {
                session.add_point(x, label);
            }
            selected_.reset();
        }
        press_on_empty_ = false;
        panning_ = false;
    }
    // Right click adds the other class (touch screens use the +1/-1 toggle instead).
    if (right_pressed && !hovered_point_ && !readonly) {
        const Vec x{view_.to_data_x(mouse.x), view_.to_data_y(mouse.y)};
        if (session.state().online_mode) {
            const Session::OnlineResult r = session.online_add(x, -session.state().active_label);
            if (r.accepted) last_online = r;
        }
        else session.add_point(x, -session.state().active_label);
    }
    if (selected_ && *selected_ >= session.state().data.size()) selected_.reset();
}

// [SECTION] drawing
void Canvas::draw_half_planes(ImDrawList* draw, const Line2D& line, const Palette& colors) const {
    // Tint each side of the line: clip the view rectangle by the half-plane a*x + b*y + c > 0.
    const ImVec2 corners[4] = {ImVec2(view_.origin_x(), view_.origin_y()),
                               ImVec2(view_.origin_x() + view_.width(), view_.origin_y()),
                               ImVec2(view_.origin_x() + view_.width(), view_.origin_y() + view_.height()),
                               ImVec2(view_.origin_x(), view_.origin_y() + view_.height())};
    for (int side = 0; side < 2; ++side) {
        std::vector<ImVec2> polygon;
        auto value = [&](ImVec2 p) {
            const double f = line.a * view_.to_data_x(p.x) + line.b * view_.to_data_y(p.y) + line.c;
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
            draw->AddConvexPolyFilled(polygon.data(), static_cast<int>(polygon.size()), side == 0 ? colors.positive_fill : colors.negative_fill);
    }
}

void Canvas::draw_hyperplane(ImDrawList* draw, const Line2D& line, ImU32 color, float thickness, bool dashed) const {
    ImVec2 p0, p1;
    if (!clip_line_to_view(view_, line.a, line.b, line.c, p0, p1)) return;
    if (dashed) draw_dashed_line(draw, p0, p1, color, thickness, 8.0f, 6.0f);
    else draw->AddLine(p0, p1, color, thickness);
}

void Canvas::draw_margin_band(ImDrawList* draw, const Line2D& line, double margin_distance, ImU32 color) const {
    const double norm = std::hypot(line.a, line.b);
    for (int s = -1; s <= 1; s += 2)
        draw_hyperplane(draw, {line.a, line.b, line.c + s * margin_distance * norm}, color, 1.2f, true);
}

// w drawn from the origin towards the +1 side (the normal of the line). Long vectors are scaled to
// fit, and the scale is written next to the arrow, so the picture stays honest.
void Canvas::draw_weight_arrow(ImDrawList* draw, const Line2D& line, const Palette& colors) const {
    const double length = std::hypot(line.a, line.b);
    if (length == 0 || animated_) return;
    const double max_length = 0.35 * std::min(view_.max_x() - view_.min_x(), view_.max_y() - view_.min_y());
    const double scale = length > max_length ? max_length / length : 1.0;
    const ScreenPoint o = view_.to_screen(0, 0), tip = view_.to_screen(line.a * scale, line.b * scale);
    draw_arrow(draw, to_im(o), to_im(tip), colors.weight_arrow, 2.5f);
    char label[48];
    if (scale < 1.0) std::snprintf(label, sizeof label, "w (\xC3\x97%.2g)", scale);
    else std::snprintf(label, sizeof label, "w");
    draw->AddText(ImVec2(tip.x + 6, tip.y - 8), colors.weight_arrow, label);
}

void Canvas::draw_theory_overlays(ImDrawList* draw, const Session& session, const Palette& colors) const {
    const PanelState& panels = session.state().panels;
    if (!panels.hulls && !panels.max_margin) return;
    const Dataset& data = session.state().data;
    if (panels.hulls) {
        for (int label : {+1, -1}) {
            std::vector<Vec> pts;
            for (std::size_t i = 0; i < data.size(); ++i)
                if (data.labels[i] == label) pts.push_back({coord(data.points[i], 0), coord(data.points[i], 1)});
            const auto hull = convex_hull_2d(pts);
            std::vector<ImVec2> polygon;
            for (std::size_t k : hull) polygon.push_back(to_im(view_.to_screen(pts[k][0], pts[k][1])));
            const ImU32 fill = label > 0 ? colors.positive_fill : colors.negative_fill;
            const ImU32 edge = label > 0 ? colors.positive : colors.negative;
            if (polygon.size() >= 3) draw->AddConvexPolyFilled(polygon.data(), static_cast<int>(polygon.size()), fill);
            if (polygon.size() >= 2) draw->AddPolyline(polygon.data(), static_cast<int>(polygon.size()), edge, polygon.size() >= 3 ? ImDrawFlags_Closed : 0, 1.5f);
        }
    }
    if (panels.max_margin && data.dim <= 2) {
        const TheorySummary& t = session.theory();
        const Separator& best = t.best;
        if (best.separable && best.w.size() >= 1 && (session.state().config.lift == LiftKind::None)) {
            const Line2D line{best.w[0], best.w.size() > 1 ? best.w[1] : 0.0, best.b};
            draw_margin_band(draw, line, best.margin, colors.margin);
            draw_hyperplane(draw, line, colors.margin, 1.8f, false);
            for (std::size_t i : best.support) {
                if (i >= data.size()) continue;
                const ScreenPoint s = view_.to_screen(coord(data.points[i], 0), coord(data.points[i], 1));
                draw->AddCircle(to_im(s), kMarkerRadius + 6.0f, colors.margin, 24, 2.0f);
            }
        }
    }
}

// Everything the canvas derives from (model, points), recomputed only when one of them changes.
void Canvas::refresh_model_cache(const Session& session, const DecisionField& field) {
    const std::uint64_t key = field_fingerprint(field) ^ (session.data_revision() * 0x9E3779B97F4A7C15ull);
    if (key == model_key_) return;
    model_key_ = key;
    const Dataset& data = session.state().data;
    // Colour saturates at the largest |f| on the data (sampled), so the shading shows confidence
    // relative to the training points whatever the scale of w.
    double largest = 0.0;
    const std::size_t stride = std::max<std::size_t>(1, data.size() / 256);
    for (std::size_t i = 0; i < data.size(); i += stride) {
        const double f = std::fabs(field.eval(data.points[i]));
        if (std::isfinite(f)) largest = std::max(largest, f);
    }
    field_scale_ = static_cast<float>(largest > 0 ? largest : 1.0);
    // Which points the answer gets wrong (ringed): skip when re-evaluating every point costs too much.
    wrong_.assign(data.size(), 0);
    const std::size_t cost = data.size() * std::max<std::size_t>(1, field.support.size());
    if (cost > 4'000'000) return;
    for (std::size_t i = 0; i < data.size(); ++i)
        wrong_[i] = session.learner().predict(data.points[i]) != data.labels[i];
}

void Canvas::draw_points(ImDrawList* draw, const Session& session, const Palette& colors) {
    const Dataset& data = session.state().data;
    const bool many = data.size() > 3000;  // cheap markers for big data sets
    // Hundreds of markers: no anti-aliased fringes (a third of the triangles; invisible at this size).
    const ImDrawListFlags saved_flags = draw->Flags;
    if (data.size() > 300) draw->Flags &= ~(ImDrawListFlags_AntiAliasedFill | ImDrawListFlags_AntiAliasedLines);
    const bool show_wrong = session.learner().visits() > 0 || session.state().config.init == Init::Random;
    const std::size_t next = session.learner().next_index();
    const std::vector<double>& alphas = session.learner().alphas();
    for (std::size_t i = 0; i < data.size(); ++i) {
        const ImVec2 c = to_im(view_.to_screen(coord(data.points[i], 0), coord(data.points[i], 1)));
        if (c.x < view_.origin_x() - 10 || c.y < view_.origin_y() - 10 || c.x > view_.origin_x() + view_.width() + 10 ||
            c.y > view_.origin_y() + view_.height() + 10)
            continue;
        if (many) {
            const float r = 2.0f;
            draw->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), data.labels[i] > 0 ? colors.positive : colors.negative);
            continue;
        }
        // Kernel perceptron: support points (alpha > 0) grow with their mistake counter.
        float radius = kMarkerRadius;
        if (i < alphas.size() && alphas[i] > 0) radius = std::min(16.0f, kMarkerRadius + 2.2f * std::sqrt(static_cast<float>(alphas[i])));
        if (show_wrong && i < wrong_.size() && wrong_[i]) draw->AddCircle(c, radius + 4.0f, colors.mistake_ring, 16, 2.0f);
        draw_marker(draw, c, data.labels[i], radius, colors, hovered_point_ == i);
    }
    draw->Flags = saved_flags;
    if (!many && next < data.size() && session.learner().visits() > 0 && !session.learner().converged()) {
        const ImVec2 c = to_im(view_.to_screen(coord(data.points[next], 0), coord(data.points[next], 1)));
        draw->AddCircle(c, kMarkerRadius + 8.0f, colors.highlight, 24, 3.0f);  // the point visited next
    }
    if (selected_ && *selected_ < data.size()) {
        const Vec& p = data.points[*selected_];
        const ImVec2 c = to_im(view_.to_screen(coord(p, 0), coord(p, 1)));
        draw->AddRect(ImVec2(c.x - 13, c.y - 13), ImVec2(c.x + 13, c.y + 13), colors.text, 2.0f, 0, 1.5f);
    }
}

void Canvas::start_update_animation(const Update& update) {
    if (!update.mistake || update.w_before.size() < 2) return;
    animated_ = update;
    animation_time_ = 0.0f;
}

// The lecture figure of one update, in three beats: w_old; then y*eta*x added at its tip; then w_new
// and the new line. Only the first two coordinates of w are the line's normal on the canvas.
void Canvas::draw_animation(ImDrawList* draw, const Session& session, const Palette& colors) const {
    if (!animated_) return;
    const Update& u = *animated_;
    const double eta = session.state().config.eta;
    const double ox = u.w_before[0], oy = u.w_before[1];
    const double sx = eta * u.y * coord(u.x, 0), sy = eta * u.y * coord(u.x, 1);
    const double nx = coord(u.w_after, 0), ny = coord(u.w_after, 1);
    const double longest = std::max({std::hypot(ox, oy), std::hypot(nx, ny), std::hypot(sx, sy), 1e-12});
    const double max_length = 0.35 * std::min(view_.max_x() - view_.min_x(), view_.max_y() - view_.min_y());
    const double k = longest > max_length ? max_length / longest : 1.0;
    const float t = animation_time_ / kAnimationSeconds;
    const ImVec2 o = to_im(view_.to_screen(0, 0));
    const ImVec2 old_tip = to_im(view_.to_screen(ox * k, oy * k));
    const ImVec2 new_tip = to_im(view_.to_screen(nx * k, ny * k));
    draw_arrow(draw, o, old_tip, with_alpha(colors.trail, 1.0f), 2.5f);
    draw->AddText(ImVec2(old_tip.x + 6, old_tip.y + 2), colors.trail, "w old");
    if (t > 0.25f) {
        const float grow = std::min(1.0f, (t - 0.25f) / 0.3f);
        const ImVec2 step_tip(old_tip.x + (new_tip.x - old_tip.x) * grow, old_tip.y + (new_tip.y - old_tip.y) * grow);
        draw_arrow(draw, old_tip, step_tip, u.y > 0 ? colors.positive : colors.negative, 2.5f);
        const char* label = u.y > 0 ? "+ \xCE\xB7x" : "\xE2\x88\x92 \xCE\xB7x";
        draw->AddText(ImVec2((old_tip.x + step_tip.x) * 0.5f + 6, (old_tip.y + step_tip.y) * 0.5f), u.y > 0 ? colors.positive : colors.negative, label);
    }
    if (t > 0.6f) {
        draw_arrow(draw, o, new_tip, colors.weight_arrow, 3.0f);
        draw->AddText(ImVec2(new_tip.x + 6, new_tip.y - 14), colors.weight_arrow, "w new");
    }
    if (u.index < session.state().data.size()) {
        const Vec& p = session.state().data.points[u.index];
        draw->AddCircle(to_im(view_.to_screen(coord(p, 0), coord(p, 1))), kMarkerRadius + 9.0f, colors.mistake_ring, 24, 3.0f);
    }
}

void Canvas::draw_status(ImDrawList* draw, const Session& session, const Palette& colors) const {
    const Learner& learner = session.learner();
    char text[256];
    const char* status = learner.diverged() ? "stopped: weights overflowed"
                         : learner.converged() ? "converged (an epoch without mistakes)"
                         : learner.capped()    ? "stopped at the epoch cap"
                         : learner.visits() == 0 ? "not trained yet"
                                                 : "training";
    std::snprintf(text, sizeof text, "%s \xC2\xB7 M = %zu mistakes \xC2\xB7 epoch %zu \xC2\xB7 %s",
                  std::string(display_name(session.state().config.algorithm)).c_str(), learner.mistakes(),
                  learner.epochs_completed() + (learner.visits() > 0 && !learner.converged() ? 1 : 0), status);
    const ImVec2 pos(view_.origin_x() + 10, view_.origin_y() + view_.height() - ImGui::GetFontSize() - 10);
    const ImVec2 size = ImGui::CalcTextSize(text);
    draw->AddRectFilled(ImVec2(pos.x - 5, pos.y - 3), ImVec2(pos.x + size.x + 5, pos.y + size.y + 3), with_alpha(colors.canvas_bg, 0.85f), 4.0f);
    draw->AddText(pos, colors.text, text);
    if (session.state().online_mode && !last_online_message.empty() && online_message_age < 6.0f) {
        const ImVec2 p2(view_.origin_x() + 10, view_.origin_y() + 10);
        const ImVec2 s2 = ImGui::CalcTextSize(last_online_message.c_str());
        draw->AddRectFilled(ImVec2(p2.x - 6, p2.y - 4), ImVec2(p2.x + s2.x + 6, p2.y + s2.y + 4), colors.highlight, 4.0f);
        draw->AddText(p2, IM_COL32(20, 20, 20, 255), last_online_message.c_str());
    }
}

}  // namespace pl::app
