#!/usr/bin/env bash
# Native smoke test: the SDL2 app runs N frames under a virtual X display (Xvfb, Mesa llvmpipe) and
# exits 0; a screenshot of the window goes to build/test-output/native.png.
# Usage: native_smoke.sh <perceptron-lab binary> <output dir>
set -euo pipefail
app=$1; out=$2
mkdir -p "$out"
# -displayfd: Xvfb picks a free display number itself and tells us, so parallel runs never collide.
fifo=$(mktemp -u); mkfifo "$fifo"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$fifo" >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true; rm -f "$fifo"' EXIT
read -r -t 20 display < "$fifo"
export DISPLAY=":$display"
# 1) a bounded run must exit 0 by itself
PL_FRAMES=60 timeout 60 "$app" --size 1200x760
# 2) a screenshot of the window while it runs
"$app" --size 1200x760 & app_pid=$!
sleep 2
import -window root "$out/native.png"
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
# the screenshot must not be blank: the UI draws many colours
colours=$(convert "$out/native.png" -format %k info:)
echo "native screenshot: $out/native.png ($colours colours)"
[ "$colours" -gt 20 ]
