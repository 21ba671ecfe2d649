# knights_levelgen writes byte-identical files for the same arguments, every
# one a level the loader accepts (the tool parses each one before writing),
# and bad arguments exit 2 with one line on stderr.
#   cmake -DLEVELGEN=<exe> -DOUT_DIR=<scratch dir> -P levelgen_check.cmake

file(REMOVE_RECURSE ${OUT_DIR})

function(generate dir)
  execute_process(COMMAND ${LEVELGEN} ${ARGN} --out ${OUT_DIR}/${dir}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "knights_levelgen ${ARGN} exited ${rc}: ${out}${err}")
  endif()
endfunction()

generate(a --seed 7 --count 4)
generate(b --seed 7 --count 4)
generate(a --seed 7 --count 4 --limits)
generate(b --seed 7 --count 4 --limits)
generate(b --seed 7 --limits --length 0)
foreach(range whole limits)
  foreach(seed 7 8 9 10)
    set(name gen_${range}_${seed}.json)
    if(NOT EXISTS ${OUT_DIR}/a/${name})
      message(FATAL_ERROR "missing ${OUT_DIR}/a/${name}")
    endif()
    file(SHA256 ${OUT_DIR}/a/${name} hash_a)
    file(SHA256 ${OUT_DIR}/b/${name} hash_b)
    if(NOT hash_a STREQUAL hash_b)
      message(FATAL_ERROR "${name} differs between two runs with the same arguments")
    endif()
  endforeach()
endforeach()
file(SHA256 ${OUT_DIR}/a/gen_whole_7.json hash_whole)
file(SHA256 ${OUT_DIR}/a/gen_whole_8.json hash_next)
if(hash_whole STREQUAL hash_next)
  message(FATAL_ERROR "seeds 7 and 8 gave the same level")
endif()

# Bad arguments: exit code 2 and exactly one line naming the tool.
set(bad_cases
    "--out|${OUT_DIR}/c"
    "--seed|x|--out|${OUT_DIR}/c"
    "--seed|-1|--out|${OUT_DIR}/c"
    "--seed|1|--count|0|--out|${OUT_DIR}/c"
    "--seed|4294967295|--count|2|--out|${OUT_DIR}/c"
    "--seed|1|--length|5|--out|${OUT_DIR}/c"
    "--seed|1"
    "--seed|1|--out"
    "--seed|1|--bogus|--out|${OUT_DIR}/c")
foreach(case IN LISTS bad_cases)
  string(REPLACE "|" ";" args "${case}")
  execute_process(COMMAND ${LEVELGEN} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCHALL "\n" newlines "${err}")
  list(LENGTH newlines lines)
  if(NOT rc EQUAL 2 OR NOT lines EQUAL 1 OR NOT err MATCHES "^knights_levelgen: ")
    message(FATAL_ERROR "knights_levelgen ${args}: expected exit 2 and one line, got ${rc}: '${err}'")
  endif()
endforeach()
