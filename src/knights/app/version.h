#pragma once
// The game's version (project(VERSION) in CMakeLists.txt) and the git
// revision the build was configured from (cmake/KnightsVersion.cmake).

#include <string>

namespace knights::app {

// "knights 0.1.0 (14d6d61)"; the revision is "unknown" when the source was
// not a git checkout. What --version prints and --help ends with.
std::string VersionLine();

}  // namespace knights::app
