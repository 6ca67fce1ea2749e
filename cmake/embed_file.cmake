# Turns one file into a C++ source holding its bytes, so the binary needs no runtime file loading
# (the web build has no file system to speak of, and a single-file build must carry everything).
# Usage: cmake -DINPUT=<file> -DOUTPUT=<cpp> -DSYMBOL=<name> [-DMODE=JSON|GLSL] -P embed_file.cmake
#   JSON  drops every line break and the indentation after it: a raw line break can only stand between
#         tokens in JSON (inside a string it must be written \n), so the value is the same.
#   GLSL  drops // comments and each line's indentation, and keeps every line break, so a compiler's
#         message still names the line of the source file (GLSL has no string literals for a // to hide in).
if(MODE STREQUAL "JSON" OR MODE STREQUAL "GLSL")
  file(READ "${INPUT}" text)
  if(MODE STREQUAL "JSON")
    string(REGEX REPLACE "\r?\n[ \t]*" "" text "${text}")
  else()
    string(REGEX REPLACE "//[^\n]*" "" text "${text}")
    string(REGEX REPLACE "\n[ \t]+" "\n" text "${text}")
    string(REGEX REPLACE "^[ \t]+" "" text "${text}")
    string(REGEX REPLACE "[ \t]+\n" "\n" text "${text}")
  endif()
  set(minified "${OUTPUT}.text")
  file(WRITE "${minified}" "${text}")
  file(READ "${minified}" hex HEX)
else()
  file(READ "${INPUT}" hex HEX)
endif()
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}" "// Generated from ${INPUT} by cmake/embed_file.cmake. Do not edit.\n#include <cstddef>\nextern const unsigned char ${SYMBOL}[] = {\n${bytes}0x00};\nextern const std::size_t ${SYMBOL}_size = ${size};\n")
