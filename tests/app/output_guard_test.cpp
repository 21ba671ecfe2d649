// knights/app/output_guard.h: --screenshot and --metrics never write over a file
// the run read, however the output names it (another spelling, a hard
// link, a symbolic link).

#include "knights/app/output_guard.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "run_knights.h"

namespace knights::app {
namespace {

namespace fs = std::filesystem;

class OutputGuardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::ofstream(dir_ / "level.json") << "{}";
    std::ofstream(dir_ / "settings.json") << "{}";
    inputs_ = {{(dir_ / "settings.json").string(), "the settings"}, {(dir_ / "level.json").string(), "the level"}};
  }
  void TearDown() override { fs::remove_all(dir_); }
  core::Status Check(const std::string& screenshot, const std::string& metrics) const {
    app::AppOptions options;
    options.screenshot_path = screenshot;
    options.metrics_path = metrics;
    return CheckOutputsSpareInputs(options, inputs_);
  }

  fs::path dir_ = test::TempPath("knights_output_guard_", "dir");
  std::vector<RunInput> inputs_;
};

TEST_F(OutputGuardTest, AcceptsOutputsThatAreNoInput) {
  EXPECT_TRUE(Check("", "").ok());
  EXPECT_TRUE(Check((dir_ / "shot.png").string(), (dir_ / "metrics.json").string()).ok());  // not there yet
  std::ofstream(dir_ / "old_metrics.json") << "{}";
  EXPECT_TRUE(Check("", (dir_ / "old_metrics.json").string()).ok());  // an old output is replaced
}

TEST_F(OutputGuardTest, RefusesAnInputByAnyName) {
  const core::Status same = Check("", (dir_ / "level.json").string());
  ASSERT_FALSE(same.ok());
  EXPECT_EQ(same.message(),
            "--metrics: " + (dir_ / "level.json").string() + " is the level of this run: not written over");
  EXPECT_FALSE(Check("", (dir_ / "." / "level.json").string()).ok());
  fs::create_hard_link(dir_ / "settings.json", dir_ / "hard.json");
  const core::Status hard = Check("", (dir_ / "hard.json").string());
  ASSERT_FALSE(hard.ok());
  EXPECT_NE(hard.message().find("is the settings of this run"), std::string::npos) << hard.message();
  fs::create_symlink(dir_ / "level.json", dir_ / "shot.png");
  const core::Status link = Check((dir_ / "shot.png").string(), "");
  ASSERT_FALSE(link.ok());
  EXPECT_EQ(link.message().rfind("--screenshot: ", 0), 0u) << link.message();
}

}  // namespace
}  // namespace knights::app
