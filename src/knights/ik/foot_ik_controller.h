#pragma once
// Feet on uneven ground, per character, once per sim step after
// local-to-model and before the skinning palette, in the seven steps of Run:
//   1. ProbeGround: a ray down under each foot's animated sole point, from
//      above the hips (above any ground a foot can reach), after moving the
//      foot back out of any wall its toe is in (a face taller than a step);
//   2. ChooseTargets: the sole on the hit point, keeping the animated lift of
//      a swing foot above the ground (clips are authored on flat ground at
//      y = 0); a planted foot locked in the world until its contact ends;
//   3. PlaceHeelAndBall (two-point placement): the ball and the heel each
//      find their ground, and the foot is pitched and lifted so neither is
//      inside a riser, a rock or a slope; then LimitSwingShift: a foot no
//      lock holds moves no faster than kMaxSwingShiftMps more than the
//      clip's, or the even pace that gets it there by its touchdown;
//   4. LowerPelvis: the pelvis lowered so the lower foot can reach
//      (critically damped spring), at once as far as the targets need,
//      raised for bent knees by the spring and a rate-limited floor;
//   5. PlaceLegs: each leg solved (two-bone IK, knees kept forward by the
//      rig's hinge, bent knee_limit_deg at most) with the sole aligned to
//      the ground;
//   6. LiftOutOfGround: each placed foot probed where it landed, a heel or
//      ball sunk past the sole's give lifted halfway out;
//   7. DrawDebug: rays, hits, targets and locks.
// In the air the feet are only kept out of the ground (a foot is never
// pulled down to it; a heel or ball over a ledge's corner is lifted out of
// it at full weight even while the sole's own ray finds nothing), so the IK
// stays on and landing needs no fade-in;
// everything fades out on ladders and when switched off. A ray that finds no
// ground fades its leg out over fade_time_s (the last ground held
// meanwhile), never in one step. The ray cast is injected (a function
// pointer), so this layer does not depend on the world's collision code.

#include <array>
#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "knights/core/debug_lines.h"
#include "knights/ik/ik_switches.h"
#include "knights/ik/apply_two_bone_ik.h"
#include "knights/math/damped_spring.h"
#include "knights/ik/ground_probe.h"
#include "knights/ik/ik_weight_fader.h"
#include "knights/ik/limb_placement_job.h"
#include "knights/ik/pose_view.h"
#include "knights/math/transform.h"

namespace knights::ik {

// One leg of a rig.
struct LegRig {
  TwoBoneChain chain;              // hip, knee, ankle
  int toe = -1;                    // optional
  glm::vec3 sole_offset_ls{0.0f};  // sole point in the ankle joint's space, metres
  // Ball and heel of the sole in the ankle joint's space, metres; equal
  // (the default, both zero): no two-point placement.
  glm::vec3 ball_offset_ls{0.0f};
  glm::vec3 heel_offset_ls{0.0f};
  glm::vec3 foot_up_ls{0.0f, 1.0f, 0.0f};    // the sole's normal in the ankle joint's space
  glm::vec3 knee_pole_ms{1.0f, 0.0f, 0.0f};  // knees bend towards this (model space) when straight
  glm::vec3 hinge_axis_ls{0.0f};  // knee hinge in the hip joint's frame (knights/ik/hinge_axis.h); zero = none
};

struct FootIkSettings {
  // Rays start this far above the higher hip of the animated body (before
  // the pelvis moves): above any ground a foot can reach, so a foot sunk in
  // a slope ahead is still found from outside the ground.
  float ray_above_hip_m = 0.05f;
  float ray_below_m = 0.9f;     // ... and reach this far below the root's height
  float soften = 0.02f;         // soft IK fraction of the leg length
  float max_tilt_deg = 55.0f;   // the sole tilts this far at most to lie on the ground
  float max_pitch_deg = 30.0f;  // two-point placement pitches the foot this far beyond that at most
  float sole_give_m = 0.009f;   // heel or ball may rest this deep in the ground (the boot's sole), metres
  // A foot planting where it would have to be lifted off its sole's ground
  // (heel or ball on a rock, a riser, a slope change) is planted up to this
  // far along its length, where it fits, metres.
  float max_plant_shift_m = 0.2f;
  // ... or up to this far sideways (across depth ripples), metres.
  float max_plant_side_shift_m = 0.06f;
  // A face rising more than this over the root is a wall, not a step the
  // foot goes onto (the walker's highest step, 0.45 m, and 2 cm): a toe the
  // clip puts inside one is moved back toward the body, metres.
  float max_step_m = 0.47f;
  // ... until the ball is this far clear of the wall (the toe beyond it), metres.
  float toe_clearance_m = 0.04f;
  // A sole over no ground (a drop, a pit, beside a beam narrower than the
  // stance) is put on the nearest ground this far at most towards the body,
  // along the course and across it, metres.
  float max_edge_shift_m = 0.3f;
  float pelvis_smooth_time_s = 0.12f;
  float swing_ground_smooth_s = 0.08f;  // a swinging foot eases down a step over about this long
  float max_pelvis_drop_m = 0.65f;
  // The spring's goal drops this far at most while moving (FootIkFrame::
  // moving); the reach limit may still take the pelvis to max_pelvis_drop_m.
  float max_pelvis_drop_moving_m = 0.2f;
  float max_pelvis_raise_m = 0.05f;
  float fade_time_s = 0.2f;           // IK fade in/out on landing and take-off
  float lock_release_time_s = 0.12f;  // a released lock blends back over this long
  float max_lock_distance_m = 0.5f;   // a lock further than this from the animated foot breaks
  float max_lock_miss_m = 0.01f;      // a lock the leg misses by more than this is let go
  // A locked foot keeps its plant's heading while the clip turns it, by up
  // to this much (a turn on the spot lifts the foot long before that).
  float max_hold_yaw_deg = 30.0f;
  // A plant that would have to be lifted off its sole's ground is turned
  // up to this far about world up where that fits it better, degrees.
  float max_fit_turn_deg = 10.0f;
  float max_knee_bend_deg = 150.0f;  // the pelvis stays high enough that no knee bends further (0 = straight)
  // No knee bends further than this, degrees: a foot target nearer the hip
  // (the pelvis held low by the other foot's lock) is left short of. A
  // tenth of a degree inside the 172 a knee may fold, so that the solved
  // pose's float rounding (3e-5 degrees) never takes it past.
  float knee_limit_deg = 171.9f;
  float max_leg_extension = 0.97f;  // the pelvis drops so targets stay within this fraction of the leg
};

// Per-step inputs.
struct FootIkFrame {
  glm::mat4 model_to_world{1.0f};
  std::array<float, 2> contact{0.0f, 0.0f};  // left, right: 0..1 planted weight from the clips
  // false: fade out (on ladders). Turning back on is immediate: the feet
  // are then planted where the animation puts them, so there is nothing to
  // blend; switching the IK itself on or off (switches.master) always fades.
  bool active = true;
  // The player's switches this step: master (the legs at all, faded),
  // leg_l, leg_r, pelvis, foot_align, foot_lock; the arms' are not read.
  IkSwitches switches;
  bool airborne = false;  // true: feet only pushed out of the ground, never planted
  // Stride warping: the clip's feet are placed this fraction of their
  // distance ahead of or behind the pelvis along the model's forward axis
  // (1: as animated; < 1: shorter steps on slopes, the clip played faster
  // to keep the speed, see StrideScaleForSlope). Ignored in the air.
  float stride_scale = 1.0f;
  bool moving = false;  // walking or running: the pelvis drops less (max_pelvis_drop_moving_m)
  // 0..1 through each foot's swing (0 while in contact): late in the swing
  // the foot heads for the spot it will be planted on.
  std::array<float, 2> swing_progress{0.0f, 0.0f};
  // How far the caller carries each sole from where the clip puts it,
  // world metres (zero: not at all): a step the body takes that no clip
  // has, such as a standing foot stepping into a new stance (lifted on the
  // way, its contact 0 meanwhile).
  std::array<glm::vec3, 2> sole_shift_ws{};
  GroundRaycastFn raycast = nullptr;
  // Walls a toe must stay out of (null: none); same context as raycast.
  WallRaycastFn wall_raycast = nullptr;
  const void* raycast_context = nullptr;
  float dt_s = 1.0f / 60.0f;
};

// Two-point placement of a foot (FootIkController::FitFoot): how its sole
// is tilted and raised so that neither heel nor ball is in the ground.
struct FootFit {
  glm::vec3 align_normal_ws{0.0f, 1.0f, 0.0f};     // the sole's up goal, pitched
  float lift_m = 0.0f;                             // the sole raised this much, metres
  std::array<glm::vec3, 2> heel_ball_ground_ws{};  // the ground under heel and ball, world
};

// What one foot did this step (for the overlay, debug lines and metrics).
struct FootIkState {
  float weight = 0.0f;  // IK weight applied, 0..1
  glm::vec3 ray_from_ws{0.0f};
  glm::vec3 ray_to_ws{0.0f};
  // Under the animated sole: this step's hit, or while the leg fades out
  // after a miss, the last hit (ground_found says which).
  GroundProbe ground;
  bool ground_found = false;  // this step's ray hit
  // A swinging foot is held this far over its ground after a step down,
  // easing to 0, metres; the ground it saw last step.
  math::DampedSpring<float> swing_drop_m;
  glm::vec3 swing_ground_ws{0.0f};
  bool has_swing_ground = false;
  // The planned swing (PlanSwingFloor): the clip's lift of a swinging sole
  // is measured from this height, world metres, which rises ahead of a
  // step up and comes down to the landing's ground at an even pace over
  // the swing, rather than following the ground under the sole at once.
  float swing_floor_y = 0.0f;
  float swing_progress = 0.0f;  // frame.swing_progress last step
  float swing_left_s = 0.0f;    // time to touchdown at the swing's pace, seconds (0: unknown)
  float contact = 0.0f;         // the clip's contact weight last step
  // Where the sole was when the clip last planted it, model space, metres
  // (the clip plays in place, so the next landing is about there again).
  glm::vec3 landing_ms{0.0f};
  bool has_landing = false;
  // Late in a swing (kLandingStart on), the spot it will plant on
  // (ChoosePlant) this step, world space: a target whose ball would catch
  // the riser ahead of a plant below goes to the plant, not over the riser.
  glm::vec3 landing_plant_ws{0.0f};
  glm::vec3 landing_normal_ws{0.0f, 1.0f, 0.0f};  // the ground's normal there
  bool heads_for_plant = false;
  bool headed_for_plant = false;  // heads_for_plant last step
  // Where the sole is this step, world space, before its height is chosen:
  // the clip's sole carried onto the ground (ground_shift_ws), and late in
  // a swing moved on towards its plant.
  glm::vec3 swing_spot_ws{0.0f};
  // The sole moved towards the body: its toe out of a wall, then onto
  // ground (over a drop), world metres.
  glm::vec3 ground_shift_ws{0.0f};
  glm::vec3 align_normal_ws{0.0f, 1.0f, 0.0f};  // the sole's up goal: the ground normal, pitched by step 3
  float lift_m = 0.0f;  // step 3 raised the sole target this much (heel or ball out of the ground)
  std::array<glm::vec3, 2> heel_ball_ground_ws{};  // step 3's hits under the heel and the ball
  float ground_weight = 1.0f;    // 0..1: fades out over fade_time_s while no ground is found, back in when found
  glm::vec3 clip_sole_ws{0.0f};  // the sole point as the clip puts it
  // Last step's target and clip sole (LimitSwingShift), world, metres;
  // has_shifted: they are known (none after a reset).
  glm::vec3 shifted_sole_ws{0.0f};
  glm::vec3 shifted_clip_sole_ws{0.0f};
  bool has_shifted = false;
  glm::vec3 animated_sole_ws{0.0f};  // the same after stride warping: what the IK follows
  glm::vec3 target_sole_ws{0.0f};
  bool locked = false;       // a planted foot held in place
  bool lock_let_go = false;  // the lock was let go (out of reach, dragged): none until the contact ends
  glm::vec3 lock_point_ws{0.0f};
  glm::vec3 lock_normal_ws{0.0f, 1.0f, 0.0f};  // the ground's normal at the lock point
  FootFit lock_fit;                            // this step's fit; kept while the foot stays locked
  bool has_lock_fit = false;
  float lock_blend = 0.0f;  // 0..1: how much the lock point is used
  // The clip's heel-to-ball direction when the lock was taken, horizontal
  // unit (zero: none), and this step's turn about world up, radians, that
  // holds the foot at that heading (weighted by lock_blend): a planted foot
  // does not pivot on its sole while the clip turns it.
  glm::vec3 lock_heading_ws{0.0f};
  float hold_yaw_rad = 0.0f;
  bool reached = false;
};

// The stride scale for a run or walk over ground rising (or falling) at
// slope_rad: steps shorten as the ground steepens, to min_scale at 40
// degrees, so a run up or down a steep slope needs no deep crouch to keep
// both feet on the ground and still reads as a run (Unreal's stride warping).
float StrideScaleForSlope(float slope_rad, float min_scale = 0.7f);

// A ground height change steeper than this (rise over run, tan 46 degrees:
// above the steepest legal slope, 40) under a swinging foot is a step.
inline constexpr float kStepSlopeTan = 1.0355f;

class FootIkController {
 public:
  FootIkSettings settings;

  void Init(const LegRig& left, const LegRig& right, int pelvis_joint);
  // Forgets locks and springs (spawn, respawn, teleport). `active`: start
  // with the IK fully on (standing on the ground) rather than faded out.
  void Reset(bool active = true);
  // Runs the pass on the pose. Returns false (pose untouched) on bad input.
  bool Run(const FootIkFrame& frame, const PoseView& pose, core::DebugLines* debug);

  const FootIkState& Foot(int side) const { return feet_[side]; }
  float PelvisOffsetM() const { return pelvis_spring_.value; }
  float MasterWeight() const { return fader_.Weight() * mode_fader_.Weight(); }

 private:
  // This step's placement of the model in the world.
  struct Spaces {
    glm::mat4 to_world{1.0f};
    glm::mat4 to_model{1.0f};
    glm::vec3 root_ws{0.0f};      // the clip's floor: the root joint (it carries root motion)
    glm::vec3 velocity_ws{0.0f};  // the model's origin's velocity since last step, metres per second
  };
  static constexpr float kPlantLiftToleranceM = 0.004f;  // a plant needing less lift fits
  // A plant moved from the clip's spot must save this much lift per metre
  // moved: on ground that nowhere fits (fine ripples) the foot stays near
  // where the clip puts it, and a lock the body walks away from is not
  // dragged far when it stops.
  static constexpr float kPlantShiftCost = 0.1f;
  static constexpr int kPlantShiftSteps = 10;  // spots tried on each side
  // A planted knee is kept this far short of knee_limit_deg (where the leg
  // could no longer reach its lock), degrees.
  static constexpr float kShutMarginDeg = 2.0f;
  // The style limit (max_knee_bend_deg) raises the pelvis by at most this
  // much a step beyond what the spring does, metres.
  static constexpr float kMaxFoldRiseM = 0.04f;
  // A plant whose heel or ball is over ground this far below its sole is
  // over an edge, and costs as much as this much lift, metres.
  static constexpr float kPlantOverhangDropM = 0.1f;
  static constexpr float kPlantOverhangCostM = 0.01f;
  static constexpr int kTurnSteps = 10;                    // headings tried on each side of a plant that needs lifting
  static constexpr float kTurnCost = 0.01f;                // a turned plant must save this much lift per radian, metres
  static constexpr int kEdgeSearchSteps = 8;               // spots tried towards the body over a drop
  static constexpr float kLandingStart = 0.5f;             // swing progress from which the foot heads for its plant
  static constexpr float kSwingBallProbeAheadM = 0.02f;    // a swinging ball's ground is also probed this far ahead
  static constexpr float kHeelBallProbeAboveSoleM = 0.5f;  // heel and ball rays start at least this far over the sole
  static constexpr float kLandedProbeM = 0.15f;  // a placed foot's points are checked this far above and below, metres
  static constexpr float kLandedLiftToleranceM = 0.001f;  // a placed foot this little too deep is left as it is
  static constexpr int kSwingPlanSamples = 6;             // ground samples along a swing's path to its landing
  static constexpr float kMaxSwingPlanS = 1.0f;           // a swing's remaining time is taken as this at most, seconds
  static constexpr float kSwingPlanEdgeM = 0.01f;         // a swing plan's rise is located to within this, metres
  static constexpr float kMaxSwingShiftMps = 6.0f;        // a free foot outruns the clip's by this much at most

  // Ground of this normal is steeper than the sole tilts (max_tilt_deg):
  // no tilt lays a foot on it.
  bool SteeperThanTilt(const glm::vec3& normal_ws) const;
  // How much of the ground's tilt a foot takes, 0..1 (foot_ik_controller.cpp).
  static float AlignWeight(const FootIkFrame& frame, const FootIkState& foot, int side);
  float UpdateFaders(const FootIkFrame& frame);
  glm::vec2 BoneLengthsM(int side, const PoseView& pose) const;
  float LegReachM(int side, const PoseView& pose) const;
  float LegFoldM(int side, const PoseView& pose, float bend_deg) const;
  glm::vec3 FootHeadingWs(int side, const PoseView& pose, const Spaces& spaces) const;
  float HeldYawRad(int side, const PoseView& pose, const Spaces& spaces) const;
  glm::quat FootTurnWs(int side, const glm::vec3& up_goal_ws, float align, const PoseView& pose,
                       const Spaces& spaces) const;
  static glm::vec3 GroundUnderWs(const FootIkFrame& frame, const glm::vec3& from_ws, float length_m,
                                 const glm::vec3& point_ws);
  glm::vec3 BallGroundWs(const FootIkFrame& frame, const glm::vec3& heel_ws, const glm::vec3& ball_ws, float top_y,
                         float length_m) const;
  // align: how much of the ground's tilt the foot takes (1 when planning a plant).
  FootFit FitFoot(int side, const glm::vec3& sole_ws, const glm::vec3& normal_ws, float align, const FootIkFrame& frame,
                  const PoseView& pose, const Spaces& spaces) const;
  GroundProbe ChoosePlant(int side, const glm::vec3& free_target_ws, const FootIkFrame& frame, const PoseView& pose,
                          const Spaces& spaces) const;
  float OtherFootFoldM(int side, const glm::vec3& ankle_ws, const PoseView& pose, const Spaces& spaces) const;
  void TurnToFit(int side, const GroundProbe& plant, const FootIkFrame& frame, const PoseView& pose,
                 const Spaces& spaces);
  void ProbeGround(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces);
  glm::vec3 WallShiftWs(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces) const;
  GroundProbe FindStandableGround(int side, const FootIkFrame& frame, const Spaces& spaces,
                                  const glm::vec3& wall_shift_ws, float ray_length_m);
  bool IsWall(const FootIkFrame& frame, const glm::vec3& face_ws, const glm::vec3& dir_ws) const;
  void ChooseTarget(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces, float master);
  glm::vec3 FreeTarget(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces, float contact);
  float SwingFloorY(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces, float contact);
  float EasedStepDownFloorY(int side, const FootIkFrame& frame);
  bool PlanSwingFloor(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces,
                      float progress_rate);
  void UpdateLock(int side, bool planted, const glm::vec3& free_target_ws, const FootIkFrame& frame,
                  const PoseView& pose, const Spaces& spaces);
  void PlaceHeelAndBall(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces);
  void LimitSwingShift(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces);
  void KeepOffTheRiserAhead(int side, const glm::vec3& normal_ws, const FootIkFrame& frame, const PoseView& pose,
                            const Spaces& spaces);
  // The pelvis offsets step 4 chooses between, metres along world up.
  struct PelvisBounds {
    float lowest_delta = 1e9f;  // the lower foot's ground (plus lift) under the root
    bool any_hit = false;       // some foot has ground under it
    // At most this high: every target within its leg's reach; the planted
    // feet's targets alone.
    float reach_offset = 0.0f;
    float planted_reach_offset = 0.0f;
    // At least this high: no knee past max_knee_bend_deg; no planted knee
    // folded shut (knee_limit_deg).
    float fold_offset = -1e9f;
    float planted_shut_offset = -1e9f;
    // At most this high for a swinging foot to reach its plant when it
    // lands, the body carried on at its velocity: the spring's goal, so the
    // pelvis is already down when a foot lands below a riser.
    float landing_reach_offset = 1e9f;
  };
  PelvisBounds MeasurePelvisBounds(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces) const;
  // Up to two spots a swinging sole may land on, world space.
  struct LandingSpots {
    std::array<glm::vec3, 2> spots_ws{};
    int count = 0;
    void push_back(const glm::vec3& spot_ws) { spots_ws[count++] = spot_ws; }
    const glm::vec3* begin() const { return spots_ws.data(); }
    const glm::vec3* end() const { return spots_ws.data() + count; }
  };
  LandingSpots LandingGroundWs(int side, const FootIkFrame& frame, const Spaces& spaces) const;
  glm::vec3 ClipLandingWs(int side, const Spaces& spaces, float left_s) const;
  bool WalkedDown(const FootIkFrame& frame, const glm::vec3& from_ws, const glm::vec3& to_ws) const;
  // The pelvis offset at which the hip at hip_ws reaches ankle_ws at the
  // leg's reach (settings.max_leg_extension); above reach for any offset.
  float ReachOffset(int side, const PoseView& pose, const glm::vec3& hip_ws, const glm::vec3& ankle_ws) const;
  void LowerPelvis(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces, float master);
  LimbPlacementJob LegJob(int side, const PoseView& pose, const Spaces& spaces, const glm::vec3& target_sole_ws,
                          float align, float weight);
  void PlaceLegs(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces, float master);
  void LiftOutOfGround(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces);
  bool FoldedShut(int side, const PoseView& pose) const;
  static glm::quat RaiseEndTurnWs(const glm::vec3& sole_ws, const glm::vec3& end_ws, float depth_m);
  LimbPlacementJob TurnedFootJob(int side, const PoseView& pose, const Spaces& spaces, const glm::vec3& sole_ws,
                                 const glm::quat& turn_ws);
  void DrawDebug(core::DebugLines& debug) const;

  std::array<LegRig, 2> legs_{};
  int pelvis_ = -1;
  IkSwitches switches_;       // this step's (FootIkFrame::switches), for the step's helpers
  IkWeightFader fader_;       // the player's switch (switches_.master)
  IkWeightFader mode_fader_;  // frame.active
  math::DampedSpring<float> pelvis_spring_;
  glm::vec3 previous_origin_ws_{0.0f};  // the model's origin last step (Spaces::velocity_ws)
  bool has_previous_origin_ = false;
  // The pass's weight last step (0: the feet were drawn as they came in).
  float last_master_ = 0.0f;
  std::array<FootIkState, 2> feet_{};
};

}  // namespace knights::ik
