// GPU decision field vs the CPU reference, natively (run under Xvfb: Mesa llvmpipe).
//   field_check --test    every reference field: sign agreement >= 99.9 % of pixels, and no
//                         disagreement where |f| is not tiny; exit code 1 otherwise
//   field_check --bench   ms per frame of the shader field with 10..5000 RBF support vectors at
//                         800x600, and the CPU evaluator on the same field (ratio)
#include <SDL.h>

#include <chrono>
#include <cstdio>
#include <cstring>

#include "app/field_models.hpp"
#include "app/field_renderer.hpp"
#include "app/gl.hpp"

namespace {
pl::app::FieldView view_800x600() {
    pl::app::FieldView v;
    v.width = 800;
    v.height = 600;
    v.units_per_pixel = 8.0 / 600.0;  // about [-5.3, 5.3] x [-4, 4]
    v.center_x = 0.0123;              // off-centre: no pixel centre lands exactly on a symmetric boundary
    v.center_y = -0.0071;
    return v;
}

int run_tests(pl::app::FieldRenderer& renderer) {
    int failures = 0;
    for (const auto& [name, field] : pl::app::reference_fields()) {
        const pl::app::FieldAgreement a = renderer.compare_with_cpu(field, view_800x600());
        const bool ok = a.pixels == 800u * 600u && a.fraction >= 0.999 && a.disagree_not_tiny == 0;
        std::printf("%-24s agreement %.5f%%  (%zu of %zu pixels differ, %zu not tiny) %s\n", name.c_str(),
                    100.0 * a.fraction, a.disagree, a.pixels, a.disagree_not_tiny, ok ? "ok" : "FAIL");
        failures += ok ? 0 : 1;
    }
    if (!renderer.error().empty()) std::printf("renderer: %s\n", renderer.error().c_str());
    return failures == 0 ? 0 : 1;
}

int run_bench(pl::app::FieldRenderer& renderer) {
    const pl::app::FieldView view = view_800x600();
    pl::app::FieldStyle style{{0.84f, 0.37f, 0.f}, {0.f, 0.45f, 0.7f}, {1, 1, 1}, {0, 0, 0}, 1.0f, false};
    std::printf("support vectors | GPU shader ms/frame | CPU evaluator ms/frame | CPU/GPU\n");
    for (std::size_t n : {10u, 100u, 1000u, 5000u}) {
        const pl::DecisionField field = pl::app::random_kernel_field(n, 42);
        const int repeats = n >= 1000 ? 3 : 10;
        const double gpu = renderer.time_render(field, view, style, repeats);
        // CPU: every k-th row (k so that the run stays around a second), scaled to the full frame.
        const int stride = n >= 1000 ? 20 : n >= 100 ? 4 : 1;
        const auto start = std::chrono::steady_clock::now();
        double sink = 0;
        int rows = 0;
        for (int y = 0; y < view.height; y += stride, ++rows)
            for (int x = 0; x < view.width; ++x)
                sink += field.eval({view.center_x + (x + 0.5 - 400) * view.units_per_pixel, view.center_y + (y + 0.5 - 300) * view.units_per_pixel});
        const double cpu = 1000.0 * std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() *
                           view.height / rows;
        std::printf("%15zu | %19.2f | %22.1f | %7.1f%s\n", n, gpu, cpu, cpu / gpu, sink == 12345.678 ? " " : "");
    }
    return 0;
}
}  // namespace

int main(int argc, char** argv) {
    const bool bench = argc > 1 && std::strcmp(argv[1], "--bench") == 0;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 2; }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_Window* window = SDL_CreateWindow("field_check", 0, 0, 64, 64, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (!window) { std::fprintf(stderr, "window: %s\n", SDL_GetError()); return 2; }
    SDL_GLContext context = SDL_GL_CreateContext(window);
    if (!context) { std::fprintf(stderr, "GL context: %s\n", SDL_GetError()); return 2; }
    std::printf("GL: %s / %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)), reinterpret_cast<const char*>(glGetString(GL_VERSION)));
    int result;
    {
        pl::app::FieldRenderer renderer;
        if (!renderer.ok()) { std::fprintf(stderr, "shader: %s\n", renderer.error().c_str()); return 1; }
        result = bench ? run_bench(renderer) : run_tests(renderer);
    }
    SDL_GL_DeleteContext(context);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return result;
}
