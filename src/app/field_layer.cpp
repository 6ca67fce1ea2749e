#include "app/field_layer.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>

namespace pl::app {

namespace {
std::uint64_t mix(std::uint64_t h, const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
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

FieldView FieldLayer::field_view(const View& view) {
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    FieldView fv;
    fv.width = static_cast<int>(std::lround(view.width() * scale.x));
    fv.height = static_cast<int>(std::lround(view.height() * scale.y));
    fv.units_per_pixel = 1.0 / (view.pixels_per_unit() * static_cast<double>(scale.x));
    fv.center_x = view.to_data_x(view.origin_x() + view.width() * 0.5f);
    fv.center_y = view.to_data_y(view.origin_y() + view.height() * 0.5f);
    return fv;
}

bool FieldLayer::draw(ImDrawList* draw, const View& view, const FrameModel& model, const Palette& colors, bool training_running) {
    if (!renderer_.ok()) return false;
    const DecisionField& field = model.field;
    const FieldView fv = field_view(view);
    FieldStyle style{};
    to_rgb(colors.positive, style.positive);
    to_rgb(colors.negative, style.negative);
    to_rgb(colors.canvas_bg, style.background);
    to_rgb(colors.boundary, style.contour);
    style.strength_scale = static_cast<float>(model.facts.largest_abs_score);
    style.unit_contours = model.state().panels.margin_band && field.kind == DecisionField::Kind::Kernel;
    std::uint64_t key = field_fingerprint(field);
    key = mix(key, &fv, sizeof fv);
    key = mix(key, &style, sizeof style);

    const double now = seconds_now();
    const bool expensive = field.support.size() + field.voted_w.size() > kExpensiveRecords;
    const double interval = expensive ? kRunningRepaintSecondsExpensive : kRunningRepaintSeconds;
    const bool throttled = training_running && now - painted_at_ < interval;
    // While running, a pass under way finishes before the next starts (else slow renderers would only
    // ever repaint the top rows); at rest a change restarts at once.
    if (key != painted_key_ && !throttled && (complete_ || !training_running)) {
        if (expensive || training_running) {
            complete_ = renderer_.render_step(field, fv, style, true, kBandBudgetMs);
        } else {
            if (!renderer_.render(field, fv, style)) return false;
            complete_ = true;
        }
        painted_key_ = key;
        painted_at_ = now;
    } else if (!complete_) {
        complete_ = renderer_.render_step(field, fv, style, false, kBandBudgetMs);
    }
    if (!renderer_.texture()) return false;
    const auto id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(renderer_.texture()));
    // Framebuffer textures are stored bottom-up: flip v.
    draw->AddImage(id, ImVec2(view.origin_x(), view.origin_y()),
                   ImVec2(view.origin_x() + view.width(), view.origin_y() + view.height()), ImVec2(0, 1), ImVec2(1, 0));
    return true;
}

}  // namespace pl::app
