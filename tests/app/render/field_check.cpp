// GPU decision field vs the CPU reference, natively (run under Xvfb: Mesa llvmpipe).
//   field_check --test    the shader reads every uniform of field_contract.h; every fixture field
//                         (tests/app/render/field_fixtures.cpp): sign agreement >= 99.9 % of the pixels,
//                         no disagreement where |f| is not tiny (voted fields, sums of signs,
//                         excepted), both classes on screen, drawn by the GPU; then the limit
//                         of a GPU pass: a model with as many records as it takes is drawn by the
//                         GPU, one more is drawn from CPU values with a notice. Exit code 1 on a failure.
//   field_check --bench   ms per frame of the shader field with 10..5000 RBF support vectors at
//                         800x600, and the CPU evaluator on the same field (ratio)
#include <SDL.h>

#include <chrono>
#include <cstdio>
#include <cstring>

#include "app/render/field_contract.hpp"
#include "app/render/field_models.hpp"
#include "app/render/field_renderer.hpp"
#include "app/render/gl.hpp"
#include "field_fixtures.hpp"

namespace {
// The records a field sends to the shader: weights, support vectors or stored perceptrons.
std::size_t size_of(const pl::DecisionField& field) {
    switch (field.kind) {
        case pl::DecisionField::Kind::Linear: return field.w.size();
        case pl::DecisionField::Kind::Kernel: return field.support.size();
        case pl::DecisionField::Kind::Voted: return field.voted_w.size();
    }
    return 0;
}

pl::app::FieldView view_800x600() {
    pl::app::FieldView v;
    v.width = 800;
    v.height = 600;
    v.units_per_pixel = 8.0 / 600.0;  // about [-5.3, 5.3] x [-4, 4]
    v.center_x = 0.0123;              // off-centre: no pixel centre lands exactly on a symmetric boundary
    v.center_y = -0.0071;
    return v;
}

struct Expectation {
    bool voted = false;     // a sum of votes: a vote may flip where one perceptron's own score is ~0
    bool on_gpu = true;     // false: the model exceeds the record texture, CPU values with a notice
};

bool check(pl::app::FieldRenderer& renderer, const std::string& name, const pl::DecisionField& field,
           const pl::app::FieldView& view, Expectation expect) {
    const auto start = std::chrono::steady_clock::now();
    const pl::app::FieldAgreement a = renderer.compare_with_cpu(field, view);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::size_t pixels = static_cast<std::size_t>(view.width) * static_cast<std::size_t>(view.height);
    const double positive = a.pixels ? static_cast<double>(a.positive) / static_cast<double>(a.pixels) : 0.0;
    const bool on_gpu = renderer.notice().empty();
    const bool ok = a.pixels == pixels && a.fraction >= 0.999 && (expect.voted || a.disagree_not_tiny == 0) &&
                    positive > 0.005 && positive < 0.995 && on_gpu == expect.on_gpu;
    const char* unit = field.kind == pl::DecisionField::Kind::Linear   ? "weights"
                       : field.kind == pl::DecisionField::Kind::Kernel ? "support vectors"
                                                                       : "vectors";
    std::printf("%-30s %3dx%-3d %2d-D, %6zu %-15s agreement %9.5f%% (%zu differ, %zu not tiny; %4.1f%% positive) %s %.1f s %s\n",
                name.c_str(), view.width, view.height, field.input_dim, size_of(field), unit, 100.0 * a.fraction, a.disagree,
                a.disagree_not_tiny, 100.0 * positive, on_gpu ? "GPU" : "CPU values", seconds, ok ? "ok" : "FAIL");
    if (!on_gpu) std::printf("    notice: %s\n", renderer.notice().c_str());
    return ok;
}

int run_tests(pl::app::FieldRenderer& renderer) {
    int failures = 0;
    // The shader reads every uniform of the contract when no model code is fixed (each drawn field below
    // goes through a program built for its kind, lift, bias and kernel: field_programs.hpp).
    if (const std::string contract = pl::app::FieldPrograms::check_contract(); !contract.empty()) {
        std::printf("contract: %s\n", contract.c_str());
        ++failures;
    }
    for (const auto& [name, field] : pl::test::reference_fields()) {
        Expectation expect;
        expect.voted = field.kind == pl::DecisionField::Kind::Voted;
        if (!check(renderer, name, field, view_800x600(), expect)) ++failures;
    }
    // The same extent at a quarter of the pixels: the CPU reference of these costs more per pixel.
    pl::app::FieldView quarter = view_800x600();
    quarter.width = 400;
    quarter.height = 300;
    quarter.units_per_pixel *= 2.0;
    for (const auto& [name, field] : pl::test::wide_fields()) {
        Expectation expect;
        expect.voted = field.kind == pl::DecisionField::Kind::Voted;
        if (!check(renderer, name, field, quarter, expect)) ++failures;
    }
    // The limit of one GPU pass (field_contract.h), at a small view: every pixel visits every record.
    pl::app::FieldView small = view_800x600();
    small.width = 16;
    small.height = 12;
    small.units_per_pixel = 0.5;
    const auto most = static_cast<std::size_t>(pl::app::kMaxRecords);
    Expectation limit{true, true};
    if (!check(renderer, "voted, as many vectors as a pass takes", pl::test::many_voted_vectors(most), small, limit)) ++failures;
    limit.on_gpu = false;
    if (!check(renderer, "voted, one vector more", pl::test::many_voted_vectors(most + 1), small, limit)) ++failures;
    // Past the degree limit: a polynomial kernel of degree 32, drawn from CPU values at every pixel.
    pl::DecisionField degree32;
    for (const auto& [name, field] : pl::test::reference_fields())
        if (name == "kernel-poly3") degree32 = field;
    degree32.kernel.degree = PL_FIELD_MAX_POLY_DEGREE + 1;
    if (!check(renderer, "kernel-poly32", degree32, view_800x600(), {false, false})) ++failures;
    // Back to a small model: the GPU again, the notice gone.
    for (const auto& [name, field] : pl::test::reference_fields())
        if (name == "voted" && !check(renderer, "voted after the fallback", field, view_800x600(), {true, true})) ++failures;
    if (!renderer.error().empty()) std::printf("renderer: %s\n", renderer.error().c_str());
    std::printf("%d failed\n", failures);
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
                sink += field.eval({view.data_x(x), view.data_y(y)});
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
