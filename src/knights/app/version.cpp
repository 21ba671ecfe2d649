#include "knights/app/version.h"

// KNIGHTS_VERSION and KNIGHTS_GIT_REVISION are defined for this file alone
// (src/CMakeLists.txt), so that a new revision recompiles nothing else.

namespace knights::app {

std::string VersionLine() { return "knights " KNIGHTS_VERSION " (" KNIGHTS_GIT_REVISION ")"; }

}  // namespace knights::app
