// Soak: autoplay with seeded random input bursts for 100,000 sim steps,
// headless. No crash, no NaN pose, and no memory growth after warm-up.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace {

TEST(KnightsSoak, HundredThousandStepsOfRandomInputWithoutNanCrashOrGrowth) {
  const std::string metrics =
      (std::filesystem::temp_directory_path() / ("knights_soak_" + std::to_string(getpid()) + ".json")).string();
  const std::string command =
      std::string(KNIGHTS_EXE) + " --headless --soak --seed 3 --frames 100000 --metrics " + metrics + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::array<char, 512> buffer{};
  std::string output;
  while (fgets(buffer.data(), buffer.size(), pipe) != nullptr) output += buffer.data();
  const int status = pclose(pipe);
  ASSERT_TRUE(WIFEXITED(status)) << output;
  ASSERT_EQ(WEXITSTATUS(status), 0) << output;

  std::ifstream in(metrics);
  const nlohmann::json m = nlohmann::json::parse(in, nullptr, false);
  std::filesystem::remove(metrics);
  ASSERT_TRUE(m.is_object());
  EXPECT_EQ(m["frames"].get<int>(), 100000);
  EXPECT_EQ(m["nan_frames"].get<int>(), 0);
  // The random input really played: the knight fell into pits and came back.
  EXPECT_GT(m["respawns"].get<int>(), 0);
  const double warm_mb = m["memory_mb"]["after_warm_up"].get<double>();
  const double end_mb = m["memory_mb"]["end_of_sim"].get<double>();
  EXPECT_GT(warm_mb, 0.0);
  EXPECT_LE(end_mb - warm_mb, 1.0) << "resident memory grew from " << warm_mb << " to " << end_mb << " MB";
}

}  // namespace
