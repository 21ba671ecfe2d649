# The git revision the build was configured from, for `knights --version`:
# KNIGHTS_GIT_REVISION, `git rev-parse --short HEAD`, or "unknown" outside a
# git checkout (a source tarball). CMake configures again when HEAD moves
# (a commit, a checkout), so the revision a build prints is never stale.

set(KNIGHTS_GIT_REVISION unknown)
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short HEAD
                  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
                  RESULT_VARIABLE git_rc OUTPUT_VARIABLE git_revision
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(git_rc EQUAL 0 AND git_revision)
    set(KNIGHTS_GIT_REVISION ${git_revision})
    # The files a commit or checkout rewrites: HEAD, and the branch's ref
    # (loose, or packed after a gc). Worktrees keep them apart; git knows where.
    execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --symbolic-full-name HEAD
                    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
                    OUTPUT_VARIABLE git_ref OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --path-format=absolute --git-path HEAD
                            --git-path packed-refs --git-path ${git_ref}
                    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
                    OUTPUT_VARIABLE git_files OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    string(REPLACE "\n" ";" git_files "${git_files}")
    foreach(git_file IN LISTS git_files)
      if(EXISTS ${git_file} AND NOT IS_DIRECTORY ${git_file})
        set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${git_file})
      endif()
    endforeach()
  endif()
endif()
message(STATUS "knights ${PROJECT_VERSION} (${KNIGHTS_GIT_REVISION})")
