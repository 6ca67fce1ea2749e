// The lift view's orbit camera, defined once for the view on screen (app/lift/lift_camera.cpp projects
// through it with glm) and the lift figure (core/figures/lift_svg.cpp projects through it in std C++):
// the angle and zoom it starts with and goes back to on "Reset view", how a drag and a wheel notch move
// it, where the eye is, and the lens. World coordinates are the normalised data box [-1, 1]^3 with the
// lifted coordinate up (z).
#pragma once
#include <array>

namespace pl {

struct LiftCamera {
    static constexpr double kDefaultYaw = -0.95;    // radians around the up axis
    static constexpr double kDefaultPitch = 0.42;   // radians above the floor
    static constexpr double kMinPitch = -1.45, kMaxPitch = 1.45;  // never exactly over the pole
    static constexpr double kMinZoom = 0.5, kMaxZoom = 2.0;       // the eye stays outside the box
    static constexpr double kOrbitRadiansPerPixel = 0.008;
    static constexpr double kBaseDistance = 6.2;    // eye distance at zoom 1 (the box has radius sqrt(3))
    static constexpr double kFieldOfView = 0.62;    // radians, along the shorter side of the picture
    static constexpr double kNear = 0.1, kFar = 50.0;

    double yaw = kDefaultYaw;
    double pitch = kDefaultPitch;
    double zoom = 1.0;

    void orbit(double dx_pixels, double dy_pixels);  // a mouse or touch drag
    void zoom_by(double steps);                      // wheel notches: > 0 moves closer
    void reset() { *this = LiftCamera{}; }
    // The eye in world coordinates: on the +x axis at the camera's distance, tilted up by the pitch, then
    // turned about "up" by the yaw.
    std::array<double, 3> eye() const;
    // The vertical angle of view for a picture of this width / height: on a tall picture it widens, so
    // the box still fits across.
    static double vertical_fov(double aspect);
};

}  // namespace pl
