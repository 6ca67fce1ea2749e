// Files compiled into the binary at build time (see shaders/CMakeLists.txt).
#pragma once
#include <cstddef>

namespace pl::assets {
struct Blob { const unsigned char* data; std::size_t size; };

Blob font_dejavu_sans();
// Shader sources, NUL-terminated, without a #version line. name: e.g. "decision_field"; stage:
// "vert", "frag", or "h" for a header shared with C++ (field_contract). {nullptr, 0} if unknown.
Blob shader_source(const char* name, const char* stage);
}  // namespace pl::assets
