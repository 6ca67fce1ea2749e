#include "core/scene/lift_camera.hpp"

#include <algorithm>
#include <cmath>

namespace pl {

void LiftCamera::orbit(double dx_pixels, double dy_pixels) {
    yaw -= dx_pixels * kOrbitRadiansPerPixel;
    pitch = std::clamp(pitch + dy_pixels * kOrbitRadiansPerPixel, kMinPitch, kMaxPitch);
    yaw = std::fmod(yaw, 6.283185307179586);  // kept small, so precision never drifts over a long drag
}

void LiftCamera::zoom_by(double steps) { zoom = std::clamp(zoom * std::pow(1.12, steps), kMinZoom, kMaxZoom); }

std::array<double, 3> LiftCamera::eye() const {
    const double d = kBaseDistance / zoom;
    return {d * std::cos(pitch) * std::cos(yaw), d * std::cos(pitch) * std::sin(yaw), d * std::sin(pitch)};
}

double LiftCamera::vertical_fov(double aspect) {
    return aspect >= 1.0 ? kFieldOfView : 2.0 * std::atan(std::tan(kFieldOfView * 0.5) / aspect);
}

}  // namespace pl
