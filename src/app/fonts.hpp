// The UI font (DejaVu Sans, subset and embedded at build time), rasterised at the device pixel ratio
// so text stays crisp on HiDPI screens.
#pragma once

namespace pl::app {

struct Fonts {
    float pixel_ratio = 0.0f;  // ratio the atlas was built for
    bool rebuild_if_needed(float device_pixel_ratio);  // true when the atlas was rebuilt
};

}  // namespace pl::app
