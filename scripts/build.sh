#!/usr/bin/env bash
# Configures and builds one CMake preset (native, native-asan, native-release, web, web-test, cli-node).
# Usage: scripts/build.sh PRESET
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
preset=${1:?usage: scripts/build.sh native|native-asan|native-release|web|web-test|cli-node}
if [ ! -f "build/$preset/build.ninja" ]; then
  mkdir -p build
  cmake --preset "$preset" -DPL_DEPS_DIR="$PL_DEPS_DIR" > "build/$preset.configure.log" 2>&1 || {
    mkdir -p build; cat "build/$preset.configure.log"; exit 1; }
fi
cmake --build --preset "$preset" -j "$(nproc)"
