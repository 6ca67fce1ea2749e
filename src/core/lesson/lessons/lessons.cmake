# pl_embed_lessons(<target>): compiles every built-in lesson (src/core/lesson/lessons/*.json) into <target>
# and writes the registry lesson_registry.inc that lesson_builtin.cpp includes: one
# PL_LESSON("<file name>", <symbol>, "<id>", "<title>", <steps>) line per file, in file-name order (the
# order of the lesson list). The id, title and step count are read here so that the lesson list needs no
# JSON parse when it is drawn: on a phone it is on screen from the first frame, and the parser then
# stays out of the first part of the web download (docs/developers.md "Download size"). A unit test checks them
# against the parsed lessons.
# pl_embed_lessons(<target> NO_TEXTS) writes the registry only: the served web build's core, whose texts
# come as one file (pl_lesson_bundle below; src/core/lesson/lesson_texts.hpp says why).
# pl_lesson_bundle(<output>) writes that file: "<file name>\n<byte count>\n<JSON text>" per lesson, the
# texts minified as pl_embed_file's JSON mode does, in file-name order.
# Used by src/core/CMakeLists.txt and by the fuzz build (tests/fuzz), which compiles the core itself.
set(PL_LESSONS_DIR ${CMAKE_CURRENT_LIST_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/../../../../cmake/EmbedFiles.cmake)

function(pl_embed_lessons target)
  set(with_texts ON)
  if("NO_TEXTS" IN_LIST ARGN)
    set(with_texts OFF)
  endif()
  file(GLOB lesson_files CONFIGURE_DEPENDS ${PL_LESSONS_DIR}/*.json)
  list(SORT lesson_files)
  set(registry "")
  foreach(lesson ${lesson_files})
    get_filename_component(file_name ${lesson} NAME)
    get_filename_component(stem ${lesson} NAME_WE)
    string(MAKE_C_IDENTIFIER "lesson_${stem}" symbol)
    if(with_texts)
      pl_embed_file(${target} ${lesson} ${symbol} JSON)  # without its indentation: the same lesson, fewer bytes
    endif()
    file(READ ${lesson} json)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${lesson})
    string(JSON id ERROR_VARIABLE id_error GET "${json}" id)
    string(JSON title ERROR_VARIABLE title_error GET "${json}" title)
    string(JSON steps ERROR_VARIABLE steps_error LENGTH "${json}" steps)
    if(id_error OR title_error OR steps_error)  # the parser's message (tests) says what is wrong
      set(id "")
      set(title "")
      set(steps 0)
    endif()
    foreach(var id title)  # as C++ string literals
      string(REPLACE "\\" "\\\\" ${var} "${${var}}")
      string(REPLACE "\"" "\\\"" ${var} "${${var}}")
      string(REPLACE "\n" "\\n" ${var} "${${var}}")
    endforeach()
    string(APPEND registry "PL_LESSON(\"${file_name}\", ${symbol}, \"${id}\", \"${title}\", ${steps})\n")
  endforeach()
  file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/generated/lesson_registry.inc CONTENT "${registry}")
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
endfunction()

function(pl_lesson_bundle output)
  set(lessons_dir ${CMAKE_CURRENT_FUNCTION_LIST_DIR})  # (PL_LESSONS_DIR is the core folder's variable)
  file(GLOB lesson_files CONFIGURE_DEPENDS ${lessons_dir}/*.json)
  list(SORT lesson_files)
  add_custom_command(
    OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} "-DOUTPUT=${output}" "-DLESSONS_DIR=${lessons_dir}"
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../../../cmake/lesson_bundle.cmake
    DEPENDS ${lesson_files} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../../../cmake/lesson_bundle.cmake
    COMMENT "Writing the lessons' file (${output})")
endfunction()
