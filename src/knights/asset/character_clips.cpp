#include "knights/asset/character_clips.h"

#include <algorithm>
#include <cstdio>

#include "knights/anim/model_pose.h"

namespace knights::asset {
namespace {

using character::ClipRole;

// Roles whose playback follows a speed (the ground's or the ladder's).
bool UsesSpeed(ClipRole role) {
  return role == ClipRole::kWalk || role == ClipRole::kRun || role == ClipRole::kClimbUp ||
         role == ClipRole::kClimbDown;
}

bool ShouldPlant(ClipRole role) {
  return role == ClipRole::kIdle || role == ClipRole::kWalk || role == ClipRole::kRun || role == ClipRole::kClimbUp ||
         role == ClipRole::kClimbDown;
}

}  // namespace

std::array<LimbPoint, anim::kLimbCount> LimbPointsFor(const character::CharacterDesc& desc,
                                                      const anim::Skeleton& skeleton, ContactKind kind) {
  const bool ladder = kind == ContactKind::kLadder;
  return {LimbPoint{skeleton.FindJoint(desc.leg_l.end), ladder ? desc.ball_offset_l_ls : desc.sole_offset_l_ls},
          LimbPoint{skeleton.FindJoint(desc.leg_r.end), ladder ? desc.ball_offset_r_ls : desc.sole_offset_r_ls},
          LimbPoint{skeleton.FindJoint(desc.arm_l.end), desc.grip_offset_l_ls},
          LimbPoint{skeleton.FindJoint(desc.arm_r.end), desc.grip_offset_r_ls}};
}

std::string DescribeContacts(const anim::Clip& clip) {
  std::string text;
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    for (const anim::ContactRange& r : clip.Contacts(static_cast<anim::Limb>(limb))) {
      char range[64];
      std::snprintf(range, sizeof range, "%s%s %.2f-%.2f", text.empty() ? "" : ", ", anim::kLimbNames[limb], r.start_s,
                    r.end_s);
      text += range;
    }
  }
  return text.empty() ? "none" : text;
}

ContactKind ContactKindOf(ClipRole role) {
  switch (role) {
    case ClipRole::kFall:
      return ContactKind::kNone;
    case ClipRole::kClimbUp:
    case ClipRole::kClimbDown:
    case ClipRole::kLadderEnterBottom:
    case ClipRole::kLadderExitTop:
      return ContactKind::kLadder;
    default:
      return ContactKind::kGround;
  }
}

namespace {

// The clip at `index` with its loop flag, contacts and (for `find_speed`)
// speed found from its motion where its extras leave them out; a note
// saying what was found. A one-shot (`never_loops`: a jump, which starts
// and ends in the same pose) is never taken for a loop.
core::Status CompleteClip(const character::CharacterDesc& desc, CharacterModel& model, int index, ContactKind kind,
                          bool uses_speed, bool never_loops, const char* label, std::vector<std::string>* notes) {
  const GivenExtras given = model.given_extras[index];
  anim::ClipDesc clip = model.clips[index].ToDesc();
  const bool find_speed = !given.speed && uses_speed;
  if (given.loop && given.contacts && !find_speed) return core::Status::Ok();
  const ClipFeatures found =
      FindClipFeatures(model.skeleton, model.clips[index], LimbPointsFor(desc, model.skeleton, kind), kind,
                       model.skeleton.FindJoint(desc.pelvis_joint), never_loops);
  if (!given.loop) clip.loop = found.loop;
  if (!given.contacts) clip.contacts = found.contacts;
  if (find_speed) {
    clip.speed_mps = found.speed_mps;
    clip.climb_m_per_cycle = found.climb_m_per_cycle;
  }
  auto rebuilt = anim::Clip::Create(clip);
  if (!rebuilt)
    return core::Status::Error(model.path + ": animation '" + clip.name + "': " + rebuilt.status().message());
  model.clips[index] = std::move(*rebuilt);
  if (notes != nullptr) {
    char speed[32] = "none";
    if (clip.speed_mps) std::snprintf(speed, sizeof speed, "%.2f m/s", *clip.speed_mps);
    notes->push_back(model.path + ": clip '" + clip.name + "' (" + label + ") found from its motion: loop " +
                     (clip.loop ? "yes" : "no") + ", speed " + speed + ", contacts (s) " +
                     DescribeContacts(model.clips[index]));
  }
  return core::Status::Ok();
}

// A climb clip without rung extras: the ladder it was authored on, from
// where its holds are.
core::Status MeasureRungs(const character::CharacterDesc& desc, CharacterModel& model, int index) {
  if (model.given_extras[index].rungs) return core::Status::Ok();
  anim::ClipDesc clip = model.clips[index].ToDesc();
  const auto limbs = LimbPointsFor(desc, model.skeleton, ContactKind::kLadder);
  clip.rung_spacing_m = RungSpacingM(model.skeleton, model.clips[index], limbs);
  clip.rung_reach_m = RungReachM(model.skeleton, model.clips[index], limbs);
  auto rebuilt = anim::Clip::Create(clip);
  if (!rebuilt)
    return core::Status::Error(model.path + ": animation '" + clip.name + "': " + rebuilt.status().message());
  model.clips[index] = std::move(*rebuilt);
  return core::Status::Ok();
}

}  // namespace

core::Status CompleteCharacterClips(const character::CharacterDesc& desc, CharacterModel& model,
                                    std::vector<std::string>* notes, std::vector<std::string>* warnings) {
  for (int r = 0; r < character::kClipRoleCount; ++r) {
    const auto role = static_cast<ClipRole>(r);
    const int index = model.FindClip(desc.clips[r]);
    if (index < 0) continue;
    if (core::Status s = CompleteClip(desc, model, index, ContactKindOf(role), UsesSpeed(role), false,
                                      character::ClipRoleKey(role), notes);
        !s.ok()) {
      return s;
    }
    if (role == ClipRole::kClimbUp || role == ClipRole::kClimbDown) {
      if (core::Status s = MeasureRungs(desc, model, index); !s.ok()) return s;
    }
    const anim::Clip& clip = model.clips[index];
    bool planted = false;
    for (int limb = 0; limb < anim::kLimbCount; ++limb)
      planted |= !clip.Contacts(static_cast<anim::Limb>(limb)).empty();
    if (warnings != nullptr && ShouldPlant(role) && !planted) {
      warnings->push_back(model.path + ": clip '" + clip.Name() + "' (" + character::ClipRoleKey(role) +
                          ") plants no foot and grips nothing: its limbs will not be held by the IK");
    }
  }
  // The single jump clip, unless a role plays it too: that role's
  // completion stands (a walk must stay a loop), and the split then says
  // why the clip is no jump.
  const int jump = model.FindClip(desc.jump_clip);
  if (jump < 0 || std::find(desc.clips.begin(), desc.clips.end(), desc.jump_clip) != desc.clips.end()) {
    return core::Status::Ok();
  }
  return CompleteClip(desc, model, jump, ContactKind::kGround, false, true, "jump", notes);
}

bool ClipHoldsStill(const anim::Skeleton& skeleton, const anim::Clip& clip) {
  constexpr int kSamples = 32;
  constexpr float kStillM = 0.001f;
  const std::vector<glm::mat4> first_ms = anim::ModelPoseAt(skeleton, &clip, 0.0f);
  for (int i = 1; i <= kSamples; ++i) {
    const float t_s = clip.DurationS() * static_cast<float>(i) / kSamples;
    const std::vector<glm::mat4> pose_ms = anim::ModelPoseAt(skeleton, &clip, t_s);
    for (size_t j = 0; j < pose_ms.size(); ++j) {
      // A joint and a point a tenth of a metre along each of its axes.
      for (const glm::vec4& p :
           {glm::vec4(0, 0, 0, 1), glm::vec4(0.1f, 0, 0, 1), glm::vec4(0, 0.1f, 0, 1), glm::vec4(0, 0, 0.1f, 1)}) {
        if (glm::distance(glm::vec3(pose_ms[j] * p), glm::vec3(first_ms[j] * p)) > kStillM) return false;
      }
    }
  }
  return true;
}

character::CharacterDesc WithoutStillClips(const character::CharacterDesc& desc, const CharacterModel& model,
                                           std::vector<std::string>* warnings) {
  character::CharacterDesc played = desc;
  for (int r = 0; r < character::kClipRoleCount; ++r) {
    const auto role = static_cast<character::ClipRole>(r);
    const int clip = model.FindClip(desc.clips[r]);
    if (role == character::ClipRole::kBlock || clip < 0 || !ClipHoldsStill(model.skeleton, model.clips[clip])) continue;
    played.clips[r].clear();
    if (warnings != nullptr) {
      warnings->push_back(desc.file + ": clips." + character::ClipRoleKey(role) + ": clip '" + desc.clips[r] +
                          "' holds one pose: played as if the role were left out");
    }
  }
  return played;
}

}  // namespace knights::asset
