// Compiles the embedded GLSL sources (shaders/) for the running target: the version line is prepended
// here (#version 300 es on WebGL2, #version 330 core natively), the sources themselves have none.
#pragma once
#include <string>

namespace pl::app {

// Returns a linked program, or 0 with a readable message in `error`. header_name: an embedded
// shaders/<name>.h (e.g. "field_contract") compiled in front of both stages, after the version line;
// line numbers in messages still count from the top of the .vert/.frag file. defines: "#define ..."
// lines compiled in front of the header (a variant of one shader, e.g. field_programs.cpp).
unsigned int build_program(const char* vertex_name, const char* fragment_name, std::string& error,
                           const char* header_name = nullptr, const char* defines = nullptr);

}  // namespace pl::app
