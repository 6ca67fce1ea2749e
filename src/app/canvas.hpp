// The 2-D canvas, in three layers (Dear ImGui's custom-canvas pattern: an InvisibleButton takes the
// input, the window's draw list takes the drawing):
//   input     CanvasInput: edits through Session verbs (canvas_input.hpp)
//   field     FieldLayer: the per-pixel decision regions and when to repaint them (field_layer.hpp)
//   overlays  pure drawing from the model snapshot (canvas_overlays.hpp)
// The canvas itself keeps only what lives between frames: the view mapping, the update animation and
// the fade of the online verdict.
#pragma once
#include <cstdint>
#include <optional>

#include "app/canvas_input.hpp"
#include "app/field_layer.hpp"
#include "app/frame_model.hpp"
#include "app/view.hpp"
#include "core/session.hpp"

namespace pl::app {

class Canvas {
public:
    // Lays the canvas out in the rest of the current window, handles its input, then draws the model
    // (brought up to date after the input, so an edit shows in the same frame).
    void draw(Session& session, ModelCache& models, float delta_seconds, bool training_running);
    bool animating() const { return animation_time_ >= 0.0f || field_.settling() || online_fade_running(); }
    void start_update_animation(const Update& update);
    std::optional<std::size_t> selected() const { return input_.selected(); }
    void select(std::optional<std::size_t> index) { input_.select(index); }
    const View& view() const { return view_; }
    bool field_drawn_by_gpu() const { return field_drawn_by_gpu_; }  // this frame, the shader painted the regions
    FieldLayer& field_layer() { return field_; }

    static constexpr float kAnimationSeconds = 1.6f;      // the three beats of one update
    static constexpr float kOnlineMessageSeconds = 6.0f;  // how long the online verdict stays up

private:
    bool online_fade_running() const { return online_age_ >= 0.0f && online_age_ < kOnlineMessageSeconds; }

    View view_;
    CanvasInput input_;
    FieldLayer field_;
    bool field_drawn_by_gpu_ = false;
    std::optional<Update> animated_;
    float animation_time_ = -1.0f;
    std::uint64_t online_serial_seen_ = 0;
    float online_age_ = -1.0f;
};

}  // namespace pl::app
