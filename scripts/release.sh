#!/usr/bin/env bash
# Makes the npm package and the release archive (scripts/release.mjs says what is in each) from fresh
# release builds: build/package/perceptron-lab-X.Y.Z.tgz and build/package/perceptron-lab-X.Y.Z.zip.
# Installs what is missing first, like the two commands of the README.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh > /dev/null
mkdir -p build
./scripts/build.sh web > build/release-web.log 2>&1 || { tail -30 build/release-web.log; exit 1; }
./scripts/build.sh cli-node > build/release-cli-node.log 2>&1 || { tail -30 build/release-cli-node.log; exit 1; }
exec node scripts/release.mjs
