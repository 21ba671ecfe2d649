# `cpack -G DEB` in the build folder: knights_<version>_<arch>.deb, the game
# (component game of cmake/KnightsInstall.cmake: binary, data, desktop entry,
# icon, manual page) under /usr, the binary in /usr/games, with its Debian
# dependencies worked out by dpkg-shlibdeps from what the binary links. The
# libraries stay out of it: they are for `cmake --install`. Included from
# the top CMakeLists.

set(KNIGHTS_PACKAGE_MAINTAINER "Knights Dev <dev@knights.invalid>"
    CACHE STRING "The Debian package's Maintainer field")

# Debian wants a copyright file and a gzipped changelog in
# /usr/share/doc/<package>, and a manual page for every program; gzip -n
# leaves out the name and time, so the package builds the same twice.
set(knights_packaging_dir ${CMAKE_CURRENT_BINARY_DIR}/packaging)
configure_file(packaging/knights.6.in ${knights_packaging_dir}/knights.6 @ONLY)
configure_file(packaging/changelog ${knights_packaging_dir}/changelog COPYONLY)
foreach(file knights.6 changelog)
  execute_process(COMMAND gzip -9 -n -f ${knights_packaging_dir}/${file})
endforeach()
install(FILES packaging/copyright ${knights_packaging_dir}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/knights COMPONENT game)
install(FILES ${knights_packaging_dir}/knights.6.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man6 COMPONENT game)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME knights)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Knights developers")
set(CPACK_PACKAGE_CONTACT ${KNIGHTS_PACKAGE_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "3D side-scrolling platformer with skinned, IK-planted knights")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# Only the game, in one package named knights.
set(CPACK_COMPONENTS_ALL game)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${KNIGHTS_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The extended description: CPack puts the summary above it and indents it
# as Debian's control format wants.
set(CPACK_PACKAGE_DESCRIPTION "Knights run over hills, stairs and rocks and climb ladders to a castle gate.
An inverse-kinematics pass plants their feet on the terrain and puts their
hands and feet on the rungs. The game runs in a window, or headless on
Mesa's software OpenGL (knights --headless --frames N --screenshot out.png).")
# The libraries the binary links (SDL2, SDL2_mixer, assimp, ...), found by
# dpkg-shlibdeps; SDL opens the GL and EGL libraries at run time, so they are
# named here, and a Mesa driver (software rendering with no GPU) recommended.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1, libegl1")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The binary moves to /usr/games in the package (Debian Policy 11.11); it
# finds ../share/knights from there only with the default layout.
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_CURRENT_SOURCE_DIR}/cmake/KnightsDebGamesDir.cmake)
if(NOT KNIGHTS_DATA_FROM_BINDIR STREQUAL "../share/knights")
  message(WARNING "the .deb's /usr/games/knights will not find its data at ${KNIGHTS_DATA_FROM_BINDIR}")
endif()
include(CPack)
