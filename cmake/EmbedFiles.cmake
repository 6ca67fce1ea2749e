# pl_embed_file(<target> <input file> <symbol>): compiles the file's bytes into <target>.
# The bytes are followed by a NUL, so text files (shaders) can be used as C strings too.
function(pl_embed_file target input symbol)
  set(output "${CMAKE_CURRENT_BINARY_DIR}/embedded/${symbol}.cpp")
  add_custom_command(
    OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${output} -DSYMBOL=${symbol}
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_file.cmake
    DEPENDS "${input}" ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_file.cmake
    COMMENT "Embedding ${symbol}")
  target_sources(${target} PRIVATE "${output}")
endfunction()
