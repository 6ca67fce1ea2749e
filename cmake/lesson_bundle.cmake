# Writes the built-in lessons as one file for the served web build (src/core/lesson/lesson_texts.hpp):
# for each src/core/lesson/lessons/*.json, in file-name order, "<file name>\n<byte count>\n<JSON text>",
# the text without its line breaks and indentation as embed_file.cmake's JSON mode writes it (the same
# value: a raw line break can only stand between JSON tokens).
# Usage: cmake -DOUTPUT=<file> -DLESSONS_DIR=<dir> -P lesson_bundle.cmake
file(GLOB lesson_files ${LESSONS_DIR}/*.json)
list(SORT lesson_files)
file(WRITE "${OUTPUT}.tmp" "")
foreach(lesson ${lesson_files})
  get_filename_component(file_name ${lesson} NAME)
  file(READ "${lesson}" text)
  string(REGEX REPLACE "\r?\n[ \t]*" "" text "${text}")
  file(WRITE "${OUTPUT}.one" "${text}")
  file(SIZE "${OUTPUT}.one" size)  # bytes, whatever the characters
  file(APPEND "${OUTPUT}.tmp" "${file_name}\n${size}\n${text}")
endforeach()
file(REMOVE "${OUTPUT}.one")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
