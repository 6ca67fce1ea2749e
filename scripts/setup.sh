#!/usr/bin/env bash
# Installs everything Perceptron Lab needs on a bare Debian 12 machine, and nothing twice.
#  1. Debian packages (compilers, SDL2, doctest, Chromium, Xvfb, fonts, JSON, glm, ...)
#  2. Debian *source* packages of Dear ImGui 1.86 and SDL2 2.26.5 (pinned, sha256-checked),
#     unpacked into the per-machine cache (outside git)
#  3. SDL2 built for the web with emcmake into a cached prefix (its configure takes ~3 min: paid once)
#  4. npm dev dependencies (playwright-core, axe-core, scorm-again, h5p-standalone, ...) from package-lock.json
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

# --- 4. npm dev dependencies -----------------------------------------------------------------------
if [ ! -f node_modules/playwright-core/package.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "npm ci"
  # --ignore-scripts: no package needs an install step, and h5p-standalone's would insist on yarn.
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null
fi
log "all dependencies present"
