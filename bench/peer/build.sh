#!/usr/bin/env bash
# Builds the benchmark's peer, TensorFlow Playground (bench/peer/README.md), into build/peer/src/dist
# from a checkout the person running the benchmark provides: PL_PEER_SRC=<a tensorflow/playground
# checkout at the commit bench/peer/README.md names>. Nothing of the peer is kept in this repository
# (it is another project's source). With its own toolchain: `npm ci` (from its package-lock.json) and
# `npm run build` (browserify + tsify + uglify for the script, concat for the styles). Used by
# bench/slow_network.mjs, which runs it when build/peer is missing. Does nothing when dist is newer
# than the checkout's files and this script.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
vendored="${PL_PEER_SRC:-}"
if [[ -z "$vendored" || ! -f "$vendored/package.json" || ! -d "$vendored/src" ]]; then
  cat >&2 <<'MSG'
bench/peer/build.sh: the peer's source is missing. Set PL_PEER_SRC to a checkout of TensorFlow
Playground (the tensorflow/playground repository on GitHub) at commit 02469bd, for example:
  git clone <the playground repository> /tmp/playground && git -C /tmp/playground checkout 02469bd
  PL_PEER_SRC=/tmp/playground node bench/slow_network.mjs
(bench/peer/README.md says what the benchmark uses of it.)
MSG
  exit 3
fi
work="$repo/build/peer/src"
stamp="$work/dist/bundle.js"

if [[ -f "$stamp" ]] && [[ -z "$(find "$vendored" "${BASH_SOURCE[0]}" -newer "$stamp" -print -quit)" ]]; then
  echo "build/peer/src/dist is up to date"
  exit 0
fi

rm -rf "$work"
mkdir -p "$work"
# Only what its build needs (its README, CONTRIBUTING and lint files stay behind), and never its .git.
for item in LICENSE package.json package-lock.json index.html styles.css tsconfig.json analytics.js src; do
  cp -R "$vendored/$item" "$work/"
done

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
