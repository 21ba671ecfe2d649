#include "asset/character_clips.h"

#include <algorithm>
#include <cstdio>

namespace knights::asset {
namespace {

using game::ClipRole;

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

std::array<LimbPoint, anim::kLimbCount> LimbPointsFor(const game::CharacterDesc& desc, const anim::Skeleton& skeleton,
                                                      ContactKind kind) {
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

core::Status CompleteCharacterClips(const game::CharacterDesc& desc, CharacterModel& model,
                                    std::vector<std::string>* notes, std::vector<std::string>* warnings) {
  for (int r = 0; r < game::kClipRoleCount; ++r) {
    const auto role = static_cast<ClipRole>(r);
    const int index = model.FindClip(desc.clips[r]);
    if (index < 0) continue;
    const GivenExtras given = model.given_extras[index];
    anim::ClipDesc clip = model.clips[index].ToDesc();
    const bool find_speed = !given.speed && UsesSpeed(role);
    if (!given.loop || !given.contacts || find_speed) {
      const ContactKind kind = ContactKindOf(role);
      const ClipFeatures found =
          FindClipFeatures(model.skeleton, model.clips[index], LimbPointsFor(desc, model.skeleton, kind), kind,
                           model.skeleton.FindJoint(desc.pelvis_joint));
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
        notes->push_back(model.path + ": clip '" + clip.name + "' (" + game::ClipRoleKey(role) +
                         ") found from its motion: loop " + (clip.loop ? "yes" : "no") + ", speed " + speed +
                         ", contacts (s) " + DescribeContacts(model.clips[index]));
      }
    }
    if (!given.rungs && (role == ClipRole::kClimbUp || role == ClipRole::kClimbDown)) {
      // The ladder it was authored on, from where its holds are.
      const auto limbs = LimbPointsFor(desc, model.skeleton, ContactKind::kLadder);
      clip.rung_spacing_m = RungSpacingM(model.skeleton, model.clips[index], limbs);
      clip.rung_reach_m = RungReachM(model.skeleton, model.clips[index], limbs);
      auto rebuilt = anim::Clip::Create(clip);
      if (!rebuilt)
        return core::Status::Error(model.path + ": animation '" + clip.name + "': " + rebuilt.status().message());
      model.clips[index] = std::move(*rebuilt);
    }
    const bool planted = std::any_of(clip.contacts.begin(), clip.contacts.end(), [](auto& c) { return !c.empty(); });
    if (warnings != nullptr && ShouldPlant(role) && !planted) {
      warnings->push_back(model.path + ": clip '" + clip.name + "' (" + game::ClipRoleKey(role) +
                          ") plants no foot and grips nothing: its limbs will not be held by the IK");
    }
  }
  return core::Status::Ok();
}

}  // namespace knights::asset
