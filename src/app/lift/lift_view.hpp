// The lift view: the 2-D points lifted into 3-D by the x1*x2 or x1^2+x2^2 feature, with the plane the
// perceptron learned in that space. A curved boundary on the 2-D canvas is this flat plane seen from
// above. Orbit by dragging (mouse or touch), zoom with the wheel or the +/- buttons.
//
// Same pattern as the canvas: an InvisibleButton takes the input, the window's draw list takes the
// drawing; the 3-D math lives in lift_camera.hpp. Points are depth-sorted (painter's algorithm) and
// split by the plane: points behind it are drawn first, then the translucent plane, then the rest.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "app/lift/lift_camera.hpp"
#include "core/scene/scene.hpp"
#include "core/figures/lift_geometry.hpp"
#include "core/session/session.hpp"
#include "imgui.h"

namespace pl::app {

struct Palette;

// Indices of at most max_count of n points, sorted and spread over the whole set (not "every k-th",
// which can pick a single class when a generator emits classes in turn). All of 0..n-1 when n <= max_count.
std::vector<std::size_t> spread_subsample(std::size_t n, std::size_t max_count);

class LiftView {
public:
    // Draws into the current window at the cursor. A size component <= 0 means "all the room left"
    // on that axis (ImGui's convention). Lifts other than Product/Radial get an explanation and
    // buttons that switch the session to a drawable lift.
    void draw(Session& session, const Scene& model, ImVec2 size);
    void reset_view() { camera_.reset(); }
    const OrbitCamera& camera() const { return camera_; }

    static constexpr std::size_t kMaxDrawnPoints = 3000;  // bigger data sets are drawn subsampled

private:
    struct LiftedPoint {
        Point3 world;        // in the normalised box [-1, 1]^3
        std::size_t index;   // index in the session's data
        int label;
    };
    // The separating plane n.u + d = 0 in normalised box coordinates (see lift_view.cpp).
    struct Plane { Point3 normal; float offset = 0; bool valid = false; };

    void refresh_points(const Session& session);
    void draw_toolbar(const Session& session);
    void draw_scene(const Session& session, const Scene& model, ImVec2 origin, ImVec2 size, bool hovered);
    void draw_unsupported(Session& session, ImVec2 size);
    Plane separating_plane(const Scene& model, const char** why_not) const;
    float to_box(int axis, double value) const;
    double from_box(int axis, float value) const;

    OrbitCamera camera_;
    bool dragging_ = false;
    bool stems_ = true;  // thin lines from the floor (the raw point) up to the lifted point

    // Lifted points, rebuilt when the data or the lift changes.
    std::uint64_t cached_revision_ = ~0ull;
    LiftKind cached_lift_ = LiftKind::None;
    std::size_t cached_size_ = ~std::size_t{0};
    std::vector<LiftedPoint> points_;
    std::size_t total_points_ = 0;
    LiftBox box_;  // the lifted points' extent and the map to the cube (core/figures/lift_geometry.hpp)
    std::vector<std::size_t> order_;  // scratch: drawing order
};

}  // namespace pl::app
