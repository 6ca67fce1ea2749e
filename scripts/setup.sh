#!/usr/bin/env bash
# Installs everything Perceptron Lab needs on a bare Debian 12 machine, and nothing twice.
#  1. Debian packages (compilers, SDL2, doctest, Chromium, Xvfb, fonts, JSON, glm, ...)
#  2. Debian *source* packages of Dear ImGui 1.86 and SDL2 2.26.5 (pinned, sha256-checked),
#     unpacked into the per-machine cache (outside git)
#  3. SDL2 built for the web with emcmake into a cached prefix (its configure takes ~3 min: paid once)
#  4. zlib 1.2.13 and libzip 1.7.3 from their Debian source packages (pinned, sha256-checked), built with
#     emcmake for the Node build of perceptron-cli (preset cli-node) into a cached prefix (~1-2 min once)
#  5. npm dev dependencies (playwright-core, axe-core, scorm-again, h5p-standalone, ...) from package-lock.json
# Safe to run again: every step checks first and returns in about a second when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

log() { printf '[setup] %s\n' "$*"; }
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

# --- 1. Debian packages ------------------------------------------------------------------------
PACKAGES=(
  build-essential cmake ninja-build pkg-config git xz-utils ca-certificates
  emscripten nodejs                  # the WebAssembly compiler (uses the system LLVM + binaryen)
  esbuild                            # minifies the release build's JavaScript (smaller download)
  binaryen                           # wasm-split: the web module's first part and the deferred rest
  libsdl2-dev libgl-dev              # native window + GL
  doctest-dev                        # unit tests
  nlohmann-json3-dev libglm-dev      # JSON state import/export, 3-D camera math
  fonts-dejavu-core python3-fonttools  # DejaVu Sans (Greek + math glyphs), subset and embedded at build time
  chromium xvfb libgl1-mesa-dri      # headless browser tests, native smoke test under a virtual display
  firefox-esr webkit2gtk-driver      # the core flows in Firefox (WebDriver BiDi) and WebKitGTK (WebKitWebDriver, MiniBrowser)
  imagemagick                        # screenshot of the native window (import)
  clang-14 libclang-rt-14-dev        # libFuzzer + sanitizer runtimes
  python3-sklearn python3-numpy      # cross-check benchmark against scikit-learn
  dpkg-dev                           # apt-get source
  libzip-dev                         # perceptron-cli package: writes SCORM .zip and H5P .h5p packages
  libxml2-utils                      # xmllint: tests validate SCORM manifests and the SVG figures
  librsvg2-bin                       # rsvg-convert: a figure's SVG as PDF (perceptron-cli figure --pdf)
  poppler-utils                      # pdftotext: tests read the printed worksheet back
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
need_src=0
[ -f "$PL_DEPS_DIR/src/imgui-1.86/imgui.cpp" ] || need_src=1
[ -f "$PL_DEPS_DIR/src/SDL2-2.26.5/CMakeLists.txt" ] || need_src=1
[ -f "$ZIP_WEB_PREFIX/lib/libzip.a" ] || [ -f "$PL_DEPS_DIR/src/libzip-1.7.3/.unpacked" ] || need_src=1
if [ ${#missing[@]} -gt 0 ] || [ $need_src -eq 1 ]; then
  # deb-src entry derived from the machine's own source list, so no mirror address is written here.
  if [ ! -f /etc/apt/sources.list.d/debian-src.sources ] && [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $SUDO tee /etc/apt/sources.list.d/debian-src.sources >/dev/null
  fi
  log "apt-get update"
  $SUDO apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
  log "installing: ${missing[*]}"
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- 2. Source packages, pinned and checked ------------------------------------------------------
# name  version  orig tarball  sha256  unpacked dir
fetch_source() {
  local pkg=$1 ver=$2 tarball=$3 sum=$4 dir=$5
  [ -f "$PL_DEPS_DIR/src/$dir/.unpacked" ] && return 0
  mkdir -p "$PL_DEPS_DIR/src" "$PL_DEPS_DIR/dl"
  if [ ! -f "$PL_DEPS_DIR/dl/$tarball" ]; then
    log "apt-get source $pkg=$ver"
    (cd "$PL_DEPS_DIR/dl" && apt-get source --download-only -qq "$pkg=$ver" >/dev/null)
  fi
  echo "$sum  $PL_DEPS_DIR/dl/$tarball" | sha256sum -c --quiet - || { echo "checksum mismatch for $tarball" >&2; exit 1; }
  rm -rf "$PL_DEPS_DIR/src/$dir"
  tar -xf "$PL_DEPS_DIR/dl/$tarball" -C "$PL_DEPS_DIR/src"
  touch "$PL_DEPS_DIR/src/$dir/.unpacked"
}
fetch_source imgui   "$IMGUI_DEB_VERSION"  "$IMGUI_TARBALL"  "$IMGUI_SHA256"  imgui-1.86
fetch_source libsdl2 "$SDL2_DEB_VERSION"   "$SDL2_TARBALL"   "$SDL2_SHA256"   SDL2-2.26.5

# --- 3. SDL2 for the web, built once per machine --------------------------------------------------
# Only what the widget uses (video, events, timers), built for size: no audio, joystick, haptic,
# sensor, power, renderer or locale code reaches the download (docs/developers.md "Download size").
if [ ! -f "$SDL2_WEB_PREFIX/lib/cmake/SDL2/SDL2Config.cmake" ]; then
  log "building SDL2 2.26.5 for the web (one time, ~3-4 min)"
  rm -rf "$PL_DEPS_DIR/build-sdl2-web"
  emcmake cmake -S "$PL_DEPS_DIR/src/SDL2-2.26.5" -B "$PL_DEPS_DIR/build-sdl2-web" -G Ninja \
    -DCMAKE_BUILD_TYPE=MinSizeRel -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF \
    -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF \
    -DSDL_POWER=OFF -DSDL_RENDER=OFF -DSDL_LOCALE=OFF \
    -DCMAKE_INSTALL_PREFIX="$SDL2_WEB_PREFIX" > "$PL_DEPS_DIR/sdl2-web-configure.log" 2>&1
  cmake --build "$PL_DEPS_DIR/build-sdl2-web" > "$PL_DEPS_DIR/sdl2-web-build.log" 2>&1
  cmake --install "$PL_DEPS_DIR/build-sdl2-web" >/dev/null
fi

# --- 4. zlib + libzip for the Node build of perceptron-cli, built once per machine ----------------------
# The native CLI writes SCORM/H5P zips with Debian's libzip 1.7.3 over zlib 1.2.13; the WebAssembly CLI
# (preset cli-node) links the same two versions, built here from Debian's source packages (Emscripten's
# zlib port would be downloaded). Static, no tools, tests, docs or crypto/bzip2/lzma: only what writes a
# deflated zip. Built in a scratch folder and moved into place at the end, so an interrupted or a
# concurrent run never leaves a half prefix that looks complete.
if [ ! -f "$ZIP_WEB_PREFIX/lib/libzip.a" ]; then
  fetch_source zlib   "$ZLIB_DEB_VERSION"   "$ZLIB_TARBALL"   "$ZLIB_SHA256"   zlib-1.2.13.dfsg
  fetch_source libzip "$LIBZIP_DEB_VERSION" "$LIBZIP_TARBALL" "$LIBZIP_SHA256" libzip-1.7.3
  log "building zlib 1.2.13 and libzip 1.7.3 for Node (one time, ~1-2 min)"
  work="$PL_DEPS_DIR/build-zip-web.$$"; stage="$ZIP_WEB_PREFIX.tmp.$$"
  rm -rf "$work" "$stage"; mkdir -p "$work"
  step() { local log=$1; shift; "$@" > "$work/$log" 2>&1 || { tail -30 "$work/$log"; echo "[setup] failed: $*" >&2; exit 1; }; }
  # zlib: its CMakeLists names win32/zlib1.rc, which the Debian tarball (dfsg) leaves out, so the library's
  # 15 C files are compiled here as zlib's own Makefile would (the compressed bytes depend on none of the flags).
  zlib_src="$PL_DEPS_DIR/src/zlib-1.2.13.dfsg"
  mkdir -p "$work/zlib" "$stage/lib" "$stage/include"
  step zlib-build.log bash -c 'cd "$1" && shift && emcc -O2 -DZ_HAVE_UNISTD_H -c "$@" && emar rcs libz.a ./*.o' _ "$work/zlib" \
    "$zlib_src"/{adler32,compress,crc32,deflate,gzclose,gzlib,gzread,gzwrite,infback,inffast,inflate,inftrees,trees,uncompr,zutil}.c
  cp "$work/zlib/libz.a" "$stage/lib/"
  cp "$zlib_src/zconf.h" "$zlib_src/zlib.h" "$stage/include/"
  # CMake's check_type_size reads 9 for every type out of an Emscripten build (the size is looked for in
  # the linked binary), and libzip then refuses off_t: the sizes of wasm32 are given instead.
  wasm32_sizes=()
  for t in INT8_T:1 UINT8_T:1 INT16_T:2 UINT16_T:2 INT32_T:4 UINT32_T:4 INT64_T:8 UINT64_T:8 SHORT:2 INT:4 LONG:4 LONG_LONG:8; do
    wasm32_sizes+=("-DHAVE_${t%%:*}_LIBZIP=TRUE" "-D${t%%:*}_LIBZIP=${t##*:}")
  done
  wasm32_sizes+=(-DHAVE_SIZEOF_OFF_T=TRUE -DSIZEOF_OFF_T=8 -DHAVE_SIZEOF_SIZE_T=TRUE -DSIZEOF_SIZE_T=4)
  step libzip-configure.log emcmake cmake -S "$PL_DEPS_DIR/src/libzip-1.7.3" -B "$work/libzip" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF \
    -DENABLE_COMMONCRYPTO=OFF -DENABLE_GNUTLS=OFF -DENABLE_MBEDTLS=OFF -DENABLE_OPENSSL=OFF \
    -DENABLE_WINDOWS_CRYPTO=OFF -DENABLE_BZIP2=OFF -DENABLE_LZMA=OFF \
    -DZLIB_INCLUDE_DIR="$stage/include" -DZLIB_LIBRARY="$stage/lib/libz.a" \
    "${wasm32_sizes[@]}" -DCMAKE_INSTALL_PREFIX="$stage"
  step libzip-build.log cmake --build "$work/libzip" -j 2
  step libzip-install.log cmake --install "$work/libzip"
  rm -rf "$ZIP_WEB_PREFIX"; mv "$stage" "$ZIP_WEB_PREFIX"; rm -rf "$work"
fi

# --- 5. npm dev dependencies -----------------------------------------------------------------------
if [ ! -f node_modules/playwright-core/package.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "npm ci"
  # --ignore-scripts: no package needs an install step, and h5p-standalone's would insist on yarn.
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null
fi
log "all dependencies present"
