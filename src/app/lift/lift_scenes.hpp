// Two lecture figures about lifting, next to the 3-D lift view:
//   * the bias figure: 1-D points that no threshold at 0 separates become separable by a line through
//     the origin once every point gets a constant second coordinate 1 (x -> (x, 1));
//   * the degree-2 equivalence: a perceptron on the explicit 6-D map phi and a kernel perceptron with
//     K(u, v) = (1 + u.v)^2 run side by side on the current data and make the very same mistakes.
// Both keep private learners; neither changes the session.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "app/lift/lift_view.hpp"
#include "core/learn/learner.hpp"
#include "core/session/session.hpp"
#include "imgui.h"

namespace pl::app {

// Draws the figure at the cursor (size <= 0 on an axis: all the room left). The learner behind it is
// trained once on the Bias1D preset (constant lift, no bias) and cached; the colours are the active theme's.
void draw_bias_scene(ImVec2 size);

class Poly2Equivalence {
public:
    // Widgets at the cursor: explanation, Step / Epoch / Reset, both counters, "same mistakes so far".
    // The two learners restart whenever the session's points, order or seed change.
    void draw(const Session& session);

    static constexpr std::size_t kMaxPoints = 2000;  // bigger data sets: a subsample (the kernel side is O(N) per mistake)

private:
    void rebuild(const Session& session);

    std::unique_ptr<Learner> primal_, kernel_;
    std::optional<Update> last_primal_, last_kernel_;
    std::uint64_t data_revision_ = ~0ull;
    Order order_ = Order::Sequential;
    std::uint64_t seed_ = 0;
    int max_epochs_ = 0;
    std::size_t used_points_ = 0, total_points_ = 0;
};

// Everything about lifts in one place, for the app's layout: a tab bar with the 3-D view, the bias
// figure and the degree-2 equivalence.
struct LiftPanel {
    LiftView view;
    Poly2Equivalence equivalence;
};
void draw_lift_panel(LiftPanel& panel, Session& session, const Scene& model, ImVec2 size);

}  // namespace pl::app
