# pl_embed_lessons(<target>): compiles every built-in lesson (src/core/lessons/*.json) into <target>
# and writes the registry lesson_registry.inc that lesson_builtin.cpp includes: one
# PL_LESSON("<file name>", <symbol>) line per file, in file-name order (the order of the lesson list).
# Used by src/core/CMakeLists.txt and by the fuzz build (tests/fuzz), which compiles the core itself.
set(PL_LESSONS_DIR ${CMAKE_CURRENT_LIST_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/../../../cmake/EmbedFiles.cmake)

function(pl_embed_lessons target)
  file(GLOB lesson_files CONFIGURE_DEPENDS ${PL_LESSONS_DIR}/*.json)
  list(SORT lesson_files)
  set(registry "")
  foreach(lesson ${lesson_files})
    get_filename_component(file_name ${lesson} NAME)
    get_filename_component(stem ${lesson} NAME_WE)
    string(MAKE_C_IDENTIFIER "lesson_${stem}" symbol)
    pl_embed_file(${target} ${lesson} ${symbol})
    string(APPEND registry "PL_LESSON(\"${file_name}\", ${symbol})\n")
  endforeach()
  file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/generated/lesson_registry.inc CONTENT "${registry}")
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
endfunction()
