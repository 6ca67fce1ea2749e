#include "app/render/field_layer.hpp"

#include "app/render/gl.hpp"
#include "core/base/hash_bytes.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>

namespace pl::app {

namespace {
void to_rgb(ImU32 c, float out[3]) {
    out[0] = static_cast<float>((c >> IM_COL32_R_SHIFT) & 0xFF) / 255.0f;
    out[1] = static_cast<float>((c >> IM_COL32_G_SHIFT) & 0xFF) / 255.0f;
    out[2] = static_cast<float>((c >> IM_COL32_B_SHIFT) & 0xFF) / 255.0f;
}
double seconds_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
// The regions' picture is opaque and lies under everything else on the canvas: drawn without blending,
// which spares a software renderer reading back every pixel of the plot (Dear ImGui blends all it draws).
void add_opaque_image(ImDrawList* draw, ImTextureID id, ImVec2 p0, ImVec2 p1, ImVec2 uv0, ImVec2 uv1) {
    draw->AddCallback([](const ImDrawList*, const ImDrawCmd*) { glDisable(GL_BLEND); }, nullptr);
    draw->AddImage(id, p0, p1, uv0, uv1);
    draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}
// The same plot at one value per kCoarsePixels x kCoarsePixels device pixels: whole coarse pixels
// covering it, centred like the exact view.
FieldView coarse_view(const FieldView& exact) {
    FieldView coarse = exact;
    coarse.width = (exact.width + FieldLayer::kCoarsePixels - 1) / FieldLayer::kCoarsePixels;
    coarse.height = (exact.height + FieldLayer::kCoarsePixels - 1) / FieldLayer::kCoarsePixels;
    coarse.units_per_pixel = exact.units_per_pixel * FieldLayer::kCoarsePixels;
    return coarse;
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

bool FieldLayer::draw(ImDrawList* draw, const View& view, const Scene& model, const Palette& colors, bool training_running) {
    const DecisionField& field = model.field;
    const FieldView exact = field_view(view);
    const FieldView fv = training_running ? coarse_view(exact) : exact;
    if (training_running && !was_running_) {  // a new run: its first coarse picture comes at once
        coarse_.painted_key = 0;
        coarse_.whole = false;
        painted_at_ = -1.0;
    }
    was_running_ = training_running;
    Pass& pass = training_running ? coarse_ : fine_;
    if (!pass.renderer.ok()) return false;
    FieldStyle style{};
    to_rgb(colors.positive, style.positive);
    to_rgb(colors.negative, style.negative);
    to_rgb(colors.canvas_bg, style.background);
    to_rgb(colors.boundary, style.contour);
    style.strength_scale = static_cast<float>(model.facts.largest_abs_score);
    style.unit_contours = model.state().panels.margin_band && field.kind == DecisionField::Kind::Kernel;
    std::uint64_t key = field_fingerprint(field);
    key = hash_bytes(key, &fv, sizeof fv);
    key = hash_bytes(key, &style, sizeof style);

    const double now = seconds_now();
    const bool expensive = field.support.size() + field.voted_w.size() > kExpensiveRecords;
    const double interval = expensive ? kRunningRepaintSecondsExpensive : kRunningRepaintSeconds;
    const bool throttled = training_running && now - painted_at_ < interval;
    // While running, a pass under way finishes before the next starts (else slow renderers would only
    // ever repaint the top rows); at rest a change restarts at once.
    if (key != pass.painted_key && !throttled && (pass.complete || !training_running)) {
        // Only an expensive field is painted in timed bands: timing a band waits for the GPU, and that
        // wait stops the page from preparing the next frame while the GPU draws this one. A cheap field
        // (a line, a lift: a few operations a pixel) is painted whole, without waiting.
        if (expensive) {
            pass.complete = pass.renderer.render_step(field, fv, style, true, kBandBudgetMs);
        } else {
            if (!pass.renderer.render(field, fv, style)) return false;
            pass.complete = true;
        }
        pass.painted_key = key;
        painted_at_ = now;
    } else if (!pass.complete) {
        pass.complete = pass.renderer.render_step(field, fv, style, false, kBandBudgetMs);
    }
    // Run just started and its first coarse picture is not there yet: keep showing the exact one. Run
    // stopped and the exact picture of an expensive field is still coming band by band: keep showing
    // the last coarse one until it is complete (coarse to fine), then never again.
    if (coarse_.complete && coarse_.painted_key != 0) coarse_.whole = true;
    if (!training_running && fine_.complete) {
        coarse_.painted_key = 0;
        coarse_.whole = false;
    }
    const Pass& shown = training_running ? (coarse_.whole ? coarse_ : fine_) : (!fine_.complete && coarse_.whole ? coarse_ : fine_);
    shown_ = &shown;
    if (!shown.renderer.texture()) return false;
    const auto id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(shown.renderer.texture()));
    // Framebuffer textures are stored bottom-up: flip v. A coarse picture overhangs the plot by less
    // than a coarse pixel on each side: its middle part is shown.
    float inset_u = 0.0f, inset_v = 0.0f;
    if (&shown == &coarse_) {
        inset_u = 0.5f * (1.0f - static_cast<float>(exact.width) / static_cast<float>(fv.width * kCoarsePixels));
        inset_v = 0.5f * (1.0f - static_cast<float>(exact.height) / static_cast<float>(fv.height * kCoarsePixels));
    }
    add_opaque_image(draw, id, ImVec2(view.origin_x(), view.origin_y()), ImVec2(view.origin_x() + view.width(), view.origin_y() + view.height()),
                     ImVec2(inset_u, 1.0f - inset_v), ImVec2(1.0f - inset_u, inset_v));
    return true;
}

// A software renderer prepares the drawing of each new kind of draw call (a shader into a new target,
// a quad without blending) the first time it meets it, 150-200 ms in all here. Without this, that pause
// comes when a student first presses Run on data that were never trained (the regions' first picture
// is coarse). It comes a few frames after the first one (warm_up_pending() asks for them), so the first
// picture of the widget is on screen without waiting for it (bench/web_budget.mjs [load]).
void FieldLayer::warm_up(ImDrawList* draw, const View& view, const DecisionField& field) {
    if (warmed_) return;
    if (frames_before_warm_up_ > 0) {
        --frames_before_warm_up_;
        return;
    }
    warmed_ = true;
    if (!coarse_.renderer.ok()) return;
    FieldStyle style{};
    if (!coarse_.renderer.render(field, coarse_view(field_view(view)), style)) return;
    const auto id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(coarse_.renderer.texture()));
    const ImVec2 corner(view.origin_x(), view.origin_y());
    add_opaque_image(draw, id, corner, corner, ImVec2(0, 0), ImVec2(1, 1));  // no area: nothing shows
}

}  // namespace pl::app
