// [SECTION] includes
#include "app/lift/lift_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/base/canvas_draw.hpp"
#include "app/base/widgets.hpp"
#include "app/base/theme.hpp"

namespace pl::app {

namespace {

std::string number(double value, int digits = 3) { return display_number(std::fabs(value) < 1e-12 ? 0.0 : value, digits); }



// Wrapped text inside [x, x + width]; returns its height.
float wrapped_text(ImDrawList* draw, ImVec2 pos, float width, ImU32 color, const std::string& text) {
    draw->AddText(nullptr, 0.0f, pos, color, text.c_str(), nullptr, width);
    return ImGui::CalcTextSize(text.c_str(), nullptr, false, width).y;
}

// [SECTION] the bias figure's learner: trained once, cached
struct BiasFigure {
    Dataset data;
    Vec w;                 // (w1, w2): the line w1 x + w2 * 1 = 0 in the lifted plane
    std::size_t mistakes = 0;
    std::size_t epochs = 0;
    bool converged = false;
};

const BiasFigure& bias_figure() {
    static const BiasFigure figure = [] {
        BiasFigure f;
        f.data = make_preset(Preset::Bias1D);
        TrainConfig config;
        config.algorithm = Algorithm::Perceptron;
        config.lift = LiftKind::Constant;  // x -> (x, 1)
        config.bias = BiasMode::None;      // the line must pass through the origin of the lifted plane
        config.init = Init::Zero;
        config.order = Order::Sequential;
        config.max_epochs = 1000;
        Learner learner(f.data, config);
        f.converged = learner.train_until_converged();
        f.w = learner.weights();
        f.mistakes = learner.mistakes();
        f.epochs = learner.epochs_completed();
        return f;
    }();
    return figure;
}

// Data -> screen for one panel of the figure, equal aspect, data box centred in the plot rectangle.
struct PlotMap {
    float left = 0, top = 0, width = 1, height = 1;
    double min_x = 0, max_x = 1, min_y = 0, max_y = 1, scale = 1;
    void fit() {
        scale = std::min(width / (max_x - min_x), height / (max_y - min_y));
    }
    ImVec2 operator()(double x, double y) const {
        const double cx = 0.5 * (min_x + max_x), cy = 0.5 * (min_y + max_y);
        return ImVec2(static_cast<float>(left + width * 0.5 + (x - cx) * scale),
                      static_cast<float>(top + height * 0.5 - (y - cy) * scale));
    }
};

constexpr double kFigureMinX = -0.75, kFigureMaxX = 3.25;

// Both panels of the figure share the x range and the room left between the title and the note below.
PlotMap figure_panel_map(ImVec2 origin, ImVec2 size, float top, float note_height) {
    PlotMap map;
    map.left = origin.x + 4;
    map.width = size.x - 8;
    map.top = top;
    map.height = std::max(ImGui::GetFontSize() * 3.0f, origin.y + size.y - note_height - 6 - top);
    map.min_x = kFigureMinX;
    map.max_x = kFigureMaxX;
    return map;
}

// The x axis of both panels: an arrow over the figure's range, "x" at its end, and ticks at the whole
// numbers from first_tick to 3 (the number line marks 0, the lifted plane leaves it to the other axis).
void draw_x_axis(ImDrawList* draw, const PlotMap& map, int first_tick, float tick_half, float label_gap, const Palette& colors) {
    const float font = ImGui::GetFontSize();
    const ImVec2 left_end = map(kFigureMinX, 0), right_end = map(kFigureMaxX, 0);
    draw_arrow(draw, left_end, right_end, colors.axis, 1.5f, 9.0f);
    draw->AddText(ImVec2(right_end.x - font * 0.8f, right_end.y - font * 1.4f), colors.tick_text, "x");
    for (int tick = first_tick; tick <= 3; ++tick) {
        const ImVec2 p = map(tick, 0);
        draw->AddLine(ImVec2(p.x, p.y - tick_half), ImVec2(p.x, p.y + tick_half), colors.axis);
        const std::string label = std::to_string(tick);
        draw->AddText(ImVec2(p.x - ImGui::CalcTextSize(label.c_str()).x * 0.5f, p.y + label_gap), colors.tick_text, label.c_str());
    }
}

void draw_number_line(ImDrawList* draw, ImVec2 origin, ImVec2 size, const BiasFigure& figure, const Palette& colors) {
    const float font = ImGui::GetFontSize();
    float y = origin.y;
    y += wrapped_text(draw, ImVec2(origin.x, y), size.x, colors.text, "Raw 1-D points") + 4;
    const bool roomy = size.x >= font * 22.0f;
    const std::string note = roomy ? "A rule sign(w\xC2\xB7x) without bias can only switch at 0, and every point lies right of 0: "
                                     "no such threshold separates the two classes."
                                   : "Without a bias the split sits at 0: all six points fall on one side.";
    const float note_height = ImGui::CalcTextSize(note.c_str(), nullptr, false, size.x).y;
    PlotMap map = figure_panel_map(origin, size, y, note_height);
    map.min_y = -1;
    map.max_y = 1;
    map.scale = map.width / (map.max_x - map.min_x);  // a number line: only x needs to fit

    draw_x_axis(draw, map, 0, 4.0f, 6.0f, colors);
    // The only threshold an unbiased rule has: x = 0.
    const ImVec2 zero = map(0, 0);
    draw_dashed_line(draw, ImVec2(zero.x, zero.y - font * 1.6f), ImVec2(zero.x, zero.y + font * 1.6f), colors.mistake_ring, 1.5f, 4.0f, 4.0f);
    draw->AddText(ImVec2(zero.x - font * 1.2f, zero.y - font * 2.8f), colors.mistake_ring, "split at 0?");
    // The threshold the lifted learner found (where its line meets the row of ones, right panel).
    if (figure.converged && figure.w.size() == 2 && figure.w[0] != 0.0) {
        const double t = -figure.w[1] / figure.w[0];
        const ImVec2 p = map(t, 0);
        draw->AddLine(ImVec2(p.x, p.y - font * 1.2f), ImVec2(p.x, p.y + font * 1.2f), colors.weight_arrow, 2.5f);
        const std::string label = "learned: x = " + number(t);
        draw->AddText(ImVec2(p.x - ImGui::CalcTextSize(label.c_str()).x * 0.5f, p.y + font * 1.3f), colors.weight_arrow, label.c_str());
    }
    const float radius = std::max(4.0f, font * 0.4f);
    for (std::size_t i = 0; i < figure.data.size(); ++i) draw_marker(draw, map(figure.data.points[i][0], 0), figure.data.labels[i], radius, colors, false);
    wrapped_text(draw, ImVec2(origin.x, origin.y + size.y - note_height), size.x, colors.tick_text, note);
}

void draw_lifted_plane(ImDrawList* draw, ImVec2 origin, ImVec2 size, const BiasFigure& figure, const Palette& colors) {
    const float font = ImGui::GetFontSize();
    float y = origin.y;
    y += wrapped_text(draw, ImVec2(origin.x, y), size.x, colors.text, "Lifted: x \xE2\x86\x92 (x, 1)") + 4;
    const bool has_line = figure.converged && figure.w.size() == 2 && (figure.w[0] != 0.0 || figure.w[1] != 0.0);
    const double t = has_line && figure.w[0] != 0.0 ? -figure.w[1] / figure.w[0] : 0.0;
    const bool roomy = size.x >= font * 22.0f;
    std::string note = "The learner did not converge.";
    if (has_line && roomy)
        note = "With a constant 1 as second coordinate, a line through the origin separates them. It crosses the row of "
               "ones at x = " + number(t) + ": the threshold a bias would have provided. (" + std::to_string(figure.mistakes) +
               " mistakes, no bias term.)";
    else if (has_line)
        note = "A line through the origin now separates them; it meets the row of ones at x = " + number(t) + ".";
    const float note_height = ImGui::CalcTextSize(note.c_str(), nullptr, false, size.x).y;
    PlotMap map = figure_panel_map(origin, size, y, note_height);
    constexpr double kArrowLength = 0.8;  // w is drawn as a unit direction of this length
    const double w_length = has_line ? std::hypot(figure.w[0], figure.w[1]) : 1.0;
    map.min_y = std::min(-0.45, has_line ? figure.w[1] / w_length * kArrowLength - 0.35 : 0.0);
    map.max_y = 1.7;
    map.fit();
    const ImVec2 plot_min(map.left, map.top), plot_max(map.left + map.width, map.top + map.height);
    draw->PushClipRect(plot_min, plot_max, true);

    // Axes: x along the bottom, the constant coordinate upwards, both through the origin.
    draw_x_axis(draw, map, 1, 3.0f, 4.0f, colors);
    draw_arrow(draw, map(0, map.min_y), map(0, map.max_y), colors.axis, 1.5f, 9.0f);
    const ImVec2 y_end = map(0, map.max_y);
    draw->AddText(ImVec2(y_end.x + 6, y_end.y), colors.tick_text, "constant");
    const ImVec2 one = map(0, 1);
    draw->AddText(ImVec2(one.x - font * 0.8f, one.y - font * 0.5f), colors.tick_text, "1");
    draw_dashed_line(draw, map(kFigureMinX, 1), map(kFigureMaxX, 1), colors.grid, 1.0f, 3.0f, 3.0f);
    const ImVec2 o = map(0, 0);
    draw->AddCircle(o, 4.0f, colors.axis, 12, 1.5f);

    if (has_line) {
        // The line w1 x + w2 y = 0 runs along (-w2, w1); w is its normal, pointing to the +1 side.
        const double length = w_length;
        const double dx = -figure.w[1] / length, dy = figure.w[0] / length;
        const double far = 20.0;
        draw->AddLine(map(-dx * far, -dy * far), map(dx * far, dy * far), colors.boundary, 2.0f);
        // Label halfway up to the row of ones, in the empty band right of the line.
        const double s_label = dy != 0.0 ? 0.5 / dy : 1.0;
        const ImVec2 label_at = map(dx * s_label, dy * s_label);
        const char* line_text = "w\xC2\xB7(x, 1) = 0";
        const float line_text_width = ImGui::CalcTextSize(line_text).x;
        const float line_text_x = label_at.x + 8 + line_text_width > plot_max.x ? label_at.x - 8 - line_text_width : label_at.x + 8;
        draw->AddText(ImVec2(line_text_x, label_at.y - font * 0.5f), colors.text, line_text);
        const ImVec2 w_tip = map(figure.w[0] / length * kArrowLength, figure.w[1] / length * kArrowLength);
        draw_arrow(draw, o, w_tip, colors.weight_arrow, 2.5f, 9.0f);
        const std::string w_text = "w = (" + number(figure.w[0]) + ", " + number(figure.w[1]) + ")";
        const float w_text_width = ImGui::CalcTextSize(w_text.c_str()).x;
        draw->AddText(ImVec2(std::min(w_tip.x + 6, plot_max.x - w_text_width), w_tip.y - font * 0.5f), colors.weight_arrow, w_text.c_str());
        const ImVec2 cross = map(t, 1);
        draw->AddCircle(cross, 5.0f, colors.weight_arrow, 16, 2.0f);
    }
    const float radius = std::max(4.0f, font * 0.4f);
    for (std::size_t i = 0; i < figure.data.size(); ++i) draw_marker(draw, map(figure.data.points[i][0], 1), figure.data.labels[i], radius, colors, false);
    draw->PopClipRect();
    wrapped_text(draw, ImVec2(origin.x, origin.y + size.y - note_height), size.x, colors.tick_text, note);
}

}  // namespace

// [SECTION] the 1-D -> 2-D bias figure
void draw_bias_scene(ImVec2 size) {
    const ImVec2 available = ImGui::GetContentRegionAvail();
    if (size.x <= 0) size.x = available.x;
    if (size.y <= 0) size.y = available.y;
    size.x = std::max(size.x, 60.0f);
    size.y = std::max(size.y, 60.0f);
    const Palette& colors = active_palette();
    const BiasFigure& figure = bias_figure();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 end(origin.x + size.x, origin.y + size.y);
    draw->PushClipRect(origin, end, true);
    draw->AddRectFilled(origin, end, colors.canvas_bg);
    const float pad = 8.0f, gap = 14.0f;
    // Side by side when there is width to spare, else one above the other.
    const bool side_by_side = size.x >= size.y * 1.1f;
    ImVec2 a_pos(origin.x + pad, origin.y + pad), b_pos;
    ImVec2 panel;
    if (side_by_side) {
        panel = ImVec2((size.x - 2 * pad - gap) * 0.5f, size.y - 2 * pad);
        b_pos = ImVec2(a_pos.x + panel.x + gap, a_pos.y);
        draw->AddLine(ImVec2(b_pos.x - gap * 0.5f, origin.y + pad), ImVec2(b_pos.x - gap * 0.5f, end.y - pad), colors.grid);
    } else {
        panel = ImVec2(size.x - 2 * pad, (size.y - 2 * pad - gap) * 0.5f);
        b_pos = ImVec2(a_pos.x, a_pos.y + panel.y + gap);
        draw->AddLine(ImVec2(origin.x + pad, b_pos.y - gap * 0.5f), ImVec2(end.x - pad, b_pos.y - gap * 0.5f), colors.grid);
    }
    draw_number_line(draw, a_pos, panel, figure, colors);
    draw_lifted_plane(draw, b_pos, panel, figure, colors);
    draw->PopClipRect();
}

// [SECTION] the degree-2 equivalence
namespace {
// When the two sides may part: only where a score is rounded, which with the sqrt(2) factors kept apart
// (lift.hpp) needs non-integer points and big scores. Multiples of 1/1024 (every point the canvas places)
// with scores and (1 + u.v)^2 below 2^13 are exact: their products are multiples of 2^-40 with at most
// 53 significant bits.
constexpr const char* kExactnessNote =
    "Both sides compute exactly, so they meet the same ties: on whole-number points always, and on points placed "
    "on the canvas (multiples of 1/1024) while every term and partial sum of a score stays below 8192 in size. "
    "Past that a score can round to a tiny number on one side and to exactly 0 on the other, and the runs may "
    "part there.";
}  // namespace

void Poly2Equivalence::rebuild(const Session& session) {
    const WidgetState& state = session.state();
    data_revision_ = session.data_revision();
    order_ = state.config.order;
    seed_ = state.config.seed;
    max_epochs_ = state.config.max_epochs;
    total_points_ = state.data.size();

    Dataset data;
    data.dim = state.data.dim;
    for (std::size_t i : spread_subsample(total_points_, kMaxPoints)) data.add(state.data.points[i], state.data.labels[i]);
    used_points_ = data.size();

    TrainConfig primal;
    primal.algorithm = Algorithm::Perceptron;
    primal.lift = LiftKind::Poly2;   // phi(u) = [1, r2 u1, r2 u2, r2 u1 u2, u1^2, u2^2]
    primal.bias = BiasMode::None;    // phi already has a constant coordinate
    primal.init = Init::Zero;        // w = sum alpha_i y_i phi(x_i) needs w to start at 0
    primal.order = order_;
    primal.seed = seed_;
    primal.max_epochs = max_epochs_;
    TrainConfig dual = primal;
    dual.algorithm = Algorithm::Kernel;
    dual.lift = LiftKind::None;
    dual.kernel.type = KernelType::Polynomial;  // K(u, v) = (u.v + 1)^2 = phi(u).phi(v)
    dual.kernel.degree = 2;
    dual.kernel.coef0 = 1.0;
    dual.outlier_threshold = 0;
    primal_ = std::make_unique<Learner>(data, primal);
    kernel_ = std::make_unique<Learner>(std::move(data), dual);
    last_primal_.reset();
    last_kernel_.reset();
}

void Poly2Equivalence::draw(const Session& session) {
    const WidgetState& state = session.state();
    if (!primal_ || data_revision_ != session.data_revision() || order_ != state.config.order ||
        seed_ != state.config.seed || max_epochs_ != state.config.max_epochs || total_points_ != state.data.size())
        rebuild(session);
    const Palette& colors = active_palette();
    ImGui::PushID(this);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted("The explicit degree-2 map \xCF\x86(u) = [1, \xE2\x88\x9A" "2u\xE2\x82\x81, \xE2\x88\x9A" "2u\xE2\x82\x82, "
                           "\xE2\x88\x9A" "2u\xE2\x82\x81u\xE2\x82\x82, u\xE2\x82\x81\xC2\xB2, u\xE2\x82\x82\xC2\xB2] has "
                           "\xCF\x86(u)\xC2\xB7\xCF\x86(v) = (1 + u\xC2\xB7v)\xC2\xB2. So a perceptron on \xCF\x86 and a "
                           "kernel perceptron with that kernel compute the same scores: they stumble on the same "
                           "points in the same order.");
    ImGui::TextDisabled("%s", kExactnessNote);
    item_tooltip("The primal side keeps the \xE2\x88\x9A" "2 factors apart: w = S v and \xCF\x86(x) = S\xCF\x88(x) with "
                 "S = diag(1, \xE2\x88\x9A" "2, \xE2\x88\x9A" "2, \xE2\x88\x9A" "2, 1, 1), so w\xC2\xB7\xCF\x86(x) = "
                 "\xCE\xA3 s\xE2\x82\x96\xC2\xB2 v\xE2\x82\x96 \xCF\x88\xE2\x82\x96(x) with s\xE2\x82\x96\xC2\xB2 = 1 or 2: no rounded "
                 "\xE2\x88\x9A" "2 is ever multiplied by another. A score of exactly 0 (a tie, which counts as a mistake) "
                 "is then 0 on both sides.");
    ImGui::PopTextWrapPos();
    if (state.data.dim != 2)
        ImGui::TextDisabled("(The data is %d-D: the map then has all degree-2 monomials; the identity still holds.)", state.data.dim);
    if (used_points_ < total_points_)
        ImGui::TextDisabled("Using a sample of %zu of the %zu points, to keep the kernel side quick.", used_points_, total_points_);

    const bool empty = used_points_ == 0;
    ImGui::BeginDisabled(empty);
    if (ImGui::Button("Step")) {
        last_primal_ = primal_->step();
        last_kernel_ = kernel_->step();
    }
    item_tooltip("Both learners visit the next example (same order, same seed).");
    ImGui::SameLine();
    if (ImGui::Button("Epoch")) {
        // Visit by visit, so the last update of each side is known for the table.
        const std::size_t target = primal_->epochs_completed() + 1;
        for (std::size_t guard = 0; guard <= used_points_ && primal_->epochs_completed() < target; ++guard) {
            const Update a = primal_->step();
            const Update b = kernel_->step();
            if (!a.visited && !b.visited) break;
            last_primal_ = a;
            last_kernel_ = b;
        }
    }
    item_tooltip("Both learners finish the current pass over the data.");
    ImGui::SameLine();
    if (ImGui::Button("Reset")) rebuild(session);
    item_tooltip("Back to w = 0 and \xCE\xB1 = 0.");
    ImGui::EndDisabled();
    if (empty) {
        ImGui::TextDisabled("No points: add some on the canvas.");
        ImGui::PopID();
        return;
    }

    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("##poly2-table", 3, flags)) {
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("Primal on \xCF\x86", ImGuiTableColumnFlags_WidthStretch, 1.3f);
        ImGui::TableSetupColumn("Kernel (1+u\xC2\xB7v)\xC2\xB2", ImGuiTableColumnFlags_WidthStretch, 1.3f);
        ImGui::TableHeadersRow();
        auto row = [](const char* name, const std::string& left, const std::string& right) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(left.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(right.c_str());
        };
        row("mistakes M", std::to_string(primal_->mistakes()), std::to_string(kernel_->mistakes()));
        row("visits", std::to_string(primal_->visits()), std::to_string(kernel_->visits()));
        row("epochs", std::to_string(primal_->epochs_completed()), std::to_string(kernel_->epochs_completed()));
        auto visited = [](const std::optional<Update>& u) -> std::string {
            if (!u) return "\xE2\x80\x93";
            if (!u->visited) return "finished";
            return point_name(u->index) + (u->mistake ? ", mistake" : ", correct");
        };
        row("last visit", visited(last_primal_), visited(last_kernel_));
        auto score = [](const std::optional<Update>& u) -> std::string {
            return u && u->visited ? number(u->score_before, 5) : "\xE2\x80\x93";
        };
        row("f(x) before", score(last_primal_), score(last_kernel_));
        std::size_t support = 0;
        for (double a : kernel_->alphas()) support += a != 0.0 ? 1 : 0;
        row("stores", std::to_string(primal_->weights().size()) + " weights", std::to_string(support) + " \xCE\xB1 \xE2\x89\xA0 0");
        auto status = [](const Learner& l) -> std::string { return l.converged() ? "converged" : l.capped() ? "epoch cap" : "training"; };
        row("status", status(*primal_), status(*kernel_));
        ImGui::EndTable();
    }
    const bool same = primal_->mistake_indices() == kernel_->mistake_indices();
    ImGui::TextUnformatted("same mistakes so far:");
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, same ? colors.weight_arrow : colors.mistake_ring);
    ImGui::TextUnformatted(same ? "yes" : "no");
    ImGui::PopStyleColor();
    if (!same) {
        const auto& a = primal_->mistake_indices();
        const auto& b = kernel_->mistake_indices();
        std::size_t k = 0;
        while (k < a.size() && k < b.size() && a[k] == b[k]) ++k;
        ImGui::SameLine();
        ImGui::TextDisabled("(they parted at mistake %zu: a score rounded, see above)", k + 1);
    }
    item_tooltip("Compares the list of examples each learner got wrong, in order. The kernel side never builds "
                 "\xCF\x86, yet the lists agree, because every score it computes equals w\xC2\xB7\xCF\x86(x).");
    const Vec& w = primal_->weights();
    if (w.size() == 6) {
        std::string text = "w = (";
        for (std::size_t i = 0; i < w.size(); ++i) text += (i ? ", " : "") + number(w[i]);
        text += ")";
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", text.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::PopID();
}

// [SECTION] the tab bar for the app's layout
void draw_lift_panel(LiftPanel& panel, Session& session, const Scene& model, ImVec2 size) {
    const ImVec2 available = ImGui::GetContentRegionAvail();
    if (size.x <= 0) size.x = available.x;
    if (size.y <= 0) size.y = available.y;
    ImGui::BeginChild("##lift-panel", size, false, ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NavFlattened);
    if (ImGui::BeginTabBar("##lift-tabs")) {
        if (ImGui::BeginTabItem("3-D lift")) {
            panel.view.draw(session, model, ImVec2(0, 0));
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("Bias: 1-D \xE2\x86\x92 2-D")) {
            draw_bias_scene(ImVec2(0, 0));
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("Degree 2 = kernel")) {
            ImGui::BeginChild("##poly2-scroll", ImVec2(0, 0), false, ImGuiWindowFlags_NavFlattened);
            panel.equivalence.draw(session);
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    ImGui::EndChild();
}

}  // namespace pl::app
