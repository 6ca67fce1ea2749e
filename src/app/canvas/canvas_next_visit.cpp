#include "app/canvas/canvas_next_visit.hpp"

#include <string>

#include "app/base/canvas_draw.hpp"
#include "app/canvas/canvas_overlays.hpp"
#include "app/base/probe.hpp"

namespace pl::app {

void NextVisitRing::draw(const Overlay& o, const Session& session, bool training_held) {
    if (!training_held) return;
    if (session.revision() != revision_) {
        revision_ = session.revision();
        next_ = preview_next_visit(session);
    }
    if (!next_.defined || next_.point.size() < 2) return;
    const ImVec2 c = point_on_screen(o.view, next_.point);
    // Wider and thicker than the "visited next" ring of a run in progress, in the focus colour: this
    // one is a question to answer, not a state of the run.
    const float r = kMarkerRadius + 11.0f;
    haloed_circle(o.draw, c, r, o.colors.focus, 3.0f, o.colors.canvas_bg, 32);
    PL_PROBE_TEXT("next-visit-ring", "point " + std::to_string(next_.update.index + 1), ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r));
}

}  // namespace pl::app
