// The UI font (DejaVu Sans, subset and embedded at build time), rasterised at the device pixel ratio
// so text stays crisp on HiDPI screens, at the larger-text setting's size (text_scale 1 = 15 px).
#pragma once

namespace pl::app {

struct Fonts {
    float pixel_ratio = 0.0f;  // ratio the atlas was built for
    float text_scale = 0.0f;   // and text size
    bool rebuild_if_needed(float device_pixel_ratio, float text_scale);  // true when the atlas was rebuilt
};

}  // namespace pl::app
