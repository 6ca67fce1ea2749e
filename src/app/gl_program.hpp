// Compiles the embedded GLSL sources (shaders/) for the running target: the version line is prepended
// here (#version 300 es on WebGL2, #version 330 core natively), the sources themselves have none.
#pragma once
#include <string>

namespace pl::app {

// Returns a linked program, or 0 with a readable message in `error`.
unsigned int build_program(const char* vertex_name, const char* fragment_name, std::string& error);

}  // namespace pl::app
