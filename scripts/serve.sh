#!/usr/bin/env bash
# Command 1: install what is missing, build the web widget (Release, WebAssembly), serve it on
# 127.0.0.1 and print the URL. PORT=9000 scripts/serve.sh picks another port.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh web
exec node scripts/serve.mjs
