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
# zlib and libzip for the Node build of perceptron-cli (setup.sh step 4): the same upstream versions as
# Debian's zlib1g and libzip4 that the native CLI links, so the deflated bytes of a package are identical.
# Debian's patches of both (build system, a dummy ABI symbol) change no compressed byte: the orig tarballs
# are built as they are. A new name here builds them anew.
ZLIB_DEB_VERSION="1:1.2.13.dfsg-1"
ZLIB_TARBALL="zlib_1.2.13.dfsg.orig.tar.bz2"
ZLIB_SHA256="71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1"
LIBZIP_DEB_VERSION="1.7.3-1"
LIBZIP_TARBALL="libzip_1.7.3.orig.tar.xz"
LIBZIP_SHA256="a60473ffdb7b4260c08bfa19c2ccea0438edac11193c3afbbb1f17fbcf6c6132"
# third_party has nothing of it: src/cli/CMakeLists.txt names the same folder.
export ZIP_WEB_PREFIX="$PL_DEPS_DIR/zlib-1.2.13-libzip-1.7.3-web"
