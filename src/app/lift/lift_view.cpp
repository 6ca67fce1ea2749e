// [SECTION] includes
#include "app/lift/lift_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "app/base/canvas_draw.hpp"
#include "app/base/widgets.hpp"
#include "app/base/theme.hpp"
#include "core/learn/lift.hpp"

namespace pl::app {

namespace {

bool drawable_lift(LiftKind kind) { return kind == LiftKind::Product || kind == LiftKind::Radial; }

const char* third_axis_name(LiftKind kind) {
    return kind == LiftKind::Product ? "x\xE2\x82\x81x\xE2\x82\x82" : "x\xE2\x82\x81\xC2\xB2+x\xE2\x82\x82\xC2\xB2";
}

ImU32 with_alpha(ImU32 color, int alpha) {
    return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(std::clamp(alpha, 0, 255)) << IM_COL32_A_SHIFT);
}

ImVec2 at(const Projected& p) { return ImVec2(p.x, p.y); }

std::string short_number(double value) { return display_number(std::fabs(value) < 1e-12 ? 0.0 : value, 3); }

// "+ 1.5 x1" style term for the plane equation; skips zero coefficients.
void append_term(std::string& out, double coefficient, const char* name) {
    if (coefficient == 0.0) return;
    const bool first = out.empty();
    if (!first) out += coefficient < 0 ? " \xE2\x88\x92 " : " + ";
    else if (coefficient < 0) out += "\xE2\x88\x92";
    out += short_number(std::fabs(coefficient));
    if (name[0] != '\0') out += " " + std::string(name);
}


// Text with a soft background so it stays legible over points and the plane.
void draw_label(ImDrawList* draw, ImVec2 pos, const char* text, ImU32 color, const Palette& colors) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    draw->AddRectFilled(ImVec2(pos.x - 2, pos.y - 1), ImVec2(pos.x + size.x + 2, pos.y + size.y + 1),
                        with_alpha(colors.canvas_bg, 200), 3.0f);
    draw->AddText(pos, color, text);
}

}  // namespace

std::vector<std::size_t> spread_subsample(std::size_t n, std::size_t max_count) {
    std::vector<std::size_t> picked;
    if (n <= max_count) {
        picked.resize(n);
        for (std::size_t i = 0; i < n; ++i) picked[i] = i;
        return picked;
    }
    // k -> k * step mod n is a bijection when gcd(step, n) = 1, so the first max_count values are distinct,
    // and a large step jumps all over the data set instead of taking every k-th point. (Every k-th
    // point can hit a single class when a generator emits the classes or clusters in turn.)
    std::size_t step = 7919;  // a prime; the loop only runs when n is a multiple of it
    auto gcd = [](std::size_t a, std::size_t b) { while (b) { const std::size_t t = a % b; a = b; b = t; } return a; };
    while (gcd(step, n) != 1) step += 2;
    picked.reserve(max_count);
    for (std::size_t k = 0; k < max_count; ++k) picked.push_back(static_cast<std::size_t>((static_cast<unsigned long long>(k) * step) % n));
    std::sort(picked.begin(), picked.end());
    return picked;
}

// [SECTION] data box: lifted coordinates <-> the normalised cube [-1, 1]^3
float LiftView::to_box(int axis, double value) const { return static_cast<float>(box_.to_box(axis, value)); }
double LiftView::from_box(int axis, float value) const { return box_.from_box(axis, static_cast<double>(value)); }

void LiftView::refresh_points(const Session& session) {
    const Dataset& data = session.state().data;
    const LiftKind lift = session.state().config.lift;
    if (cached_revision_ == session.data_revision() && cached_lift_ == lift && cached_size_ == data.size()) return;
    cached_revision_ = session.data_revision();
    cached_lift_ = lift;
    cached_size_ = data.size();
    total_points_ = data.size();
    box_ = lift_box(data, lift);

    // Big data sets: a spread-out sample, so at most kMaxDrawnPoints are projected and sorted per frame.
    points_.clear();
    for (std::size_t i : spread_subsample(data.size(), kMaxDrawnPoints)) {
        const Point3d c = lifted_point(lift, data.points[i]);
        points_.push_back({{to_box(0, c[0]), to_box(1, c[1]), to_box(2, c[2])}, i, data.labels[i] > 0 ? 1 : -1});
    }
}

namespace {
// Why the view has no plane, in its words: here a sentence can point at the control that would show one.
const char* no_plane_sentence(LiftPlane::None none) {
    switch (none) {
        case LiftPlane::None::Kernel:
            return "A kernel learner keeps mistake counts \xCE\xB1, not a weight vector, so there is no plane to draw. "
                   "Pick the Perceptron to see it.";
        case LiftPlane::None::Voted: return "The voted perceptron answers with a vote of many planes, not one; only the points are shown.";
        case LiftPlane::None::Dimension: return "This view draws two input coordinates; with more, the plane cannot be shown.";
        case LiftPlane::None::ZeroWeights: return "w is still zero: no plane yet. Take a training step.";
        default: return nullptr;
    }
}
}  // namespace

// The learned plane in the normalised cube (core/figures/lift_geometry.hpp's lift_plane, as the SVG figure).
LiftView::Plane LiftView::separating_plane(const Scene& model, const char** why_not) const {
    const WidgetState& state = model.session->state();
    const LiftPlane found = lift_plane(model.field, state.data.dim, state.config.lift, box_);
    if (!found.valid) {
        if (const char* sentence = no_plane_sentence(found.none)) *why_not = sentence;
        return {};
    }
    Plane plane;
    plane.normal = {static_cast<float>(found.normal[0]), static_cast<float>(found.normal[1]), static_cast<float>(found.normal[2])};
    plane.offset = static_cast<float>(found.offset);
    plane.valid = std::isfinite(plane.offset) && std::isfinite(plane.normal.x) && std::isfinite(plane.normal.y) &&
                  std::isfinite(plane.normal.z);  // a double that overflows a float
    return plane;
}

// [SECTION] drawing
void LiftView::draw(Session& session, const Scene& model, ImVec2 size) {
    const ImVec2 available = ImGui::GetContentRegionAvail();
    if (size.x <= 0) size.x = available.x;
    if (size.y <= 0) size.y = available.y;
    size.x = std::max(size.x, 40.0f);
    size.y = std::max(size.y, 40.0f);
    ImGui::PushID(this);
    ImGui::BeginGroup();
    if (!drawable_lift(session.state().config.lift)) {
        draw_unsupported(session, size);
    } else {
        refresh_points(session);
        const float top = ImGui::GetCursorScreenPos().y;
        draw_toolbar(session);
        const float toolbar_height = ImGui::GetCursorScreenPos().y - top;
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        const ImVec2 scene(size.x, std::max(20.0f, size.y - toolbar_height));
        ImGui::InvisibleButton("##lift-scene", scene, ImGuiButtonFlags_MouseButtonLeft);
        const bool hovered = ImGui::IsItemHovered();
        const bool active = ImGui::IsItemActive();
        ImGuiIO& io = ImGui::GetIO();
        if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
            camera_.orbit(io.MouseDelta.x, io.MouseDelta.y);
            dragging_ = true;
        }
        if (!active) dragging_ = false;
        if (hovered && io.MouseWheel != 0.0f) camera_.zoom_by(io.MouseWheel);
        if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) camera_.reset();
        draw_scene(session, model, origin, scene, hovered && !dragging_);
    }
    ImGui::EndGroup();
    ImGui::PopID();
}

void LiftView::draw_toolbar(const Session& session) {
    if (ImGui::SmallButton("Reset view")) camera_.reset();
    item_tooltip("Back to the starting angle and zoom (double-clicking the scene does the same).");
    ImGui::SameLine();
    if (ImGui::SmallButton("\xE2\x88\x92")) camera_.zoom_by(-2.0f);
    item_tooltip("Zoom out");
    ImGui::SameLine();
    if (ImGui::SmallButton("+")) camera_.zoom_by(2.0f);
    item_tooltip("Zoom in");
    ImGui::SameLine();
    ImGui::Checkbox("Stems", &stems_);
    item_tooltip("A thin line from each raw point on the floor up to its lifted height.");
    ImGui::SameLine();
    const LiftKind lift = session.state().config.lift;
    ImGui::TextDisabled("\xCF\x86(x) = [x\xE2\x82\x81, x\xE2\x82\x82, %s]", third_axis_name(lift));
    item_tooltip(lift == LiftKind::Product
                     ? "Each point keeps its two coordinates and gains a height x\xE2\x82\x81x\xE2\x82\x82: positive in two "
                       "opposite quadrants, negative in the other two. That is why XOR becomes separable by a flat plane."
                     : "Each point keeps its two coordinates and gains a height equal to its squared distance from "
                       "the origin. Points near the centre stay low, far ones rise, so a disc inside a ring becomes "
                       "separable by a flat plane.");
}

void LiftView::draw_scene(const Session& session, const Scene& model, ImVec2 origin, ImVec2 size, bool hovered) {
    const Palette& colors = active_palette();
    const LiftKind lift = session.state().config.lift;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 end(origin.x + size.x, origin.y + size.y);
    draw->PushClipRect(origin, end, true);
    draw->AddRectFilled(origin, end, colors.canvas_bg);

    const CameraProjection camera(camera_, {origin.x, origin.y, size.x, size.y});
    const Point3 eye = camera.eye();
    auto project = [&](float x, float y, float z) { return camera.project({x, y, z}); };

    // The data origin in box coordinates, pinned to the box when it lies outside (like the 2-D canvas
    // pins its axes to the edges). The grid at height 0 is the raw (x1, x2) plane the points came from.
    const Point3 zero{std::clamp(to_box(0, 0.0), -1.0f, 1.0f), std::clamp(to_box(1, 0.0), -1.0f, 1.0f),
                      std::clamp(to_box(2, 0.0), -1.0f, 1.0f)};
    for (int i = 0; i <= 4; ++i) {
        const float t = -1.0f + 0.5f * static_cast<float>(i);
        draw->AddLine(at(project(t, -1, zero.z)), at(project(t, 1, zero.z)), colors.grid, 1.0f);
        draw->AddLine(at(project(-1, t, zero.z)), at(project(1, t, zero.z)), colors.grid, 1.0f);
    }
    // The box the plane is clipped to, in faint lines.
    for (int axis = 0; axis < 3; ++axis)
        for (float s : {-1.0f, 1.0f})
            for (float t : {-1.0f, 1.0f}) {
                float a[3], b[3];
                a[axis] = -1.0f;
                b[axis] = 1.0f;
                a[(axis + 1) % 3] = b[(axis + 1) % 3] = s;
                a[(axis + 2) % 3] = b[(axis + 2) % 3] = t;
                draw->AddLine(at(project(a[0], a[1], a[2])), at(project(b[0], b[1], b[2])), with_alpha(colors.grid, 40), 1.0f);
            }
    // Axes through the origin, each pointing towards growing values.
    const ImU32 axis_color = colors.axis;
    const Projected x_from = project(-1, zero.y, zero.z), x_to = project(1.15f, zero.y, zero.z);
    const Projected y_from = project(zero.x, -1, zero.z), y_to = project(zero.x, 1.15f, zero.z);
    const Projected z_from = project(zero.x, zero.y, -1), z_to = project(zero.x, zero.y, 1.15f);
    draw_arrow(draw, at(x_from), at(x_to), axis_color, 1.5f, 10.0f);
    draw_arrow(draw, at(y_from), at(y_to), axis_color, 1.5f, 10.0f);
    draw_arrow(draw, at(z_from), at(z_to), axis_color, 1.5f, 10.0f);

    // [SECTION] the plane and the drawing order
    const char* why_not = nullptr;
    const Plane plane = separating_plane(model, &why_not);
    std::vector<Point3> polygon;
    float eye_side = 0.0f;
    if (plane.valid) {
        polygon = clip_plane_to_cube(plane.normal, plane.offset);
        eye_side = plane.normal.x * eye.x + plane.normal.y * eye.y + plane.normal.z * eye.z + plane.offset;
        if (polygon.empty()) why_not = "The learned plane lies outside the data box.";
    }
    auto side_of = [&](const Point3& p) { return plane.normal.x * p.x + plane.normal.y * p.y + plane.normal.z * p.z + plane.offset; };

    std::vector<Projected> screen(points_.size());
    for (std::size_t i = 0; i < points_.size(); ++i) screen[i] = camera.project(points_[i].world);
    order_.resize(points_.size());
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
    // Painter's algorithm: behind-the-plane points first, then far before near within each group.
    auto behind = [&](std::size_t i) { return !polygon.empty() && side_of(points_[i].world) * eye_side < 0.0f; };
    std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
        const bool ba = behind(a), bb = behind(b);
        if (ba != bb) return ba;
        return screen[a].depth > screen[b].depth;
    });

    const float radius = ImGui::GetFontSize() * (points_.size() <= 40 ? 0.5f : points_.size() <= 300 ? 0.4f : 0.28f);
    const bool stems = stems_ && points_.size() <= 800;
    std::optional<std::size_t> hovered_point;
    if (hovered) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        float best = (radius + 3.0f) * (radius + 3.0f);
        for (std::size_t i = 0; i < screen.size(); ++i) {
            const float dx = screen[i].x - mouse.x, dy = screen[i].y - mouse.y;
            if (dx * dx + dy * dy <= best) { best = dx * dx + dy * dy; hovered_point = i; }
        }
    }
    auto draw_point = [&](std::size_t i) {
        const LiftedPoint& p = points_[i];
        if (stems) {
            const Projected floor = project(p.world.x, p.world.y, zero.z);
            draw->AddLine(at(floor), at(screen[i]), with_alpha(colors.tick_text, 70), 1.0f);
            draw->AddCircleFilled(at(floor), 1.8f, with_alpha(p.label > 0 ? colors.positive : colors.negative, 120), 8);
        }
        draw_marker(draw, at(screen[i]), p.label, radius, colors, hovered_point == i);
        // Ring the points the current plane gets wrong: the canvas's exact flags (y f <= 0, a point on the
        // plane included), not a float test in the box, so both views ring the same points.
        if (plane.valid && model.trained && model.wrong(p.index))
            draw->AddCircle(at(screen[i]), radius + 2.5f, colors.mistake_ring, 16, 1.5f);
    };

    std::size_t next = 0;
    while (next < order_.size() && behind(order_[next])) draw_point(order_[next++]);
    if (!polygon.empty()) {
        std::vector<ImVec2> outline;
        Point3 centre_world;
        for (const Point3& v : polygon) {
            outline.push_back(at(camera.project(v)));
            centre_world.x += v.x / static_cast<float>(polygon.size());
            centre_world.y += v.y / static_cast<float>(polygon.size());
            centre_world.z += v.z / static_cast<float>(polygon.size());
        }
        draw->AddConvexPolyFilled(outline.data(), static_cast<int>(outline.size()), with_alpha(colors.weight_arrow, 60));
        draw->AddPolyline(outline.data(), static_cast<int>(outline.size()), colors.weight_arrow, ImDrawFlags_Closed, 2.0f);
        // The normal, i.e. the direction of w (towards the +1 side), from the middle of the plane.
        const float n_length = std::sqrt(plane.normal.x * plane.normal.x + plane.normal.y * plane.normal.y + plane.normal.z * plane.normal.z);
        const float s = 0.55f / n_length;
        const Projected tail = camera.project(centre_world);
        const Projected head = project(centre_world.x + plane.normal.x * s, centre_world.y + plane.normal.y * s, centre_world.z + plane.normal.z * s);
        draw_arrow(draw, at(tail), at(head), colors.weight_arrow, 2.5f, 10.0f);
        draw_label(draw, ImVec2(head.x + 4, head.y - ImGui::GetFontSize()), "w", colors.weight_arrow, colors);
    }
    while (next < order_.size()) draw_point(order_[next++]);

    // [SECTION] labels (on top of everything)
    const char* z_name = third_axis_name(lift);
    const float font = ImGui::GetFontSize();
    draw_label(draw, ImVec2(x_to.x + 2, x_to.y - font - 4), "x\xE2\x82\x81", colors.text, colors);
    draw_label(draw, ImVec2(y_to.x + 2, y_to.y - font - 4), "x\xE2\x82\x82", colors.text, colors);
    draw_label(draw, ImVec2(z_to.x - ImGui::CalcTextSize(z_name).x * 0.5f, z_to.y - font - 4), z_name, colors.text, colors);
    // Each axis's extent in data units: the smallest and largest lifted coordinate of the data.
    auto end_value = [&](int axis, double value) {
        Point3 p = zero;
        const float u = to_box(axis, value);
        (axis == 0 ? p.x : axis == 1 ? p.y : p.z) = u;
        const std::string text = short_number(value);
        const Projected q = camera.project(p);
        draw->AddCircleFilled(at(q), 2.0f, colors.tick_text);
        draw->AddText(ImVec2(q.x + 4, q.y + 1), colors.tick_text, text.c_str());
    };
    if (total_points_ > 0) {
        for (int axis = 0; axis < 3; ++axis) {
            end_value(axis, box_.low[axis]);
            if (box_.high[axis] != box_.low[axis]) end_value(axis, box_.high[axis]);
        }
    }

    // Plane equation, and notes, in the top-left corner.
    float text_y = origin.y + 6;
    const float text_x = origin.x + 8;
    const float wrap = std::max(60.0f, size.x - 16.0f);
    auto note = [&](const std::string& text, ImU32 color) {
        draw->AddText(nullptr, 0.0f, ImVec2(text_x, text_y), color, text.c_str(), nullptr, wrap);
        text_y += ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y + 2;
    };
    if (total_points_ == 0) {
        note("No points yet: add some on the canvas to see them lifted.", colors.tick_text);
    } else if (plane.valid && !polygon.empty()) {
        const DecisionField& field = model.field;
        const auto d = static_cast<std::size_t>(session.state().data.dim);
        std::string equation;
        append_term(equation, field.w[0], "x\xE2\x82\x81");
        if (d == 2) append_term(equation, field.w[1], "x\xE2\x82\x82");
        append_term(equation, field.w[d], lift == LiftKind::Product ? z_name : "(x\xE2\x82\x81\xC2\xB2+x\xE2\x82\x82\xC2\xB2)");
        append_term(equation, field.b + (field.bias == BiasMode::Absorbed ? field.w[d + 1] : 0.0), "");
        note("plane: " + equation + " = 0", colors.text);
        if (field.bias == BiasMode::None) note("(no bias: the plane passes through the origin of the lifted space)", colors.tick_text);
    } else if (why_not) {
        note(why_not, colors.tick_text);
    }
    if (points_.size() < total_points_) {
        char text[96];
        std::snprintf(text, sizeof text, "showing a sample of %zu of the %zu points", points_.size(), total_points_);
        note(text, colors.tick_text);
    }
    const char* hint = "drag: orbit   wheel: zoom";
    const ImVec2 hint_size = ImGui::CalcTextSize(hint);
    draw->AddText(ImVec2(end.x - hint_size.x - 8, end.y - hint_size.y - 6), with_alpha(colors.tick_text, 160), hint);
    draw->PopClipRect();

    if (hovered_point) {
        const LiftedPoint& p = points_[*hovered_point];
        const Vec& raw = session.state().data.points[p.index];
        ImGui::BeginTooltip();
        ImGui::Text("%s, label %s", point_name(p.index).c_str(), label_text(p.label).c_str());
        ImGui::Text("(x\xE2\x82\x81, x\xE2\x82\x82) = (%s, %s)", short_number(raw.empty() ? 0.0 : raw[0]).c_str(),
                    short_number(raw.size() > 1 ? raw[1] : 0.0).c_str());
        ImGui::Text("%s = %s", z_name, short_number(from_box(2, p.world.z)).c_str());
        ImGui::EndTooltip();
    }
}

void LiftView::draw_unsupported(Session& session, ImVec2 size) {
    const LiftKind lift = session.state().config.lift;
    ImGui::BeginChild("##lift-explain", size, false, ImGuiWindowFlags_NavFlattened);  // in the Tab order
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted("Seeing a feature map in 3-D");
    ImGui::Separator();
    switch (lift) {
        case LiftKind::Poly2:
            ImGui::TextUnformatted("The degree-2 map gives every point six coordinates: too many to draw. The two lifts "
                                   "below add a single new coordinate, so the lifted points and the plane fit in 3-D.");
            break;
        case LiftKind::Constant:
            ImGui::TextUnformatted("The constant lift [x, 1] is the bias trick: the figure \"1-D to 2-D\" shows it. For "
                                   "a 3-D picture, pick one of the lifts below.");
            break;
        default:
            ImGui::TextUnformatted("A feature map gives each point (x\xE2\x82\x81, x\xE2\x82\x82) a third coordinate, its "
                                   "height. The perceptron then looks for a flat plane in that 3-D space, and the curve "
                                   "you see on the canvas is where that plane cuts the lifted surface. Pick a lift:");
            break;
    }
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    auto use = [&](LiftKind kind) {
        TrainConfig config = session.state().config;
        config.lift = kind;
        config.algorithm = Algorithm::Perceptron;
        session.set_config(config);
    };
    if (ImGui::Button("Use x\xE2\x82\x81x\xE2\x82\x82 lift")) use(LiftKind::Product);
    item_tooltip("Height = x\xE2\x82\x81 \xC2\xB7 x\xE2\x82\x82. Try it on XOR. Switches the learner to the perceptron.");
    ImGui::SameLine();
    if (ImGui::Button("Use radial lift")) use(LiftKind::Radial);
    item_tooltip("Height = x\xE2\x82\x81\xC2\xB2 + x\xE2\x82\x82\xC2\xB2. Try it on circles. Switches the learner to the perceptron.");
    ImGui::EndChild();
}

}  // namespace pl::app
