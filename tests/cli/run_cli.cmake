# Runs perceptron-cli once and checks it: cmake -DCLI=... -DARGS="a|b|c" -DEXPECT_CODE=N
# [-DEXPECT_REGEX=...] -P run_cli.cmake. The regex is matched against stdout followed by stderr
# (CMake regexes have no multiline mode: '.' also matches a newline).
string(REPLACE "|" ";" ARGS "${ARGS}")  # the arguments arrive joined by '|'
execute_process(COMMAND ${CLI} ${ARGS}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "exit code: ${code}")
message(STATUS "stdout:\n${out}")
message(STATUS "stderr:\n${err}")
if(NOT "${code}" STREQUAL "${EXPECT_CODE}")
  message(FATAL_ERROR "expected exit code ${EXPECT_CODE}, got ${code}")
endif()
if(DEFINED EXPECT_REGEX AND NOT "${EXPECT_REGEX}" STREQUAL "")
  if(NOT "${out}${err}" MATCHES "${EXPECT_REGEX}")
    message(FATAL_ERROR "output does not match: ${EXPECT_REGEX}")
  endif()
endif()
