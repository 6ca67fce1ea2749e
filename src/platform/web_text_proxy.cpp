// The phone's on-screen keyboard for the text fields drawn on the canvas (app/base/text_field_focus.hpp).
// A phone opens its keyboard only for a focused text element of the page, and Dear ImGui's fields are
// pixels: while a field a finger opened is edited, web/embed_soft_keyboard.js puts a transparent input
// over it. What is typed there comes back here as text and keys, which go into SDL's event queue like
// a hardware keyboard's: in order, and each key down for a frame (event_pacer.hpp), so nothing is lost
// or doubled. The canvas never sees the input's keys (SDL listens on the canvas), so the widget's
// shortcuts stay quiet while the input has the focus.
#include <SDL.h>
#include <emscripten.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "app/shell/app.hpp"
#include "app/base/text_field_focus.hpp"
#include "platform/web_host.hpp"

// Module.onTextField (web/embed.js): the field now edited by a finger, or none (active false).
EM_JS(void, pl_text_field_js, (int active, double id, double x, double y, double width, double height, const char* label,
                               int multiline), {
    if (Module['onTextField']) {
        Module['onTextField']({active: active !== 0, id: id, x: x, y: y, width: width, height: height,
                               label: UTF8ToString(label), multiline: multiline !== 0});
    }
});

namespace pl::platform::web {
void tell_text_field(const app::TextFieldFocus& field) {
    pl_text_field_js(field.active ? 1 : 0, static_cast<double>(field.id), field.x, field.y, field.width, field.height,
                     field.label.c_str(), field.multiline ? 1 : 0);
}
}  // namespace pl::platform::web

namespace {
// The field the input stands for is still the one being edited (a late event for a closed field is dropped:
// its letters would otherwise reach the widget's shortcuts).
bool still_edited(double id) {
    const pl::app::App* app = pl::platform::web::current_app();
    return app && app->text_field().active && static_cast<double>(app->text_field().id) == id;
}

// Keys of the input that edit the field; numbers match KEYS in web/embed_soft_keyboard.js.
struct ProxyKey { SDL_Scancode scancode; SDL_Keycode keycode; };
constexpr ProxyKey kProxyKeys[] = {
    {SDL_SCANCODE_BACKSPACE, SDLK_BACKSPACE}, {SDL_SCANCODE_RETURN, SDLK_RETURN}, {SDL_SCANCODE_LEFT, SDLK_LEFT},
    {SDL_SCANCODE_RIGHT, SDLK_RIGHT},         {SDL_SCANCODE_UP, SDLK_UP},         {SDL_SCANCODE_DOWN, SDLK_DOWN},
    {SDL_SCANCODE_HOME, SDLK_HOME},           {SDL_SCANCODE_END, SDLK_END},       {SDL_SCANCODE_DELETE, SDLK_DELETE},
};

// Length of the longest start of text[from..] that fits `room` bytes without cutting a UTF-8 character.
std::size_t utf8_piece(const std::string& text, std::size_t from, std::size_t room) {
    std::size_t end = std::min(text.size(), from + room);
    if (end < text.size())
        while (end > from && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // a continuation byte
    return end - from;
}
}  // namespace

extern "C" {

// Characters typed, composed or pasted into the input: to the field being edited (id: its field).
EMSCRIPTEN_KEEPALIVE void pl_text_proxy_type(double id, const char* text) {
    if (!text || !still_edited(id)) return;
    const std::string all(text);
    constexpr std::size_t room = SDL_TEXTINPUTEVENT_TEXT_SIZE - 1;
    for (std::size_t at = 0; at < all.size();) {
        const std::size_t n = utf8_piece(all, at, room);
        if (n == 0) break;
        SDL_Event event{};
        event.type = SDL_TEXTINPUT;
        std::memcpy(event.text.text, all.data() + at, n);
        event.text.text[n] = '\0';
        SDL_PushEvent(&event);
        at += n;
    }
    pl::platform::web::current_app()->request_redraw();
}

// A key that edits the field (KEYS in web/embed_soft_keyboard.js): pressed and released.
EMSCRIPTEN_KEEPALIVE void pl_text_proxy_key(double id, int key) {
    if (key < 0 || key >= static_cast<int>(sizeof kProxyKeys / sizeof kProxyKeys[0]) || !still_edited(id)) return;
    for (const Uint32 type : {static_cast<Uint32>(SDL_KEYDOWN), static_cast<Uint32>(SDL_KEYUP)}) {
        SDL_Event event{};
        event.type = type;
        event.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
        event.key.keysym.scancode = kProxyKeys[key].scancode;
        event.key.keysym.sym = kProxyKeys[key].keycode;
        SDL_PushEvent(&event);
    }
    pl::platform::web::current_app()->request_redraw();
}

// The input lost the page's focus while its field was still edited: the field lets go (its text stays).
EMSCRIPTEN_KEEPALIVE void pl_text_proxy_left(double id) {
    pl::app::App* app = pl::platform::web::current_app();
    if (!app || static_cast<double>(app->text_field().id) != id) return;
    pl::app::stop_editing_text_field(app->text_field().id);
    app->request_redraw();
}

}  // extern "C"
