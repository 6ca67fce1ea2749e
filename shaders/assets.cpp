// Lookup of the files embedded by shaders/CMakeLists.txt.
#include "assets.hpp"

#include <cstring>

// Each embedded file defines `<symbol>[]` and `<symbol>_size` (cmake/embed_file.cmake).
#define PL_SHADER(name, stage, symbol) \
    extern const unsigned char symbol[]; \
    extern const std::size_t symbol##_size;
#include "shader_registry.inc"
#undef PL_SHADER

extern const unsigned char font_dejavu_sans[];
extern const std::size_t font_dejavu_sans_size;

namespace pl::assets {

Blob font_dejavu_sans() { return {::font_dejavu_sans, ::font_dejavu_sans_size}; }

Blob shader_source(const char* name, const char* stage) {
#define PL_SHADER(shader_name, shader_stage, symbol) \
    if (std::strcmp(name, #shader_name) == 0 && std::strcmp(stage, #shader_stage) == 0) \
        return {symbol, symbol##_size};
#include "shader_registry.inc"
#undef PL_SHADER
    return {nullptr, 0};
}

}  // namespace pl::assets
