#include "knights/game/knight/knight.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "knights/anim/local_to_model_job.h"
#include "knights/anim/model_pose.h"
#include "knights/anim/prop_placement_job.h"
#include "knights/anim/sampling_job.h"
#include "knights/anim/skinning_palette_job.h"
#include "knights/character/clip_baker.h"
#include "knights/core/prefetch.h"
#include "knights/core/profile_scope.h"
#include "knights/ik/hinge_axis.h"
#include "knights/ik/prop_clearance_job.h"
#include "knights/math/matrix_ops.h"
#include "knights/math/move_towards.h"
#include "knights/math/quaternion.h"
#include "knights/math/segment_capsule.h"
#include "knights/math/segment_distance.h"

namespace knights::game {
namespace {

// Crossfade time into each role, seconds: short for reactions (jump, land),
// longer for posture changes.
float FadeTime(character::ClipRole role) {
  switch (role) {
    case character::ClipRole::kJumpUp:
    case character::ClipRole::kLand:
      return 0.08f;
    case character::ClipRole::kFall:
      return 0.2f;
    case character::ClipRole::kLadderEnterBottom:
      return 0.15f;
    case character::ClipRole::kLadderExitTop:
      return 0.12f;
    case character::ClipRole::kClimbUp:
    case character::ClipRole::kClimbDown:
      return 0.15f;
    default:
      return 0.2f;
  }
}

// Crossfade into each fight role, seconds: a swing must start at once
// (its wind-up is a fifth of a second), the reactions snap.
float FightFadeS(character::ClipRole role) {
  switch (role) {
    case character::ClipRole::kAttack1:
    case character::ClipRole::kAttack2:
    case character::ClipRole::kAttack3:
      return 0.08f;
    case character::ClipRole::kBlock:
      return 0.12f;
    case character::ClipRole::kBlockHit:
    case character::ClipRole::kHit:
      return 0.05f;
    case character::ClipRole::kKnockdown:
      return 0.08f;
    default:
      return 0.12f;
  }
}

ik::GroundProbe CastSegment(const void* context, const glm::vec3& a_ws, const glm::vec3& b_ws) {
  const world::RayHit hit = static_cast<const world::World*>(context)->collision().SegmentCast(a_ws, b_ws);
  if (!hit.hit) return {};
  return ik::GroundProbe{true, hit.point_ws, hit.normal_ws};
}

// The world and the other knights' bodies, for a carried blade's clearance.
struct WorldAndBodies {
  const world::World* world = nullptr;
  std::span<const BodyCapsule> bodies_ws;
};

// The nearest of the world's surfaces (with a world) and the bodies' on
// the segment.
ik::GroundProbe CastSegmentWorldAndBodies(const void* context, const glm::vec3& a_ws, const glm::vec3& b_ws) {
  const auto& around = *static_cast<const WorldAndBodies*>(context);
  const world::RayHit wall =
      around.world != nullptr ? around.world->collision().SegmentCast(a_ws, b_ws) : world::RayHit{};
  ik::GroundProbe nearest;
  float nearest_t = 2.0f;
  if (wall.hit) {
    nearest = {true, wall.point_ws, wall.normal_ws};
    const float length2 = glm::dot(b_ws - a_ws, b_ws - a_ws);
    nearest_t = length2 > 0.0f ? glm::dot(wall.point_ws - a_ws, b_ws - a_ws) / length2 : 0.0f;
  }
  for (const BodyCapsule& body : around.bodies_ws) {
    const math::CapsuleEntry entry = math::SegmentIntoCapsule(a_ws, b_ws, body.bottom_ws, body.top_ws, body.radius_m);
    if (!entry.hit || entry.t >= nearest_t) continue;
    nearest = {true, entry.point, entry.normal};
    nearest_t = entry.t;
  }
  return nearest;
}

// Whether any body is near enough for the weapon's point to enter it: its
// axis within the weapon's length and the body's radius of the grip (the
// point turns about the grip). Most steps no body is, and the clearance's
// casts are skipped.
bool AnyBodyWithin(const WeaponSegment& weapon_ws, std::span<const BodyCapsule> bodies_ws) {
  const float length_m = glm::length(weapon_ws.point - weapon_ws.base);
  for (const BodyCapsule& body : bodies_ws) {
    const float reach_m = length_m + body.radius_m;
    const math::SegmentClosest c =
        math::ClosestBetweenSegments(weapon_ws.base, weapon_ws.base, body.bottom_ws, body.top_ws);
    if (c.distance <= reach_m) return true;
  }
  return false;
}

// Stride warping eases in and out over this long, seconds.
constexpr float kStrideWarpSmoothS = 0.25f;

// Seconds a prop the clips never stow takes to move onto its stow socket
// as a climb begins (and back into the hand after it).
constexpr float kPropStowS = 0.35f;

// The shortest cross-fade of the arms (and the sword in a hand): a jump
// from a run fades its legs in over 0.08 s, but a blade turned half round
// in that time would snap (over 1500 degrees a second, measured).
constexpr float kArmFadeS = 0.25f;

// The fastest a carried prop turns, degrees per second (the knight's own
// clips turn the sword at up to about 950).
constexpr float kPropMaxTurnDegS = 1200.0f;

// Getting on a ladder carries the body at most this share of a leg over
// the planted feet (KnightTuning::max_ladder_shuffle_m): the knight's 0.85 m
// legs stand 0.20-0.22 m from their climbing spot when a ladder comes in
// reach; a child's 0.45 m legs stood 0.37 m from theirs and could not.
constexpr float kLadderShuffleOfLeg = 0.3f;

// The enter clip's duration and when its feet leave the ground (the ends
// of the foot contacts it starts with).
void ReadEnterInfo(const anim::Clip& enter, MotionClipInfo* info) {
  info->enter_duration_s = enter.DurationS();
  info->enter_first_foot_off_ground_s = enter.DurationS();
  info->enter_feet_off_ground_s = 0.0f;
  for (const anim::Limb foot : {anim::kFootL, anim::kFootR}) {
    for (const anim::ContactRange& range : enter.Contacts(foot)) {
      if (range.start_s > 0.0f) continue;
      info->enter_first_foot_off_ground_s = std::min(info->enter_first_foot_off_ground_s, range.end_s);
      info->enter_feet_off_ground_s = std::max(info->enter_feet_off_ground_s, range.end_s);
    }
  }
  info->enter_first_foot_off_ground_s = std::min(info->enter_first_foot_off_ground_s, info->enter_feet_off_ground_s);
}

// When the exit clip's first foot lifts off the rungs for the ledge: the
// end of that foot's last contact before its ankle first rises to within
// kOnLedgeM of where it stands at the clip's end (end_ms, on the ledge);
// the clip's end when none does.
float FirstFootOffRungsS(const anim::Skeleton& skeleton, const anim::Clip& exit, const character::Rig& rig,
                         std::span<const glm::mat4> end_ms, float scan_step_s) {
  constexpr float kOnLedgeM = 0.05f;
  const int ankles[2] = {rig.leg_l.end, rig.leg_r.end};
  for (float t = 0.0f; t <= exit.DurationS(); t += scan_step_s) {
    const std::vector<glm::mat4> models_ms = anim::ModelPoseAt(skeleton, &exit, t);
    for (int foot = 0; foot < 2; ++foot) {
      if (ankles[foot] < 0 || models_ms[ankles[foot]][3].y < end_ms[ankles[foot]][3].y - kOnLedgeM) continue;
      float lift_s = t;
      for (const anim::ContactRange& range : exit.Contacts(static_cast<anim::Limb>(foot))) {
        if (range.end_s <= t) lift_s = range.end_s;
      }
      return lift_s;
    }
  }
  return exit.DurationS();
}

// The exit clip's duration, when its hands let go and its feet leave the
// rungs, and its root motion (how far its root joint moves).
void ReadExitInfo(const anim::Skeleton& skeleton, const anim::Clip& exit, const character::Rig& rig,
                  MotionClipInfo* info) {
  info->exit_duration_s = exit.DurationS();
  info->exit_hands_release_s = 0.0f;
  constexpr float kScanStepS = 1.0f / 120.0f;
  for (float t = 0.0f; t <= exit.DurationS(); t += kScanStepS) {
    if (exit.IsInContact(anim::kHandL, t) || exit.IsInContact(anim::kHandR, t)) info->exit_hands_release_s = t;
  }
  const std::vector<glm::mat4> start_ms = anim::ModelPoseAt(skeleton, &exit, 0.0f);
  const std::vector<glm::mat4> end_ms = anim::ModelPoseAt(skeleton, &exit, exit.DurationS());
  info->exit_first_foot_off_rungs_s = FirstFootOffRungsS(skeleton, exit, rig, end_ms, kScanStepS);
  const glm::vec3 root_motion_ms = glm::vec3(end_ms[0][3] - start_ms[0][3]);
  info->exit_root_offset_m = glm::vec2(root_motion_ms.x, root_motion_ms.y);
  info->exit_feet_off_rungs_s = 0.0f;
  for (const anim::Limb foot : {anim::kFootL, anim::kFootR}) {
    for (const anim::ContactRange& range : exit.Contacts(foot)) {
      if (range.end_s < exit.DurationS() - kScanStepS) {
        info->exit_feet_off_rungs_s = std::max(info->exit_feet_off_rungs_s, range.end_s);
      }
    }
  }
}

}  // namespace

MotionClipInfo ReadMotionClipInfo(const anim::Skeleton& skeleton, const ClipSet& clips, const character::Rig& rig) {
  MotionClipInfo info;
  const anim::Clip* enter = clips[static_cast<int>(character::ClipRole::kLadderEnterBottom)];
  const anim::Clip* exit = clips[static_cast<int>(character::ClipRole::kLadderExitTop)];
  const anim::Clip* climb = clips[static_cast<int>(character::ClipRole::kClimbUp)];
  if (enter != nullptr) ReadEnterInfo(*enter, &info);
  if (const anim::Clip* turn = clips[static_cast<int>(character::ClipRole::kTurn)]; turn != nullptr) {
    info.turn_duration_s = turn->DurationS();
  }
  if (climb != nullptr && climb->DurationS() > 0.0f) {
    info.climb_cycle_s = climb->DurationS();
    const float rise_m = climb->ClimbMPerCycle().value_or(climb->SpeedMps().value_or(0.5f) * climb->DurationS());
    info.climb_rungs_per_cycle =
        std::max(1.0f, std::round(rise_m / climb->RungSpacingM().value_or(kNominalRungSpacingM)));
    info.rung_reach_m = climb->RungReachM().value_or(kNominalRungReachM);
  }
  if (exit != nullptr) ReadExitInfo(skeleton, *exit, rig, &info);
  return info;
}

float FindLocomotionStartPhase(const anim::Skeleton& skeleton, const ClipSet& clips, const character::Rig& rig) {
  const anim::Clip* walk = clips[static_cast<int>(character::ClipRole::kWalk)];
  if (walk == nullptr || walk->DurationS() <= 0.0f) return 0.0f;
  float best_phase = 0.0f, best_distance = 1e9f;
  constexpr int kSamples = 64;
  for (int i = 0; i < kSamples; ++i) {
    const float phase = static_cast<float>(i) / kSamples;
    const float t = phase * walk->DurationS();
    if (!walk->IsInContact(anim::kFootL, t)) continue;
    const std::vector<glm::mat4> models_ms = anim::ModelPoseAt(skeleton, walk, t);
    // The stance foot right under the hips: where a standing foot is.
    const float distance = std::fabs(models_ms[rig.leg_l.end][3].x - models_ms[rig.pelvis][3].x);
    if (distance < best_distance) {
      best_distance = distance;
      best_phase = phase;
    }
  }
  return best_phase;
}

// The world rotation of a joint's model matrix (rigid and uniformly scaled).
glm::quat RotationWs(const glm::mat4& model_to_world, const glm::mat4& joint_ms) {
  const glm::mat3 m = glm::mat3(model_to_world) * glm::mat3(joint_ms);
  return glm::normalize(glm::quat_cast(m / glm::length(m[0])));
}

// A carried prop turns at most kPropMaxTurnDegS in the world, about its
// grip: where two clips' arms meet in a cross-fade (a wrist twisted half
// round in one, not in the other) the hand can swing the blade through a
// right angle in two steps; the sword then turns a little in the fist for
// a few steps instead of snapping.
void Knight::LimitPropTurn(size_t prop, bool limit, float dt_s) {
  const int joint = rig_->props[prop].prop;
  glm::quat now_ws = RotationWs(model_to_world_, models_ms_[joint]);
  const glm::quat last_ws = math::AlignHemisphere(prop_last_ws_[prop], now_ws);
  const float angle = 2.0f * std::acos(std::clamp(math::QuatDot(now_ws, last_ws), -1.0f, 1.0f));
  const float max_rad = glm::radians(kPropMaxTurnDegS) * dt_s;
  if (limit && prop_turn_tracked_[prop] && angle > max_rad) {
    const glm::quat limited_ws = glm::slerp(last_ws, now_ws, max_rad / angle);
    anim::TurnSubtreeAboutJoint(skeleton_->Parents(), models_ms_, joint,
                                glm::mat3_cast(limited_ws * glm::inverse(now_ws)), model_to_world_);
    now_ws = limited_ws;
  }
  prop_last_ws_[prop] = now_ws;
  prop_turn_tracked_[prop] = true;
}

// The arms, and everything they and the props hold, cross-fade over at
// least kArmFadeS (AnimPlayer::SetSlowJoints).
void Knight::SetArmBlendProfile(const anim::Skeleton& skeleton, const character::Rig& rig) {
  std::vector<int> slow;
  std::vector<int> roots = {rig.arm_l.upper, rig.arm_r.upper};
  for (const anim::PropSockets& p : rig.props) roots.push_back(p.prop);
  for (const int root : roots) {
    if (root < 0) continue;
    for (int j = root; j < skeleton.SubtreeEnd(root); ++j) slow.push_back(j);
  }
  anim.SetSlowJoints(slow, kArmFadeS);
}

void Knight::Init(const anim::Skeleton& skeleton, const ClipSet& clips, const character::Rig& rig, int look) {
  skeleton_ = &skeleton;
  rig_ = &rig;
  look_ = look;
  const int n = skeleton.JointCount();
  locals_ls_.assign(skeleton.RestPose().begin(), skeleton.RestPose().end());
  models_ms_.assign(n, glm::mat4(1.0f));
  fist_before_ms_.assign(n, glm::mat4(1.0f));
  animated_joints_ms_.assign(n, glm::vec3(0.0f));
  animated_ms_.assign(rig.props.empty() ? 0 : n, glm::mat4(1.0f));
  prop_stow_weight_.fill(0.0f);
  palette_ms_.assign(n, glm::mat4(1.0f));
  previous_palette_ms_.assign(n, glm::mat4(1.0f));
  anim.Init(skeleton, clips);
  controller.SetMotionClipInfo(ReadMotionClipInfo(skeleton, clips, rig));
  fight.Init(ReadFightClips(skeleton, clips, rig));
  controller.tuning.body_height_m = rig.body_height_m > 0.0f ? rig.body_height_m : KnightTuning{}.body_height_m;

  anim.SetLocomotionStartPhase(FindLocomotionStartPhase(skeleton, clips, rig));
  SetArmBlendProfile(skeleton, rig);
  for (const character::ClipRole role :
       {character::ClipRole::kClimbUp, character::ClipRole::kClimbDown, character::ClipRole::kLadderEnterBottom,
        character::ClipRole::kLadderExitTop}) {
    const anim::Clip* clip = clips[static_cast<int>(role)];
    if (clip != nullptr) {
      contact_ends_[static_cast<int>(role)].Build(skeleton, *clip,
                                                  {rig.leg_l.upper, rig.leg_r.upper, rig.arm_l.upper, rig.arm_r.upper});
    }
  }

  // The sole's "up" in each foot joint's frame: the model's up at rest.
  anim::LocalToModelJob rest;
  rest.parents = skeleton.Parents();
  rest.locals_ls = skeleton.RestPose();
  rest.models_ms = models_ms_;
  rest.Run();
  auto leg = [&](const character::LimbChain& chain, const glm::vec3& sole_ls, const glm::vec3& ball_ls,
                 const glm::vec3& heel_ls, const glm::vec3& hinge_axis_ls) {
    ik::LegRig r;
    r.chain = {chain.upper, chain.mid, chain.end};
    r.toe = chain.tip;
    r.sole_offset_ls = sole_ls;
    r.ball_offset_ls = ball_ls;
    r.heel_offset_ls = heel_ls;
    r.foot_up_ls = glm::normalize(glm::inverse(glm::mat3(models_ms_[chain.end])) * glm::vec3(0.0f, 1.0f, 0.0f));
    r.knee_pole_ms = glm::vec3(1.0f, 0.0f, 0.0f);  // knees bend forward (+x)
    r.hinge_axis_ls = hinge_axis_ls;
    return r;
  };
  leg_length_m_ = character::ClipBaker(skeleton, rig).LegLengthM();
  controller.tuning.max_ladder_shuffle_m = kLadderShuffleOfLeg * leg_length_m_;
  foot_ik.Init(leg(rig.leg_l, rig.sole_offset_l_ls, rig.ball_offset_l_ls, rig.heel_offset_l_ls, rig.hinge_axis_ls[0]),
               leg(rig.leg_r, rig.sole_offset_r_ls, rig.ball_offset_r_ls, rig.heel_offset_r_ls, rig.hinge_axis_ls[1]),
               rig.pelvis);
  auto limb = [&](int index, const character::LimbChain& chain, const glm::vec3& effector_ls, const glm::vec3& pole_ms,
                  const std::array<glm::vec3, 2>& ground_points_ls) {
    // Feet turn onto the ground they stand on: the sole's up is the model's
    // up at rest.
    const glm::vec3 end_up_ls =
        index < 2 ? glm::normalize(glm::inverse(glm::mat3(models_ms_[chain.end])) * glm::vec3(0.0f, 1.0f, 0.0f))
                  : glm::vec3(0.0f);
    return ik::LadderLimbRig{{chain.upper, chain.mid, chain.end},
                             effector_ls,
                             pole_ms,
                             rig.hinge_axis_ls[index],
                             end_up_ls,
                             ground_points_ls};
  };
  // Limb order of anim::Limb: foot_l, foot_r, hand_l, hand_r. Elbows point
  // down and back, out to their side (left is -z).
  // Feet keep heel and sole out of the ground they hold.
  ladder_ik.Init({limb(0, rig.leg_l, rig.ball_offset_l_ls, glm::vec3(1.0f, 0.0f, 0.0f),
                       {rig.heel_offset_l_ls, rig.sole_offset_l_ls}),
                  limb(1, rig.leg_r, rig.ball_offset_r_ls, glm::vec3(1.0f, 0.0f, 0.0f),
                       {rig.heel_offset_r_ls, rig.sole_offset_r_ls}),
                  limb(2, rig.arm_l, rig.grip_offset_l_ls, glm::vec3(-0.5f, -1.0f, -0.4f), {}),
                  limb(3, rig.arm_r, rig.grip_offset_r_ls, glm::vec3(-0.5f, -1.0f, 0.4f), {})},
                 rig.pelvis);
}

void Knight::Spawn(const glm::vec3& feet_ws, int facing) {
  controller.Spawn(feet_ws, facing);
  foot_ik.Reset(/*active=*/true);
  ladder_ik.Reset();
  seen_role_serial_ = -1;
  seen_fight_serial_ = -1;
  seen_respawns_ = controller.Respawns();
  playing_fight_ = false;
  fight.Reset();
  placed_ = true;
  prop_turn_tracked_.fill(false);
  model_to_world_ = previous_model_to_world_ = controller.ModelToWorld();
}

void Knight::Step(const core::InputState& input, const world::World& world, const ik::IkSwitches& ik, float dt_s,
                  core::DebugLines* debug, bool time_passes) {
  StepGameplay(input, world, ik, dt_s);  // 1
  {
    KNIGHTS_PROFILE_SCOPE(time_passes, &last_anim_s_);
    SampleClips(world, ik, dt_s);  // 2
    LocalToModel();                // 3
    StartStanceSteps();            // 3b
  }
  {
    KNIGHTS_PROFILE_SCOPE(time_passes, &last_ik_s_);
    RunIk(world, ik, dt_s, debug);  // 4
    PlaceProps(world, ik, dt_s);    // 4b
  }
  {
    KNIGHTS_PROFILE_SCOPE(time_passes, &last_palette_s_);
    BuildPalette();  // 5
  }
}

// 1. Gameplay: motion and the clip role.
void Knight::StepGameplay(const core::InputState& input, const world::World& world, const ik::IkSwitches& ik,
                          float dt_s) {
  fight.Step(input, controller.Grounded() && !controller.Turning(), controller.VelocityMps().x, dt_s);
  if (const float shove_mps = fight.TakeShoveMps(); shove_mps != 0.0f) controller.Shove(shove_mps);
  controller.SetTurnDrawn(anim.CurrentRole() == character::ClipRole::kTurn && !playing_fight_);
  controller.Step(fight.MovementInput(input), world, dt_s);
  // Respawned (a fall, or the session after a defeat): every hit point back.
  if (controller.Respawns() != seen_respawns_) {
    seen_respawns_ = controller.Respawns();
    fight.Reset();
    placed_ = true;
  }
  if (placed_) {
    foot_ik.Reset(/*active=*/ik.master);
    ladder_ik.Reset();
    placed_ = false;
    prop_turn_tracked_.fill(false);
  }
  previous_model_to_world_ = model_to_world_;
  model_to_world_ = controller.ModelToWorld();
}

// 2. Clips: follow the role (the fight's or the controller's), then sample and blend.
void Knight::SampleClips(const world::World& world, const ik::IkSwitches& ik, float dt_s) {
  FollowRole();
  // Stride warping: shorter steps on slopes, played faster to keep the speed.
  // In the air the walk/run cycle follows the horizontal speed: it fades
  // out over the take-off, and a speed of 0 would turn a run's pose into a
  // walk's in one step.
  const bool airborne = controller.mode() == KnightMode::kAir;
  const float speed = controller.Grounded() || airborne ? std::fabs(controller.VelocityMps().x) : 0.0f;
  const bool warp = ik.master && ik.leg_l && ik.leg_r && controller.Grounded() && speed > kStrideWarpMinSpeedMps;
  stride_scale_.Update(warp ? ik::StrideScaleForSlope(GroundSlopeRad(world)) : 1.0f, kStrideWarpSmoothS, dt_s);
  anim.Update(dt_s, speed / stride_scale_.value);
  anim.Evaluate(locals_ls_);
}

void Knight::FollowRole() {
  if (const std::optional<character::ClipRole> fight_role = fight.Role()) {
    if (!playing_fight_ || fight.RoleSerial() != seen_fight_serial_) {
      anim.Play(*fight_role, FightFadeS(*fight_role), 0.0f, /*restart=*/playing_fight_);
    }
    playing_fight_ = true;
    seen_fight_serial_ = fight.RoleSerial();
    anim.SetRate(1.0f);
    return;
  }
  if (controller.RoleSerial() != seen_role_serial_ || playing_fight_) {
    seen_role_serial_ = controller.RoleSerial();
    // The exit clip carries root motion, and the knight is moved by it when
    // the clip ends (or placed before it when played backwards): blending
    // across that move would count the motion twice, so those are cuts. They
    // are seamless: the clip ends exactly in the stand pose.
    const bool root_motion_cut =
        ((anim.CurrentRole() == character::ClipRole::kLadderExitTop) !=
             (controller.Role() == character::ClipRole::kLadderExitTop) &&
         (controller.mode() == KnightMode::kGround || controller.mode() == KnightMode::kLadderEnterTop)) ||
        // The turn ends rotated half a turn: the facing flips as it ends.
        // Cut short (the player moved off or jumped), the yaw eases round
        // instead and the turn fades out like any clip.
        (anim.CurrentRole() == character::ClipRole::kTurn && controller.Role() != character::ClipRole::kTurn &&
         controller.TurnCompleted());
    anim.Play(controller.Role(), root_motion_cut ? 0.0f : FadeTime(controller.Role()), controller.RoleStartS());
  }
  playing_fight_ = false;
  anim.SetRate(controller.RoleRate());
}

// 3. Local-to-model (model space: the character's own, feet at the origin).
void Knight::LocalToModel() {
  anim::LocalToModelJob l2m;
  l2m.parents = skeleton_->Parents();
  l2m.locals_ls = locals_ls_;
  l2m.models_ms = models_ms_;
  l2m.Run();
  for (size_t i = 0; i < models_ms_.size(); ++i) animated_joints_ms_[i] = glm::vec3(models_ms_[i][3]);
  if (!animated_ms_.empty()) std::copy(models_ms_.begin(), models_ms_.end(), animated_ms_.begin());
}

// 4b. Props onto their sockets, wherever the IK moved the joints they ride
// on; a carried one (the sword in the hand) turned out of any wall or
// ground its point would enter, while the IK is on.
void Knight::PlaceProps(const world::World& world, const ik::IkSwitches& ik, float dt_s) {
  const bool climbing = OnLadder(controller.mode());
  bool swing_set = false;  // the weapon was cleared: swing_weapon_ws_ holds its swing
  for (size_t i = 0; i < rig_->props.size(); ++i) {
    const anim::PropSockets& sockets = rig_->props[i];
    const float target = climbing && !sockets.clips_stow ? 1.0f : 0.0f;
    prop_stow_weight_[i] = math::MoveTowards(prop_stow_weight_[i], target, dt_s / kPropStowS);
    anim::PropPlacementJob place;
    place.sockets = &sockets;
    place.animated_ms = animated_ms_;
    place.parents = skeleton_->Parents();
    place.stow_weight = prop_stow_weight_[i];
    place.models_ms = models_ms_;
    if (!place.Run()) continue;
    const bool carried =
        prop_stow_weight_[i] < 0.5f && anim::ClipStowedness(sockets, animated_ms_, place.on_socket_m) < 0.5f;
    // Like the IK, a correction of the clips' pose: off with the IK, so that
    // an IK-off run shows the clips alone. Not while fighting: a swing turns
    // the blade over 2000 degrees a second on purpose, and a limited blade
    // would lag the hand and miss what the clip's blade strikes.
    LimitPropTurn(i, carried && ik.master && !fight.Busy(), dt_s);
    if (!carried || !ik.master) continue;
    swing_set = swing_set || static_cast<int>(i) == fight.clips().weapon_prop;
    ClearCarriedProp(sockets, static_cast<int>(i) == fight.clips().weapon_prop, world);
  }
  if (fight.clips().weapon_prop < 0 && ik.master && !climbing) {
    ClearFist();
  } else if (!swing_set) {
    swing_weapon_ws_ = WeaponWs();
  }
}

// A knight without a weapon strikes with its right fist: the fist's course
// is kept as the swing's, then the forearm turned about the elbow until
// the fist rests on the body it strikes instead of sinking in (the world
// is the hand IK's: a fist on a rung stays there).
void Knight::ClearFist() {
  swing_weapon_ws_ = WeaponWs();
  if (!AnyBodyWithin(swing_weapon_ws_, bodies_to_clear_ws_)) return;
  const int forearm = rig_->arm_r.mid;
  const glm::vec3 fist_ms = WeaponSegmentMs(models_ms_, *rig_, -1).point;
  const WorldAndBodies world_and_bodies{nullptr, bodies_to_clear_ws_};
  ik::PropClearanceJob clear;
  clear.prop = forearm;
  clear.tip_ls = glm::vec3(glm::inverse(models_ms_[static_cast<size_t>(forearm)]) * glm::vec4(fist_ms, 1.0f));
  clear.parents = skeleton_->Parents();
  clear.models_ms = models_ms_;
  clear.model_to_world = model_to_world_;
  clear.cast = &CastSegmentWorldAndBodies;
  clear.cast_context = &world_and_bodies;
  clear.side_ws = glm::normalize(glm::mat3(model_to_world_) * glm::vec3(0.0f, 0.0f, 1.0f));
  const size_t first = static_cast<size_t>(forearm), end = static_cast<size_t>(skeleton_->SubtreeEnd(forearm));
  std::copy(models_ms_.begin() + first, models_ms_.begin() + end, fist_before_ms_.begin() + first);
  if (!clear.Run()) return;
  // A turn that bends the elbow backwards (about the rig's hinge) is not
  // taken: the fist then goes in as the clip swings it.
  const glm::mat4& upper_ms = models_ms_[static_cast<size_t>(rig_->arm_r.upper)];
  const glm::vec3 hinge_ms = ik::HingeAxisMs(upper_ms, rig_->hinge_axis_ls[3]);
  const glm::vec3 shoulder_ms(upper_ms[3]);
  const glm::vec3 elbow_ms(models_ms_[first][3]);
  const size_t wrist = static_cast<size_t>(rig_->arm_r.end);
  const float bend_before_deg =
      ik::SignedHingeBendDeg(shoulder_ms, elbow_ms, glm::vec3(fist_before_ms_[wrist][3]), hinge_ms);
  const float bend_after_deg = ik::SignedHingeBendDeg(shoulder_ms, elbow_ms, glm::vec3(models_ms_[wrist][3]), hinge_ms);
  if (rig_->hinge_axis_ls[3] != glm::vec3(0.0f) && bend_after_deg < 0.0f && bend_after_deg < bend_before_deg) {
    std::copy(fist_before_ms_.begin() + first, fist_before_ms_.begin() + end, models_ms_.begin() + first);
  }
}

// The carried prop's point turned out of any wall or ground it would
// enter; the weapon's course then kept as the swing's (blows are found
// with it); then out of the other knights' bodies, so that the drawn blade
// stops at a body it strikes instead of sinking in.
void Knight::ClearCarriedProp(const anim::PropSockets& sockets, bool is_weapon, const world::World& world) {
  ik::PropClearanceJob clear;
  clear.prop = sockets.prop;
  clear.tip_ls = sockets.tip_ls;
  clear.parents = skeleton_->Parents();
  clear.models_ms = models_ms_;
  clear.model_to_world = model_to_world_;
  clear.cast = &CastSegment;
  clear.cast_context = &world;
  // The outer side of the hand that carries it: model +z is the right.
  const bool right_hand =
      sockets.carry >= rig_->arm_r.upper && sockets.carry < skeleton_->SubtreeEnd(rig_->arm_r.upper);
  clear.side_ws = glm::normalize(glm::mat3(model_to_world_) * glm::vec3(0.0f, 0.0f, right_hand ? 1.0f : -1.0f));
  clear.Run();
  if (!is_weapon) return;
  swing_weapon_ws_ = WeaponWs();
  if (!AnyBodyWithin(swing_weapon_ws_, bodies_to_clear_ws_)) return;
  const WorldAndBodies world_and_bodies{&world, bodies_to_clear_ws_};
  clear.cast = &CastSegmentWorldAndBodies;
  clear.cast_context = &world_and_bodies;
  clear.Run();
}

// 5. Skinning palette; a non-finite pose never reaches the GPU.
void Knight::BuildPalette() {
  std::swap(previous_palette_ms_, palette_ms_);
  anim::SkinningPaletteJob palette;
  palette.models_ms = models_ms_;
  palette.inverse_bind_ms = skeleton_->InverseBind();
  palette.palette_ms = palette_ms_;
  palette.Run();
  last_pose_nan_ = !math::AllFinite(palette_ms_);
  if (last_pose_nan_) std::copy(previous_palette_ms_.begin(), previous_palette_ms_.end(), palette_ms_.begin());
}

float Knight::GroundSlopeRad(const world::World& world) const {
  // The ground's rise along x over a stride's length at the feet, on the
  // play plane.
  constexpr float kHalfBaseM = 0.4f;
  const glm::vec3 feet_ws = controller.FeetWs();
  const auto& collision = world.collision();
  const world::RayHit behind = collision.FindGround(feet_ws.x - kHalfBaseM, feet_ws.y + 1.0f, feet_ws.z, 2.0f);
  const world::RayHit ahead = collision.FindGround(feet_ws.x + kHalfBaseM, feet_ws.y + 1.0f, feet_ws.z, 2.0f);
  if (!behind.hit || !ahead.hit) return 0.0f;
  return std::atan2(ahead.point_ws.y - behind.point_ws.y, 2.0f * kHalfBaseM);
}

void Knight::Prefetch() const {
  core::PrefetchBytes(this, sizeof(*this));
  core::PrefetchBytes(locals_ls_.data(), locals_ls_.size() * sizeof(math::Transform));
  core::PrefetchBytes(models_ms_.data(), models_ms_.size() * sizeof(glm::mat4));
  core::PrefetchBytes(animated_joints_ms_.data(), animated_joints_ms_.size() * sizeof(glm::vec3));
  // The palette written next is the one shown as previous now (they swap).
  core::PrefetchBytes(previous_palette_ms_.data(), previous_palette_ms_.size() * sizeof(glm::mat4));
  anim.Prefetch();
}

KnightDrawState Knight::DrawState() const {
  return KnightDrawState{palette_ms_, previous_palette_ms_, model_to_world_, previous_model_to_world_,
                         look_,       fight.HitFlash()};
}

}  // namespace knights::game
