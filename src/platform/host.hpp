// What the one main() needs from its host: the browser page (web_host.cpp) or the desktop
// (native_host.cpp). Everything target-specific hides behind these few calls.
#pragma once
struct SDL_Window;
namespace pl::app { class App; }

namespace pl::platform {
void configure_hints();                          // SDL hints before SDL_Init
void initial_window_size(int& width, int& height);  // web: the size of the element the widget lives in
void sync_window_size(SDL_Window* window);       // web: follow the container and devicePixelRatio
void attach(app::App& app);                      // web: expose the JS handle; native: nothing
void detach();
}  // namespace pl::platform
