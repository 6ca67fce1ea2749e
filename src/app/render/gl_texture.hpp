// One place that makes a texture for pictures drawn one texel per device pixel (the regions, the
// point layers): nearest sampling (float textures are not filterable in WebGL2, and a picture drawn
// at its own size must stay exact) and clamped edges. Returns its GL name, bound.
#pragma once

namespace pl::app {

unsigned int make_nearest_texture();

}  // namespace pl::app
