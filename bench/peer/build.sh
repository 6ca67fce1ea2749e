#!/usr/bin/env bash
# Builds the benchmark's peer, TensorFlow Playground (bench/peer/README.md), into build/peer/src/dist
# with its own toolchain: `npm ci` (from its package-lock.json) and `npm run build` (browserify + tsify +
# uglify for the script, concat for the styles). Used by bench/slow_network.mjs, which runs it when
# build/peer is missing. Does nothing when dist is newer than the vendored files and this script.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
vendored="$repo/bench/peer/tf-playground"
work="$repo/build/peer/src"
stamp="$work/dist/bundle.js"

if [[ -f "$stamp" ]] && [[ -z "$(find "$vendored" "${BASH_SOURCE[0]}" -newer "$stamp" -print -quit)" ]]; then
  echo "build/peer/src/dist is up to date"
  exit 0
fi

rm -rf "$work"
mkdir -p "$work"
cp -R "$vendored/." "$work/"

# The one change to the upstream build (README.md "Building"): build/peer/src lies inside this repository,
# and TypeScript 2.9 also loads every @types package of the folders above it, here the repository's
# own modern @types/node, whose syntax it cannot parse. Only the peer's own @types are meant.
node -e '
  const fs = require("fs");
  const file = process.argv[1];
  const config = JSON.parse(fs.readFileSync(file, "utf8"));
  config.compilerOptions.typeRoots = ["./node_modules/@types"];
  fs.writeFileSync(file, JSON.stringify(config, null, 2) + "\n");
' "$work/tsconfig.json"

cd "$work"
npm ci --no-audit --no-fund
mkdir -p dist
# Its build-js step pipes browserify into uglifyjs, so a TypeScript error does not fail the command:
# read the log instead, and check that a real bundle came out.
npm run build 2>&1 | tee build.log
if grep -qi 'error' build.log || [[ $(stat -c %s dist/bundle.js) -lt 100000 ]]; then
  echo "bench/peer/build.sh: the peer's build failed (build/peer/src/build.log)" >&2
  rm -f dist/bundle.js
  exit 1
fi
echo "built build/peer/src/dist"
