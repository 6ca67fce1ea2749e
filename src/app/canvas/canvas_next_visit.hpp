// The ring around the point a lesson's predict step asks about ("Next: point 3 at (1, −1)"), while
// that step holds training back (training_verbs.hpp): the student sees on the plane which point the
// question is about before saying "mistake" or "no mistake".
#pragma once
#include <cstdint>

#include "core/facts/next_visit.hpp"
#include "core/session/session.hpp"

namespace pl::app {

struct Overlay;  // canvas_overlays.hpp (not included: canvas.hpp includes this, and the lift has a ScreenRect of its own)

class NextVisitRing {
public:
    // Draws the ring when the hold is on and the next visit is known (worked out once per change of
    // the session: preview_next_visit replays the learner).
    void draw(const Overlay& o, const Session& session, bool training_held);  // nothing unless the lesson holds training

private:
    std::uint64_t revision_ = ~std::uint64_t{0};
    NextVisit next_;
};

}  // namespace pl::app
