// Browser host. The canvas lives in an element the page controls; every frame we follow that
// element's CSS size and devicePixelRatio (so the widget resizes with its container and stays crisp
// on HiDPI screens), and we export the C functions that web/embed.js wraps into the JS handle.
#include <SDL.h>
#include <emscripten.h>

#include <cmath>
#include <string>

#include "app/app.hpp"
#include "core/state_json.hpp"
#include "platform/host.hpp"

namespace {
pl::app::App* g_app = nullptr;
std::string g_buffer;  // backing store for strings handed to JS (copied out immediately by embed.js)
int g_width = 0, g_height = 0;
double g_ratio = 0.0;
}  // namespace

// Size of the canvas's parent element in CSS pixels (the canvas fills it; see web/embed.css).
EM_JS(int, pl_container_width, (), {
    const el = Module['canvas'] && Module['canvas'].parentElement;
    return el ? Math.max(1, Math.floor(el.clientWidth)) : 800;
});
EM_JS(int, pl_container_height, (), {
    const el = Module['canvas'] && Module['canvas'].parentElement;
    return el ? Math.max(1, Math.floor(el.clientHeight)) : 600;
});
EM_JS(void, pl_notify_js, (int kind), {
    if (Module['onWidgetEvent']) Module['onWidgetEvent'](kind);
});

namespace pl::platform {

void configure_hints() {
    // Keys go to this widget's canvas only (it has tabindex), never to the whole page: several widgets
    // can share a page and the page keeps its own shortcuts and scrolling.
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
}

void initial_window_size(int& width, int& height) {
    width = pl_container_width();
    height = pl_container_height();
}

void sync_window_size(SDL_Window* window) {
    const int width = pl_container_width();
    const int height = pl_container_height();
    const double ratio = emscripten_get_device_pixel_ratio();
    if (width == g_width && height == g_height && ratio == g_ratio) return;
    g_width = width;
    g_height = height;
    g_ratio = ratio;
    SDL_SetWindowSize(window, width, height);  // SDL sizes the backing store at width * ratio
    if (g_app) g_app->request_redraw();
}

void attach(app::App& app) {
    g_app = &app;
    app.on_change = [] { pl_notify_js(1); };
    pl_notify_js(0);  // ready
}

void detach() { g_app = nullptr; }

}  // namespace pl::platform

// [SECTION] exports wrapped by web/embed.js (see README "The JS handle")
extern "C" {

EMSCRIPTEN_KEEPALIVE const char* pl_state_json() {
    g_buffer = g_app ? pl::state_to_json(g_app->session().state()) : std::string("null");
    return g_buffer.c_str();
}

EMSCRIPTEN_KEEPALIVE double pl_revision() { return g_app ? static_cast<double>(g_app->revision()) : 0.0; }
EMSCRIPTEN_KEEPALIVE double pl_frames_drawn() { return g_app ? static_cast<double>(g_app->frames_drawn()) : 0.0; }

}  // extern "C"
