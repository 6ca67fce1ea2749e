#!/usr/bin/env bash
# Core training benchmarks: the primal perceptron natively (-O2), in WebAssembly under node (em++ -O2),
# and sklearn's Perceptron on the same data; then the kernel-cache benchmark. Prints a table.
#   bench/run_core_bench.sh            (from anywhere; uses build/core-bench and build/core-bench-wasm)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build/core-bench"
WASM="$ROOT/build/core-bench-wasm"
DATA="$BUILD/throughput_data.bin"
mkdir -p "$BUILD" "$WASM"

echo "== building (native Release, -O2)"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
      -DPL_BUILD_APP=OFF -DPL_BUILD_TESTS=OFF >/dev/null
cmake --build "$BUILD" -j2 --target train_throughput kernel_cache sparse_text csv_read >/dev/null

echo "== building (Emscripten, em++ -O2, node)"
CORE_SOURCES=(learner.cpp primal_engine.cpp kernel_engine.cpp lift.cpp kernel.cpp decision_field.cpp)
NODE_PATH=/usr/share/nodejs em++ -O2 -std=c++17 -I"$ROOT/src" "$ROOT/bench/train_throughput.cpp" \
    "${CORE_SOURCES[@]/#/$ROOT/src/core/learn/}" -sALLOW_MEMORY_GROWTH=1 -sSINGLE_FILE=1 -sENVIRONMENT=node \
    -o "$WASM/train_throughput.cjs"

result() { sed -n 's/^RESULT .*visits_per_second=\([0-9.]*\).*/\1/p'; }

echo "== native"
NATIVE_OUT="$("$BUILD/train_throughput" --write-data "$DATA")"
echo "$NATIVE_OUT"
NATIVE=$(echo "$NATIVE_OUT" | result)

echo "== wasm (node $(node --version))"
WASM_OUT="$(node "$WASM/train_throughput.cjs" 2>&1 | cut -c1-300)"
echo "$WASM_OUT"
WASMV=$(echo "$WASM_OUT" | result)

echo "== sklearn (/usr/bin/python3)"
SK_OUT="$(/usr/bin/python3 "$ROOT/bench/sklearn_perceptron.py" "$DATA" 10)"
echo "$SK_OUT"
SKV=$(echo "$SK_OUT" | result)

echo
echo "Primal perceptron, 200,000 x 20, 10 sequential epochs (examples visited per second)"
printf '%-28s %16s %12s\n' "implementation" "visits/s" "vs native"
for row in "native C++ (-O2):$NATIVE" "WebAssembly (node):$WASMV" "sklearn Perceptron:$SKV"; do
    name="${row%%:*}"; value="${row##*:}"
    printf '%-28s %16.0f %11.2fx\n' "$name" "$value" "$(echo "$value / $NATIVE" | bc -l)"
done

echo
echo "== kernel cache (native)"
"$BUILD/kernel_cache"

echo
echo "== CSV read at 5 to 50 MB (native): time per MB against the 5 MB file's (1.00 = linear)"
"$BUILD/csv_read"
