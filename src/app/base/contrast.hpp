// WCAG 2.1 contrast between two colours, computed exactly as the standard defines it (relative
// luminance of sRGB, (L1 + 0.05) / (L2 + 0.05)), and the colour a translucent colour becomes over an
// opaque one. Plain math on 0..255 or 0..1 channels, no ImGui: the theme tests use it on the
// theme's own colour tables.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace pl::app {

struct Rgba {
    double r = 0, g = 0, b = 0, a = 1;  // 0..1
};

// An ImU32 (Dear ImGui's packing: R in the lowest byte) as Rgba.
inline Rgba from_u32(std::uint32_t c) {
    return {static_cast<double>(c & 0xFF) / 255.0, static_cast<double>((c >> 8) & 0xFF) / 255.0,
            static_cast<double>((c >> 16) & 0xFF) / 255.0, static_cast<double>((c >> 24) & 0xFF) / 255.0};
}

// `top` painted over the opaque `bottom` (alpha blending, as the GPU does it).
inline Rgba over(const Rgba& top, const Rgba& bottom) {
    const double a = top.a;
    return {top.r * a + bottom.r * (1 - a), top.g * a + bottom.g * (1 - a), top.b * a + bottom.b * (1 - a), 1.0};
}

// `from` moved towards `to` by t (the decision field's tint: mix(background, class colour, strength)).
inline Rgba mix(const Rgba& from, const Rgba& to, double t) {
    return {from.r + (to.r - from.r) * t, from.g + (to.g - from.g) * t, from.b + (to.b - from.b) * t, 1.0};
}

inline double relative_luminance(const Rgba& c) {
    const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

// 1 (the same luminance) to 21 (black on white). Both colours must be opaque (use over() first).
inline double contrast_ratio(const Rgba& a, const Rgba& b) {
    const double la = relative_luminance(a), lb = relative_luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// WCAG 2.1 AA: 4.5:1 for text (1.4.3), 3:1 for graphics and the parts of controls (1.4.11).
inline constexpr double kTextContrast = 4.5;
inline constexpr double kGraphicsContrast = 3.0;

}  // namespace pl::app
