// app::MetricsJson: every field docs/ik.md and its tables name, in that
// order, statistics with no samples as null (never 0), the run's facts.

#include "knights/app/metrics_json.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace knights::app {
namespace {

TEST(MetricsJson, NoSamplesAreNullNeverZero) {
  game::IkMetrics metrics;
  metrics.EndStep(0.0, false);
  metrics.EndStep(0.0, true);
  const nlohmann::json m = nlohmann::json::parse(MetricsJson(metrics, true, RunFacts{}));
  EXPECT_EQ(m["frames"], 2);
  EXPECT_EQ(m["nan_frames"], 1);
  EXPECT_EQ(m["ik"], true);
  for (const char* metric : {"foot_penetration_m", "ladder_foot_penetration_m", "foot_ground_error_m",
                             "hand_rung_error_m", "foot_rung_error_m"}) {
    const nlohmann::json expected = {{"mean", nullptr}, {"p95", nullptr},       {"max", nullptr},
                                     {"samples", 0},    {"frames_over_2cm", 0}, {"max_frame", nullptr}};
    EXPECT_EQ(m[metric], expected) << metric;
  }
  const nlohmann::json reversed = {{"max", nullptr}, {"samples", 0}, {"frames_over_5deg", 0}, {"max_frame", nullptr}};
  EXPECT_EQ(m["knee_reversed_deg"], reversed);
  EXPECT_EQ(m["elbow_reversed_deg"], reversed);
  const nlohmann::json slide = {{"mean", nullptr}, {"max", nullptr}, {"plants", 0}};
  EXPECT_EQ(m["foot_slide_m"], slide);
  EXPECT_TRUE(m["knee_angular_speed_deg_s"]["p99"].is_null());
  EXPECT_TRUE(m["knee_angular_speed_deg_s"]["max_frame"].is_null());
  for (const char* metric : {"knee_fold_deg", "elbow_fold_deg", "pelvis_kink_m", "sole_step_m"}) {
    EXPECT_TRUE(m[metric]["max"].is_null()) << metric;
    EXPECT_EQ(m[metric]["samples"], 0) << metric;
  }
  EXPECT_TRUE(m["pelvis_kink_m"]["max_frame"].is_null());
  EXPECT_EQ(m["pelvis_kink_m"]["frames_over_4cm"], 0);
  EXPECT_EQ(m["sole_step_m"]["frames_over_25cm"], 0);
  EXPECT_EQ(m["knee_fold_deg"]["frames_over_172deg"], 0);
  EXPECT_EQ(m["sole_step_m"]["teleports_left_out"], 0);
}

TEST(MetricsJson, TheRunsFactsAndKeyOrder) {
  game::IkMetrics metrics;
  metrics.EndStep(0.002, false);
  RunFacts facts;
  facts.reached_goal = true;
  facts.goal_frame = 934;
  facts.respawns = 2;
  facts.fights.enemies = 3;
  facts.fights.enemies_defeated = 2;
  facts.fights.blows_dealt = 7;
  facts.gems_taken = 4;
  facts.gems_total = 9;
  facts.medal = "silver";
  facts.rss_peak_bytes = 150.0 * 1024.0 * 1024.0;
  facts.frames_drawn = 21;
  facts.wall_s = 4.2;
  facts.frame_loop_s = 4.0;
  facts.play_time_s = 4.05;
  facts.frames_timed = 20;
  facts.median_frame_s = 0.19;
  facts.p95_frame_s = 0.2612;
  const std::string text = MetricsJson(metrics, false, facts);
  const nlohmann::ordered_json m = nlohmann::ordered_json::parse(text);
  EXPECT_EQ(m["ik"], false);
  EXPECT_EQ(m["reached_goal"], true);
  EXPECT_EQ(m["goal_frame"], 934);
  EXPECT_EQ(m["respawns"], 2);
  EXPECT_EQ(m["fights"]["enemies"], 3);
  EXPECT_EQ(m["fights"]["enemies_defeated"], 2);
  EXPECT_EQ(m["fights"]["blows_dealt"], 7);
  EXPECT_EQ(m["fights"]["blows_taken"], 0);
  EXPECT_EQ(m["gems"]["taken"], 4);
  EXPECT_EQ(m["gems"]["total"], 9);
  EXPECT_EQ(m["medal"], "silver");
  EXPECT_DOUBLE_EQ(m["memory_mb"]["peak"].get<double>(), 150.0);
  EXPECT_DOUBLE_EQ(m["timing_ms"]["ik"]["median"].get<double>(), 2.0);
  const nlohmann::ordered_json real_time = {{"frames_drawn", 21},      {"wall_s", 4.2}, {"game_s", 4.05},
                                            {"stalls_dropped_s", 0.0}, {"fps", 5.0},    {"median_frame_ms", 190.0},
                                            {"p95_frame_ms", 261.2}};
  EXPECT_EQ(m["real_time"], real_time) << "fps: 20 frame intervals in 4 s";
  // The order docs/ik.md's tables and the tools read them in.
  std::string keys;
  for (const auto& item : m.items()) keys += item.key() + " ";
  EXPECT_EQ(
      keys,
      "frames ik nan_frames mover_penetration_frames reached_goal goal_frame respawns fights gems medal memory_mb "
      "real_time "
      "foot_penetration_m ladder_foot_penetration_m foot_ground_error_m hand_rung_error_m foot_rung_error_m "
      "knee_reversed_deg elbow_reversed_deg foot_slide_m knee_angular_speed_deg_s knee_fold_deg elbow_fold_deg "
      "pelvis_kink_m sole_step_m timing_ms ");
  // Not reached: null, never a number.
  facts.reached_goal = false;
  facts.goal_frame = -1;
  EXPECT_TRUE(nlohmann::json::parse(MetricsJson(metrics, true, facts))["goal_frame"].is_null());
  // No frame drawn: no fps and no frame times.
  facts.frames_drawn = 0;
  facts.frames_timed = 0;
  const nlohmann::json none = nlohmann::json::parse(MetricsJson(metrics, true, facts))["real_time"];
  EXPECT_TRUE(none["fps"].is_null());
  EXPECT_TRUE(none["median_frame_ms"].is_null());
  EXPECT_TRUE(none["p95_frame_ms"].is_null());
}

}  // namespace
}  // namespace knights::app
