#pragma once
// Hands and feet on ladder rungs while entering, climbing and leaving a
// ladder, whatever its rung spacing (the climb clip assumes 0.30 m; ladders
// use 0.22 to 0.40 m) and lean.
//
// Method: the game plays the climb clip so that one cycle rises exactly the
// clip's number of rungs on THIS ladder (time warp), so every grip happens
// at the same place relative to the real rungs in every cycle. Then per
// limb, in the steps of Run:
//   1. UpdateHold: when a contact starts, a hand takes the rung nearest to
//      where the clip puts it (moved on by whatever the game itself moves
//      the body by before the contact ends: the shuffle and rise onto a
//      ladder's foot) among those within the arm's reach now and
//      when the hold will end (within
//      max_grab_distance_m, more than half the widest spacing: every
//      contact on the ladder holds a rung), at the hand's depth clamped
//      between the rails; a foot takes the nearer of such a rung and the
//      ground under it (the ladder's foot, the ledge), and a foot at the top
//      rung's height well ahead of it (stepping off) the ground only.
//      The hold is kept until the contact ends;
//   2. ChooseTarget: a holding limb's target is its hold; between contacts
//      (swing) the limb moves with the animation plus an offset that blends,
//      with smoothstep over the swing, from the offset at release to the
//      offset the next grab will need (this limb's last grab offset plus the
//      known per-cycle drift), so nothing snaps at either end of the swing;
//      a limb leaving the ladder (a foot stepping onto the ledge) blends to
//      the clip's own path within the first half of its swing;
//   3. MoveBody: when the clip carries the body further from a hold than
//      the limb reaches (a clip made for another spacing or lean, the exit
//      climbing on), the pelvis and everything under it move toward the
//      holds by the least shift that brings every held limb within reach,
//      smoothed, at most max_body_shift_m;
//   4. PlaceLimbs: the four two-bone solves in one batch (knees and elbows
//      kept on their side by the rig's hinges); a hold the limb cannot reach
//      even so is let go, and the limb follows the animation until its
//      contact ends;
//   5. DrawDebug.
// Rungs are given in world space; the pass works in model space.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "knights/core/debug_lines.h"
#include "knights/ik/apply_two_bone_ik.h"
#include "knights/math/damped_spring.h"
#include "knights/ik/ground_probe.h"
#include "knights/ik/ik_weight_fader.h"
#include "knights/ik/limb_placement_job.h"
#include "knights/ik/pose_view.h"
#include "knights/math/transform.h"

namespace knights::ik {

// Limbs in anim::Limb order: foot_l, foot_r, hand_l, hand_r.
inline constexpr int kLadderLimbs = 4;
inline constexpr int kLadderFeet = 2;  // limbs below this are feet

struct LadderLimbRig {
  TwoBoneChain chain;
  // The point that rests on the rung's centre line, in the end joint's
  // space: the ball of the foot, or the centre of the closed fist.
  glm::vec3 effector_ls{0.0f};
  glm::vec3 pole_ms{0.0f};        // bend direction hint, model space
  glm::vec3 hinge_axis_ls{0.0f};  // knee/elbow hinge in the start joint's frame (knights/ik/hinge_axis.h); zero = none
  // The sole's "up" in the end joint's space: a foot holding the ground is
  // turned to lie on it (zero: never turned; hands).
  glm::vec3 end_up_ls{0.0f};
  // Other points of a foot (heel, sole) in the end joint's space, kept out
  // of the ground the foot holds (zero: none; hands).
  std::array<glm::vec3, 2> ground_points_ls{};
};

// A place a limb holds: a rung, or the ground (rung -1).
struct LadderHold {
  int rung = -1;                          // index into LadderIkFrame::rungs_ws; -1: the ground
  glm::vec3 point_ws{0.0f};               // where the effector goes
  glm::vec3 normal_ws{0.0f, 1.0f, 0.0f};  // the ground's normal there (rungs: up)
  glm::vec3 ground_ws{0.0f};              // the ground's hit under the effector (ground holds)
};

struct LadderIkSettings {
  // The limbs this controller places (legs, then arms, as anim::Limb): a
  // rig without hands sets theirs false. The player's switches come with
  // each frame (LadderIkFrame::limb_enabled).
  std::array<bool, kLadderLimbs> limb_driven{true, true, true, true};
  float fade_time_s = 0.2f;
  float soften = 0.0f;  // full reach on rungs
  // A contact whose nearest rung (or, for a foot, ground) is further than
  // this from the animated effector is not on the ladder: it is left to the
  // animation, metres. More than half the widest rung spacing (0.40 m) plus
  // the clip's reach error, so that every contact on a ladder holds.
  float max_grab_distance_m = 0.35f;
  // A foot on the ground is turned onto it by at most this much, degrees.
  float max_foot_tilt_deg = 50.0f;
  // No knee bends further than this, degrees (a foot on ground or rung
  // high beside the hip is left short of it); inside 172 by a tenth of a
  // degree, as FootIkSettings::knee_limit_deg.
  float knee_limit_deg = 171.9f;
  // No elbow of a swinging hand bends further than this, degrees (a hand
  // swung in close to its shoulder is left short of its target), as
  // knee_limit_deg; a hand holding a rung reaches it.
  float elbow_fold_limit_deg = 171.9f;
  // A hand resting on the ground slides on along it rather than fold its
  // elbow further than this, degrees.
  float elbow_limit_deg = 150.0f;
  // Hands keep this far inside the rails (half a hand's width), metres.
  float rail_margin_m = 0.04f;
  // A hold the limb misses by less than this, stretched straight, is kept
  // (a let-go limb follows the clip, further off), metres.
  float max_hold_miss_m = 0.015f;
  // The body (pelvis subtree) moves at most this far toward holds the limbs
  // would not reach otherwise, metres; 0 disables the shift.
  float max_body_shift_m = 0.2f;
  // How fast the shift follows its goal when the goal eases off (a hold
  // let go at the end of its contact), seconds; growing, the shift is never
  // behind what the holds need.
  float body_smooth_time_s = 0.15f;
};

struct LadderIkFrame {
  glm::mat4 model_to_world{1.0f};
  bool on_ladder = false;  // false: fade out
  // The player's switches this step: the pass at all (faded), and each
  // limb (legs, then arms, as anim::Limb; off: left to the clip at once).
  bool enabled = true;
  std::array<bool, kLadderLimbs> limb_enabled{true, true, true, true};
  std::array<float, kLadderLimbs> contact{};  // 0..1 from the clips
  // 0..1 through the gap between two contacts of each limb (swing progress).
  std::array<float, kLadderLimbs> swing_progress{};
  // A limb swinging off the ladder (the exit's feet stepping onto the
  // ledge): its swing blends to the clip's own path, not to another grab.
  std::array<bool, kLadderLimbs> leaving{};
  std::span<const glm::vec3> rungs_ws;  // rung centre points, from the lowest up
  float rung_half_length_m = 0.25f;     // half the distance between the rails (rungs run along z)
  // The ground, for feet standing at the ladder's foot or on the ledge;
  // null: feet hold rungs only.
  GroundRaycastFn raycast = nullptr;
  const void* raycast_context = nullptr;
  // How much a limb's grab offset changes from one cycle to the next, world
  // metres: (rungs climbed per cycle * spacing - the root's rise per cycle)
  // along the rails, when the climb is warped to fit the ladder exactly.
  glm::vec3 grab_drift_per_cycle_ws{0.0f};
  // How far each limb's root (hip, shoulder) moves from now until the limb's
  // current contact ends, world metres (zero: unknown or not in contact): a
  // hold is chosen that the limb still reaches when the contact ends.
  std::array<glm::vec3, kLadderLimbs> root_motion_to_contact_end_ws{};
  // How far the game itself moves each limb's clip effector from now until
  // its contact ends, world metres: motion the clip does not know of (the
  // shuffle and rise onto a ladder's foot carry the clip's planted hands
  // with the body). Holds are chosen nearest to where the clip's limb will
  // be then. Zero when the body follows the clip's own root motion.
  std::array<glm::vec3, kLadderLimbs> scripted_motion_to_contact_end_ws{};
  float dt_s = 1.0f / 60.0f;
};

struct LadderLimbState {
  float weight = 0.0f;
  bool holding = false;
  int rung = -1;                               // index into rungs_ws while holding a rung; -1 on the ground
  glm::vec3 hold_point_ws{0.0f};               // where the effector is held
  glm::vec3 hold_normal_ws{0.0f, 1.0f, 0.0f};  // the ground's normal under a foot holding it
  glm::vec3 hold_ground_ws{0.0f};              // the ground's hit under a limb holding it
  glm::vec3 animated_ws{0.0f};                 // the clip's effector position
  // The clip's ground points (LadderLimbRig::ground_points_ls) less its
  // effector, and its sole's up, world: where a ground hold puts them.
  std::array<glm::vec3, 2> ground_points_from_effector_ws{};
  glm::vec3 end_up_animated_ws{0.0f, 1.0f, 0.0f};
  glm::vec3 target_ws{0.0f};          // where IK puts it this step
  glm::vec3 release_offset_ws{0.0f};  // target - animated when the last hold ended
  glm::vec3 grab_offset_ws{0.0f};     // target - animated when the last hold began
  bool has_grab_offset = false;
  bool off_ladder_contact = false;  // in contact, but holding nothing (none in reach yet, or let go)
  glm::vec3 grab_from_ws{0.0f};     // where a hold taken mid-contact starts from
  float grab_blend = 1.0f;          // 0..1 of the way from grab_from_ws to the hold
  bool let_go = false;              // a hold let go out of reach: no other until the contact ends
  // A swinging foot's correction out of the ground, metres: lifted, and
  // pushed back level against the climber's facing.
  float swing_lift_m = 0.0f;
  float swing_push_m = 0.0f;
  bool reached = false;
};

class LadderIkController {
 public:
  LadderIkSettings settings;

  // pelvis_joint: the joint moved by MoveBody (every limb's start joint
  // below it); -1: the body never moves.
  void Init(const std::array<LadderLimbRig, kLadderLimbs>& limbs, int pelvis_joint = -1);
  void Reset();
  bool Run(const LadderIkFrame& frame, const PoseView& pose, core::DebugLines* debug);

  const LadderLimbState& Limb(int i) const { return state_[i]; }
  float MasterWeight() const { return fader_.Weight(); }
  // How far MoveBody moved the body this step, world metres.
  glm::vec3 BodyShiftWs() const { return body_shift_ws_; }

  // Where a limb holding rung_ws puts its effector: on the rung's centre
  // line (which runs along z), at the effector's own z kept within
  // half_length_m of the rung's centre.
  static glm::vec3 HoldPointWs(const glm::vec3& rung_ws, float effector_z_ws, float half_length_m) {
    return glm::vec3(rung_ws.x, rung_ws.y,
                     std::clamp(effector_z_ws, rung_ws.z - half_length_m, rung_ws.z + half_length_m));
  }

 private:
  void UpdateHold(int limb, const LadderIkFrame& frame, const glm::vec3& limb_root_ws, float reach_m);
  GroundProbe GroundUnder(const LadderIkFrame& frame, const glm::vec3& p_ws) const;
  glm::vec3 GroundHoldWs(int limb, const LadderIkFrame& frame, const GroundProbe& ground) const;
  void KeepHandBeyondFold(int limb, const LadderIkFrame& frame, const glm::vec3& root_ws, float upper_m, float lower_m);
  bool LedgeAhead(int limb, const LadderIkFrame& frame, const GroundProbe& under, GroundProbe* ledge) const;
  bool ChooseHold(int limb, const LadderIkFrame& frame, const glm::vec3& limb_root_ws, float reach_m, int min_tier,
                  LadderHold* hold) const;
  // weighed_root_ws: the limb's root as UpdateHold weighs holds from it;
  // reach_range_m: the nearest (folded to the knee limit) and furthest
  // (nearly straight) its effector comes to it, metres. A swing is kept
  // out of the ground within that range.
  void ChooseTarget(int limb, const LadderIkFrame& frame, const glm::vec3& weighed_root_ws,
                    const glm::vec2& reach_range_m);
  glm::vec3 SwingClearanceWs(int limb, const LadderIkFrame& frame, const glm::vec3& weighed_root_ws,
                             const glm::vec2& reach_range_m);
  // to_model: the inverse of frame.model_to_world, found once per Run.
  void MoveBody(const LadderIkFrame& frame, const PoseView& pose, const glm::mat4& to_model, float master,
                const std::array<float, kLadderLimbs>& reach_m);
  LimbPlacementJob PlacementJob(int limb, const PoseView& pose, const glm::mat4& to_model, float weight);
  void PlaceLimbs(const LadderIkFrame& frame, const PoseView& pose, const glm::mat4& to_model);
  void DrawDebug(core::DebugLines& debug) const;

  std::array<LadderLimbRig, kLadderLimbs> limbs_{};
  std::array<LadderLimbState, kLadderLimbs> state_{};
  IkWeightFader fader_;
  int pelvis_ = -1;
  math::DampedSpring<glm::vec3> body_spring_;  // the body's shift at full weight, world metres
  glm::vec3 body_shift_ws_{0.0f};              // the shift applied this step (times the pass's fade)
};

}  // namespace knights::ik
