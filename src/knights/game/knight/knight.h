#pragma once
// One knight in the world: its gameplay controller, its fighting, its clip
// player, its IK controllers and its pose buffers (sized once at spawn).
// Step() runs one sim step of the whole pipeline:
//   fight (attack, block, reactions) -> controller (input -> motion, clip
//   role; the fight's role wins while it fights) -> sample and blend clips ->
//   local-to-model -> IK (feet on the ground, hands and feet on rungs) ->
//   skinning palette.
// The previous step's palette and placement are kept so rendering can
// interpolate between sim steps.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/anim/contact_end_positions.h"
#include "knights/anim/skeleton.h"
#include "knights/core/debug_lines.h"
#include "knights/core/input_state.h"
#include "knights/game/knight/anim_player.h"
#include "knights/game/knight/fight_blows.h"
#include "knights/game/knight/knight_fight.h"
#include "knights/game/knight/knight_controller.h"
#include "knights/character/rig.h"
#include "knights/ik/foot_ik_controller.h"
#include "knights/ik/ladder_ik_controller.h"
#include "knights/math/transform.h"
#include "knights/world/world.h"

namespace knights::game {

// What the renderer needs of one knight.
struct KnightDrawState {
  std::span<const glm::mat4> palette_ms;
  std::span<const glm::mat4> previous_palette_ms;
  glm::mat4 model_to_world{1.0f};
  glm::mat4 previous_model_to_world{1.0f};
  int look = 0;            // which mesh variant (0: the character's own model)
  float hit_flash = 0.0f;  // 0..1: a blow that hurt just landed (KnightFight::HitFlash)
};

class Knight {
 public:
  // skeleton/clips/rig must outlive the knight. `look` picks the mesh variant.
  void Init(const anim::Skeleton& skeleton, const ClipSet& clips, const character::Rig& rig, int look);
  void Spawn(const glm::vec3& feet_ws, int facing);

  // One sim step. `debug` (may be null) receives IK debug lines.
  // time_passes: measure the animation, IK and palette passes
  // (LastAnimSeconds...; knights/core/profile_scope.h): six clock reads, about 8% of
  // a step, so only when someone reads them; otherwise those read 0.
  void Step(const core::InputState& input, const world::World& world, const ik::IkSwitches& ik, float dt_s,
            core::DebugLines* debug, bool time_passes = false);

  KnightController controller;
  KnightFight fight;
  AnimPlayer anim;
  ik::FootIkController foot_ik;
  ik::LadderIkController ladder_ik;

  const character::Rig& rig() const { return *rig_; }
  const anim::Skeleton& skeleton() const { return *skeleton_; }
  std::span<const math::Transform> LocalsLs() const { return locals_ls_; }
  std::span<const glm::mat4> ModelsMs() const { return models_ms_; }
  // Joint positions before IK (the animation alone), model space, metres:
  // the overlay draws this skeleton beside the corrected one.
  std::span<const glm::vec3> AnimatedJointsMs() const { return animated_joints_ms_; }
  KnightDrawState DrawState() const;
  // Cache-prefetch hint: call on the next knight while this one steps, so
  // its pose buffers arrive in parallel with the work (see knights/core/prefetch.h).
  void Prefetch() const;
  glm::mat4 ModelToWorld() const { return model_to_world_; }
  // Where the body is drawn standing, world metres: the root joint, which
  // carries a clip's root motion (the ladder exit lifts the body onto the
  // ledge before the controller's feet follow at its end).
  glm::vec3 DrawnRootWs() const {
    return models_ms_.empty() ? controller.FeetWs() : glm::vec3(model_to_world_ * models_ms_[0][3]);
  }
  // The weapon (or the fist) after this step's pose, world metres.
  WeaponSegment WeaponWs() const;
  // The weapon as this step's swing carries it, world metres: kept out of
  // the world, but not yet stopped at the other knights' bodies
  // (SetBodiesToClear); what a blow is found with.
  WeaponSegment SwingWeaponWs() const { return swing_weapon_ws_; }
  // The other knights' bodies the carried blade stays out of on the next
  // Step (it stops at their surface instead of sinking in), world metres;
  // the span must live through that Step. Empty: none.
  void SetBodiesToClear(std::span<const BodyCapsule> bodies_ws) { bodies_to_clear_ws_ = bodies_ws; }
  // The body a blow must reach, after this step's pose, world metres: from
  // knee height to the top of the head, a torso's half-width round.
  BodyCapsule BodyWs() const;
  // Seconds the last step spent in the IK pass.
  double LastIkSeconds() const { return last_ik_s_; }
  // Seconds spent sampling/blending + local-to-model, and on the palette.
  double LastAnimSeconds() const { return last_anim_s_; }
  double LastPaletteSeconds() const { return last_palette_s_; }
  // True when the last palette had a NaN or infinite value (then the
  // previous palette was kept).
  bool LastPoseHadNan() const { return last_pose_nan_; }

 private:
  // Stride warping acts from this ground speed on, metres a second.
  static constexpr float kStrideWarpMinSpeedMps = 0.3f;
  // The steps of Step, in order.
  void StepGameplay(const core::InputState& input, const world::World& world, const ik::IkSwitches& ik, float dt_s);
  void SampleClips(const world::World& world, const ik::IkSwitches& ik, float dt_s);
  // Starts the role the controller or the fight asks for, when it changed.
  void FollowRole();
  void LocalToModel();
  void StartStanceSteps();
  glm::vec3 ClipSoleWs(int side) const;
  glm::vec3 StanceStepShiftWs(int side) const;
  void RunIk(const world::World& world, const ik::IkSwitches& ik, float dt_s, core::DebugLines* debug);
  void PlaceProps(const world::World& world, const ik::IkSwitches& ik, float dt_s);
  void SetArmBlendProfile(const anim::Skeleton& skeleton, const character::Rig& rig);
  void LimitPropTurn(size_t prop, bool limit, float dt_s);
  // The carried prop `sockets` turned out of the world, then out of the
  // bodies to clear (step 4b).
  void ClearCarriedProp(const anim::PropSockets& sockets, bool is_weapon, const world::World& world);
  void ClearFist();
  void BuildPalette();
  void RunFootIk(const world::World& world, const ik::IkSwitches& ik, float dt_s, core::DebugLines* debug);
  void RunLadderIk(const world::World& world, const ik::IkSwitches& ik, float dt_s, core::DebugLines* debug);
  void PredictContactEnds(const world::World& world, float dt_s, ik::LadderIkFrame& frame) const;
  // The ground's slope along x at the feet, radians (> 0 rising towards +x).
  float GroundSlopeRad(const world::World& world) const;

  const anim::Skeleton* skeleton_ = nullptr;
  const character::Rig* rig_ = nullptr;
  int look_ = 0;
  int seen_role_serial_ = -1;
  int seen_fight_serial_ = -1;
  int seen_respawns_ = 0;       // the controller's Respawns() when last looked at
  bool playing_fight_ = false;  // the clips follow the fight's role, not the controller's
  // Spawned or respawned since the last step: the next step starts the foot
  // IK on or off as the toggles say (an IK-off run never fades it out).
  bool placed_ = true;
  std::vector<math::Transform> locals_ls_;
  std::vector<glm::mat4> models_ms_;
  std::vector<glm::vec3> animated_joints_ms_;  // positions only: a fifth of the matrices' bytes per step
  // The clips' whole pose before IK, model space: kept only for a rig with
  // props (empty otherwise), which ride on their sockets through the IK.
  std::vector<glm::mat4> animated_ms_;
  // Per prop: 0 where the clip has it, 1 on its stow socket; eased over
  // kPropStowS towards 1 while on a ladder, for props the clips never stow.
  std::array<float, character::kMaxProps> prop_stow_weight_{};
  // Per prop: its world rotation after the last step (for LimitPropTurn),
  // and whether that is known (not after a spawn or a respawn).
  std::array<glm::quat, character::kMaxProps> prop_last_ws_{};
  std::array<bool, character::kMaxProps> prop_turn_tracked_{};
  WeaponSegment swing_weapon_ws_;                    // SwingWeaponWs
  std::span<const BodyCapsule> bodies_to_clear_ws_;  // SetBodiesToClear
  std::vector<glm::mat4> fist_before_ms_;            // the forearm's subtree before ClearFist, model space
  std::vector<glm::mat4> palette_ms_;
  std::vector<glm::mat4> previous_palette_ms_;
  glm::mat4 model_to_world_{1.0f};
  glm::mat4 previous_model_to_world_{1.0f};
  // Per clip role (ladder roles only): where each limb's root is when each
  // of its contacts ends, for the ladder IK's choice of holds.
  std::array<anim::ContactEndPositions, character::kClipRoleCount> contact_ends_;
  // Hip to ankle at rest, mean of the two legs, metres: how far a foot
  // may stand from where the clip stands it before it steps there.
  float leg_length_m_ = 0.0f;
  // Each foot's standing step (StartStanceSteps): where the sole stood when
  // it lifted, world metres, and how high it is lifted at mid-step, metres.
  std::array<glm::vec3, 2> stance_step_from_ws_{};
  std::array<float, 2> stance_step_lift_m_{};
  // Stride warping's scale (FootIkFrame::stride_scale), eased towards the
  // slope's so that a slope change never moves the feet in one step.
  math::DampedSpring<float> stride_scale_{1.0f, 0.0f};
  double last_ik_s_ = 0.0;
  double last_anim_s_ = 0.0;
  double last_palette_s_ = 0.0;
  bool last_pose_nan_ = false;
};

// The ladder clip facts a KnightController needs, read from the clips:
// durations, the exit clip's root motion, the climb's rungs per cycle.
MotionClipInfo ReadMotionClipInfo(const anim::Skeleton& skeleton, const ClipSet& clips, const character::Rig& rig);

// The walk phase at which to start walking from a standstill: during the
// left foot's contact, the one with that foot most nearly under the hips.
float FindLocomotionStartPhase(const anim::Skeleton& skeleton, const ClipSet& clips, const character::Rig& rig);

}  // namespace knights::game
