#include "app/lift/lift_camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "core/figures/lift_geometry.hpp"

namespace pl::app {

namespace {
glm::vec3 to_glm(Point3 p) { return {p.x, p.y, p.z}; }
}  // namespace

CameraProjection::CameraProjection(const OrbitCamera& camera, ScreenRect rect) : rect_(rect) {
    const std::array<double, 3> eye = camera.eye();
    eye_ = {static_cast<float>(eye[0]), static_cast<float>(eye[1]), static_cast<float>(eye[2])};
    const float width = std::max(1.0f, rect.width), height = std::max(1.0f, rect.height);
    const float aspect = width / height;
    const auto fovy = static_cast<float>(OrbitCamera::vertical_fov(aspect));  // glm::perspective takes the vertical angle
    const glm::mat4 view = glm::lookAt(to_glm(eye_), glm::vec3(0, 0, 0), glm::vec3(0, 0, 1));
    const glm::mat4 projection = glm::perspective(fovy, aspect, static_cast<float>(OrbitCamera::kNear), static_cast<float>(OrbitCamera::kFar));
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
