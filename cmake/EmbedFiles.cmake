# pl_embed_file(<target> <input file> <symbol> [JSON|GLSL]): compiles the file's bytes into <target>.
# The bytes are followed by a NUL, so text files (shaders) can be used as C strings too.
# JSON and GLSL embed the text without what only its readers need (embed_file.cmake says what goes):
# every embedded byte is in the first part of the web download (docs/benchmarks.md).
function(pl_embed_file target input symbol)
  set(mode "${ARGN}")
  set(output "${CMAKE_CURRENT_BINARY_DIR}/embedded/${symbol}.cpp")
  add_custom_command(
    OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${output} -DSYMBOL=${symbol} "-DMODE=${mode}"
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_file.cmake
    DEPENDS "${input}" ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_file.cmake
    COMMENT "Embedding ${symbol}")
  target_sources(${target} PRIVATE "${output}")
endfunction()
