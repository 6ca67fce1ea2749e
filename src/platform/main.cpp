// Perceptron Lab: the one main() for both targets, in the style of Dear ImGui's
// example_sdl2_opengl3/main.cpp. The loop body lives in run_one_frame(); natively main() calls it in a
// while loop, on the web emscripten_set_main_loop_arg hands it to requestAnimationFrame.
//
// Command line (native): --frames N (exit 0 after N frames, for the smoke test; also env PL_FRAMES),
//                        --size WxH, --state '<link fragment>' (reproduce a shared link offline),
//                        --lesson ID or FILE.json (open a built-in lesson, or an instructor's lesson file),
//                        --step K (1-based step of that lesson),
//                        --reduced-motion (no update animation, no trail).
#include <SDL.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "app/render/frame_damage.hpp"
#include "app/shell/app.hpp"
#include "core/scene/scene.hpp"
#include "core/figures/figure_svg.hpp"
#include "core/state/state_codec.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "app/render/gl.hpp"
#include "platform/event_pacer.hpp"
#include "platform/host.hpp"
#include "platform/touch_input.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace {

struct Runtime {
    SDL_Window* window = nullptr;
    SDL_GLContext gl = nullptr;
    pl::app::App* app = nullptr;
    pl::platform::TouchInput touch;  // fingers: to the canvas as gestures, the first one to ImGui as its mouse
    pl::platform::EventPacer events; // every key tap is down for at least one frame
    long frames_left = -1;  // -1: run until the window closes
    bool running = true;
    long idle_iterations = 0;  // web: loop iterations with nothing to do
    bool slow_polling = false; // web: idle, polling at 10 Hz
    pl::app::FrameDamage damage;  // what the next frame has to draw again
    int drawn_width = 0, drawn_height = 0;  // the framebuffer the last frame was drawn into
    std::array<float, 3> drawn_background{};
};

Runtime g_runtime;  // one per process: on the web each widget instance is its own wasm module

// Clears and draws what changed since the last frame (frame_damage.hpp): on the web the canvas keeps its
// pixels between frames (linked with preserveDrawingBuffer), natively the back buffer does not, so
// every native frame is drawn whole.
void render(Runtime& rt, int fb_w, int fb_h) {
    const auto bg = rt.app->background_color();
#ifdef __EMSCRIPTEN__
    const bool keeps_pixels = true;
#else
    const bool keeps_pixels = false;
#endif
    const bool full = !keeps_pixels || fb_w != rt.drawn_width || fb_h != rt.drawn_height || bg != rt.drawn_background;
    ImDrawData* data = ImGui::GetDrawData();
    const pl::app::FrameDamage::Plan plan = rt.damage.plan(data, full);
    if (plan.nothing()) return;  // the canvas already shows this frame
    rt.drawn_width = fb_w;
    rt.drawn_height = fb_h;
    rt.drawn_background = bg;
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(bg[0], bg[1], bg[2], 1.0f);
    if (!plan.full) {
        const ImVec2 scale = data->FramebufferScale;
        const auto x0 = static_cast<GLint>(std::lround(plan.rect.x0 * scale.x)), x1 = static_cast<GLint>(std::lround(plan.rect.x1 * scale.x));
        const auto y0 = static_cast<GLint>(std::lround(plan.rect.y0 * scale.y)), y1 = static_cast<GLint>(std::lround(plan.rect.y1 * scale.y));
        glEnable(GL_SCISSOR_TEST);
        glScissor(x0, fb_h - y1, x1 - x0, y1 - y0);
    }
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    ImGui_ImplOpenGL3_RenderDrawData(data);  // the decision field too: a callback in the canvas's draw list
    SDL_GL_SwapWindow(rt.window);
}

// Handles events, lets the app decide whether anything changed, and only renders when it did:
// an idle widget costs (almost) no CPU.
void run_one_frame(void* arg) {
    Runtime& rt = *static_cast<Runtime*>(arg);
    pl::platform::sync_window_size(rt.window);

    bool had_event = rt.events.pending();
    SDL_Event event;
    rt.events.begin_frame();
    while (rt.events.next(event)) {
        had_event = true;
        if (rt.touch.consume(event, rt.window, rt.app->canvas())) continue;
        ImGui_ImplSDL2_ProcessEvent(&event);
        if (event.type == SDL_QUIT) rt.running = false;
        if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE) rt.running = false;
    }
    if (had_event || rt.touch.busy()) rt.app->request_redraw();

    if (rt.app->needs_frame()) {
        int fb_w = 0, fb_h = 0, win_w = 0, win_h = 0;
        SDL_GL_GetDrawableSize(rt.window, &fb_w, &fb_h);
        SDL_GetWindowSize(rt.window, &win_w, &win_h);
        rt.app->before_new_frame(win_w > 0 ? static_cast<float>(fb_w) / static_cast<float>(win_w) : 1.0f);
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        rt.touch.feed_imgui(ImGui::GetIO());
        rt.app->canvas().set_touch_status(rt.touch.status());
        rt.app->prepare_input();
        ImGui::NewFrame();
        rt.touch.after_new_frame(rt.app->canvas().touch_gesture_running());
        rt.app->frame(fb_w, fb_h);
        {  // what one finger handed on to the page around the widget (panels, then the canvas)
            const auto panels = rt.touch.take_page_scroll();
            const auto canvas = rt.app->canvas().take_page_scroll();
            if (panels.dy != 0 || canvas.dy != 0 || panels.ended || canvas.ended)
                pl::platform::scroll_page(panels.dy + canvas.dy, panels.ended || canvas.ended);
        }
        ImGui::Render();
        render(rt, fb_w, fb_h);
        rt.app->after_frame();
    }

    if (rt.frames_left > 0 && --rt.frames_left == 0) rt.running = false;
#ifdef __EMSCRIPTEN__
    if (!rt.running) emscripten_cancel_main_loop();
    // Idle for a second: poll 10 times a second instead of at the display rate (the browser's
    // equivalent of SDL_WaitEvent below); the first event switches back to requestAnimationFrame.
    const bool busy = had_event || rt.app->needs_frame() || rt.events.pending();
    rt.idle_iterations = busy ? 0 : rt.idle_iterations + 1;
    if (busy && rt.slow_polling) {
        emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
        rt.slow_polling = false;
    } else if (!busy && !rt.slow_polling && rt.idle_iterations > 60) {
        emscripten_set_main_loop_timing(EM_TIMING_SETTIMEOUT, 100);
        rt.slow_polling = true;
    }
#endif
}

// --lesson takes a built-in lesson's id or a lesson file: a path ending in .json is replaced by the
// file's text (the widget then checks it like any lesson).
bool read_lesson_file(std::string& argument) {
    if (argument.size() < 5 || argument.compare(argument.size() - 5, 5, ".json") != 0) return true;
    // stdio, not <fstream>: the web build links this too, and iostreams would add ~50 KB to its download.
    std::FILE* file = std::fopen(argument.c_str(), "rb");
    if (!file) {
        std::fprintf(stderr, "perceptron-lab: the lesson file '%s' could not be read\n", argument.c_str());
        return false;
    }
    std::string text;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, n);
    std::fclose(file);
    argument = std::move(text);
    return true;
}

// --export-svg FILE [--part P]: the figure of --state's link, written without opening a window (native).
struct FigureExport { std::string path, part = "canvas"; };
FigureExport g_figure_export;

#ifndef __EMSCRIPTEN__
int export_figure(const std::string& link) {
    pl::FigurePart part = pl::FigurePart::Canvas;
    if (!pl::parse(g_figure_export.part, part)) {
        std::fprintf(stderr, "perceptron-lab: --part must be %s, not '%s'\n", pl::figure_part_names(", ", " or ").c_str(), g_figure_export.part.c_str());
        return 2;
    }
    const pl::DecodeResult decoded = pl::decode_fragment(link);
    if (!decoded.ok) {
        std::fprintf(stderr, "perceptron-lab: this link could not be opened: %s\n", decoded.error.c_str());
        return 2;
    }
    const pl::Session session(decoded.state);
    pl::SceneCache scenes;
    const std::string svg = pl::figure_svg(scenes.update(session), part);  // the lift view from its starting camera
    if (svg.empty()) {
        std::fprintf(stderr, "perceptron-lab: no lift figure: the lift view draws the x1x2 and the radial lift only\n");
        return 2;
    }
    FILE* file = std::fopen(g_figure_export.path.c_str(), "wb");
    const bool written = file && std::fwrite(svg.data(), 1, svg.size(), file) == svg.size();
    if (file) std::fclose(file);
    if (!written) {
        std::fprintf(stderr, "perceptron-lab: cannot write %s\n", g_figure_export.path.c_str());
        return 2;
    }
    return 0;
}
#endif

bool parse_args(int argc, char** argv, Runtime& rt, pl::app::AppOptions& options, int& width, int& height) {
    if (const char* env = std::getenv("PL_FRAMES")) rt.frames_left = std::atol(env);
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--frames" && has_value) rt.frames_left = std::atol(argv[++i]);
        else if (arg == "--size" && has_value) std::sscanf(argv[++i], "%dx%d", &width, &height);
        else if (arg == "--state" && has_value) options.initial_link = argv[++i];
        else if (arg == "--lesson" && has_value) {
            options.lesson = argv[++i];
            if (!read_lesson_file(options.lesson)) std::exit(2);
        }
        else if (arg == "--step" && has_value) options.lesson_step = std::max(1L, std::atol(argv[++i])) - 1;
        else if (arg == "--reduced-motion") options.reduced_motion = true;
        else if (arg == "--export-svg" && has_value) g_figure_export.path = argv[++i];
        else if (arg == "--part" && has_value) g_figure_export.part = argv[++i];
        else if (arg == "--help") {
            std::printf("usage: perceptron-lab [--frames N] [--size WxH] [--state FRAGMENT] [--lesson ID|FILE.json [--step K]] "
                        "[--reduced-motion] [--export-svg FILE.svg [--part canvas|mistakes|loss|proof|lift]]\n");
            return false;
        } else {
            std::fprintf(stderr, "perceptron-lab: unknown argument '%s' (try --help)\n", arg.c_str());
            std::exit(2);
        }
    }
    return true;
}

}  // namespace

bool pl::platform::input_pending() {
    return g_runtime.events.pending() || SDL_PeepEvents(nullptr, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) > 0;
}

int main(int argc, char** argv) {
    Runtime& rt = g_runtime;
    pl::app::AppOptions options;
    int width = 1280, height = 800;
    if (!parse_args(argc, argv, rt, options, width, height)) return 0;
#ifndef __EMSCRIPTEN__
    if (!g_figure_export.path.empty()) return export_figure(options.initial_link);  // no window
#endif
    pl::platform::configure_hints();
    pl::platform::disable_sdl_touch_mouse();  // touch_input.hpp: fingers reach ImGui through TouchInput only

    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "SDL_Init failed: %s\n", SDL_GetError());
        return 1;
    }
#ifdef __EMSCRIPTEN__
    // WebGL2 is OpenGL ES 3.0 (ImGui's GL3 backend is built for ES3: IMGUI_IMPL_OPENGL_ES3).
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    const char* glsl_version = "#version 300 es";
#else
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    const char* glsl_version = "#version 330 core";
#endif
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    // No depth or stencil buffer: nothing draws with either (ImGui and the field switch both tests off),
    // and without them the browser's WebGL back buffer is smaller and quicker to set up.
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
    pl::platform::initial_window_size(width, height);
    const auto flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
#ifdef __EMSCRIPTEN__
    // No title on the web: SDL would write it into document.title, renaming the page that embeds the
    // widget (its tab, history and bookmarks). The full-page widget has its own <title> in index.html.
    const char* title = nullptr;
#else
    const char* title = "Perceptron Lab";
#endif
    rt.window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
    if (!rt.window) {
        const std::string why = std::string("no window (") + SDL_GetError() + ")";
        pl::platform::cannot_start(why.c_str());
        return 1;
    }
    rt.gl = SDL_GL_CreateContext(rt.window);
    if (!rt.gl) {
#ifdef __EMSCRIPTEN__
        const std::string why = std::string("this browser gave it no WebGL2 context (") + SDL_GetError() + ")";
#else
        const std::string why = std::string("no OpenGL 3.3 context (") + SDL_GetError() + ")";
#endif
        pl::platform::cannot_start(why.c_str());
        return 1;
    }
    SDL_GL_MakeCurrent(rt.window, rt.gl);
    SDL_GL_SetSwapInterval(1);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // layout comes from the link, not from a file on disk
    // A held key repeats after half a second, as the systems' own keyboards do. Dear ImGui's 0.275 s
    // counted a tap whose release came late (a loaded machine, a test driver) as two arrow steps.
    ImGui::GetIO().KeyRepeatDelay = 0.5f;
    ImGui_ImplSDL2_InitForOpenGL(rt.window, rt.gl);
    ImGui_ImplOpenGL3_Init(glsl_version);

    pl::app::App app(options);
    rt.app = &app;
    pl::platform::attach(app);

#ifdef __EMSCRIPTEN__
    // The first frame at once: the page's script applies its start options (a preset, a link) only after
    // main() has run, and by then the canvas has its shape, so a preset is fitted to it at once.
    run_one_frame(&rt);
    emscripten_set_main_loop_arg(run_one_frame, &rt, 0, true);  // never returns
#else
    while (rt.running) {
        // Idle: block on the next event instead of spinning (near-zero CPU when nothing changes).
        if (!rt.app->needs_frame() && rt.frames_left < 0 && !rt.events.pending()) SDL_WaitEventTimeout(nullptr, 250);
        run_one_frame(&rt);
    }
#endif

    pl::platform::detach();
    rt.app = nullptr;
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(rt.gl);
    SDL_DestroyWindow(rt.window);
    SDL_Quit();
    return 0;
}
