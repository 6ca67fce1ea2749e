#!/usr/bin/env bash
# Build the libFuzzer targets (tests/fuzz) and run each one for a bounded time.
#
#   scripts/fuzz.sh                          every target for 20 s (what scripts/test.sh runs)
#   scripts/fuzz.sh --seconds 600            the long run (10 minutes per target)
#   scripts/fuzz.sh --target fuzz_csv        one target (repeatable: --target a --target b)
#   scripts/fuzz.sh --work build/fuzz/long   where corpora, logs and crash files go (default build/fuzz)
#   scripts/fuzz.sh --fresh                  start from the seed corpus only (forget what runs found)
#   scripts/fuzz.sh --no-build               use the fuzzers already built in build/fuzz
#
# Each target runs on its own working corpus <work>/corpus-<target>: a copy of the seeds in
# tests/fuzz/corpus/<name>/ (plus any loose files in tests/fuzz/corpus/), kept between runs so coverage
# accumulates, and never written back to the repository. libFuzzer stops at the first crash, timeout
# (-timeout=5 s per input), leak or memory blow-up (-rss_limit_mb=2048) and saves the input as
# <work>/artifacts/<target>-crash-<sha1> (or -timeout-, -leak-, -oom-). Reproduce one with
#   build/fuzz/<target> <that file>
# Prints one line per target ("fuzz_csv: 123456 runs, no crash") and exits non-zero when any target
# found something. Docs: docs/fuzzing.md.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=20
work=build/fuzz
build=1
fresh=0
targets=()
all_targets=(fuzz_csv fuzz_fragment fuzz_state_json fuzz_lesson fuzz_tsv fuzz_token)

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --target) targets+=("${2:?--target needs a name}"); shift 2 ;;
    --work) work=${2:?--work needs a folder}; shift 2 ;;
    --fresh) fresh=1; shift ;;
    --no-build) build=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "fuzz.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -gt 0 ] || { echo "fuzz.sh: --seconds must be a positive whole number" >&2; exit 2; }
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  [[ " ${all_targets[*]} " == *" $t "* ]] || { echo "fuzz.sh: unknown target '$t' (have: ${all_targets[*]})" >&2; exit 2; }
done

# [SECTION] build (incremental: a no-op when nothing changed)
if [ "$build" = 1 ]; then
  command -v clang++-14 > /dev/null || { echo "fuzz.sh: clang++-14 not found (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 1; }
  if [ ! -f build/fuzz/build.ninja ]; then
    cmake -S tests/fuzz -B build/fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 > /dev/null \
      || { echo "fuzz.sh: configuring tests/fuzz failed" >&2; exit 1; }
  fi
  cmake --build build/fuzz -j "$(nproc)" --target "${targets[@]}" > build/fuzz/build.log 2>&1 \
    || { tail -30 build/fuzz/build.log; echo "fuzz.sh: building the fuzzers failed" >&2; exit 1; }
fi

# [SECTION] run
# A timeout is confirmed before it counts: on a busy machine (two cores shared with builds, or a long
# run under `nice -n 19`) a starved process can pass the 5 s limit on an input that takes milliseconds.
# The saved input is run again alone; if it finishes within the limit the timeout is recorded as
# unconfirmed (artifacts/unconfirmed/) and fuzzing resumes for the rest of the time.
mkdir -p "$work/artifacts/unconfirmed" "$work/bin"
# One target: its line on stdout, exit 1 when it found something. The targets run as many at a time as
# the machine has cores (each libFuzzer process uses one), each for its full time.
run_target() {
  local t=$1 corpus seeds log runs left unconfirmed result started rc part_runs found what note
  [ -x "build/fuzz/$t" ] || { echo "$t: not built (run without --no-build)"; return 1; }
  # Run a private copy, so rebuilding build/fuzz meanwhile cannot pull the binary from under a long run.
  cp "build/fuzz/$t" "$work/bin/$t"
  corpus="$work/corpus-$t"
  [ "$fresh" = 1 ] && rm -rf "$corpus"
  mkdir -p "$corpus"
  seeds="tests/fuzz/corpus/${t#fuzz_}"
  [ -d "$seeds" ] && cp -f "$seeds"/* "$corpus"/ 2> /dev/null
  find tests/fuzz/corpus -maxdepth 1 -type f -exec cp -f {} "$corpus"/ \;  # loose seeds: every target
  log="$work/$t.log"
  : > "$log"
  local found_something=""
  runs=0 left=$seconds unconfirmed=0 result=""
  while [ "$left" -gt 0 ]; do
    started=$(date +%s)
    "$work/bin/$t" -max_total_time="$left" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$work/artifacts/$t-" "$corpus" > "$log.part" 2>&1
    rc=$?
    cat "$log.part" >> "$log"
    part_runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log.part" | tail -1)
    runs=$((runs + ${part_runs:-0}))
    found=$(sed -nE 's/.*Test unit written to *(.*)$/\1/p' "$log.part" | tail -1)
    if [ "$rc" -eq 0 ] && [ -z "$found" ]; then break; fi
    if [ -n "$found" ] && [[ "$found" == *"/$t-timeout-"* ]] && \
       "$work/bin/$t" -timeout=5 -rss_limit_mb=2048 "$found" > "$log.recheck" 2>&1; then
      unconfirmed=$((unconfirmed + 1))
      mv "$found" "$work/artifacts/unconfirmed/"
      echo "[fuzz.sh] timeout not reproduced when run alone (machine busy); resuming" >> "$log"
      left=$((left - ($(date +%s) - started)))
      continue
    fi
    found_something=1
    what=$(grep -m1 -oE "ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer): [a-z-]+( signal)?|invariant failed: .*|runtime error: .*" "$log.part")
    result="$t: $runs runs, FOUND ${what:-a failure (exit $rc)}; input: ${found:-see $log}"
    break
  done
  rm -f "$log.part" "$log.recheck"
  if [ -z "$result" ]; then
    note=""
    [ "$unconfirmed" -gt 0 ] && note=", $unconfirmed unconfirmed timeout(s) in $work/artifacts/unconfirmed"
    result="$t: $runs runs, no crash (corpus $(ls "$corpus" | wc -l) files$note, log $log)"
  fi
  echo "$result"
  [ -z "${found_something:-}" ]
}

status=0
jobs_at_once=$(nproc)
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n; done
  run_target "$t" > "$work/$t.result" &
done
wait
for t in "${targets[@]}"; do  # in the targets' order; a line with FOUND or "not built" fails the run
  cat "$work/$t.result"
  grep -qE "FOUND|not built" "$work/$t.result" && status=1
done
exit $status
