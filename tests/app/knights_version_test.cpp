// `knights --version` and the end of `knights --help`: the version of
// project(VERSION) and the git revision the build was configured from.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "run_knights.h"

namespace knights {
namespace {

using test::RunKnights;
using test::RunResult;

// "knights 0.1.0 (14d6d61)": a short hash (4 to 40 lowercase hex digits),
// or "unknown" outside a checkout. Checked by hand: GCC 12's std::regex
// trips -Werror=maybe-uninitialized in the sanitizer build.
bool IsVersionLine(const std::string& line) {
  const std::string prefix = std::string("knights ") + KNIGHTS_VERSION + " (";
  if (line.size() < prefix.size() + 2 || line.compare(0, prefix.size(), prefix) != 0 || line.back() != ')') {
    return false;
  }
  const std::string revision = line.substr(prefix.size(), line.size() - prefix.size() - 1);
  if (revision == "unknown") return true;
  const bool all_hex = std::all_of(revision.begin(), revision.end(),
                                   [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
  return all_hex && revision.size() >= 4 && revision.size() <= 40;
}

TEST(KnightsVersion, VersionPrintsOneLineAndExitsZero) {
  const RunResult r = RunKnights("--version");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  ASSERT_FALSE(r.output.empty());
  EXPECT_EQ(r.output.back(), '\n');
  EXPECT_TRUE(IsVersionLine(r.output.substr(0, r.output.size() - 1))) << r.output;
}

TEST(KnightsVersion, HelpListsVersionAndEndsWithTheVersionLine) {
  const RunResult help = RunKnights("--help");
  const RunResult version = RunKnights("--version");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.output.find("--version"), std::string::npos) << help.output;
  ASSERT_GE(help.output.size(), version.output.size());
  EXPECT_EQ(help.output.substr(help.output.size() - version.output.size()), version.output) << help.output;
}

}  // namespace
}  // namespace knights
