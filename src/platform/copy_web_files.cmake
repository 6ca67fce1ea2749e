# Copies web/ into the build folder, which is what gets served. web/test_hooks.js, the test build's
# entry for the browser tests and benchmarks, goes only into a test build (PL_TEST_HOOKS); a release
# folder never carries it, not even a copy left over from an earlier configuration.
# Usage: cmake -DSOURCE=<repo>/web -DDESTINATION=<build dir> -DTEST_HOOKS=ON|OFF -P copy_web_files.cmake
file(COPY "${SOURCE}/" DESTINATION "${DESTINATION}" PATTERN "test_hooks.js" EXCLUDE)
if(TEST_HOOKS)
  file(COPY "${SOURCE}/test_hooks.js" DESTINATION "${DESTINATION}")
else()
  file(REMOVE "${DESTINATION}/test_hooks.js")
endif()
