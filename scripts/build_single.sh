#!/usr/bin/env bash
# Makes the single-file widget: one HTML file with the WebAssembly (base64), the module JS, embed.js
# (as a classic script) and the styles inlined. Works from file:// and in <iframe sandbox="allow-scripts">.
# Usage: scripts/build_single.sh [SINGLE_MODULE_JS] [OUTPUT_HTML]
#   (run by the web build after linking perceptron_lab_single; defaults to the build/web paths)
set -euo pipefail
cd "$(dirname "$0")/.."
module_js=${1:-build/web/src/platform/perceptron_lab_single.js}
output=${2:-build/web/perceptron-lab-single.html}
exec node scripts/build_single.mjs "$module_js" "$output"
