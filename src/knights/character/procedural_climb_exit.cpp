// The procedural climb, part two: getting off at the top. From the climb's
// first pose (the hands on the top rung and the one below, the left foot at
// the ladder's foot, the right on the first rung) the hands move onto the
// ledge top while the lower foot climbs two rungs at a time until the
// higher stands on the rung below the top; that foot steps over the lip
// onto the ledge, the body rises over it, the other foot lets go and
// follows, and the body stands up into the idle's first pose. Every hold
// lasts until the limb would no longer reach it along the body's course.

#include <algorithm>
#include <cmath>

#include "knights/character/keyed_curve.h"
#include "knights/character/limb_path.h"
#include "knights/character/procedural_climb_parts.h"

namespace knights::character::climb_parts {
namespace {

constexpr float kStepS = 0.45f;                          // one foot's step two rungs up
constexpr float kSwingFromS = 0.05f, kSwingToS = 0.38f;  // the swing within a step
constexpr float kFinalS = 1.5f;                          // from the last rung step to standing on the ledge
// A hold is let go once its limb's root (hip, shoulder) is this share of
// the limb's length from it.
constexpr float kReachShare = 0.85f;
// Steps on the ledge lift the foot this high at their middle, metres
// (clear of a rough top), and come down onto their place from this far
// above it over the step's last kStepDownS.
constexpr glm::vec3 kLedgeStepArcMs(0.0f, 0.3f, 0.0f);
constexpr glm::vec3 kAboveLandingMs(0.0f, 0.15f, 0.0f);
constexpr float kStepDownS = 0.12f;

// The body's course through the clip: where the pelvis is and how far the
// body leans, model space.
struct BodyCourse {
  KeyedCurve<glm::vec3> pelvis_ms;
  KeyedCurve<float> lean_rad;
};

// The first time in [from_s, to_s] at which `limb`'s root is out of reach
// of point_ms along the body's course; to_s when it never is.
float ReachEndsS(const ClipBaker& baker, int limb, const glm::vec3& point_ms, const BodyCourse& body, float from_s,
                 float to_s) {
  const auto rest = baker.RestMs();
  const glm::vec3 root_from_pelvis = glm::vec3(rest[baker.Chain(limb).upper][3] - rest[baker.rig().pelvis][3]);
  // A foot stands flat: its ankle is the ball's offset (turned as at rest) behind the ball.
  const glm::vec3 end_ms =
      IsFoot(limb) ? point_ms - glm::mat3(rest[baker.Chain(limb).end]) *
                                    (limb == anim::kFootL ? baker.rig().ball_offset_l_ls : baker.rig().ball_offset_r_ls)
                   : point_ms;
  const float reach_m = kReachShare * baker.LimbLengthM(limb);
  constexpr float kScanS = 0.01f;
  for (float t = from_s; t < to_s; t += kScanS) {
    const glm::quat lean = glm::angleAxis(-body.lean_rad.At(t), glm::vec3(0.0f, 0.0f, 1.0f));
    if (glm::distance(body.pelvis_ms.At(t) + lean * root_from_pelvis, end_ms) > reach_m) return t;
  }
  return to_s;
}

// One foot's step up the ladder.
struct RungStep {
  int foot;
  int to_rung;
  float start_s;
};

// The lower foot climbs two rungs (to the one below the top at most) until
// the higher stands on the one below the top; *rungs ends where each foot is.
std::vector<RungStep> PlanRungSteps(const ClimbGeometry& g, std::array<int, 2>* rungs) {
  const int top_rung = g.hand_top_rung;
  std::vector<RungStep> steps;
  *rungs = {g.foot_top_rung - 1, g.foot_top_rung};  // where the climb's first pose has them
  while (std::max((*rungs)[0], (*rungs)[1]) < top_rung - 1) {
    const int lower = (*rungs)[0] <= (*rungs)[1] ? 0 : 1;
    (*rungs)[lower] = std::min((*rungs)[lower] + 2, top_rung - 1);
    steps.push_back({lower, (*rungs)[lower], static_cast<float>(steps.size()) * kStepS});
  }
  return steps;
}

// A foot's way over the ledge's lip, holding nothing: above the lip, in
// front of the ladder.
glm::vec3 OverLipMs(const ClimbGeometry& g, int foot) {
  return glm::vec3(g.rung_reach_m - 0.1f, static_cast<float>(g.hand_top_rung) * g.rung_spacing_m + 0.22f,
                   SideOf(foot) * g.foot_z_m);
}

// A step to `point_ms` on the ledge top, held from land_s to end_s: the
// foot comes over it high and down onto it from above, so that a rough top
// (bumps across depth as steep as 35 degrees) meets the sole, not the toe.
void StepOnto(LimbPath& path, float land_s, float end_s, const glm::vec3& point_ms) {
  path.AddHold(
      {land_s - kStepDownS, land_s - kStepDownS + 0.01f, point_ms + kAboveLandingMs, glm::vec3(0.0f), 0.0f, false},
      kLedgeStepArcMs);
  path.AddHold({land_s, end_s, point_ms});
}

// Each foot: from where the climb's first pose has it, its rungs up the
// ladder (held until its next step), then over the lip to where it stands
// on the ledge; the higher foot steps off first, the lower lets go when
// the rising body takes it out of reach.
void AddFootHolds(const ClipBaker& baker, const ClimbGeometry& g, const StandPose& stand,
                  const std::vector<RungStep>& steps, const BodyCourse& body, float last_s, float end_s, int high,
                  std::array<LimbPath, anim::kLimbCount>& paths) {
  const float s = g.rung_spacing_m;
  const glm::vec3 ledge_ms(g.stand_x_m, static_cast<float>(g.hand_top_rung) * s, 0.0f);
  const std::array<glm::vec3, anim::kLimbCount> first_ms = ClimbFirstPoseMs(g);
  std::array<LimbHold, 2> held = {LimbHold{0.0f, 0.0f, first_ms[anim::kFootL]},
                                  LimbHold{0.0f, 0.0f, first_ms[anim::kFootR]}};
  for (const RungStep& step : steps) {
    held[step.foot].end_s = step.start_s + kSwingFromS;
    paths[step.foot].AddHold(held[step.foot]);
    held[step.foot] = {step.start_s + kSwingToS, 0.0f, RungHoldMs(g, step.foot, static_cast<float>(step.to_rung) * s)};
  }
  // The higher foot steps over the lip onto the ledge just past it, in
  // the leg's reach while the body is still on the ladder.
  LimbHold& step_off = held[high];
  step_off.end_s = last_s + kSwingFromS;
  paths[high].AddHold(step_off);
  paths[high].AddHold({last_s + 0.25f, last_s + 0.26f, OverLipMs(g, high), glm::vec3(0.0f), 0.0f, false});
  const glm::vec3 past_lip_ms(g.rung_reach_m + 0.25f, stand.effector_ms[high].y + ledge_ms.y,
                              SideOf(high) * g.foot_z_m);
  paths[high].AddHold({last_s + 0.45f, last_s + 0.95f, past_lip_ms}, kLedgeStepArcMs);
  // The lower foot lets go as the body rises over the ledge and steps to
  // where it stands; the higher one then takes its last step there too.
  const int low = 1 - high;
  LimbHold& last = held[low];
  last.end_s = ReachEndsS(baker, low, last.point_ms, body, last.start_s, last_s + 0.75f);
  paths[low].AddHold(last);
  paths[low].AddHold({last.end_s + 0.18f, last.end_s + 0.19f, OverLipMs(g, low), glm::vec3(0.0f), 0.0f, false});
  StepOnto(paths[low], last.end_s + 0.4f, end_s, stand.effector_ms[low] + ledge_ms);
  StepOnto(paths[high], last_s + 1.2f, end_s, stand.effector_ms[high] + ledge_ms);
}

// Each hand: from its rung onto the ledge top as the first steps begin,
// held until out of reach, then to where the stand pose has it.
void AddHandHolds(const ClipBaker& baker, const ClimbGeometry& g, const StandPose& stand, const BodyCourse& body,
                  float end_s, std::array<LimbPath, anim::kLimbCount>& paths) {
  const float top_m = static_cast<float>(g.hand_top_rung) * g.rung_spacing_m;
  const glm::vec3 ledge_ms(g.stand_x_m, top_m, 0.0f);
  const std::array<glm::vec3, anim::kLimbCount> first_ms = ClimbFirstPoseMs(g);
  for (const int hand : {anim::kHandR, anim::kHandL}) {
    // The right hand moves during the first step, the left during the second.
    const float move_s = hand == anim::kHandR ? 0.0f : kStepS;
    paths[hand].AddHold({0.0f, move_s + kSwingFromS, first_ms[hand]});
    const glm::vec3 on_ledge_ms(g.rung_reach_m + 0.15f, top_m + 0.01f, SideOf(hand) * g.hand_z_m);
    const float from_s = move_s + kSwingToS;
    const float release_s = ReachEndsS(baker, hand, on_ledge_ms, body, from_s, end_s - 0.5f);
    if (release_s > from_s + 0.1f) paths[hand].AddHold({from_s, release_s, on_ledge_ms});
    paths[hand].AddHold({end_s - 0.01f, end_s, stand.effector_ms[hand] + ledge_ms, glm::vec3(0.0f), 0.0f, false});
  }
}

}  // namespace

core::Expected<anim::Clip> BuildClimbExit(const ClipBaker& baker, const ClimbGeometry& g, const StandPose& stand,
                                          std::span<const math::Transform> hang_ls) {
  const float s = g.rung_spacing_m, top_m = static_cast<float>(g.hand_top_rung) * s;
  const glm::vec3 ledge_ms(g.stand_x_m, top_m, 0.0f);  // where the root ends: on the ledge
  // The pelvis over the higher foot: the climb's, less a crouch that keeps
  // the lower foot, two rungs down as each step lands, in reach.
  const float above_higher_foot_m = g.pelvis_ms.y - static_cast<float>(g.foot_top_rung) * s - 0.4f * s;
  std::array<int, 2> rungs{};
  const std::vector<RungStep> steps = PlanRungSteps(g, &rungs);
  const float last_s = static_cast<float>(steps.size()) * kStepS;  // the feet are on their last rungs
  const float end_s = last_s + kFinalS;
  const int high = rungs[0] > rungs[1] ? 0 : 1;

  std::vector<std::pair<float, glm::vec3>> pelvis_keys = {{0.0f, g.pelvis_ms}, {kSwingToS, g.pelvis_ms}};
  std::array<int, 2> reached = {g.foot_top_rung - 1, g.foot_top_rung};
  for (const RungStep& step : steps) {
    reached[step.foot] = step.to_rung;
    const float higher_m = static_cast<float>(std::max(reached[0], reached[1])) * s;
    pelvis_keys.push_back({step.start_s + kStepS, glm::vec3(g.pelvis_ms.x, higher_m + above_higher_foot_m, 0.0f)});
  }
  const float stand_y = stand.pelvis_ms.y;
  pelvis_keys.push_back({last_s + 0.45f, glm::vec3(g.pelvis_ms.x + 0.1f, pelvis_keys.back().second.y, 0.0f)});
  pelvis_keys.push_back({last_s + 0.8f, glm::vec3(g.rung_reach_m + 0.1f, top_m + 0.55f * stand_y, 0.0f)});
  pelvis_keys.push_back({last_s + 1.05f, glm::vec3(g.stand_x_m - 0.05f, top_m + 0.9f * stand_y, 0.0f)});
  pelvis_keys.push_back({end_s, stand.pelvis_ms + ledge_ms});
  const BodyCourse body{KeyedCurve<glm::vec3>(std::move(pelvis_keys)),
                        KeyedCurve<float>({{0.0f, g.lean_rad},
                                           {last_s, g.lean_rad},
                                           {last_s + 0.8f, g.lean_rad + 0.1f},
                                           {last_s + 1.05f, 0.1f},
                                           {end_s, 0.0f}})};

  std::array<LimbPath, anim::kLimbCount> paths{LimbPath(kFootArcMs), LimbPath(kFootArcMs), LimbPath(kHandArcMs),
                                               LimbPath(kHandArcMs)};
  AddFootHolds(baker, g, stand, steps, body, last_s, end_s, high, paths);
  AddHandHolds(baker, g, stand, body, end_s, paths);
  const KeyedCurve<glm::vec3> root({{0.0f, glm::vec3(0.0f)},
                                    {last_s, glm::vec3(0.0f, static_cast<float>(g.hand_top_rung - 2) * s, 0.0f)},
                                    {last_s + 0.8f, glm::vec3(g.rung_reach_m, top_m, 0.0f)},
                                    {end_s, ledge_ms}});
  const float stand_from_s = last_s + 0.6f;  // the body eases into the stand pose from here
  anim::ClipDesc clip = baker.Bake(
      BakeSpec{"ladder_exit_top (procedural)", end_s, false, true},
      [&](float t, std::span<math::Transform> locals) {
        BlendLocals(hang_ls, stand.locals_ls, Smoothstep((t - stand_from_s) / (end_s - stand_from_s)), locals);
      },
      [&](float t) {
        BakeFrame frame;
        frame.root_ms = root.At(t);
        frame.pelvis_at_ms = body.pelvis_ms.At(t);
        frame.pelvis_lean_rad = body.lean_rad.At(t);
        const float stand_w = Smoothstep((t - last_s) / 0.5f);
        for (int limb = 0; limb < anim::kLimbCount; ++limb) {
          frame.limbs[limb].active = true;
          frame.limbs[limb].point_ms = paths[limb].At(t).point_ms;
          if (IsFoot(limb)) {
            const glm::quat to = RotationMs(stand.models_ms[baker.Chain(limb).end]);
            frame.limbs[limb].end_rotation_ms = glm::slerp(baker.FlatFootMs(limb, 0.0f), to, stand_w);
          }
        }
        return frame;
      });
  clip.contacts = ContactsOf(paths, end_s);
  return CreateBakedClip(std::move(clip));
}

}  // namespace knights::character::climb_parts
