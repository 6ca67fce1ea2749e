// The floor of the first download (issue 30): the least a Dear ImGui + SDL2 web app needs before its
// first frame when it starts the way Perceptron Lab does (src/platform/main.cpp, web_host.cpp,
// src/app/shell/fonts.cpp): SDL video + timers, a WebGL2 (ES 3.0) context without depth or stencil,
// the subset DejaVu Sans at the widget's size and glyph ranges, the canvas following its container,
// the first frame drawn at once and then emscripten_set_main_loop_arg. One window holds the widgets
// a typical panel uses and a draw list with what the canvas draws (lines, circles).
// Built and measured by bench/floor/measure.sh; it is not part of the widget.
#include <SDL.h>
#include <emscripten.h>

#include <cmath>
#include <cstddef>
#include <cstdio>

#include <GLES3/gl3.h>

#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"

// cmake/embed_file.cmake: the subset font's bytes (the widget reads them through assets.cpp).
extern const unsigned char font_dejavu_sans[];
extern const std::size_t font_dejavu_sans_size;

namespace {

// The widget's glyph ranges (src/app/shell/fonts.cpp, cmake/FontRanges.cmake).
const ImWchar kRanges[] = {0x0020, 0x00FF, 0x0177, 0x0177, 0x0391, 0x03A9, 0x03B1, 0x03C9, 0x1D62, 0x1D62,
                           0x2013, 0x2013, 0x2016, 0x2016, 0x2026, 0x2026, 0x2070, 0x209F, 0x2190, 0x2193,
                           0x2208, 0x2208, 0x2211, 0x2212, 0x221A, 0x221A, 0x221E, 0x221E, 0x2260, 0x2260,
                           0x2264, 0x2265, 0};
constexpr float kBaseSize = 15.0f;

struct Hello {
    SDL_Window* window = nullptr;
    int width = 0, height = 0;
    double ratio = 0.0;
    float font_ratio = 0.0f;
    float weight = 0.5f;
    bool show_boundary = true;
    int clicks = 0;
};
Hello g_hello;

// The canvas fills its parent element: the same reads as web_host.cpp's.
EM_JS(int, hello_container_width, (), {
    const el = Module['canvas'] && Module['canvas'].parentElement;
    return el ? Math.max(1, Math.floor(el.clientWidth)) : 800;
});
EM_JS(int, hello_container_height, (), {
    const el = Module['canvas'] && Module['canvas'].parentElement;
    return el ? Math.max(1, Math.floor(el.clientHeight)) : 600;
});
// The page reads how many frames were drawn (measure.sh's profile run waits on it).
EM_JS(void, hello_frame_drawn, (), { Module['framesDrawn'] = (Module['framesDrawn'] || 0) + 1; });

void sync_window_size(Hello& h) {
    const int width = hello_container_width(), height = hello_container_height();
    const double ratio = emscripten_get_device_pixel_ratio();
    if (width == h.width && height == h.height && ratio == h.ratio) return;
    h.width = width;
    h.height = height;
    h.ratio = ratio;
    SDL_SetWindowSize(h.window, width, height);
}

// fonts.cpp's Fonts::rebuild_if_needed at text scale 1: the atlas at the display's pixel ratio.
void build_font_if_needed(Hello& h, float device_pixel_ratio) {
    const float ratio = std::fmax(1.0f, std::round(device_pixel_ratio * 4.0f) / 4.0f);
    if (ratio == h.font_ratio) return;
    const bool uploaded = h.font_ratio != 0.0f;
    h.font_ratio = ratio;
    const bool nearest = device_pixel_ratio == ratio;
    ImGuiIO& io = ImGui::GetIO();
    if (uploaded) ImGui_ImplOpenGL3_DestroyFontsTexture();
    io.Fonts->Clear();
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;
    config.OversampleH = nearest ? 1 : 2;
    config.OversampleV = 1;
    config.PixelSnapH = nearest;
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(font_dejavu_sans), static_cast<int>(font_dejavu_sans_size),
                                   kBaseSize * ratio, &config, kRanges);
    io.FontGlobalScale = 1.0f / ratio;
    io.Fonts->Build();
    if (uploaded) ImGui_ImplOpenGL3_CreateFontsTexture();
}

void draw_ui(Hello& h) {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(420, 360), ImGuiCond_FirstUseEver);
    ImGui::Begin("Perceptron");
    ImGui::Text("w = (%.2f, %.2f), b = %.2f", h.weight, 1.0f - h.weight, 0.25f);
    if (ImGui::Button("Step")) ++h.clicks;
    ImGui::SameLine();
    ImGui::Text("%d steps", h.clicks);
    ImGui::SliderFloat("learning rate", &h.weight, 0.0f, 1.0f);
    ImGui::Checkbox("show the boundary", &h.show_boundary);
    if (ImGui::BeginTabBar("panels")) {
        if (ImGui::BeginTabItem("Data")) {
            ImGui::TextWrapped("Click the canvas to add a point; the perceptron learns from the mistakes.");
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("Training")) {
            ImGui::Text("epoch 0");
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    // What the canvas draws: axes and a boundary as lines, the points as circles.
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(200.0f, 120.0f);
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), IM_COL32(250, 250, 250, 255));
    draw->AddLine(origin, ImVec2(origin.x + size.x, origin.y + size.y), IM_COL32(40, 40, 40, 255), 2.0f);
    draw->AddCircleFilled(ImVec2(origin.x + 50.0f, origin.y + 80.0f), 5.0f, IM_COL32(220, 60, 60, 255));
    draw->AddCircle(ImVec2(origin.x + 150.0f, origin.y + 30.0f), 5.0f, IM_COL32(60, 60, 220, 255), 0, 1.5f);
    ImGui::Dummy(size);
    ImGui::End();
}

void run_one_frame(void* arg) {
    Hello& h = *static_cast<Hello*>(arg);
    sync_window_size(h);
    SDL_Event event;
    while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
    int fb_w = 0, fb_h = 0, win_w = 0, win_h = 0;
    SDL_GL_GetDrawableSize(h.window, &fb_w, &fb_h);
    SDL_GetWindowSize(h.window, &win_w, &win_h);
    build_font_if_needed(h, win_w > 0 ? static_cast<float>(fb_w) / static_cast<float>(win_w) : 1.0f);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    draw_ui(h);
    ImGui::Render();
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.95f, 0.95f, 0.93f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    SDL_GL_SwapWindow(h.window);
    hello_frame_drawn();
}

}  // namespace

int main() {
    Hello& h = g_hello;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "SDL_Init failed: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
    const auto flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    h.window = SDL_CreateWindow("Hello", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, hello_container_width(),
                                hello_container_height(), flags);
    if (!h.window) return 1;
    SDL_GLContext gl = SDL_GL_CreateContext(h.window);
    if (!gl) return 1;
    SDL_GL_MakeCurrent(h.window, gl);
    SDL_GL_SetSwapInterval(1);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui_ImplSDL2_InitForOpenGL(h.window, gl);
    ImGui_ImplOpenGL3_Init("#version 300 es");

    run_one_frame(&h);  // the first frame at once, as main.cpp does
    emscripten_set_main_loop_arg(run_one_frame, &h, 0, true);
    return 0;
}
