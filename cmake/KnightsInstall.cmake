# What `cmake --install` puts where (GNU layout under the prefix):
#   bin/knights, bin/knights-game        the game: the command that starts it (src/launcher.cpp) and the game (component game)
#   share/knights/{shaders,assets}       its data             (component game)
#   share/applications, share/icons      desktop entry, icon  (component game)
#   lib/libknights_{core,math,anim,ik}.a, include/knights/,
#   lib/cmake/KnightsAnimation/          the animation package (component dev)
# The game finds its data from its own folder (src/knights/app/startup_choices.cpp),
# so the whole tree can be moved anywhere. Included from the top CMakeLists.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# --- The game ----------------------------------------------------------------
if(KNIGHTS_BUILD_GAME)
  install(TARGETS knights knights_game_exe RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT game)
  install(DIRECTORY shaders DESTINATION ${KNIGHTS_INSTALL_DATADIR} COMPONENT game)
  # The assets the game reads; previews, READMEs and the icons' sources stay behind.
  install(DIRECTORY assets/characters assets/levels assets/knights assets/squire assets/sounds assets/fonts
          DESTINATION ${KNIGHTS_INSTALL_DATADIR}/assets COMPONENT game
          FILES_MATCHING PATTERN "*.json" PATTERN "*.glb" PATTERN "*.wav" PATTERN "*.ttf" PATTERN "LICENSE"
                         PATTERN "title_levels.txt")
  install(FILES packaging/knights.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT game)
  foreach(size 64 256)
    install(FILES assets/icons/knights_${size}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
            RENAME knights.png COMPONENT game)
  endforeach()

  # --- The KnightsAnimation package ---------------------------------------------
endif()

set(knights_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/KnightsAnimation)
foreach(layer core math anim ik)
  set_target_properties(knights_${layer} PROPERTIES EXPORT_NAME ${layer})
  # Headers keep their root, so "knights/ik/two_bone_ik_job.h" includes as in src/.
  install(DIRECTORY src/knights/${layer} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/knights COMPONENT dev
          FILES_MATCHING PATTERN "*.h")
endforeach()
# The headers need C++20 (std::span), and definitions that change what they
# compile to travel with the targets.
target_compile_features(knights_core INTERFACE cxx_std_20)
if(KNIGHTS_NO_SIMD)
  target_compile_definitions(knights_core INTERFACE $<INSTALL_INTERFACE:KNIGHTS_NO_SIMD>)
endif()
if(NOT KNIGHTS_PROFILE)
  target_compile_definitions(knights_core INTERFACE $<INSTALL_INTERFACE:KNIGHTS_PROFILE_OFF>)
endif()
install(TARGETS knights_core knights_math knights_anim knights_ik EXPORT KnightsAnimationTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(EXPORT KnightsAnimationTargets NAMESPACE Knights:: DESTINATION ${knights_package_dir} COMPONENT dev)
configure_package_config_file(cmake/KnightsAnimationConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/KnightsAnimationConfig.cmake
                              INSTALL_DESTINATION ${knights_package_dir})
# 0.x: a new minor version may change the API, so only the same minor matches.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/KnightsAnimationConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/KnightsAnimationConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/KnightsAnimationConfigVersion.cmake
        DESTINATION ${knights_package_dir} COMPONENT dev)
# The libraries' licence beside them (the game's package has it in its
# Debian copyright file).
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/knights COMPONENT dev)
