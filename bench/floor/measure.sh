#!/usr/bin/env bash
# The floor of the first download (issue 30): how many gzip bytes a bare Dear ImGui + SDL2 web app,
# built exactly like the widget (bench/floor/CMakeLists.txt says from where), fetches before its first
# frame, beside the same numbers for the widget's release build (build/web) and both first parts by origin.
#
# Usage: bench/floor/measure.sh          (after scripts/setup.sh and ./scripts/build.sh web; the widget's
#                                          origin table also needs build/web-split-profile, which
#                                          scripts/split_profile.mjs builds)
# Builds into build/floor under the build lock, profiles the first frames in headless Chromium
# (bench/floor/profile.mjs, as scripts/split_profile.mjs does for the widget), splits with wasm-split
# --keep-funcs like the release build, minifies the JS glue with esbuild like bundle_release.cmake, and
# prints markdown tables. Sizes are gzip -9 in KB (1024 bytes).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
source scripts/env.sh
out=$repo/build/floor
mkdir -p "$out"

echo "== building the floor app into build/floor (waiting for the build lock)" >&2
flock /tmp/pl-build.lock bash -c '
  set -euo pipefail
  if [ ! -f "$1/build.ninja" ]; then
    cmake -S bench/floor -B "$1" -G Ninja \
      -DCMAKE_TOOLCHAIN_FILE=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake \
      -DCMAKE_BUILD_TYPE=MinSizeRel -DCMAKE_C_FLAGS_MINSIZEREL="-Oz -DNDEBUG" \
      -DCMAKE_CXX_FLAGS_MINSIZEREL="-Oz -DNDEBUG" -DPL_DEPS_DIR="$PL_DEPS_DIR" > "$1/configure.log" 2>&1 ||
      { cat "$1/configure.log"; exit 1; }
  fi
  cmake --build "$1" -j "$(nproc)" >&2
' _ "$out"

echo "== profiling the first frames (headless Chromium)" >&2
cp bench/floor/index.html "$out/index.html"
node bench/floor/profile.mjs "$out" >&2

echo "== splitting and minifying as the release build does" >&2
rm -rf "$out/dist" && mkdir -p "$out/dist"
(cd "$out" && wasm-split --quiet --enable-mutable-globals --export-prefix=% --keep-funcs=@keep_functions.txt \
  hello.wasm.orig -o1 dist/hello.wasm -o2 dist/hello.deferred.wasm)
esbuild "$out/hello.js" --minify --format=esm --outfile="$out/dist/hello.js" --log-level=warning
cp bench/floor/index.html "$out/dist/index.html"
node bench/floor/profile.mjs "$out" --check-dist >&2

# A module without its name section: the whole wasm as it would ship unsplit.
strip_names() {
  python3 - "$1" "$2" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1; r |= (x & 0x7F) << s; s += 7
        if x < 0x80: return r, i
out, i = bytearray(data[:8]), 8
while i < len(data):
    sid = data[i]; size, start = leb(data, i + 1)
    if sid == 0:
        n, j = leb(data, start)
        keep = data[j:j + n] != b'name'
    else:
        keep = True
    if keep: out += data[i:start + size]
    i = start + size
open(sys.argv[2], 'wb').write(out)
PY
}
gz() { cat "$@" | gzip -9 -n -c | wc -c; }
kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }

strip_names "$out/hello.wasm.orig" "$out/hello.whole.wasm"
font=$out/DejaVuSans-subset.ttf
h_whole=$(gz "$out/hello.whole.wasm"); h_glue=$(gz "$out/dist/hello.js"); h_first=$(gz "$out/dist/hello.wasm")
h_font=$(gz "$font"); h_page=$(gz "$out/dist/index.html"); h_deferred=$(gz "$out/dist/hello.deferred.wasm")
h_sum=$((h_glue + h_first + h_page))

web=$repo/build/web
prof=$repo/build/web-split-profile
have_ours=0
[ -f "$web/perceptron_lab.wasm" ] && [ -f "$prof/perceptron_lab.wasm.orig" ] && have_ours=1
echo
echo "### First download, gzip -9 KB (floor: bench/floor/hello.cpp; ours: build/web)"
echo
echo "| build | whole wasm, unsplit | JS glue, minified | JS as shipped | first part wasm | font (inside the first part) | page + css | **before the first frame** | deferred wasm |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
echo "| floor (bare ImGui + SDL2) | $(kb "$h_whole") | $(kb "$h_glue") | $(kb "$h_glue") | $(kb "$h_first") | $(kb "$h_font") | $(kb "$h_page") | **$(kb "$h_sum")** | $(kb "$h_deferred") |"
if [ $have_ours = 1 ]; then
  # The origin table reads build/web-split-profile's unsplit module: it must be the code build/web ships.
  (cd "$out" && wasm-split --quiet --enable-mutable-globals --export-prefix=% \
    --keep-funcs=@"$repo/src/platform/split/keep_functions.txt" "$prof/perceptron_lab.wasm.orig" \
    -o1 ours.first.wasm -o2 ours.deferred.wasm)
  # (If src/platform/split/keep_functions.txt or the code changed since build/web was built, the two differ:
  # the origin table then describes the re-split, and the line under the first table says by how much.)
  resplit_note=""
  cmp -s "$out/ours.first.wasm" "$web/perceptron_lab.wasm" ||
    resplit_note="build/web's first part differs from build/web-split-profile's module split with today's keep list ($(wc -l < src/platform/split/keep_functions.txt) functions): that one is $(kb "$(gz "$out/ours.first.wasm")") KB gzip; the origin table below describes it."
  strip_names "$prof/perceptron_lab.wasm.orig" "$out/ours.whole.wasm"
  o_whole=$(gz "$out/ours.whole.wasm"); o_glue=$(gz "$web/perceptron_lab.js"); o_embed=$(gz "$web/embed.js")
  o_first=$(gz "$web/perceptron_lab.wasm"); o_font=$(gz "$web/shaders/DejaVuSans-subset.ttf")
  o_page=$(( $(gz "$web/index.html") + $(gz "$web/main.js") + $(gz "$web/embed.css") ))
  o_deferred=$(gz "$web/perceptron_lab.deferred.wasm")
  o_sum=$((o_embed + o_first + o_page))
  echo "| Perceptron Lab | $(kb "$o_whole") | $(kb "$o_glue") | $(kb "$o_embed") (embed.js: glue + embed API) | $(kb "$o_first") | $(kb "$o_font") | $(kb "$o_page") | **$(kb "$o_sum")** | $(kb "$o_deferred") |"
  echo "| ours above the floor | | | $(kb $((o_embed - h_glue))) | $(kb $((o_first - h_first))) | | | **$(kb $((o_sum - h_sum)))** | |"
  [ -z "$resplit_note" ] || { echo; echo "Note: $resplit_note"; }
fi

# The first parts by origin, from the unsplit modules' name sections and the symbols of what was linked.
sysroot=/usr/share/emscripten/cache/sysroot/lib/wasm32-emscripten
runtime=$(ls "$sysroot"/{libc.a,libc-optz.a,libc++-noexcept.a,libc++abi-noexcept.a,libdlmalloc.a,libcompiler_rt.a,libGL-webgl2.a,libhtml5.a,libstubs.a,libsockets.a,libnoexit.a,crt1.o} | paste -sd,)
sdl2=$SDL2_WEB_PREFIX/lib/libSDL2.a
python3 bench/floor/origins.py --label "floor (bare ImGui + SDL2)" --top 15 \
  --wasm "$out/hello.wasm.orig" --keep "$out/keep_functions.txt" --first "$out/dist/hello.wasm" --font "$font" \
  app="$(ls "$out"/CMakeFiles/hello.dir/*.o "$out"/CMakeFiles/hello.dir/embedded/*.o | paste -sd,)" \
  imgui="$out/libimgui.a" sdl2="$sdl2" runtime="$runtime"
if [ $have_ours = 1 ]; then
  python3 bench/floor/origins.py --label "Perceptron Lab" --top 15 \
    --wasm "$prof/perceptron_lab.wasm.orig" --keep src/platform/split/keep_functions.txt \
    --first "$out/ours.first.wasm" --font "$web/shaders/DejaVuSans-subset.ttf" \
    app="$(ls "$prof"/src/app/libpl_app.a "$prof"/src/core/libpl_core.a "$prof"/shaders/libpl_assets.a "$prof"/src/platform/CMakeFiles/pl_web_host.dir/*.o | paste -sd,)" \
    imgui="$prof/third_party/libimgui.a" sdl2="$sdl2" runtime="$runtime"
fi
