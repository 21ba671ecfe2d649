# cmake -DBUILD_DIR=<build> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -DCXX_COMPILER=<c++>
#       -DDATA_FROM_BINDIR=<../share/knights> -P install_check.cmake
# 1. cmake --install into WORK_DIR/prefix;
# 2. examples/ik_consumer configured against that prefix alone, built, run;
# 3. the installed game, run from an empty folder with no KNIGHTS_DATA_DIR,
#    reads its data from the prefix and writes a headless screenshot.

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

# Runs a command and fails the test, with its output, unless it exits 0;
# its standard output is left in `run_output`.
function(run_checked what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} exited ${rc}:\n${out}${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

string(TIMESTAMP started "%s")
run_checked("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(file bin/knights bin/knights-game share/knights/shaders/sky.vert share/knights/assets/levels/demo.json
        share/knights/assets/levels/castle.json share/knights/assets/levels/title_levels.txt
        share/knights/assets/fonts/DejaVuSans.ttf share/knights/assets/fonts/LICENSE
        share/applications/knights.desktop share/icons/hicolor/64x64/apps/knights.png
        share/icons/hicolor/256x256/apps/knights.png include/knights/ik/two_bone_ik_job.h
        share/doc/knights/LICENSE)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()

# The consumer sees the prefix only: its compile commands must not reach into src/.
set(consumer ${WORK_DIR}/consumer)
run_checked("configuring examples/ik_consumer" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/ik_consumer -B ${consumer}
            -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
            -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)
run_checked("building examples/ik_consumer" ${CMAKE_COMMAND} --build ${consumer})
file(READ ${consumer}/compile_commands.json commands)
string(FIND "${commands}" "${SOURCE_DIR}/src" into_source)
if(NOT into_source EQUAL -1)
  message(FATAL_ERROR "ik_consumer was compiled against the source tree, not the prefix:\n${commands}")
endif()
run_checked("ik_consumer" ${consumer}/ik_consumer)
if(NOT run_output MATCHES "ankle at \\(0\\.300, 0\\.350\\) for target \\(0\\.300, 0\\.350\\): reached, 0\\.[0-9] mm away")
  message(FATAL_ERROR "ik_consumer printed something else:\n${run_output}")
endif()
message(STATUS "ik_consumer: ${run_output}")

# The game from a folder with no checkout in it. --inspect-character names
# the model it read by its full path: proof the data came from the prefix.
set(elsewhere ${WORK_DIR}/elsewhere)
file(MAKE_DIRECTORY ${elsewhere})
set(knights ${CMAKE_COMMAND} -E chdir ${elsewhere} ${CMAKE_COMMAND} -E env --unset=KNIGHTS_DATA_DIR
            ${prefix}/bin/knights)
run_checked("installed knights --inspect-character" ${knights} --inspect-character assets/characters/knight.json)
get_filename_component(data_dir ${prefix}/bin/${DATA_FROM_BINDIR} ABSOLUTE)
string(FIND "${run_output}" "${data_dir}/assets/knights/knight_player.glb" from_prefix)
if(from_prefix EQUAL -1)
  message(FATAL_ERROR "the installed game did not read its data from ${data_dir}:\n${run_output}")
endif()
run_checked("installed knights --headless" ${knights} --headless --frames 60 --screenshot ${WORK_DIR}/shot.png)
set(shot_bytes 0)
if(EXISTS ${WORK_DIR}/shot.png)
  file(SIZE ${WORK_DIR}/shot.png shot_bytes)
endif()
if(NOT shot_bytes GREATER 0)
  message(FATAL_ERROR "the installed game wrote no screenshot, or an empty one:\n${run_output}")
endif()
string(TIMESTAMP finished "%s")
math(EXPR seconds "${finished} - ${started}")
message(STATUS "installed, consumer built and run, game ran headless (${shot_bytes} byte screenshot) in ${seconds} s")
file(REMOVE_RECURSE ${WORK_DIR})
