// Game time and wall time end to end, as far as a test can say it on a
// machine of any load: the game runs headless but on the wall clock
// (--realtime), drawing every frame, held below 7.5 fps by --fps-cap, and
// the metrics file's real-time facts are compared. Game time never runs
// ahead of wall time, the cap holds, every step asked for is played.
// How closely game time keeps to wall time (within two frames, where slow
// motion lagged by a second) depends on the machine having the CPU it
// asks for: that is measured by tools/measure_realtime.sh
// (docs/performance.md), not here.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run_knights.h"

namespace knights {
namespace {

TEST(KnightsRealTime, BelowSevenAndAHalfFpsGameTimeNeverRunsAheadOfWallTime) {
  for (const int fps : {5, 2}) {
    const std::string metrics = test::TempPath("knights_realtime_", std::to_string(fps) + ".json");
    std::filesystem::remove(metrics);
    const int steps = 60 * 3;  // three seconds of game time
    const test::RunResult r = test::RunKnights("--headless --realtime --fps-cap " + std::to_string(fps) + " --frames " +
                                               std::to_string(steps) + " --size 320x180 --metrics " + metrics);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    std::ifstream in(metrics);
    const nlohmann::json m = nlohmann::json::parse(in);
    const nlohmann::json& t = m["real_time"];
    SCOPED_TRACE(testing::Message() << fps << " fps cap: " << t.dump());
    EXPECT_NEAR(t["game_s"].get<double>(), steps / 60.0, 1e-6);
    // Stalls past the clock's catch-up are dropped by design and said so.
    EXPECT_LE(t["game_s"].get<double>() + t["stalls_dropped_s"].get<double>(), t["wall_s"].get<double>() + 1e-3)
        << "the game never runs ahead of the wall clock";
    EXPECT_LE(t["fps"].get<double>(), fps * 1.1) << "the cap holds the renderer below 7.5 fps";
    EXPECT_GE(t["median_frame_ms"].get<double>(), 0.9 * 1000.0 / fps) << "the cap's period, at least";
    EXPECT_NE(r.output.find("frame time median"), std::string::npos) << r.output;
    std::filesystem::remove(metrics);
  }
}

TEST(KnightsRealTime, FpsCapRefusesNonsense) {
  for (const char* bad : {"0", "1001", "-3", "fast", ""}) {
    const test::RunResult r = test::RunKnights(std::string("--headless --fps-cap '") + bad + "' --frames 1");
    EXPECT_EQ(r.exit_code, 2) << bad << "\n" << r.output;
    EXPECT_NE(r.output.find("--fps-cap"), std::string::npos) << r.output;
  }
}

}  // namespace
}  // namespace knights
