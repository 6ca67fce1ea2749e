#!/usr/bin/env bash
# The browser suite under load (issue 26): runs tests/e2e and the engine lanes (tests/engines: Chromium,
# Firefox ESR, WebKitGTK) three times in a row while two CPU-bound stress-ng workers run beside it, and
# prints each run's counts and time. Not part of CI: anyone can run it
# on a built tree (./scripts/build.sh native, web and web-test first, or after ./scripts/test.sh).
#   ./scripts/stress.sh [RUNS] [WORKERS]      (defaults: 3 runs, 2 workers)
# stress-ng comes from Debian; the script installs it when it is missing (as scripts/setup.sh does).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${1:-3}"
WORKERS="${2:-2}"
cd "$ROOT"
if ! command -v stress-ng >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "[stress] installing stress-ng"
  $SUDO apt-get install -y -qq --no-install-recommends stress-ng >/dev/null || { echo "[stress] could not install stress-ng" >&2; exit 1; }
fi
# The browser suite needs all three builds: the test build, the release build and the native CLI (the
# SCORM, H5P and docs tests run perceptron-cli). Without one, every test that needs it fails at once.
for preset in web-test web native; do
  [ -d "build/$preset" ] && [ -f "build/$preset/build.ninja" ] || { echo "[stress] build/$preset is missing: run ./scripts/build.sh $preset first (or ./scripts/test.sh once)" >&2; exit 1; }
done

stress-ng --cpu "$WORKERS" --cpu-method matrixprod --quiet &
STRESS_PID=$!
trap 'kill "$STRESS_PID" 2>/dev/null; wait "$STRESS_PID" 2>/dev/null' EXIT
mkdir -p build/test-output
all_ok=0
for run in $(seq 1 "$RUNS"); do
  log="build/test-output/stress-$run.log"
  start=$(date +%s)
  node --test --test-concurrency=1 --test-force-exit --test-reporter=spec tests/e2e/ >"$log" 2>&1
  node tests/engines/run.mjs >"build/test-output/stress-$run-engines.log" 2>&1
  took=$(( $(date +%s) - start ))
  pass=$(grep -E "^ℹ pass [0-9]+" "$log" | awk '{print $3}' | tail -1)
  fail=$(grep -E "^ℹ fail [0-9]+" "$log" | awk '{print $3}' | tail -1)
  echo "[stress] run $run of $RUNS beside $WORKERS stress-ng workers, $((took / 60)) min $((took % 60)) s (logs: $log, stress-$run-engines.log)"
  echo "[stress]   chromium, every test: ${pass:-?} passed, ${fail:-?} failed"
  grep -E "^\[engine\]" "build/test-output/stress-$run-engines.log" | sed 's/^\[engine\]/[stress]   core flows:/'
  [ "${fail:-1}" = "0" ] || all_ok=1
  grep -qE "^\[engine\] .*: [0-9]+ passed, [1-9][0-9]* failed" "build/test-output/stress-$run-engines.log" && all_ok=1
done
exit $all_ok
