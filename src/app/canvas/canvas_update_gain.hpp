// "Why an update helps" on the canvas (lecture 001): after a single visit that was a mistake (Step, Next
// mistake, an online add, one animated visit of a slow Run), a plate beside the visited point says its
// score before and after the update, "y·f: −1 → 3  (+η‖x‖² = 4)" (core/facts/update_gain.hpp). It stays
// until anything else trains, with or without the update animation (reduced motion shows it too).
#pragma once
#include "app/canvas/canvas_overlays.hpp"

namespace pl::app {

void draw_update_gain(const Overlay& o, const Scene& model);

}  // namespace pl::app
