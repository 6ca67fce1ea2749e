#include "app/lift/lift_camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "core/figures/lift_geometry.hpp"

namespace pl::app {

namespace {
constexpr float kOrbitRadiansPerPixel = 0.008f;
constexpr float kBaseDistance = 6.2f;     // eye distance at zoom 1 (the box has radius sqrt(3))
constexpr float kFieldOfView = 0.62f;     // radians, along the shorter side of the screen rectangle

glm::vec3 to_glm(Point3 p) { return {p.x, p.y, p.z}; }
}  // namespace

void OrbitCamera::orbit(float dx_pixels, float dy_pixels) {
    yaw -= dx_pixels * kOrbitRadiansPerPixel;
    pitch = std::clamp(pitch + dy_pixels * kOrbitRadiansPerPixel, kMinPitch, kMaxPitch);
    const float turn = 2.0f * glm::pi<float>();
    yaw = std::fmod(yaw, turn);  // keep it small so float precision never drifts
}

void OrbitCamera::zoom_by(float steps) { zoom = std::clamp(zoom * std::pow(1.12f, steps), kMinZoom, kMaxZoom); }

Point3 OrbitCamera::eye() const {
    // Start on the +x axis at the camera's distance, tilt up by the pitch, then turn about "up" (z).
    const glm::mat4 tilt = glm::rotate(glm::mat4(1.0f), -pitch, glm::vec3(0, 1, 0));
    const glm::mat4 turn = glm::rotate(glm::mat4(1.0f), yaw, glm::vec3(0, 0, 1));
    const glm::vec4 eye = turn * tilt * glm::vec4(kBaseDistance / zoom, 0, 0, 1);
    return {eye.x, eye.y, eye.z};
}

CameraProjection::CameraProjection(const OrbitCamera& camera, ScreenRect rect) : eye_(camera.eye()), rect_(rect) {
    const float width = std::max(1.0f, rect.width), height = std::max(1.0f, rect.height);
    const float aspect = width / height;
    // glm::perspective takes the vertical angle; on a tall rectangle widen it so the box still fits across.
    const float fovy = aspect >= 1.0f ? kFieldOfView : 2.0f * std::atan(std::tan(kFieldOfView * 0.5f) / aspect);
    const glm::mat4 view = glm::lookAt(to_glm(eye_), glm::vec3(0, 0, 0), glm::vec3(0, 0, 1));
    const glm::mat4 projection = glm::perspective(fovy, aspect, 0.1f, 50.0f);
    std::copy_n(glm::value_ptr(view), 16, view_.begin());
    std::copy_n(glm::value_ptr(projection), 16, projection_.begin());
}

Projected CameraProjection::project(Point3 world) const {
    const glm::vec4 viewport(0.0f, 0.0f, std::max(1.0f, rect_.width), std::max(1.0f, rect_.height));
    const glm::vec3 window = glm::project(to_glm(world), glm::make_mat4(view_.data()),
                                          glm::make_mat4(projection_.data()), viewport);
    // glm's window y grows upwards; ImGui's grows downwards.
    return {rect_.left + window.x, rect_.top + viewport.w - window.y, window.z};
}

std::vector<Point3> clip_plane_to_cube(Point3 normal, float offset) {
    const std::vector<Point3d> hits = pl::clip_plane_to_cube({normal.x, normal.y, normal.z}, offset);
    std::vector<Point3> polygon;
    polygon.reserve(hits.size());
    for (const Point3d& p : hits) polygon.push_back({static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2])});
    return polygon;
}

}  // namespace pl::app
