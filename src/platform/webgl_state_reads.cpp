// Dear ImGui's OpenGL3 backend reads the GL state before it draws and sets it back afterwards, for
// programs that share their GL context with other drawing. In a browser most of those reads are
// answered from a copy the page keeps, but not the scissor box and the blend settings: reading them
// waits until the GPU process has finished everything queued before, the whole previous frame. With a
// software renderer that is 25-45 ms a frame (bench/profile_web.mjs: getParameter(SCISSOR_BOX)), in
// which the page could have prepared the next frame instead.
//
// The backend is compiled with glGetIntegerv renamed to this function (third_party/CMakeLists.txt,
// web only). The widget sets everything it draws with itself each frame (main.cpp sets the viewport
// before it clears; the field renderer sets its viewport, scissor and blending and switches them off
// again), so what the backend puts back only has to be harmless: the viewport as the scissor box,
// Dear ImGui's own blending. Every other read goes to the real glGetIntegerv.
#include <GLES3/gl3.h>

extern "C" void pl_imgui_get_integer(GLenum name, GLint* values) {
    switch (name) {
        case GL_SCISSOR_BOX: glGetIntegerv(GL_VIEWPORT, values); return;  // a cached read
        case GL_BLEND_SRC_RGB: *values = GL_SRC_ALPHA; return;
        case GL_BLEND_DST_RGB: *values = GL_ONE_MINUS_SRC_ALPHA; return;
        case GL_BLEND_SRC_ALPHA: *values = GL_ONE; return;
        case GL_BLEND_DST_ALPHA: *values = GL_ONE_MINUS_SRC_ALPHA; return;
        case GL_BLEND_EQUATION_RGB:
        case GL_BLEND_EQUATION_ALPHA: *values = GL_FUNC_ADD; return;
        default: glGetIntegerv(name, values);
    }
}
