// `knights --version` and the end of `knights --help`: the version of
// project(VERSION) and the git revision the build was configured from.

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "run_knights.h"

namespace knights {
namespace {

using test::RunKnights;
using test::RunResult;

// "knights 0.1.0 (14d6d61)": a short hash, or "unknown" outside a checkout.
const std::regex& VersionLinePattern() {
  static const std::regex pattern(std::string("knights ") + KNIGHTS_VERSION + R"( \(([0-9a-f]{4,40}|unknown)\))");
  return pattern;
}

TEST(KnightsVersion, VersionPrintsOneLineAndExitsZero) {
  const RunResult r = RunKnights("--version");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  ASSERT_FALSE(r.output.empty());
  EXPECT_EQ(r.output.back(), '\n');
  EXPECT_TRUE(std::regex_match(r.output.substr(0, r.output.size() - 1), VersionLinePattern())) << r.output;
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
