// Exports for the browser tests and the benchmarks: where the canvas is, how many frames were drawn,
// the last online prediction, GPU-vs-CPU agreement of the painted field, and the field benchmark.
// Compiled only into the test build (CMake option PL_TEST_HOOKS, preset web-test); the release wasm
// has none of them. web/test_hooks.js wraps them (docs/developers.md "The test build").
#ifndef PL_TEST_HOOKS
#error "web_test_hooks.cpp belongs to the test build only (configure with -DPL_TEST_HOOKS=ON)"
#endif

#include <emscripten.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/render/field_models.hpp"
#include "app/shell/app.hpp"
#include "platform/host.hpp"
#include "platform/test_probe.hpp"
#include "platform/web_host.hpp"

using pl::platform::web::current_app;
using pl::platform::web::hand_out;

namespace {
double g_not_tiny = 0;  // from the last pl_field_agreement()
}  // namespace

extern "C" {

// What the last drawn frame showed: every labelled item with its rectangle and the canvas texts
// (test_probe.cpp). The first call starts the recording and asks for frames.
EMSCRIPTEN_KEEPALIVE const char* pl_drawn() {
    pl::app::App* app = current_app();
    if (!app) return hand_out("null");
    pl::probe::install();
    app->request_redraw();
    return hand_out(pl::probe::last_frame_json());
}

// Where the canvas area is (CSS px, relative to the canvas element) and how data maps to it; tests
// click on data points with it.
EMSCRIPTEN_KEEPALIVE const char* pl_canvas_geometry() {
    const pl::app::App* app = current_app();
    if (!app) return hand_out("null");
    const pl::app::View& v = app->canvas().view();
    char text[256];
    std::snprintf(text, sizeof text,
                  "{\"left\":%.3f,\"top\":%.3f,\"width\":%.3f,\"height\":%.3f,\"pixelsPerUnit\":%.9g,"
                  "\"centerX\":%.9g,\"centerY\":%.9g}",
                  v.origin_x(), v.origin_y(), v.width(), v.height(), v.pixels_per_unit(),
                  v.to_data_x(v.origin_x() + v.width() * 0.5f), v.to_data_y(v.origin_y() + v.height() * 0.5f));
    return hand_out(text);
}

// Frames rendered so far: tests wait for the widget to draw and then to go idle.
EMSCRIPTEN_KEEPALIVE double pl_frames_drawn() {
    const pl::app::App* app = current_app();
    return app ? static_cast<double>(app->frames_drawn()) : 0.0;
}

// 1 while input the browser has sent is not yet handed to the app (host.hpp input_pending): settle()
// waits for 0 as well as for the frames to stop.
EMSCRIPTEN_KEEPALIVE int pl_input_pending() { return pl::platform::input_pending() ? 1 : 0; }

// The last online-mode prediction, as JSON (null when none yet).
EMSCRIPTEN_KEEPALIVE const char* pl_online_json() {
    const pl::app::App* app = current_app();
    if (!app || !app->session().last_online()) return hand_out("null");
    const auto& r = *app->session().last_online();
    char text[160];
    std::snprintf(text, sizeof text, "{\"predicted\":%d,\"truth\":%d,\"mistake\":%s,\"mistakes\":%zu}", r.predicted,
                  r.truth, r.mistake ? "true" : "false", app->session().online_mistakes());
    return hand_out(text);
}

// Renders the current decision field sign-only on the GPU, reads it back, and compares every pixel
// with the CPU reference (DecisionField::eval). Returns the agreeing fraction; pl_field_not_tiny()
// then gives how many disagreeing pixels had |f| clearly away from 0 (should be 0).
EMSCRIPTEN_KEEPALIVE double pl_field_agreement() {
    pl::app::App* app = current_app();
    if (!app) return -1;
    pl::app::FieldLayer& layer = app->canvas().field_layer();
    const pl::app::FieldAgreement a =
        layer.renderer().compare_with_cpu(app->model().field, pl::app::FieldLayer::field_view(app->canvas().view()));
    // The check drew sign-only (red and black) into the shown picture's target: the next frame paints
    // the regions again, and one comes at once, so no frame and no screenshot shows the check's colours.
    layer.repaint_exact();
    app->request_redraw();
    g_not_tiny = static_cast<double>(a.disagree_not_tiny);
    return a.pixels ? a.fraction : -1.0;
}
EMSCRIPTEN_KEEPALIVE double pl_field_not_tiny() { return g_not_tiny; }

// What the canvas's layers did (issue 14): how often the picture of many points was made, how many
// sprites the atlas holds, whether this frame shows the coarse regions (Run) and whether the regions
// are complete. JSON.
EMSCRIPTEN_KEEPALIVE const char* pl_layers_json() {
    pl::app::App* app = current_app();
    if (!app) return hand_out("null");
    pl::app::Canvas& canvas = app->canvas();
    char text[160];
    std::snprintf(text, sizeof text, "{\"pointPictures\":%d,\"sprites\":%d,\"coarseField\":%s,\"fieldSettling\":%s}",
                  canvas.point_layer().repaints(), canvas.point_layer().sprites_painted(),
                  canvas.field_layer().showing_coarse() ? "true" : "false", canvas.field_layer().settling() ? "true" : "false");
    return hand_out(text);
}

// GPU field time with n random RBF support vectors at 800x600 against the CPU evaluator on the same
// field (CPU measured on every 20th row and scaled to the whole frame). JSON {"gpu": ms, "cpu": ms}.
EMSCRIPTEN_KEEPALIVE const char* pl_bench_field(int n) {
    pl::app::App* app = current_app();
    if (!app) return hand_out("null");
    const pl::DecisionField field = pl::app::random_kernel_field(static_cast<std::size_t>(std::max(1, n)), 42);
    pl::app::FieldView view;
    view.width = 800;
    view.height = 600;
    view.units_per_pixel = 8.0 / 600.0;
    pl::app::FieldStyle style{{0.84f, 0.37f, 0.f}, {0.f, 0.45f, 0.7f}, {1, 1, 1}, {0, 0, 0}, 1.0f, false};
    const double gpu = app->canvas().field_layer().renderer().time_render(field, view, style, n >= 1000 ? 2 : 5);
    const double start = emscripten_get_now();
    double sink = 0;
    int rows = 0;
    for (int y = 0; y < view.height; y += 20, ++rows)
        for (int x = 0; x < view.width; ++x)
            sink += field.eval({(x + 0.5 - 400) * view.units_per_pixel, (y + 0.5 - 300) * view.units_per_pixel});
    const double cpu = (emscripten_get_now() - start) * view.height / rows;
    char text[96];
    std::snprintf(text, sizeof text, "{\"gpu\":%.3f,\"cpu\":%.3f,\"check\":%.3g}", gpu, cpu, sink);
    app->request_redraw();
    return hand_out(text);
}

}  // extern "C"
