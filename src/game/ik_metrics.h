#pragma once
// Measures how well the IK does its job over a run, sampled every sim step:
//   foot_ground_error_m: planted sole point to the surface under it (vertical);
//   hand_rung_error_m / foot_rung_error_m: gripping hand (standing foot) point
//     to its rung's centre line (distance in the x-y plane; rungs run along z);
//   foot_slide_m: world drift of a planted foot within one plant;
//   knee_angular_speed_deg_s: how fast knees bend (pops show as spikes);
//   timing_ms.ik: wall time of the IK pass of all knights per step;
//   nan_frames: steps with a non-finite pose.
// Statistics are streamed (constant memory): quantiles are exact to 2%.
// A foot is planted when its clip contact weight is >= 0.5 and the knight
// stands on the ground; a hand or foot grips while the ladder IK holds a rung.

#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/streaming_stats.h"
#include "game/knight.h"
#include "world/world.h"

namespace knights::game {

// Mean / median / p95 / p99 / max of a metric (quantiles to within 2%,
// see core::StreamingStats).
struct SampleStats {
  double mean = 0.0, median = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0;
  size_t samples = 0;
};
SampleStats Summarise(const core::StreamingStats& stats);

class IkMetrics {
 public:
  // Per knight slot: call Sample for each knight after its Step.
  void Sample(int knight_index, const Knight& knight, const world::World& world, float dt_s);
  // Once per sim step, after every knight.
  void EndStep(double ik_seconds_all_knights, bool any_nan);
  // Forget the history of a knight (spawn, respawn): no drift or speed
  // across a teleport.
  void ResetKnight(int knight_index);

  int frames() const { return frames_; }
  int nan_frames() const { return nan_frames_; }
  SampleStats FootGroundError() const { return Summarise(foot_ground_error_m_); }
  SampleStats HandRungError() const { return Summarise(hand_rung_error_m_); }
  SampleStats FootRungError() const { return Summarise(foot_rung_error_m_); }
  SampleStats FootSlide() const;
  SampleStats KneeAngularSpeed() const { return Summarise(knee_speed_deg_s_); }
  SampleStats IkTimeMs() const { return Summarise(ik_ms_); }

  // The metrics as a JSON object; `extra` is spliced in as more members
  // (e.g. "\"reached_goal\": true, ").
  std::string ToJson(bool ik_enabled, const std::string& extra) const;

 private:
  struct Track {
    std::array<bool, 2> planted{false, false};
    std::array<glm::vec3, 2> plant_start_ws{};
    std::array<double, 2> plant_max_drift{0.0, 0.0};
    std::array<float, 2> knee_angle_deg{0.0f, 0.0f};
    bool has_knee = false;
  };
  std::vector<Track> tracks_;
  // Constant memory however long the run (the soak test checks growth).
  core::StreamingStats foot_ground_error_m_;
  core::StreamingStats hand_rung_error_m_;
  core::StreamingStats foot_rung_error_m_;
  core::StreamingStats plant_slides_m_;
  core::StreamingStats knee_speed_deg_s_;
  core::StreamingStats ik_ms_;
  int frames_ = 0;
  int nan_frames_ = 0;
};

}  // namespace knights::game
