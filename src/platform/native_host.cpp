// Desktop host: SDL owns the window; nothing to adapt.
#include <SDL.h>

#include "platform/host.hpp"

namespace pl::platform {
void configure_hints() {}
void initial_window_size(int&, int&) {}
void sync_window_size(SDL_Window*) {}
void attach(app::App&) {}
void detach() {}
}  // namespace pl::platform
