#!/usr/bin/env bash
# Runs a command under its own virtual X display (Xvfb picks a free display number), then stops Xvfb.
set -euo pipefail
fifo=$(mktemp -u); mkfifo "$fifo"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$fifo" >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true; rm -f "$fifo"' EXIT
read -r -t 20 display < "$fifo"
DISPLAY=":$display" "$@"
