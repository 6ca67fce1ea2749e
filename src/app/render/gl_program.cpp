#include "app/render/gl_program.hpp"

#include <vector>

#include "app/render/gl.hpp"
#include "assets.hpp"

namespace pl::app {

namespace {
// The info log of a shader or program (get_length/get_log: glGetShaderiv/glGetShaderInfoLog or the
// program pair).
template <class GetLength, class GetLog>
std::string info_log(GLuint object, GetLength get_length, GetLog get_log) {
    GLint length = 0;
    get_length(object, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
    get_log(object, length, nullptr, log.data());
    return log.data();
}

const char* embedded_text(const char* name, const char* extension, std::string& error) {
    const assets::Blob blob = assets::shader_source(name, extension);
    if (!blob.data) error = std::string("shader source not embedded: ") + name + "." + extension;
    return reinterpret_cast<const char*>(blob.data);
}

GLuint compile(GLenum stage, const char* name, const char* stage_name, const char* header_name, const char* defines,
               std::string& error) {
    const char* body = embedded_text(name, stage_name, error);
    const char* header = header_name ? embedded_text(header_name, "h", error) : "";
    if (!body || !header) return 0;
    // "#line 1": the body's first line is line 1 again in compiler messages.
    const char* sources[5] = {PL_GLSL_VERSION_LINE, defines ? defines : "", header, "\n#line 1\n", body};
    const GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 5, sources, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        error = std::string(name) + "." + stage_name + ": " + info_log(shader, glGetShaderiv, glGetShaderInfoLog);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}
}  // namespace

unsigned int build_program(const char* vertex_name, const char* fragment_name, std::string& error,
                           const char* header_name, const char* defines) {
    const GLuint vs = compile(GL_VERTEX_SHADER, vertex_name, "vert", header_name, defines, error);
    if (!vs) return 0;
    const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_name, "frag", header_name, defines, error);
    if (!fs) { glDeleteShader(vs); return 0; }
    const GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        error = "link: " + info_log(program, glGetProgramiv, glGetProgramInfoLog);
        glDeleteProgram(program);
        return 0;
    }
    return program;
}

}  // namespace pl::app
