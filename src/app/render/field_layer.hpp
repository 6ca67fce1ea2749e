// The decision regions under everything else on the canvas: when to repaint them (the policy, with
// its constants named below) and the GPU renderer that paints f(x) at every device pixel.
#pragma once
#include <cstdint>
#include <string>

#include "app/base/view.hpp"
#include "app/render/field_renderer.hpp"
#include "core/scene/scene.hpp"
#include "app/base/theme.hpp"
#include "imgui.h"

namespace pl::app {

class FieldLayer {
public:
    FieldLayer() { coarse_.renderer.share_programs_of(fine_.renderer); }
    // Paints the regions into the canvas rectangle of `view` (as an image under the other layers).
    // Returns false when the GPU path is not available this frame (the caller tints by the line).
    bool draw(ImDrawList* draw, const View& view, const Scene& model, const Palette& colors, bool training_running);
    // Once, kWarmUpFrame frames after the canvas's first: prepares what the first coarse picture needs
    // (see the .cpp). Called every frame the canvas is drawn; counts the frames until then.
    void warm_up(ImDrawList* draw, const View& view, const DecisionField& field);
    bool settling() const { return !fine_.complete || !coarse_.complete; }  // a progressive repaint is under way
    // The canvas was drawn and its warm-up is still to come: it needs those frames.
    bool warm_up_pending() const { return !warmed_ && frames_before_warm_up_ < kWarmUpFrame; }
    static constexpr int kWarmUpFrame = 3;
    // Why the regions were computed on the CPU this time (a model beyond the GPU path's limits), or "".
    const std::string& notice() const { return shown_->renderer.notice(); }
    FieldRenderer& renderer() { return fine_.renderer; }  // the exact, one value per device pixel
    // Something else drew into the exact picture's target (the test build's GPU/CPU check): paint it
    // again before it is next shown.
    void repaint_exact() { fine_.painted_key = 0; }
    bool showing_coarse() const { return shown_ == &coarse_; }  // this frame shows the picture made while Run is on
    // The canvas in device pixels, as the shader sees it.
    static FieldView field_view(const View& view);

    // While Run is on the model changes every frame; repainting every pixel each time would make a
    // software renderer (or a weak GPU) crawl, so the regions catch up a few times a second (the line
    // and w are still drawn every frame). At rest every change repaints at once.
    static constexpr double kRunningRepaintSeconds = 0.2;
    static constexpr double kRunningRepaintSecondsExpensive = 0.5;
    // Cost is pixels x records; above this many records (support vectors, voted vectors) a field is
    // "expensive": it is painted band by band, which a software renderer needs to stay responsive.
    static constexpr std::size_t kExpensiveRecords = 16;
    // GPU time per frame for a band of a progressive repaint (measured on SwiftShader: no frame freezes).
    static constexpr double kBandBudgetMs = 12.0;

    // While Run is on, the regions are painted at one value per kCoarsePixels x kCoarsePixels device
    // pixels (a sixteenth of the work: on a software renderer the exact field of a 1280x800 canvas
    // takes about 100 ms even for a line); at rest, and as soon as Run stops, exactly per pixel.
    static constexpr int kCoarsePixels = 4;

private:
    struct Pass {
        FieldRenderer renderer;
        std::uint64_t painted_key = 0;
        bool complete = true;
        bool whole = false;  // coarse: its texture holds one whole picture of this run
    };
    Pass fine_, coarse_;
    const Pass* shown_ = &fine_;
    double painted_at_ = -1.0;
    bool was_running_ = false;
    bool warmed_ = false;
    int frames_before_warm_up_ = kWarmUpFrame;
};

}  // namespace pl::app
