#pragma once
// Measures the IK from outside: every statistic is computed from the final
// pose (after IK) and the world alone, never from the IK's own choices (the
// rung it picked, the ray it cast, whether it let a contact go), for every
// knight on every sim step up to and including the step the player reaches
// the goal (goal_frame; `collecting`), so idle frames after it never dilute
// a run's numbers. frames and nan_frames count every step of the run. Lengths in metres, angles in degrees, world
// space.
//
//   foot_penetration_m: for each foot not on a ladder (ground, air), how deep
//     the deepest of its sole, ball and heel points is below the collision
//     surface over it (0 when above), found by a ray from 2 m above the point
//     (see SurfaceProbe), so a foot deep in a slope is measured, not dropped;
//   ladder_foot_penetration_m: the same for both feet while the knight
//     enters, climbs or leaves a ladder, held or swinging (a toe through a
//     ledge's lip on the way up, a swing through a slope at the ladder's
//     foot);
//   foot_ground_error_m: a planted foot's sole point (clip contact >= 0.5,
//     knight grounded) to the surface over or under it, vertical distance;
//   hand_rung_error_m / foot_rung_error_m: every hand (grip point) or foot
//     (ball point) whose clip contact is >= 0.5 while the knight enters,
//     climbs or leaves a ladder, 3D distance to the nearest rung segment
//     between the rails, or to the ground when that is nearer, whether or
//     not the IK holds it. A hand's grip to the surface under or over it
//     (the exit clip rests a hand on the ledge top); a foot at the ladder's
//     foot or on the ledge by FootFromGround (the depth of its deepest
//     sole, ball or heel point in the ground, else the gap under its
//     lowest), metres;
//   foot_slide_m: world drift of a planted sole point within one plant;
//   knee_reversed_deg / elbow_reversed_deg: how far a knee (elbow) is bent
//     past straight the wrong way, about the hinge axis read from the rig's
//     rest pose (knights/ik/hinge_axis.h), 0 when bent the right way;
//   knee_angular_speed_deg_s: how fast knees bend (pops show as spikes);
//   knee_fold_deg / elbow_fold_deg: how far a knee (elbow) is bent, 0
//     straight: the angle between its two bones, read past 180 when the
//     joint has folded through shut about its hinge (a bend below -90
//     degrees by ik::SignedHingeBendDeg), every knight every step;
//   pelvis_kink_m: |p(t+1) - 2 p(t) + p(t-1)| of the drawn pelvis joint's
//     world position, metres per step: the body's jolt (a 5 m/s landing
//     stopped in one step at 60 Hz is 0.083);
//   sole_step_m: how far either sole point moves in the world in one step;
//   teleports_left_out: respawns (and restarts) of a knight that had been
//     sampled: pelvis_kink_m and sole_step_m never span one;
//   timing_ms.ik: wall time of the IK pass of all knights per step;
//   nan_frames: steps with a non-finite pose;
//   mover_penetration_frames: steps at whose end any knight on the ground
//     or in the air has its feet (the controller's, not the pose's) more
//     than 2 cm below the collision surface over them (SurfaceOver): the
//     mover let the body into the ground. Counted on every step, like
//     frames (on a ladder the climb places the body; its hands and feet
//     are measured against the rungs).
// "frames_over_X" counts sim steps in which any knight had a sample over X.
// app::MetricsJson writes a statistic with no samples as null with samples 0.
// Statistics are streamed (constant memory): quantiles are exact to 2%.

#include <array>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/core/streaming_stats.h"
#include "knights/game/knight/knight.h"
#include "knights/world/world.h"

namespace knights::game {

// Mean / median / p95 / p99 / max of a metric (quantiles to within 2%,
// see core::StreamingStats); frames_over counts steps over the metric's
// threshold (2 cm for distances, 5 degrees for reversed joints).
struct SampleStats {
  double mean = 0.0, median = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0;
  size_t samples = 0;
  int frames_over = 0;
  int max_frame = -1;  // the sim step (from 0) of the largest sample; -1: unknown
};
SampleStats Summarise(const core::StreamingStats& stats);

// A streamed statistic that also counts the sim steps with a sample above
// `threshold` (in the statistic's unit).
class ThresholdStats {
 public:
  explicit ThresholdStats(double threshold) : threshold_(threshold) {}
  void Add(double value);
  void EndStep();
  SampleStats Summary() const;

 private:
  core::StreamingStats stats_;
  double threshold_;
  int frames_over_ = 0;
  int steps_ = 0;  // EndStep calls so far: the step a sample belongs to
  int max_step_ = -1;
  bool over_this_step_ = false;
};

class IkMetrics {
 public:
  static constexpr double kDistanceThresholdM = 0.02;    // frames_over_2cm
  static constexpr double kReversedThresholdDeg = 5.0;   // frames_over_5deg
  static constexpr double kFoldThresholdDeg = 172.0;     // frames_over_172deg
  static constexpr double kPelvisKinkThresholdM = 0.04;  // frames_over_4cm
  static constexpr double kSoleStepThresholdM = 0.25;    // frames_over_25cm

  // False: Sample and the statistics' step counts do nothing (GameSession
  // clears it when the player reaches the goal); frames and nan_frames
  // still count every step.
  bool collecting = true;

  // Per knight slot: call Sample for each knight after its Step (the mover
  // check runs even when not collecting). dt_s: the wall time the step is
  // shown for, seconds (a hit-stop slows the knights, not the screen: a
  // knee is seen to turn so far in one shown frame whatever the game's
  // clock did), which speeds are measured per.
  void Sample(int knight_index, const Knight& knight, const world::World& world, float dt_s);
  // Once per sim step, after every knight.
  void EndStep(double ik_seconds_all_knights, bool any_nan);
  // Forget the history of a knight (spawn, respawn): no drift or speed
  // across a teleport.
  void ResetKnight(int knight_index);

  int frames() const { return frames_; }
  int nan_frames() const { return nan_frames_; }
  int mover_penetration_frames() const { return mover_penetration_frames_; }
  SampleStats FootPenetration() const { return foot_penetration_m_.Summary(); }
  SampleStats LadderFootPenetration() const { return ladder_foot_penetration_m_.Summary(); }
  SampleStats FootGroundError() const { return foot_ground_error_m_.Summary(); }
  SampleStats HandRungError() const { return hand_rung_error_m_.Summary(); }
  SampleStats FootRungError() const { return foot_rung_error_m_.Summary(); }
  SampleStats KneeReversed() const { return knee_reversed_deg_.Summary(); }
  SampleStats ElbowReversed() const { return elbow_reversed_deg_.Summary(); }
  SampleStats KneeFold() const { return knee_fold_deg_.Summary(); }
  SampleStats ElbowFold() const { return elbow_fold_deg_.Summary(); }
  SampleStats PelvisKink() const { return pelvis_kink_m_.Summary(); }
  SampleStats SoleStep() const { return sole_step_m_.Summary(); }
  int teleports_left_out() const { return teleports_left_out_; }
  SampleStats FootSlide() const;
  SampleStats KneeAngularSpeed() const;  // deg/s
  SampleStats IkTimeMs() const { return Summarise(ik_ms_); }

 private:
  struct Track {
    std::array<bool, 2> planted{false, false};
    std::array<glm::vec3, 2> plant_start_ws{};
    std::array<double, 2> plant_max_drift{0.0, 0.0};
    std::array<float, 2> knee_angle_deg{0.0f, 0.0f};
    bool has_knee = false;
    // The drawn pelvis, world metres, last step [0] and the one before [1];
    // how many of those are known (0 after a spawn or a teleport).
    std::array<glm::vec3, 2> pelvis_ws{};
    int pelvis_known = 0;
    std::array<glm::vec3, 2> sole_ws{};  // each sole point last step, world metres
    bool has_soles = false;
    bool sampled = false;  // anything sampled since the last reset
  };
  static double FootDepthM(const Knight& knight, const world::World& world, int side);
  void SampleFeetOnGround(Track& track, const Knight& knight, const world::World& world);
  void SampleLadderContacts(const Knight& knight, const world::World& world);
  void SampleHinges(Track& track, const Knight& knight, float dt_s);
  void SampleMotion(Track& track, const Knight& knight);

  std::vector<Track> tracks_;
  // Constant memory however long the run (the soak test checks growth).
  ThresholdStats foot_penetration_m_{kDistanceThresholdM};
  ThresholdStats ladder_foot_penetration_m_{kDistanceThresholdM};
  ThresholdStats foot_ground_error_m_{kDistanceThresholdM};
  ThresholdStats hand_rung_error_m_{kDistanceThresholdM};
  ThresholdStats foot_rung_error_m_{kDistanceThresholdM};
  ThresholdStats knee_reversed_deg_{kReversedThresholdDeg};
  ThresholdStats elbow_reversed_deg_{kReversedThresholdDeg};
  ThresholdStats knee_fold_deg_{kFoldThresholdDeg};
  ThresholdStats elbow_fold_deg_{kFoldThresholdDeg};
  ThresholdStats pelvis_kink_m_{kPelvisKinkThresholdM};
  ThresholdStats sole_step_m_{kSoleStepThresholdM};
  int teleports_left_out_ = 0;
  core::StreamingStats plant_slides_m_;
  // In 1000 deg/s: StreamingStats' range ends near 1e3, and knees reach
  // several thousand degrees a second.
  ThresholdStats knee_speed_kdeg_s_{1.5};  // frames_over: steps over 1500 deg/s
  core::StreamingStats ik_ms_;
  int frames_ = 0;
  int nan_frames_ = 0;
  int mover_penetration_frames_ = 0;
  bool mover_in_ground_this_step_ = false;
};

// The collision surface over a point, measured from outside: a ray down
// from 2 m above the point (never from inside the ground), upward-facing
// surfaces only. When that ray lands on a platform top above the point and
// the point is in the open under the platform (a ray up from it meets the
// platform's underside first), the surface under the point is taken instead.
// Returns false when there is no surface within 4 m below the point.
bool SurfaceOver(const world::CollisionMesh& collision, const glm::vec3& p_ws, float* surface_y_ws);

// How far a foot is from standing on the ground, from its points (sole,
// ball, heel; world space): the depth of the deepest inside the ground
// (SurfaceOver), or when none is, the gap under the lowest. A foot stands
// on whichever of its points is lowest: on a bump its ball may be off the
// ground while its heel stands. Infinity when no point has ground under it.
double FootFromGround(const world::CollisionMesh& collision, std::span<const glm::vec3> points_ws);

// How far a mid joint (knee, elbow) is bent, degrees in [0, 360): 0
// straight, the angle between its bones (upper = mid - start, lower = end -
// mid) while it bends the right way about axis_ms (knights/ik/hinge_axis.h), 360
// less that angle once it has folded through shut (a signed bend below -90
// degrees). A zero axis: the angle alone. Positions in any one space.
float JointFoldDeg(const glm::vec3& start, const glm::vec3& mid, const glm::vec3& end, const glm::vec3& axis_ms);

}  // namespace knights::game
