# Regenerates the glad loader into OUT_DIR and requires both files to be byte
# for byte identical to the committed ones in COMMITTED_DIR.
#
# Usage: cmake -DPYTHON=... -DSOURCE_DIR=<repo root> -DOUT_DIR=<scratch dir>
#              [-DCOMMITTED_DIR=<dir, default SOURCE_DIR/third_party/glad>]
#              -P glad_regen_check.cmake
foreach(var PYTHON SOURCE_DIR OUT_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "glad_regen_check: -D${var}=... is required")
  endif()
endforeach()
if(NOT DEFINED COMMITTED_DIR)
  set(COMMITTED_DIR ${SOURCE_DIR}/third_party/glad)
endif()

# Start from an empty directory so a stale file cannot pass for a new one.
file(REMOVE_RECURSE ${OUT_DIR})
execute_process(COMMAND ${PYTHON} tools/gen_glad.py --out ${OUT_DIR}
                WORKING_DIRECTORY ${SOURCE_DIR}
                RESULT_VARIABLE gen_result)
if(NOT gen_result EQUAL 0)
  message(FATAL_ERROR "tools/gen_glad.py failed (exit ${gen_result})")
endif()

set(mismatches "")
foreach(file include/glad/gl.h src/gl.c)
  if(NOT EXISTS ${OUT_DIR}/${file})
    message(FATAL_ERROR "tools/gen_glad.py did not write ${file}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files
                          ${COMMITTED_DIR}/${file} ${OUT_DIR}/${file}
                  RESULT_VARIABLE differ)
  if(NOT differ EQUAL 0)
    list(APPEND mismatches ${file})
  endif()
endforeach()
if(mismatches)
  message(FATAL_ERROR "Committed glad files differ from a fresh regeneration: "
                      "${mismatches}. Compare ${COMMITTED_DIR} with ${OUT_DIR}; "
                      "if gen_glad.py or gl.xml changed on purpose, rerun "
                      "'python3 tools/gen_glad.py' and commit the result.")
endif()
message(STATUS "glad: include/glad/gl.h and src/gl.c match a fresh regeneration")
