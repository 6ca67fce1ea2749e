#!/usr/bin/env bash
# Command 2: install what is missing, build native + web, run every test, end with one summary line.
#   1. native (Debug): doctest unit tests, CLI tests, native smoke test under Xvfb      (ctest)
#   2. native-asan: the same unit tests under AddressSanitizer + UBSan                  (ctest)
#   3. fuzzers: each libFuzzer target for a short bounded time                          (if present)
#   4. web (Release) and web-test (the same plus the test hooks): headless Chromium browser tests
#      on build/web-test, and checks that build/web carries no test hook; cli-node: the CLI for Node;
#      scripts/release.mjs: the npm package and the release archive the tests install and unzip
#      against the native one (tests/e2e/cli_node.test.mjs)                             (node --test)
#   5. the core flows in Chromium, Firefox ESR and WebKitGTK, one line per engine     (tests/engines)
# Environment: PL_SKIP_ASAN=1 / PL_SKIP_WEB=1 to skip a stage while iterating locally (CI runs all).
set -uo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }
source scripts/env.sh
mkdir -p build/test-output
passed=0; failed=0

# Each stage's wall time, printed before the summary (where a run's time goes: issue 42).
stage_times=""; stage_began=$SECONDS
stage_done() {
  local took=$((SECONDS - stage_began))
  stage_times+="${stage_times:+ · }$1 $((took / 60))m$(printf '%02d' $((took % 60)))s"
  stage_began=$SECONDS
}
stage_done setup

# ctest prints "NN% tests passed, F tests failed out of T"; add its numbers to ours.
run_ctest() {
  local preset=$1 log="build/test-output/ctest-$1.log"
  if ! ./scripts/build.sh "$preset" > "build/test-output/build-$preset.log" 2>&1; then
    tail -40 "build/test-output/build-$preset.log"; echo "[test] build $preset FAILED"; failed=$((failed + 1)); return
  fi
  ctest --preset "$preset" -j "$(nproc)" 2>&1 | tee "$log" | grep -E "Failed|\*\*\*|tests passed" || true
  local line total bad
  line=$(grep -E "tests passed, [0-9]+ tests? failed out of [0-9]+" "$log" | tail -1)
  if [ -z "$line" ]; then echo "[test] ctest $preset printed no summary"; failed=$((failed + 1)); return; fi
  bad=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
  total=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\2/' <<<"$line")
  passed=$((passed + total - bad)); failed=$((failed + bad))
  echo "[test] $preset: $((total - bad)) passed, $bad failed"
}

run_ctest native
stage_done native
[ "${PL_SKIP_ASAN:-0}" = 1 ] || { run_ctest native-asan; stage_done native-asan; }

if [ -x scripts/fuzz.sh ] && [ "${PL_SKIP_FUZZ:-0}" != 1 ]; then
  if ./scripts/fuzz.sh --seconds "${PL_FUZZ_SECONDS:-20}" > build/test-output/fuzz.log 2>&1; then
    passed=$((passed + 1)); echo "[test] fuzzers: no crash"
  else
    failed=$((failed + 1)); tail -30 build/test-output/fuzz.log; echo "[test] fuzzers FAILED"
  fi
  stage_done fuzzers
fi

if [ "${PL_SKIP_WEB:-0}" != 1 ]; then
  if ./scripts/build.sh web > build/test-output/build-web.log 2>&1 &&
     ./scripts/build.sh web-test >> build/test-output/build-web.log 2>&1 &&
     ./scripts/build.sh cli-node >> build/test-output/build-web.log 2>&1 &&
     node scripts/release.mjs >> build/test-output/build-web.log 2>&1; then  # the npm package and the archive
    stage_done "web builds"
    # --test-force-exit: a file whose failed test left a server open ends anyway instead of holding the run.
    # Two test files at a time: the browser tests wait on the widget's own signals, never on the clock, so
    # they hold on a loaded machine (scripts/stress.sh), and a file often waits on frames (measured: 13.4
    # instead of 17.7 minutes on this 2-core machine). PL_E2E_CONCURRENCY=1 runs them one by one.
    node --test --test-concurrency="${PL_E2E_CONCURRENCY:-2}" --test-force-exit --test-reporter=spec tests/e2e/ 2>&1 | tee build/test-output/e2e.log \
      | grep -vE "^\s*$" | tail -n 200
    e2e_pass=$(grep -E "^ℹ pass [0-9]+" build/test-output/e2e.log | awk '{print $3}' | tail -1)
    e2e_fail=$(grep -E "^ℹ fail [0-9]+" build/test-output/e2e.log | awk '{print $3}' | tail -1)
    if [ -z "$e2e_pass" ]; then echo "[test] browser tests printed no summary"; failed=$((failed + 1))
    else passed=$((passed + e2e_pass)); failed=$((failed + ${e2e_fail:-0})); echo "[test] browser chromium (every test): $e2e_pass passed, ${e2e_fail:-0} failed"; fi
    stage_done "browser tests"
    # The core flows, written once, in each engine (tests/engines/run.mjs): one line per engine.
    node tests/engines/run.mjs > build/test-output/engines.log 2>&1
    engine_lines=$(grep -E "^\[engine\] .*: [0-9]+ passed, [0-9]+ failed" build/test-output/engines.log)
    if [ -z "$engine_lines" ]; then tail -30 build/test-output/engines.log; echo "[test] engine lanes printed no summary"; failed=$((failed + 1))
    else
      grep -E "^  (FAIL|skip|start FAILED)|^       " build/test-output/engines.log | head -n 60
      while read -r line; do
        p=$(sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1/' <<<"$line"); f=$(sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\2/' <<<"$line")
        passed=$((passed + p)); failed=$((failed + f)); echo "[test] browser ${line#\[engine\] }"  # a skip is neither
      done <<<"$engine_lines"
    fi
    stage_done engines
  else
    tail -40 build/test-output/build-web.log; echo "[test] web build FAILED"; failed=$((failed + 1))
  fi
fi

echo "[test] time: $stage_times (total $((SECONDS / 60))m$(printf '%02d' $((SECONDS % 60)))s)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
