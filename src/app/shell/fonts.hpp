// The UI font (DejaVu Sans, subset and embedded at build time), rasterised at the device pixel ratio
// so text stays crisp on HiDPI screens, at the larger-text setting's size (text_scale 1 = 15 px).
#pragma once

namespace pl::app {

// When the display's pixel ratio is one the atlas is built for (a multiple of 0.25: 1, 1.5, 2, ...), each
// glyph texel lands on one device pixel: the atlas is then built without horizontal oversampling and
// sampled without filtering, which a software renderer (SwiftShader) draws about a third faster than
// bilinear filtering, for every panel, text and line it draws (bench/big_data.mjs). Dear ImGui's
// anti-aliased lines then use geometry instead of the atlas's baked line texture, which needs filtering.
struct Fonts {
    float pixel_ratio = 0.0f;  // ratio the atlas was built for
    float text_scale = 0.0f;   // and text size
    bool nearest = false;      // texel for pixel: no oversampling, no filtering
    bool rebuild_if_needed(float device_pixel_ratio, float text_scale);  // true when the atlas was rebuilt
    // Sets the atlas texture's filter and the lines' style to match `nearest`; call after the GL backend's
    // NewFrame (it uploads the atlas on the first frame).
    void apply_sampling();

private:
    unsigned int sampled_texture_ = 0;
    bool sampled_nearest_ = false;
};

}  // namespace pl::app
