// The one place that includes OpenGL headers. Web: WebGL2 = OpenGL ES 3.0. Native: desktop GL 3.3
// core, whose entry points Mesa's libGL exports directly (GL_GLEXT_PROTOTYPES), so no loader is needed.
#pragma once
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#define PL_GLSL_VERSION_LINE "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
#else
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <GL/glext.h>
#define PL_GLSL_VERSION_LINE "#version 330 core\n"
#endif
