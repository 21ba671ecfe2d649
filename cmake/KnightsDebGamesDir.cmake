# CPACK_PRE_BUILD_SCRIPTS for the .deb (cmake/KnightsPackaging.cmake): Debian
# keeps games' binaries in /usr/games (Policy 11.11), where `cmake --install`
# uses bin/. Moves the staged binary there before CPack builds the package;
# games/ lies one level under the prefix as bin/ does, so the game still
# finds its data at ../share/knights.

file(GLOB staged_binaries ${CPACK_TEMPORARY_DIRECTORY}/usr/bin/knights
                          ${CPACK_TEMPORARY_DIRECTORY}/*/usr/bin/knights)
if(NOT staged_binaries)
  message(FATAL_ERROR "no usr/bin/knights staged under ${CPACK_TEMPORARY_DIRECTORY}")
endif()
foreach(binary IN LISTS staged_binaries)
  get_filename_component(bin_dir ${binary} DIRECTORY)
  get_filename_component(usr_dir ${bin_dir} DIRECTORY)
  file(MAKE_DIRECTORY ${usr_dir}/games)
  file(RENAME ${binary} ${usr_dir}/games/knights)
  file(GLOB left_in_bin ${bin_dir}/*)
  if(NOT left_in_bin)
    file(REMOVE_RECURSE ${bin_dir})
  endif()
endforeach()
