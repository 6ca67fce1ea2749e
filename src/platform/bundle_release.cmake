# A release folder serves the embed API as one file: embed.js, bundled by esbuild with every module it
# imports and the module glue (perceptron_lab.js), minified. Separate modules cost the start-up a
# module fetch and compile each, and the WebAssembly waits for all of them (bench/web_budget.mjs
# [load]: the compile started ~50 ms sooner bundled). main.js stays a module of its own that imports
# embed.js, so the full page and the pages that embed the widget share one cached file. The part
# modules (embed_*.js) are then dead weight: they leave the folder, and so do their preloads in
# index.html. The test build keeps every module as written (readable, and what the tests import).
# perceptron_lab.js stays: it is the linker's output (deleting it would relink every build).
# Usage: cmake -DESBUILD=<esbuild> -DDIR=<build dir> -P bundle_release.cmake
execute_process(
  COMMAND ${ESBUILD} embed.js --bundle --minify --format=esm --outfile=embed.js --allow-overwrite --log-level=warning
  COMMAND_ERROR_IS_FATAL ANY WORKING_DIRECTORY ${DIR})
execute_process(
  COMMAND ${ESBUILD} main.js perceptron_lab.js --minify --format=esm --outdir=. --allow-overwrite --log-level=warning
  COMMAND_ERROR_IS_FATAL ANY WORKING_DIRECTORY ${DIR})
# The SCORM run-time is fetched only by a page that declares SCORM (embed.js startScorm): bundled on
# its own, and kept under its name after the parts leave.
execute_process(
  COMMAND ${ESBUILD} embed_scorm.js --bundle --minify --format=esm --outfile=scorm_runtime.tmp.js --log-level=warning
  COMMAND_ERROR_IS_FATAL ANY WORKING_DIRECTORY ${DIR})
# And Author mode's SCORM packages with their zip writer (fflate.js, copied in by CMakeLists.txt: bundled
# into it here), fetched when one of its two buttons is pressed.
execute_process(
  COMMAND ${ESBUILD} embed_scorm_save.js --bundle --minify --format=esm --outfile=scorm_save.tmp.js --log-level=warning
  COMMAND_ERROR_IS_FATAL ANY WORKING_DIRECTORY ${DIR})
# The xAPI part likewise (embed_xapi_start.js loads it only for a page that uses xAPI).
execute_process(
  COMMAND ${ESBUILD} embed_xapi.js --bundle --minify --format=esm --outfile=xapi.tmp.js --log-level=warning
  COMMAND_ERROR_IS_FATAL ANY WORKING_DIRECTORY ${DIR})
# And the accessible mirror (embed_a11y.js with its parts), which embed.js fetches after the first frame.
execute_process(
  COMMAND ${ESBUILD} embed_a11y.js --bundle --minify --format=esm --outfile=a11y.tmp.js --log-level=warning
  COMMAND_ERROR_IS_FATAL ANY WORKING_DIRECTORY ${DIR})
file(GLOB parts ${DIR}/embed_*.js)
if(parts)
  file(REMOVE ${parts})
endif()
file(RENAME ${DIR}/scorm_runtime.tmp.js ${DIR}/embed_scorm.js)
file(RENAME ${DIR}/scorm_save.tmp.js ${DIR}/embed_scorm_save.js)
file(REMOVE ${DIR}/fflate.js)
file(RENAME ${DIR}/xapi.tmp.js ${DIR}/embed_xapi.js)
file(RENAME ${DIR}/a11y.tmp.js ${DIR}/embed_a11y.js)
file(READ ${DIR}/index.html html)
string(REGEX REPLACE "<link rel=\"modulepreload\" href=\"(embed_[a-z0-9_]+|perceptron_lab)\\.js\">\n" "" html "${html}")
file(WRITE ${DIR}/index.html "${html}")
