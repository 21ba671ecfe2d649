#include "knights/character/fallback_clips.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "knights/anim/model_pose.h"
#include "knights/anim/sampling_job.h"
#include "knights/character/limb_path.h"

namespace knights::character {
namespace {

constexpr float kPi = 3.14159265f;
constexpr int kFeet[2] = {anim::kFootL, anim::kFootR};

glm::vec3 SoleOffsetLs(const Rig& rig, int foot) {
  return foot == anim::kFootL ? rig.sole_offset_l_ls : rig.sole_offset_r_ls;
}

// The pelvis drop that keeps every ankle within kReach of its leg's length
// from its hip when the soles are spread `stride` times further along x.
float StretchDrop(const ClipBaker& baker, const anim::Clip& walk, float stride) {
  constexpr float kReach = 0.96f;
  constexpr int kSamples = 32;
  float drop = 0.0f;
  for (int i = 0; i < kSamples; ++i) {
    const float t = walk.DurationS() * static_cast<float>(i) / kSamples;
    const std::vector<glm::mat4> models_ms = anim::ModelPoseAt(baker.skeleton(), &walk, t);
    for (const int foot : kFeet) {
      const LimbChain& leg = baker.Chain(foot);
      const glm::vec3 hip = glm::vec3(models_ms[leg.upper][3]);
      const glm::vec3 ankle = glm::vec3(models_ms[leg.end][3]);
      const float sole_x = PointMs(models_ms[leg.end], SoleOffsetLs(baker.rig(), foot)).x;
      const glm::vec2 across(ankle.x + (stride - 1.0f) * sole_x - hip.x, ankle.z - hip.z);
      const float reach = kReach * baker.LimbLengthM(foot);
      const float height = std::sqrt(std::max(reach * reach - glm::dot(across, across), 0.0f));
      drop = std::max(drop, (hip.y - ankle.y) - height);
    }
  }
  return drop;
}

// clip's contacts within [from_s, to_s], shifted to start at 0.
std::array<std::vector<anim::ContactRange>, anim::kLimbCount> CropContacts(const anim::Clip& clip, float from_s,
                                                                           float to_s) {
  std::array<std::vector<anim::ContactRange>, anim::kLimbCount> out;
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    for (const anim::ContactRange& r : clip.Contacts(static_cast<anim::Limb>(limb))) {
      if (r.start_s > r.end_s) continue;  // a loop's wrapping range: a jump has none
      const float a = std::max(r.start_s, from_s), b = std::min(r.end_s, to_s);
      if (b > a) out[limb].push_back({a - from_s, b - from_s});
    }
  }
  return out;
}

core::Expected<anim::Clip> Crop(const ClipBaker& baker, const anim::Clip& clip, const std::string& name, float from_s,
                                float to_s) {
  const anim::Skeleton& skeleton = baker.skeleton();
  anim::ClipDesc desc = baker.Bake(
      BakeSpec{name, to_s - from_s, false, false},
      [&](float t, std::span<math::Transform> locals) { SampleLocals(skeleton, clip, from_s + t, locals); },
      [](float) { return BakeFrame{}; });
  desc.contacts = CropContacts(clip, from_s, to_s);
  return CreateBakedClip(std::move(desc));
}

}  // namespace

void SampleLocals(const anim::Skeleton& skeleton, const anim::Clip& clip, float t_s,
                  std::span<math::Transform> locals_ls) {
  anim::SamplingJob job;
  job.clip = &clip;
  job.time_s = t_s;
  job.rest_pose_ls = skeleton.RestPose();
  job.output_ls = locals_ls;
  job.Run();
}

core::Expected<anim::Clip> BuildWarpedRun(const ClipBaker& baker, const anim::Clip& walk) {
  if (!walk.Loop() || !walk.SpeedMps() || walk.DurationS() <= 0.0f) {
    return core::Status::Error("walk clip '" + walk.Name() + "': a run made from it needs a loop with a speed");
  }
  constexpr float kLeanRad = 0.12f;   // a run leans into the stride
  constexpr float kSwingLift = 1.3f;  // and lifts the swinging foot higher
  const anim::Skeleton& skeleton = baker.skeleton();
  const float drop_m = StretchDrop(baker, walk, kWarpedRunStride);
  anim::ClipDesc desc = baker.Bake(
      BakeSpec{"run (walk warped)", walk.DurationS() / kWarpedRunCadence, true, false},
      [&](float t, std::span<math::Transform> locals) { SampleLocals(skeleton, walk, t * kWarpedRunCadence, locals); },
      [&](float t) {
        const std::vector<glm::mat4> walk_ms = anim::ModelPoseAt(skeleton, &walk, t * kWarpedRunCadence);
        BakeFrame frame;
        frame.pelvis_shift_ms.y = -drop_m;
        frame.pelvis_lean_rad = kLeanRad;
        for (const int foot : kFeet) {
          const glm::mat4& foot_ms = walk_ms[baker.Chain(foot).end];
          glm::vec3 sole = PointMs(foot_ms, SoleOffsetLs(baker.rig(), foot));
          sole.x *= kWarpedRunStride;
          // Planted, the sole stays as low as the walk has it.
          if (!walk.IsInContact(static_cast<anim::Limb>(foot), t * kWarpedRunCadence)) sole.y *= kSwingLift;
          frame.limbs[foot] = BakeLimbGoal{true, sole, RotationMs(foot_ms)};
        }
        return frame;
      });
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    for (const anim::ContactRange& r : walk.Contacts(static_cast<anim::Limb>(limb))) {
      desc.contacts[limb].push_back({r.start_s / kWarpedRunCadence, r.end_s / kWarpedRunCadence});
    }
  }
  desc.speed_mps = *walk.SpeedMps() * kWarpedRunCadence * kWarpedRunStride;
  return CreateBakedClip(std::move(desc));
}

namespace {

// When the jump's feet leave the ground (the later end of the contacts it
// starts with) and when one is down again (the earlier start of those it
// ends with); false when it does not start and end standing.
bool FindFlight(const anim::Clip& jump, float* take_off_s, float* landing_s) {
  // Contacts found from the motion begin and end a sample or two inside the
  // clip (their speeds are central differences).
  constexpr float kEdgeS = 0.05f;
  *take_off_s = 0.0f;
  *landing_s = jump.DurationS();
  for (const int foot : kFeet) {
    bool starts = false, ends = false;
    for (const anim::ContactRange& r : jump.Contacts(static_cast<anim::Limb>(foot))) {
      if (r.start_s > r.end_s) return false;
      if (r.start_s <= kEdgeS) {
        starts = true;
        *take_off_s = std::max(*take_off_s, r.end_s);
      }
      if (r.end_s >= jump.DurationS() - kEdgeS) {
        ends = true;
        *landing_s = std::min(*landing_s, r.start_s);
      }
    }
    if (!starts || !ends) return false;
  }
  return true;
}

// The time between take_off_s and landing_s at which the pelvis is
// highest; the middle when it hardly moves (under a centimetre).
float FindApex(const ClipBaker& baker, const anim::Clip& jump, float take_off_s, float landing_s) {
  constexpr int kSamples = 48;
  float best_s = 0.5f * (take_off_s + landing_s);
  float highest = -std::numeric_limits<float>::max(), lowest = std::numeric_limits<float>::max();
  for (int i = 0; i <= kSamples; ++i) {
    const float t = take_off_s + (landing_s - take_off_s) * static_cast<float>(i) / kSamples;
    const float y = anim::ModelPoseAt(baker.skeleton(), &jump, t)[baker.rig().pelvis][3].y;
    lowest = std::min(lowest, y);
    if (y > highest) {
      highest = y;
      best_s = t;
    }
  }
  constexpr float kStillM = 0.01f;
  return highest - lowest < kStillM ? 0.5f * (take_off_s + landing_s) : best_s;
}

// "foot_l 0.00-0.15 0.64-1.23, foot_r none" (seconds): the feet's contacts, for messages.
std::string FeetContacts(const anim::Clip& clip) {
  std::string text;
  for (const int foot : kFeet) {
    text += std::string(text.empty() ? "" : ", ") + anim::kLimbNames[foot];
    const auto ranges = clip.Contacts(static_cast<anim::Limb>(foot));
    if (ranges.empty()) text += " none";
    for (const anim::ContactRange& r : ranges) {
      char range[40];
      std::snprintf(range, sizeof range, " %.2f-%.2f", r.start_s, r.end_s);
      text += range;
    }
  }
  return text;
}

}  // namespace

core::Expected<SplitJump> SplitJumpAtApex(const ClipBaker& baker, const anim::Clip& jump) {
  // Each piece keeps at least this long, seconds.
  constexpr float kMinPieceS = 0.05f;
  SplitJump split;
  if (jump.Loop() || !FindFlight(jump, &split.take_off_s, &split.landing_s)) {
    return core::Status::Error("jump clip '" + jump.Name() +
                               "': must be a one-shot with both feet on the ground at its start and its end (" +
                               (jump.Loop() ? "it loops" : "feet on the ground (s): " + FeetContacts(jump)) + ")");
  }
  if (split.landing_s - split.take_off_s < 2.0f * kMinPieceS || split.landing_s > jump.DurationS() - kMinPieceS) {
    return core::Status::Error("jump clip '" + jump.Name() + "': both feet must be off the ground for at least " +
                               "0.1 s, and down again at least 0.05 s before its end");
  }
  split.apex_s = std::clamp(FindApex(baker, jump, split.take_off_s, split.landing_s), split.take_off_s + kMinPieceS,
                            split.landing_s - kMinPieceS);
  auto up = Crop(baker, jump, "jump_up (jump split)", 0.0f, split.apex_s);
  auto fall = Crop(baker, jump, "fall (jump split)", split.apex_s, split.landing_s);
  auto land = Crop(baker, jump, "land (jump split)", split.landing_s, jump.DurationS());
  for (const auto* piece : {&up, &fall, &land}) {
    if (!*piece) return piece->status();
  }
  split.jump_up = std::move(*up);
  split.fall = std::move(*fall);
  split.land = std::move(*land);
  return split;
}

namespace {

// The walk's passing pose: the time its soles are nearest each other along x.
float PassingTimeS(const ClipBaker& baker, const anim::Clip& walk) {
  constexpr int kSamples = 48;
  float best_s = 0.0f, best_gap = std::numeric_limits<float>::max();
  for (int i = 0; i < kSamples; ++i) {
    const float t = walk.DurationS() * static_cast<float>(i) / kSamples;
    const std::vector<glm::mat4> models_ms = anim::ModelPoseAt(baker.skeleton(), &walk, t);
    const float gap = std::fabs(PointMs(models_ms[baker.Chain(anim::kFootL).end], baker.rig().sole_offset_l_ls).x -
                                PointMs(models_ms[baker.Chain(anim::kFootR).end], baker.rig().sole_offset_r_ls).x);
    if (gap < best_gap) {
      best_gap = gap;
      best_s = t;
    }
  }
  return best_s;
}

}  // namespace

core::Expected<anim::Clip> BuildTuckedJump(const ClipBaker& baker, const anim::Clip& walk, bool held) {
  constexpr float kRiseS = 0.25f;      // into the tuck
  constexpr float kHeldS = 1.0f;       // a held loop's length
  constexpr float kTuckOfLeg = 0.35f;  // the soles lifted by this much of the leg's length
  const anim::Skeleton& skeleton = baker.skeleton();
  const float passing_s = PassingTimeS(baker, walk);
  const std::vector<glm::mat4> passing_ms = anim::ModelPoseAt(skeleton, &walk, passing_s);
  const float duration_s = held ? kHeldS : kRiseS;
  anim::ClipDesc desc = baker.Bake(
      BakeSpec{held ? "fall (tucked walk pose)" : "jump_up (tucked walk pose)", duration_s, held, false},
      [&](float, std::span<math::Transform> locals) { SampleLocals(skeleton, walk, passing_s, locals); },
      [&](float t) {
        const float tuck = held ? 1.0f : Smoothstep(t / kRiseS);
        BakeFrame frame;
        for (const int foot : kFeet) {
          const glm::mat4& foot_ms = passing_ms[baker.Chain(foot).end];
          glm::vec3 sole = PointMs(foot_ms, SoleOffsetLs(baker.rig(), foot));
          sole.y += tuck * kTuckOfLeg * baker.LimbLengthM(foot);
          frame.limbs[foot] = BakeLimbGoal{true, sole, RotationMs(foot_ms)};
        }
        return frame;
      });
  return CreateBakedClip(std::move(desc));
}

core::Expected<anim::Clip> BuildLandingDip(const ClipBaker& baker, const anim::Clip& idle) {
  constexpr float kDurationS = 0.5f;
  constexpr float kDipOfLeg = 0.13f;  // the deepest dip, of the leg's length
  constexpr float kOmega = 15.0f;     // the spring's natural frequency, rad/s
  constexpr float kZeta = 0.55f;      // and damping ratio
  constexpr float kLeanRad = 0.2f;    // the chest forward at the deepest
  constexpr float kSettleS = 0.12f;   // the last of the dip eased to nothing
  const anim::Skeleton& skeleton = baker.skeleton();
  const std::vector<glm::mat4> stand_ms = anim::ModelPoseAt(skeleton, &idle, 0.0f);
  const float omega_d = kOmega * std::sqrt(1.0f - kZeta * kZeta);
  const auto spring = [&](float t) { return std::exp(-kZeta * kOmega * t) * std::sin(omega_d * t); };
  const float peak = spring(std::atan(omega_d / (kZeta * kOmega)) / omega_d);
  const float depth_m = kDipOfLeg * baker.LimbLengthM(anim::kFootL);
  anim::ClipDesc desc = baker.Bake(
      BakeSpec{"land (spring dip)", kDurationS, false, false},
      [&](float, std::span<math::Transform> locals) { SampleLocals(skeleton, idle, 0.0f, locals); },
      [&](float t) {
        const float dip = spring(t) / peak * (1.0f - Smoothstep((t - (kDurationS - kSettleS)) / kSettleS));
        BakeFrame frame;
        frame.pelvis_shift_ms.y = -depth_m * dip;
        frame.pelvis_lean_rad = kLeanRad * std::max(dip, 0.0f);
        for (const int foot : kFeet) {
          const glm::mat4& foot_ms = stand_ms[baker.Chain(foot).end];
          frame.limbs[foot] =
              BakeLimbGoal{true, PointMs(foot_ms, SoleOffsetLs(baker.rig(), foot)), RotationMs(foot_ms)};
        }
        return frame;
      });
  for (const int foot : kFeet) desc.contacts[foot] = {{0.0f, kDurationS}};
  return CreateBakedClip(std::move(desc));
}

core::Expected<anim::Clip> BuildTurnOnTheSpot(const ClipBaker& baker, const anim::Clip& idle) {
  constexpr float kDurationS = 0.9f;
  constexpr float kStepLiftM = 0.07f;
  // Each foot's holds: [start, end] and the quarter turns it stands at.
  struct Hold {
    float start_s, end_s;
    int quarters;
  };
  constexpr Hold kLeft[] = {{0.0f, 0.05f, 0}, {0.25f, 0.45f, 1}, {0.65f, 0.9f, 2}};
  constexpr Hold kRight[] = {{0.0f, 0.25f, 0}, {0.45f, 0.65f, 1}, {0.85f, 0.9f, 2}};
  constexpr float kYawFromS = 0.05f, kYawToS = 0.85f;  // the root's turn
  const anim::Skeleton& skeleton = baker.skeleton();
  const std::vector<glm::mat4> stand_ms = anim::ModelPoseAt(skeleton, &idle, 0.0f);
  std::array<LimbPath, 2> paths{LimbPath(glm::vec3(0.0f, kStepLiftM, 0.0f)),
                                LimbPath(glm::vec3(0.0f, kStepLiftM, 0.0f))};
  for (const int foot : kFeet) {
    const glm::vec3 sole = PointMs(stand_ms[baker.Chain(foot).end], SoleOffsetLs(baker.rig(), foot));
    for (const Hold& h : foot == anim::kFootL ? std::span<const Hold>(kLeft) : std::span<const Hold>(kRight)) {
      const float yaw = 0.5f * kPi * static_cast<float>(h.quarters);
      paths[foot].AddHold(
          {h.start_s, h.end_s, glm::angleAxis(yaw, glm::vec3(0.0f, 1.0f, 0.0f)) * sole, glm::vec3(0.0f), yaw});
    }
  }
  anim::ClipDesc desc = baker.Bake(
      BakeSpec{"turn (procedural)", kDurationS, false, false},
      [&](float, std::span<math::Transform> locals) { SampleLocals(skeleton, idle, 0.0f, locals); },
      [&](float t) {
        BakeFrame frame;
        frame.root_yaw_rad = kPi * Smoothstep((t - kYawFromS) / (kYawToS - kYawFromS));
        for (const int foot : kFeet) {
          const LimbPath::Sample s = paths[foot].At(t);
          frame.limbs[foot] = BakeLimbGoal{true, s.point_ms, baker.FlatFootMs(foot, s.yaw_rad)};
        }
        return frame;
      });
  for (const int foot : kFeet) desc.contacts[foot] = paths[foot].Contacts(kDurationS, false);
  return CreateBakedClip(std::move(desc));
}

}  // namespace knights::character
