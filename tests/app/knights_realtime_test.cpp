// Game time keeps to real time when the renderer is slow, end to end: the
// game runs headless but on the wall clock (--realtime), drawing every
// frame, held below 7.5 fps by --fps-cap; the metrics file's real-time
// facts (frames drawn, wall seconds of the frame loop, game seconds
// played) are compared. Before the sim caught up by real time, 8 steps a
// frame at most, the game at 5 fps ran in slow motion (0.67x).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run_knights.h"

namespace knights {
namespace {

TEST(KnightsRealTime, GameTimeKeepsToWallTimeBelowSevenAndAHalfFps) {
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
    const double wall_s = t["wall_s"].get<double>();
    const double game_s = t["game_s"].get<double>();
    // A stall past the clock's catch-up (a first frame over a second on a
    // busy machine) is dropped by design and said so.
    const double dropped_s = t["stalls_dropped_s"].get<double>();
    SCOPED_TRACE(testing::Message() << fps << " fps cap: " << t.dump());
    EXPECT_NEAR(game_s, steps / 60.0, 1e-6);
    // A busy machine may draw slower than the cap, so the bounds follow
    // the frame period measured (95th percentile), never less than the
    // cap's. Wall time counts from where the game clock starts (the loop's
    // start) to the last frame's end: the game never runs ahead of it, and
    // lags it by at most the last frame's real time the sim did not need
    // (its step count reached) and that frame's drawing and wait: two
    // frames. Slow motion (the game at 0.67x) would lag by a second.
    const double period_s = std::max(1.0 / fps, t["p95_frame_ms"].get<double>() / 1000.0);
    EXPECT_LE(game_s + dropped_s, wall_s + 1e-3) << "the game never runs ahead of the wall clock";
    EXPECT_LE(wall_s - dropped_s - game_s, 2.0 * period_s);
    EXPECT_LE(t["fps"].get<double>(), fps * 1.1) << "the cap holds the renderer below 7.5 fps";
    EXPECT_GE(t["median_frame_ms"].get<double>(), 0.9 * 1000.0 / fps) << "the cap's period, at least";
    EXPECT_GE(t["frames_drawn"].get<int>(), static_cast<int>(0.8 * wall_s / period_s)) << "every frame drawn";
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
