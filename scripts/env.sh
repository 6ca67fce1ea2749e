# Shared settings for every script (sourced, not run). One place for pinned versions and paths.
export PL_DEPS_DIR="${PL_DEPS_DIR:-$HOME/.cache/perceptron-lab}"
# "-lean": video, events and timers only, built for size (setup.sh step 3); a new name builds it anew.
# third_party/CMakeLists.txt names the same folder.
export SDL2_WEB_PREFIX="$PL_DEPS_DIR/sdl2-2.26.5-web-lean"
# Emscripten 3.1.6 links at -O1+ need Debian's node modules (acorn): the node first on PATH is not
# Debian's, and without this emcc fails with "Cannot find module 'acorn'".
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

IMGUI_DEB_VERSION="1.86+ds-1"
IMGUI_TARBALL="imgui_1.86+ds.orig.tar.xz"
IMGUI_SHA256="0dace0e8e57d298eb6e93af12dc19420cb96330832f6495c733b90aeeef11f64"
SDL2_DEB_VERSION="2.26.5+dfsg-1"
SDL2_TARBALL="libsdl2_2.26.5+dfsg.orig.tar.gz"
SDL2_SHA256="b3f2c822151804125d08db94c65852f711c2e5df2145a59da120748dc32eb9c3"
