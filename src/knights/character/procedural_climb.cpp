#include "knights/character/procedural_climb.h"
#include "knights/character/procedural_climb_parts.h"

#include <algorithm>
#include <cmath>

#include "knights/anim/model_pose.h"
#include "knights/character/fallback_clips.h"
#include "knights/character/keyed_curve.h"
#include "knights/character/limb_path.h"

namespace knights::character {
using namespace climb_parts;
namespace {

constexpr float kPi = 3.14159265f;
constexpr float kLeanRad = 0.3f;
constexpr float kCycleS = 1.2f;
constexpr float kEnterS = 1.2f;
// The pelvis rises and sinks this much twice a cycle, as each pair pushes, metres.
constexpr float kBobM = 0.02f;

// The shoulders of the hang pose lie at most this share of an arm behind the
// rungs' line (the knight's: 0.63).
constexpr float kMostShoulderGapOfArm = 0.65f;
// A hold is within reach where it stays within this share of the arm.
constexpr float kWholeHoldReach = 0.85f;

float Bob(const ClimbGeometry& g, float t_s) { return kBobM * std::cos(4.0f * kPi * t_s / g.cycle_s); }

// The shoulders of the hang pose (the rest pose with the pelvis placed and
// leaned in), where the arms reach from, model space.
glm::vec3 HangShoulderMs(const ClipBaker& baker, const ClimbGeometry& g) {
  const std::vector<glm::mat4> hang_ms = baker.PoseMs(
      nullptr,
      [&](float) {
        BakeFrame frame;
        frame.pelvis_at_ms = g.pelvis_ms;
        frame.pelvis_lean_rad = g.lean_rad;
        return frame;
      },
      0.0f);
  const Rig& rig = baker.rig();
  return 0.5f * (glm::vec3(hang_ms[rig.arm_l.upper][3]) + glm::vec3(hang_ms[rig.arm_r.upper][3]));
}

// The highest rung the hands reach with the arm well short of straight (a
// grip may be half a spacing higher on another ladder), 4 to 6 above the
// feet's; where none is, the highest whose whole hold (the rung sinking
// kHoldShare of a cycle's rise as the body climbs) stays within reach,
// else 3 above the feet's.
int HandTopRung(const ClimbGeometry& g, const glm::vec3& shoulder_ms, float arm_m) {
  const auto from_shoulder_m = [&](float rung_y_m) {
    return glm::length(glm::vec2(g.rung_reach_m - shoulder_ms.x, rung_y_m - shoulder_ms.y));
  };
  for (int rung = g.foot_top_rung + 6; rung > g.foot_top_rung + 3; --rung) {
    if (from_shoulder_m(static_cast<float>(rung) * g.rung_spacing_m) <= 0.85f * arm_m) return rung;
  }
  const float hold_m = kHoldShare * static_cast<float>(g.rungs_per_cycle) * g.rung_spacing_m;
  for (int rung = g.foot_top_rung + 8; rung > g.foot_top_rung; --rung) {
    const float top_m = static_cast<float>(rung) * g.rung_spacing_m;
    if (from_shoulder_m(top_m) <= kWholeHoldReach * arm_m && from_shoulder_m(top_m - hold_m) <= kWholeHoldReach * arm_m)
      return rung;
  }
  return g.foot_top_rung + 3;
}

// The climb's holds, in place: the left hand and right foot take theirs as
// the cycle starts, the right hand and left foot half a cycle later, each
// at the top of its reach and moving down with the rung as the body rises;
// the cycles either side are given too (LimbPath).
std::array<LimbPath, anim::kLimbCount> ClimbPaths(const ClimbGeometry& g) {
  std::array<LimbPath, anim::kLimbCount> paths{LimbPath(kFootArcMs), LimbPath(kFootArcMs), LimbPath(kHandArcMs),
                                               LimbPath(kHandArcMs)};
  const float rise_m = static_cast<float>(g.rungs_per_cycle) * g.rung_spacing_m;
  const glm::vec3 rung_motion_ms(0.0f, -rise_m / g.cycle_s, 0.0f);
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    const float start_s = limb == anim::kHandL || limb == anim::kFootR ? 0.0f : 0.5f * g.cycle_s;
    const float top_m = static_cast<float>(IsFoot(limb) ? g.foot_top_rung : g.hand_top_rung) * g.rung_spacing_m;
    for (int cycle = -1; cycle <= 1; ++cycle) {
      const float from_s = start_s + static_cast<float>(cycle) * g.cycle_s;
      paths[limb].AddHold({from_s, from_s + kHoldShare * g.cycle_s, RungHoldMs(g, limb, top_m), rung_motion_ms});
    }
  }
  return paths;
}

}  // namespace

namespace climb_parts {

std::array<glm::vec3, anim::kLimbCount> ClimbFirstPoseMs(const ClimbGeometry& g) {
  const auto paths = ClimbPaths(g);
  std::array<glm::vec3, anim::kLimbCount> first_ms{};
  for (int limb = 0; limb < anim::kLimbCount; ++limb) first_ms[limb] = paths[limb].At(0.0f).point_ms;
  return first_ms;
}

}  // namespace climb_parts

ClimbGeometry MeasureClimb(const ClipBaker& baker) {
  ClimbGeometry g;
  g.rung_spacing_m = 0.30f;
  g.cycle_s = kCycleS;
  g.lean_rad = kLeanRad;
  const float leg_m = baker.LegLengthM();
  const float arm_m = baker.ArmLengthM();
  const auto rest_at = [&](int joint) { return glm::vec3(baker.RestMs()[joint][3]); };
  const Rig& rig = baker.rig();
  // Proportions of a climber: the root (under the hips) this share of the
  // leg in front of the rungs; the hips behind them and above the higher
  // foot by these shares, crouched so that a foot still reaches a rung half
  // a spacing further off on another ladder.
  g.rung_reach_m = 0.40f * leg_m;
  // Legs shorter than two rungs' step (a child's) climb one rung a cycle.
  if (static_cast<float>(g.rungs_per_cycle) * g.rung_spacing_m > leg_m) g.rungs_per_cycle = 1;
  g.pelvis_ms = glm::vec3(g.rung_reach_m - 0.55f * leg_m,
                          static_cast<float>(g.foot_top_rung) * g.rung_spacing_m + 0.50f * leg_m, 0.0f);
  glm::vec3 shoulder_ms = HangShoulderMs(baker, g);
  // Arms short for the legs hang the body nearer the rungs, the shoulders
  // at most kMostShoulderGapOfArm of an arm behind them.
  if (const float gap_m = g.rung_reach_m - shoulder_ms.x; gap_m > kMostShoulderGapOfArm * arm_m) {
    g.pelvis_ms.x += gap_m - kMostShoulderGapOfArm * arm_m;
    shoulder_ms = HangShoulderMs(baker, g);
  }
  g.hand_top_rung = HandTopRung(g, shoulder_ms, arm_m);
  g.hand_z_m = std::clamp(std::fabs(rest_at(rig.arm_r.upper).z), 0.1f, 0.18f);
  g.foot_z_m = std::clamp(std::fabs(rest_at(rig.leg_r.end).z), 0.06f, 0.12f);
  g.stand_x_m = g.rung_reach_m + 0.5f;  // the ladder's exit point is 0.5 m past its centre line
  return g;
}

namespace {

// The climb's body and limbs at t_s (from the hang pose, leaned in).
BakeFrame ClimbFrame(const ClipBaker& baker, const ClimbGeometry& g,
                     const std::array<LimbPath, anim::kLimbCount>& paths, float t_s) {
  BakeFrame frame;
  frame.pelvis_at_ms = g.pelvis_ms + glm::vec3(0.0f, Bob(g, t_s) - Bob(g, 0.0f), 0.0f);
  frame.pelvis_lean_rad = g.lean_rad;
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    frame.limbs[limb].active = true;
    frame.limbs[limb].point_ms = paths[limb].At(t_s).point_ms;
    if (IsFoot(limb)) frame.limbs[limb].end_rotation_ms = baker.FlatFootMs(limb, 0.0f);
  }
  return frame;
}

void SetClimbFacts(const ClimbGeometry& g, anim::ClipDesc& clip) {
  const float rise_m = static_cast<float>(g.rungs_per_cycle) * g.rung_spacing_m;
  clip.speed_mps = rise_m / g.cycle_s;
  clip.climb_m_per_cycle = rise_m;
  clip.rung_spacing_m = g.rung_spacing_m;
  clip.rung_reach_m = g.rung_reach_m;
}

// climb_up, or climb_down: the same cycle backwards (as the controller
// plays it when the direction changes).
core::Expected<anim::Clip> BuildClimb(const ClipBaker& baker, const ClimbGeometry& g,
                                      std::span<const math::Transform> hang_ls, bool down) {
  const auto paths = ClimbPaths(g);
  anim::ClipDesc clip = baker.Bake(
      BakeSpec{down ? "climb_down (procedural)" : "climb_up (procedural)", g.cycle_s, true, true},
      [&](float, std::span<math::Transform> locals) { std::copy(hang_ls.begin(), hang_ls.end(), locals.begin()); },
      [&](float t) { return ClimbFrame(baker, g, paths, down ? g.cycle_s - t : t); });
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    for (const anim::ContactRange& r : paths[limb].Contacts(g.cycle_s, true)) {
      clip.contacts[limb].push_back(down ? anim::ContactRange{g.cycle_s - r.end_s, g.cycle_s - r.start_s} : r);
    }
  }
  SetClimbFacts(g, clip);
  return CreateBakedClip(std::move(clip));
}

// A hand takes its rung once the body, rising onto the ladder, has brought
// it within this share of the arm (the wrist to the shoulder); before, the
// clip's hand would slide up the rung held at full stretch.
constexpr float kGrabReach = 0.9f;
// Steps in which the grab's time is sought, seconds.
constexpr float kGrabSearchStepS = 0.05f;

// The first time from from_s, at most latest_s, at which the script's
// shoulder of arm `limb` is within kGrabReach of an arm of hold_ms.
float FirstReachS(const ClipBaker& baker, const ClipBaker::BaseFn& base, const ClipBaker::ScriptFn& body, int limb,
                  const glm::vec3& hold_ms, float from_s, float latest_s) {
  const float reach_m = kGrabReach * baker.LimbLengthM(limb);
  for (float t_s = from_s; t_s < latest_s; t_s += kGrabSearchStepS) {
    const glm::vec3 shoulder_ms(baker.PoseMs(base, body, t_s)[baker.Chain(limb).upper][3]);
    if (glm::distance(shoulder_ms, hold_ms) <= reach_m) return t_s;
  }
  return latest_s;
}

// From the idle's first pose at the ladder's foot to the climb's first:
// the left foot steps to the ladder's foot, the right onto the first rung,
// the left hand takes the top grip and the right the one below (each where
// the climb's first pose has it), once the rising body brings it in reach.
core::Expected<anim::Clip> BuildEnter(const ClipBaker& baker, const ClimbGeometry& g, const StandPose& stand,
                                      std::span<const math::Transform> hang_ls) {
  const KeyedCurve<glm::vec3> pelvis({{0.0f, stand.pelvis_ms},
                                      {0.35f, stand.pelvis_ms + glm::vec3(0.03f, -0.02f, 0.0f)},
                                      {1.0f, g.pelvis_ms},
                                      {kEnterS, g.pelvis_ms}});
  const ClipBaker::BaseFn base = [&](float t, std::span<math::Transform> locals) {
    BlendLocals(stand.locals_ls, hang_ls, Smoothstep(t / 0.8f), locals);
  };
  const ClipBaker::ScriptFn body = [&](float t) {
    BakeFrame frame;
    frame.pelvis_at_ms = pelvis.At(t);
    frame.pelvis_lean_rad = g.lean_rad * Smoothstep((t - 0.2f) / 0.8f);
    return frame;
  };
  std::array<LimbPath, anim::kLimbCount> paths{LimbPath(kFootArcMs), LimbPath(kFootArcMs), LimbPath(kHandArcMs),
                                               LimbPath(kHandArcMs)};
  // Both feet step onto rungs once off the ground (the foot IK has them
  // until then, on the ground): the left onto the lower, the right above
  // it, each where the climb's first pose has it.
  paths[anim::kFootL].AddHold({0.0f, 0.30f, stand.effector_ms[anim::kFootL]});
  const std::array<glm::vec3, anim::kLimbCount> first_ms = ClimbFirstPoseMs(g);
  paths[anim::kFootL].AddHold({0.62f, kEnterS, first_ms[anim::kFootL]});
  paths[anim::kFootR].AddHold({0.0f, 0.45f, stand.effector_ms[anim::kFootR]});
  paths[anim::kFootR].AddHold({0.85f, kEnterS, first_ms[anim::kFootR]});
  // The hands reach from where the idle holds them for where the climb's
  // first pose has them; each grab is at least a quarter second of swing
  // after the last.
  const glm::vec3& grip_l_ms = first_ms[anim::kHandL];
  const glm::vec3& grip_r_ms = first_ms[anim::kHandR];
  const float grab_l_s = FirstReachS(baker, base, body, anim::kHandL, grip_l_ms, 0.55f, kEnterS - 0.25f);
  const float grab_r_s =
      FirstReachS(baker, base, body, anim::kHandR, grip_r_ms, std::max(0.80f, grab_l_s + 0.25f), kEnterS - 0.1f);
  paths[anim::kHandL].AddHold({0.0f, 0.02f, stand.effector_ms[anim::kHandL], glm::vec3(0.0f), 0.0f, false});
  paths[anim::kHandL].AddHold({grab_l_s, kEnterS, grip_l_ms});
  paths[anim::kHandR].AddHold({0.0f, 0.02f, stand.effector_ms[anim::kHandR], glm::vec3(0.0f), 0.0f, false});
  paths[anim::kHandR].AddHold({grab_r_s, kEnterS, grip_r_ms});
  anim::ClipDesc clip =
      baker.Bake(BakeSpec{"ladder_enter_bottom (procedural)", kEnterS, false, true}, base, [&](float t) {
        BakeFrame frame = body(t);
        for (int limb = 0; limb < anim::kLimbCount; ++limb) {
          frame.limbs[limb].active = true;
          frame.limbs[limb].point_ms = paths[limb].At(t).point_ms;
          if (IsFoot(limb)) {
            const glm::quat from = RotationMs(stand.models_ms[baker.Chain(limb).end]);
            frame.limbs[limb].end_rotation_ms =
                glm::slerp(from, baker.FlatFootMs(limb, 0.0f), Smoothstep((t - 0.3f) / 0.5f));
          }
        }
        return frame;
      });
  clip.contacts = ContactsOf(paths, kEnterS);
  return CreateBakedClip(std::move(clip));
}

}  // namespace

core::Expected<ProceduralClimb> BuildProceduralClimb(const ClipBaker& baker, const anim::Clip& idle) {
  ProceduralClimb climb;
  climb.geometry = MeasureClimb(baker);
  const StandPose stand = ReadStandPose(baker, idle);
  const std::vector<math::Transform> hang_ls = HangPoseLs(baker, climb.geometry);
  auto up = BuildClimb(baker, climb.geometry, hang_ls, false);
  auto down = BuildClimb(baker, climb.geometry, hang_ls, true);
  auto enter = BuildEnter(baker, climb.geometry, stand, hang_ls);
  auto exit = BuildClimbExit(baker, climb.geometry, stand, hang_ls);
  for (const auto* clip : {&up, &down, &enter, &exit}) {
    if (!*clip) return clip->status();
  }
  climb.climb_up = std::move(*up);
  climb.climb_down = std::move(*down);
  climb.enter_bottom = std::move(*enter);
  climb.exit_top = std::move(*exit);
  return climb;
}

}  // namespace knights::character
