// Browser host. The canvas lives in an element the page controls; every frame we follow that
// element's CSS size and devicePixelRatio (so the widget resizes with its container and stays crisp
// on HiDPI screens), and we export the C functions that web/embed.js wraps into the JS handle.
// Exports for tests and benchmarks are not here: they live in web_test_hooks.cpp, which only the
// test build (PL_TEST_HOOKS, preset web-test) compiles.
#include <SDL.h>
#include <emscripten.h>

#include <cmath>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "app/panels/panels.hpp"
#include "app/shell/lift_figure.hpp"
#include "app/shell/app.hpp"
#include "app/shell/load_state.hpp"
#include "app/canvas/training_verbs.hpp"
#include "core/packaging/scorm_package.hpp"
#include "core/state/names.hpp"
#include "core/state/state_codec.hpp"
#include "core/facts/snapshot_json.hpp"
#include "core/state/state_json.hpp"
#include "platform/host.hpp"
#include "platform/share.hpp"
#include "platform/web_host.hpp"

namespace {
pl::app::App* g_app = nullptr;
std::string g_buffer;      // backing store for strings handed to JS (copied out at once by embed.js)
std::string g_last_error;  // why the last load() failed
int g_width = 0, g_height = 0;
double g_ratio = 0.0;
std::size_t g_snapshot_after = 0;  // frames drawn when the last PNG snapshot was asked for
}  // namespace

namespace pl::platform::web {
app::App* current_app() { return g_app; }
const char* hand_out(std::string text) {
    g_buffer = std::move(text);
    return g_buffer.c_str();
}
void set_last_error(std::string error) { g_last_error = std::move(error); }
}  // namespace pl::platform::web
using pl::platform::web::hand_out;

// Size of the canvas's parent element in CSS pixels (the canvas fills it; see web/embed.css).
EM_JS(int, pl_container_width, (), {
    const el = Module['canvas'] && Module['canvas'].parentElement;
    return el ? Math.max(1, Math.floor(el.clientWidth)) : 800;
});
EM_JS(int, pl_container_height, (), {
    const el = Module['canvas'] && Module['canvas'].parentElement;
    return el ? Math.max(1, Math.floor(el.clientHeight)) : 600;
});
// A finger rather than a mouse (phones, tablets): the UI gets larger touch targets.
EM_JS(int, pl_coarse_pointer, (), {
    return (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches) ? 1 : 0;
});
EM_JS(void, pl_cannot_start_js, (const char* why), {
    if (Module['onCannotStart']) Module['onCannotStart'](UTF8ToString(why));
});
EM_JS(void, pl_notify_js, (int kind), {
    if (Module['onWidgetEvent']) Module['onWidgetEvent'](kind);
});
// The person's display preferences, as the page's media queries say them (live: a change of the
// system setting shows at the next frame): 1 = prefers-reduced-motion: reduce, 2 = prefers-contrast: more
// or forced colours (Windows' high-contrast themes).
EM_JS(int, pl_media_preferences, (), {
    if (typeof matchMedia !== 'function') return 0;
    const m = Module['plMedia'] || (Module['plMedia'] = {
        motion: matchMedia('(prefers-reduced-motion: reduce)'),
        contrast: matchMedia('(prefers-contrast: more)'),
        forced: matchMedia('(forced-colors: active)'),
    });
    return (m.motion.matches ? 1 : 0) | (m.contrast.matches || m.forced.matches ? 2 : 0);
});
// The widget lets go of the keys (web/embed_keys.js moves the page's focus): 0 Escape, 1 forward, 2 back.
EM_JS(void, pl_keyboard_exit_js, (int how), {
    if (Module['onKeyboardExit']) Module['onKeyboardExit'](how);
});
// One finger scrolls the course page (host.hpp): web/embed_page_scroll.js.
EM_JS(int, pl_page_can_scroll_js, (), { return Module['pageCanScroll'] ? Module['pageCanScroll']() : 0; });
EM_JS(float, pl_finger_screen_y_js, (int id), { return Module['fingerScreenY'] ? Module['fingerScreenY'](id) : NaN; });
EM_JS(void, pl_scroll_page_js, (float dy, int left), { if (Module['onPageScroll']) Module['onPageScroll'](dy, left); });
// The Share buttons: clipboard, downloads, file picker and snapshots are done by web/embed.js.
EM_JS(void, pl_host_request_js, (int request), {
    if (Module['onHostRequest']) Module['onHostRequest'](request);
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
    if (g_app) {
        g_app->set_touch_ui(pl_coarse_pointer() != 0);
        const int preferences = pl_media_preferences();
        g_app->set_system_preferences((preferences & 1) != 0, (preferences & 2) != 0);
    }
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
    // Numbers match HOST_REQUEST in web/embed.js.
    app.on_request = [](app::HostRequest request) {
        switch (request) {
            case app::HostRequest::CopyLink: pl_host_request_js(0); break;
            case app::HostRequest::DownloadCsv: pl_host_request_js(1); break;
            case app::HostRequest::DownloadJson: pl_host_request_js(2); break;
            case app::HostRequest::SnapshotPng: pl_host_request_js(3); break;
            case app::HostRequest::ImportFile: pl_host_request_js(4); break;
            case app::HostRequest::DownloadLesson: pl_host_request_js(5); break;
            case app::HostRequest::DownloadTsv: pl_host_request_js(6); break;
            case app::HostRequest::CopyResult: pl_host_request_js(7); break;
            case app::HostRequest::SaveScorm12: pl_host_request_js(8); break;
            case app::HostRequest::SaveScorm2004: pl_host_request_js(9); break;
            case app::HostRequest::SaveTraceCsv: pl_host_request_js(10); break;
            case app::HostRequest::SaveTraceLatex: pl_host_request_js(11); break;
            case app::HostRequest::CopyTraceMarkdown: pl_host_request_js(12); break;
            case app::HostRequest::PrintLesson: pl_host_request_js(13); break;
            case app::HostRequest::SaveSvg: pl_host_request_js(14); break;
            case app::HostRequest::OpenNotices: pl_host_request_js(15); break;
        }
    };
    app.on_text_field = &web::tell_text_field;  // a phone's on-screen keyboard (web_text_proxy.cpp)
    app.on_keyboard_exit = [](app::KeyboardExit how) {
        switch (how) {
            case app::KeyboardExit::Release: pl_keyboard_exit_js(0); break;
            case app::KeyboardExit::Forward: pl_keyboard_exit_js(1); break;
            case app::KeyboardExit::Backward: pl_keyboard_exit_js(2); break;
        }
    };
    pl_notify_js(0);  // ready
}

void detach() { g_app = nullptr; }

bool page_can_scroll() { return pl_page_can_scroll_js() != 0; }
void scroll_page(float finger_dy, bool finger_left) { pl_scroll_page_js(finger_dy, finger_left ? 1 : 0); }
float finger_screen_y(long long finger_id) { return pl_finger_screen_y_js(static_cast<int>(finger_id)); }

void cannot_start(const char* why) {
    std::fprintf(stderr, "Perceptron Lab cannot start: %s\n", why);
    pl_cannot_start_js(why);
}

}  // namespace pl::platform

// [SECTION] exports wrapped by web/embed.js (see docs/reference.md "The JS handle")
extern "C" {

// everything = 0: the light snapshot (state({points: false}): counts instead of the lists that grow with
// the data, for pages that follow a big data set's changes).
EMSCRIPTEN_KEEPALIVE const char* pl_state_json(int everything) {
    if (!g_app) return hand_out("null");
    const pl::Session& s = g_app->session();
    // Never waits for a big kernel run's Gram solve (every change calls this): "theoryComputing" says
    // the numbers are still coming, and a change event follows when they are there.
    // In Words mode the whole snapshot carries what the messages' learner shows (docs/instructors.md
    // "Words mode"), as a member of the one structure.
    return hand_out(pl::snapshot_json(s.state(), s.learner(), s.theory_so_far(),
                                      everything ? pl::SnapshotParts::Everything : pl::SnapshotParts::Light, &s.words()));
}

EMSCRIPTEN_KEEPALIVE const char* pl_link_fragment() {
    return hand_out(g_app ? pl::encode_fragment(g_app->session().state()) : std::string());
}

// Loads a link, a fragment or full-state JSON. Returns 1 on success; on failure the widget keeps its
// state, shows the message, and pl_last_error() says what was wrong.
EMSCRIPTEN_KEEPALIVE int pl_load(const char* text) {
    if (!g_app) return 0;
    g_last_error = pl::app::load_into(*g_app, text ? text : "");
    g_app->request_redraw();
    return g_last_error.empty() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* pl_last_error() { return g_last_error.c_str(); }

// "" when the current link can be opened again; else why it cannot be shared (too long: Words mode
// with many messages), which Copy link shows instead of copying a broken link.
EMSCRIPTEN_KEEPALIVE const char* pl_link_problem() {
    return hand_out(g_app ? pl::link_length_problem(pl::encode_fragment(g_app->session().state()).size()) : std::string());
}

// [SECTION] share: import/export, notices, embed options
// A picked or dropped file: CSV points or a JSON state. 1 on success; else pl_last_error() names the
// line and the problem and the state is unchanged.
EMSCRIPTEN_KEEPALIVE int pl_import(const char* file_name, const char* text) {
    if (!g_app) return 0;
    g_last_error = pl::platform::import_text(*g_app, file_name ? file_name : "", text ? text : "");
    g_app->request_redraw();
    return g_last_error.empty() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* pl_export_csv() { return hand_out(g_app ? pl::platform::export_csv(*g_app) : ""); }
EMSCRIPTEN_KEEPALIVE const char* pl_export_json() { return hand_out(g_app ? pl::platform::export_json(*g_app) : "null"); }
EMSCRIPTEN_KEEPALIVE const char* pl_export_tsv() { return hand_out(g_app ? pl::platform::export_tsv(*g_app) : ""); }
// The Trace section's rows (lab.trace(), lab.exportTrace()): format "json", "csv", "latex" or "markdown";
// "" for another (the handle checks the name first).
EMSCRIPTEN_KEEPALIVE const char* pl_export_trace(const char* format) {
    if (!g_app) return hand_out("");
    return hand_out(pl::platform::export_trace(*g_app, format ? format : "").value_or(""));
}
// The open lesson as a printable sheet (lab.printLesson, "Print this lesson"): {name, html}, or null
// when no lesson is open. print_on_open: the page prints itself once loaded.
EMSCRIPTEN_KEEPALIVE const char* pl_worksheet(int key, int print_on_open) {
    const auto sheet = g_app ? pl::platform::export_worksheet(*g_app, key != 0, print_on_open != 0) : std::nullopt;
    return hand_out(sheet ? nlohmann::json{{"name", sheet->file_name}, {"html", sheet->html}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) : "null");
}

// A vector figure (lab.exportSvg, the Share section's Save SVG; core/figures/figure_svg.hpp): the SVG
// text, or "" with pl_last_error saying why (an unknown part names the parts there are).
// width_cm <= 0: the canvas's size on screen.
EMSCRIPTEN_KEEPALIVE const char* pl_export_svg(const char* part_name, int print, int grayscale, double width_cm) {
    pl::FigurePart part = pl::FigurePart::Canvas;
    if (!g_app) return hand_out("");
    if (!pl::parse(part_name ? part_name : "", part)) {
        g_last_error = std::string("exportSvg: unknown part '") + (part_name ? part_name : "") + "': it must be one of " + pl::figure_part_names(", ");
        return hand_out("");
    }
    pl::FigureOptions options;
    options.print = print != 0;
    options.grayscale = grayscale != 0;
    options.width_cm = width_cm;
    std::string error;
    std::string svg = pl::app::widget_figure_svg(*g_app, part, options, error);
    if (!error.empty()) g_last_error = "exportSvg: " + error;
    return hand_out(std::move(svg));
}

// The message line of the widget ("" = none): load errors, import results, "Link copied".
EMSCRIPTEN_KEEPALIVE const char* pl_notice() { return hand_out(g_app ? g_app->session().notice() : ""); }
EMSCRIPTEN_KEEPALIVE void pl_set_notice(const char* text) {
    if (!g_app) return;
    if (text && *text) g_app->session().set_notice(text);
    else g_app->session().clear_notice();
    g_app->request_redraw();
}

// Replaces the points by a named preset (core/state/names.hpp: "xor", "lecture4", "circles", ...), or with
// "spam" opens Words mode with the lecture's three messages. 1 on success; 0 and pl_last_error() for an
// unknown name or a read-only widget.
EMSCRIPTEN_KEEPALIVE int pl_load_preset(const char* name) {
    if (!g_app) return 0;
    pl::Session& s = g_app->session();
    if (name && std::string(name) == "spam") {
        g_app->run().running = false;
        g_last_error = s.load_words_lecture() ? "" : s.notice();
        g_app->request_redraw();
        return g_last_error.empty() ? 1 : 0;
    }
    pl::Preset preset{};
    if (!name || !pl::parse(name, preset)) {
        g_last_error = std::string("Unknown preset '") + (name ? name : "") + "': it must be one of " +
                       pl::names_list<pl::Preset>() + " or spam (Words mode).";
        return 0;
    }
    g_app->run().running = false;
    s.set_mode(pl::DataMode::Points);
    g_last_error = s.load_preset(preset, s.generator()) ? "" : s.notice();
    g_app->request_redraw();
    return g_last_error.empty() ? 1 : 0;
}

// How the page's focus came to the canvas or left it (web/embed_keys.js): 0 it left, 1 Tab from before
// the widget, 2 Shift+Tab from after it, 3 a click or a tap.
EMSCRIPTEN_KEEPALIVE void pl_keyboard_focus(int how) {
    if (!g_app) return;
    switch (how) {
        case 0: g_app->keyboard_entry(pl::app::KeyboardEntry::Left); break;
        case 1: g_app->keyboard_entry(pl::app::KeyboardEntry::Forward); break;
        case 2: g_app->keyboard_entry(pl::app::KeyboardEntry::Backward); break;
        default: g_app->keyboard_entry(pl::app::KeyboardEntry::Pointer); break;
    }
}

// Draws a few frames (after a state change made outside the loop, or for a snapshot).
EMSCRIPTEN_KEEPALIVE void pl_request_redraw() {
    if (g_app) g_app->request_redraw();
}

// handle.train({<verb>: count}), the page's 'train' message and the mirror's buttons: `verb` is a name of
// kNamedVerbs (training_verbs.hpp), which also holds the verbs back on a predict step. Returns the
// visits made; -1 for a name that is no verb.
EMSCRIPTEN_KEEPALIVE double pl_train(const char* verb, double count) {
    if (!g_app) return 0;
    // The hold as it is now: a lesson step opened by a call just before this one counts already.
    g_app->run().training_held = g_app->lesson().training_blocked();
    const auto n = static_cast<std::size_t>(std::fmax(0.0, std::fmin(count, 1e9)));
    const long long made = pl::app::train_by_name(g_app->session(), g_app->run(), verb, n);
    g_app->request_redraw();
    return static_cast<double>(made);
}

// Applies the training settings of a full-state JSON (the JS handle's configure() merges the new
// settings into state() first), exactly as the Training section does. Returns 1 on success.
EMSCRIPTEN_KEEPALIVE int pl_configure(const char* json) {
    if (!g_app || !json) return 0;
    const pl::DecodeResult decoded = pl::state_from_json(json);
    if (!decoded.ok) {
        g_last_error = decoded.error;
        return 0;
    }
    g_app->run().running = false;
    pl::app::apply_training_settings(g_app->session(), decoded.state.config);
    g_app->request_redraw();
    return 1;
}

// speed: visits per second (<= 0 keeps the current speed; >= 100000 means as fast as frames allow).
EMSCRIPTEN_KEEPALIVE void pl_set_running(int running, double speed) {
    if (!g_app) return;
    g_app->run().running = running != 0;
    if (speed > 0) g_app->run().speed = static_cast<float>(std::fmin(speed, pl::app::RunState::kMaxSpeed));
    g_app->run().carry = 0;
    g_app->request_redraw();
}

// [SECTION] PNG snapshots (handle.snapshot(), the Save PNG button). The WebGL drawing buffer is
// cleared once the page composites it, so web/embed_snapshot.js reads the pixels right after a frame
// the widget drew: it asks for one here, then polls pl_snapshot_area() after each main-loop iteration.
EMSCRIPTEN_KEEPALIVE void pl_request_snapshot() {
    if (!g_app) return;
    g_snapshot_after = g_app->frames_drawn();
    g_app->request_redraw();
}

// "null" until a frame has been drawn since pl_request_snapshot(); then the canvas area of the
// drawing buffer (where the decision regions are) in CSS pixels of the canvas element.
EMSCRIPTEN_KEEPALIVE const char* pl_snapshot_area() {
    if (!g_app || g_app->frames_drawn() <= g_snapshot_after) return hand_out("null");
    const pl::app::View& v = g_app->canvas().view();
    char text[128];
    std::snprintf(text, sizeof text, "{\"left\":%.3f,\"top\":%.3f,\"width\":%.3f,\"height\":%.3f}",
                  v.origin_x(), v.origin_y(), v.width(), v.height());
    return hand_out(text);
}

// [SECTION] generated data (docs/reference.md "The JS handle": generate)
// Loads a generated preset (the core's seeded generators) as the Data panel does. Returns 1 if known.
EMSCRIPTEN_KEEPALIVE int pl_generate(const char* preset_name, int n, double noise, double seed) {
    pl::Preset preset;
    if (!g_app || !preset_name || !pl::parse(preset_name, preset)) return 0;
    pl::GeneratorParams params = g_app->session().generator();
    params.n = n;
    params.noise = noise;
    params.seed = static_cast<std::uint64_t>(std::fmax(0.0, seed));
    g_app->run().running = false;
    g_app->session().set_mode(pl::DataMode::Points);
    g_app->session().load_preset(preset, params);
    g_app->request_redraw();
    return 1;
}

// Author mode's "Save as SCORM package" (web/embed_scorm_save.js): the files of the package for a
// lesson's JSON and the single-file widget's HTML (core/packaging/scorm_package.hpp, as perceptron-cli
// package writes them), as {"files": [{"path", "text"}]}, or {"error": one sentence}.
EMSCRIPTEN_KEEPALIVE const char* pl_scorm_package(const char* lesson_json, int scorm_2004, const char* widget_html) {
    const pl::LessonParse parsed = pl::parse_lesson(lesson_json ? lesson_json : "");
    if (!parsed.ok) return hand_out(nlohmann::json{{"error", parsed.error}}.dump());
    std::string error;
    const pl::packaging::PackageFiles files = pl::packaging::scorm_package_files(
        parsed.lesson, scorm_2004 ? pl::packaging::ScormVersion::Scorm2004 : pl::packaging::ScormVersion::Scorm12,
        widget_html ? widget_html : "", error);
    if (!error.empty()) return hand_out(nlohmann::json{{"error", error}}.dump());
    nlohmann::json list = nlohmann::json::array();
    for (const pl::packaging::PackageFile& file : files) list.push_back({{"path", file.path}, {"text", file.bytes}});
    return hand_out(nlohmann::json{{"files", std::move(list)}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // extern "C"
