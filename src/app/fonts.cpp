#include "app/fonts.hpp"

#include <cmath>

#include "assets.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"

namespace pl::app {

namespace {
// Keep in step with cmake/FontRanges.cmake (the glyphs kept when the font is subset).
const ImWchar kRanges[] = {
    0x0020, 0x00FF,  // Basic Latin + Latin-1
    0x0370, 0x03FF,  // Greek (alpha, gamma, eta, phi, sigma, theta)
    0x2000, 0x206F,  // punctuation: dashes, bullets, double bar
    0x2070, 0x209F,  // super/subscripts
    0x2190, 0x21FF,  // arrows
    0x2200, 0x22FF,  // mathematical operators (<=, sqrt, sum, dot)
    0x25A0, 0x25FF,  // geometric shapes (class markers in text)
    0};
constexpr float kBaseSize = 15.0f;  // logical pixels
}  // namespace

bool Fonts::rebuild_if_needed(float device_pixel_ratio) {
    const float ratio = std::fmax(1.0f, std::round(device_pixel_ratio * 4.0f) / 4.0f);
    if (ratio == pixel_ratio) return false;
    pixel_ratio = ratio;

    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const assets::Blob blob = assets::font_dejavu_sans();
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes live in the binary's read-only data
    config.OversampleH = 2;
    config.OversampleV = 1;
    config.PixelSnapH = false;
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(blob.data), static_cast<int>(blob.size),
                                   kBaseSize * ratio, &config, kRanges);
    io.FontGlobalScale = 1.0f / ratio;
    io.Fonts->Build();
    // The backend re-creates its objects (font texture included) at the next NewFrame.
    ImGui_ImplOpenGL3_DestroyDeviceObjects();
    return true;
}

}  // namespace pl::app
