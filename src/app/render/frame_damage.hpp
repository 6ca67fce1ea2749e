// Which part of the screen a frame has to draw again. On the web the canvas keeps its pixels from one
// frame to the next (preserveDrawingBuffer), so a frame only clears and draws the rectangle where
// Dear ImGui's draw lists differ from the last frame's: while Run trains, the plot and the theory panel
// change every frame and the controls panel does not. A software renderer (SwiftShader: school labs,
// headless browsers) spends several milliseconds a frame on each panel, so skipping an unchanged one
// is the difference between 27 and 30+ frames a second there (bench/big_data.mjs).
//
// A draw list "differs" when its vertices, indices or commands do (a hash of all of them), or when a
// texture it draws was written this frame (note_texture_written: the regions, the point layers). Where
// one list differs, every list that overlaps it is drawn again too, in order, clipped to the rectangle.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "imgui.h"

namespace pl::app {

// Called by whoever writes a texture's pixels (an upload, a render into it). FrameDamage reads and
// clears the list once a frame.
void note_texture_written(unsigned int texture);

struct DamageRect {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // Dear ImGui's coordinates (logical pixels)
    bool empty() const { return x1 <= x0 || y1 <= y0; }
};

class FrameDamage {
public:
    // What to draw this frame: everything, nothing, or `rect` (cleared, then the draw data clipped to it).
    struct Plan {
        bool full = true;
        DamageRect rect;
        bool nothing() const { return !full && rect.empty(); }
    };

    // Compares `draw_data` with the last frame's and, for a partial plan, clips its commands to the
    // rectangle and leaves out the lists that lie wholly outside it (they are neither uploaded nor drawn).
    // full_redraw: the framebuffer's pixels cannot be trusted (first frame, new size, new clear colour,
    // native double buffering): draw everything.
    Plan plan(ImDrawData* draw_data, bool full_redraw);

private:
    struct Record {
        std::uint64_t hash = 0;
        DamageRect bounds;
        bool seen = false;  // in this frame's draw data
    };
    std::unordered_map<const ImDrawList*, Record> last_;
};

}  // namespace pl::app
