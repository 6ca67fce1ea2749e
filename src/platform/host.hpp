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
// The widget cannot start (no window, no OpenGL / WebGL2 context): web: the page is told why, so its
// loading line says so instead of waiting for a ready that never comes; native: the message on stderr.
void cannot_start(const char* why);
// Input the main loop has taken from the browser or the desktop but not handed to the app yet (the
// event pacer holds a quick tap's release for the next frame): main.cpp. The test build's settle()
// waits for it to be false, so a test never reads the screen between two frames of one key tap.
bool input_pending();
}  // namespace pl::platform
