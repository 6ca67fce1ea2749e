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
// Touch on a course page (touch_input.hpp, touch_gestures.hpp): whether the page around the widget can
// scroll, and scroll it as a finger moved `finger_dy` CSS px down; `finger_left`: the page glides on.
// Native: the window is the whole page, so false and nothing.
bool page_can_scroll();
void scroll_page(float finger_dy, bool finger_left);
// Where a finger is on the screen, up and down (web: its viewport y at its last event, as the browser
// says it; the canvas-relative position moves when the page scrolls under it). NaN: not known (native).
float finger_screen_y(long long finger_id);
}  // namespace pl::platform
