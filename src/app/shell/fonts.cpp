#include "app/shell/fonts.hpp"

#include <cmath>
#include <cstdint>

#include "app/render/gl.hpp"
#include "assets.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"

namespace pl::app {

namespace {
// Keep in step with cmake/FontRanges.cmake (the glyphs kept when the font is subset).
const ImWchar kRanges[] = {
    0x0020, 0x00FF,  // Basic Latin + Latin-1 (plus-minus, middle dot, times, superscript 2)
    0x0177, 0x0177,  // y circumflex (the predicted label y-hat)
    0x0391, 0x03A9,  // the Greek alphabet, capitals (Sigma) ...
    0x03B1, 0x03C9,  // ... and small letters (alpha, gamma, eta, theta, sigma, phi); not the rest of the
                     // block (accents, archaic and Coptic letters): 86 glyphs fewer to rasterize at start-up
    0x1D62, 0x1D62,  // subscript i
    0x2013, 0x2013,  // en dash
    0x2016, 0x2016,  // double vertical bar (norms)
    0x2026, 0x2026,  // ellipsis
    0x2070, 0x209F,  // super/subscripts
    0x2190, 0x2193,  // arrows
    0x2208, 0x2208,  // element of
    0x2211, 0x2212,  // sum, minus
    0x221A, 0x221A,  // square root
    0x221E, 0x221E,  // infinity
    0x2260, 0x2260,  // not equal
    0x2264, 0x2265,  // <=, >=
    0};
constexpr float kBaseSize = 15.0f;  // logical pixels
}  // namespace

bool Fonts::rebuild_if_needed(float device_pixel_ratio, float scale) {
    const float ratio = std::fmax(1.0f, std::round(device_pixel_ratio * 4.0f) / 4.0f);
    scale = std::fmin(2.0f, std::fmax(1.0f, scale));
    const bool exact = device_pixel_ratio == ratio;
    if (ratio == pixel_ratio && scale == text_scale && exact == nearest) return false;
    pixel_ratio = ratio;
    text_scale = scale;
    nearest = exact;

    ImGuiIO& io = ImGui::GetIO();
    // Only the font texture is replaced. Dear ImGui 1.86's GL3 backend must not re-create its other
    // objects while running: its new vertex buffers would keep the old buffers' recorded sizes, and
    // WebGL then refuses every draw ("bufferSubData: buffer overflow") until a larger frame comes.
    const bool uploaded = io.Fonts->TexID != ImTextureID{};  // else the first NewFrame uploads it
    if (uploaded) ImGui_ImplOpenGL3_DestroyFontsTexture();
    io.Fonts->Clear();
    const assets::Blob blob = assets::font_dejavu_sans();
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes live in the binary's read-only data
    // Between two ratios the glyphs are scaled on screen: oversampled twice horizontally and filtered.
    config.OversampleH = nearest ? 1 : 2;
    config.OversampleV = 1;
    config.PixelSnapH = nearest;
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(blob.data), static_cast<int>(blob.size),
                                   kBaseSize * scale * ratio, &config, kRanges);
    io.FontGlobalScale = 1.0f / ratio;
    io.Fonts->Build();
    if (uploaded) ImGui_ImplOpenGL3_CreateFontsTexture();
    return true;
}

void Fonts::apply_sampling() {
    ImGui::GetStyle().AntiAliasedLinesUseTex = !nearest;  // the style is replaced when the theme changes
    const auto texture = static_cast<unsigned int>(reinterpret_cast<std::intptr_t>(ImGui::GetIO().Fonts->TexID));
    if (!texture || (texture == sampled_texture_ && nearest == sampled_nearest_)) return;
    sampled_texture_ = texture;
    sampled_nearest_ = nearest;
    GLint bound = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    glBindTexture(GL_TEXTURE_2D, texture);
    const GLint filter = nearest ? GL_NEAREST : GL_LINEAR;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
}

}  // namespace pl::app
