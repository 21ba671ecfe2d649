// Soak: autoplay with seeded random input bursts for 100,000 sim steps,
// headless. No crash, no NaN pose, and no memory growth after warm-up.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run_knights.h"

namespace knights {
namespace {

TEST(KnightsSoak, HundredThousandStepsOfRandomInputWithoutNanCrashOrGrowth) {
  const std::string metrics = test::TempPath("knights_soak_", "metrics.json");
  const test::RunResult run = test::RunKnights("--headless --soak --seed 3 --frames 100000 --metrics " + metrics);
  ASSERT_EQ(run.exit_code, 0) << run.output;

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
}  // namespace knights
