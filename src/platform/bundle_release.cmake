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
# The stylesheet the page links next to embed.js is part of the first download too (render-blocking): its
# comments and spaces leave (2.3 -> 1.8 KB gzip). --perceptron-lab-version stays in it (embed_load.js).
execute_process(
  COMMAND ${ESBUILD} embed.css --minify --outfile=embed.css --allow-overwrite --log-level=warning
  COMMAND_ERROR_IS_FATAL ANY WORKING_DIRECTORY ${DIR})
# The modules embed.js fetches later, each bundled whole on its own and kept under its name after the
# parts leave: the SCORM run-time (only for a page that declares SCORM: embed.js startScorm), Author
# mode's SCORM packages with their zip writer (fflate.js, copied in by CMakeLists.txt: bundled into it
# here; fetched when one of its two buttons is pressed), the xAPI part (embed_xapi_start.js loads it
# only for a page that uses xAPI), the accessible mirror (embed_a11y.js with its parts, fetched
# after the first frame), the About line's licence and notices (embed_about.js, on its click) and what
# answers postMessage (embed_messages.js, when the first message comes: embed_messages_start.js).
set(late_modules embed_scorm embed_scorm_save embed_xapi embed_a11y embed_about embed_messages)
foreach(module ${late_modules})
  execute_process(
    COMMAND ${ESBUILD} ${module}.js --bundle --minify --format=esm --outfile=${module}.late.tmp --log-level=warning
    COMMAND_ERROR_IS_FATAL ANY WORKING_DIRECTORY ${DIR})
endforeach()
file(GLOB parts ${DIR}/embed_*.js)
if(parts)
  file(REMOVE ${parts})
endif()
foreach(module ${late_modules})
  file(RENAME ${DIR}/${module}.late.tmp ${DIR}/${module}.js)
endforeach()
file(REMOVE ${DIR}/fflate.js)
file(READ ${DIR}/index.html html)
string(REGEX REPLACE "<link rel=\"modulepreload\" href=\"(embed_[a-z0-9_]+|perceptron_lab)\\.js\">\n" "" html "${html}")
file(WRITE ${DIR}/index.html "${html}")
