#include "game/combat_clips.h"

#include <algorithm>

namespace knights::game {
namespace {

float LengthOf(const ClipSet& clips, ClipRole role) {
  const anim::Clip* clip = clips[static_cast<int>(role)];
  return clip != nullptr ? clip->DurationS() : 0.0f;
}

// The latest end of the foot contacts that begin at the clip's start.
float FeetOffS(const anim::Clip* clip) {
  if (clip == nullptr) return 0.0f;
  float off_s = 0.0f;
  for (const anim::Limb foot : {anim::kFootL, anim::kFootR}) {
    for (const anim::ContactRange& r : clip->Contacts(foot)) {
      if (r.start_s <= 1e-3f && r.end_s >= r.start_s) off_s = std::max(off_s, r.end_s);
    }
  }
  return off_s;
}

}  // namespace

CombatClips ReadCombatClips(const anim::Skeleton& skeleton, const ClipSet& clips, const Rig& rig) {
  CombatClips info;
  info.weapon_prop = FindWeaponProp(rig);
  constexpr std::array<ClipRole, kMaxComboLength> kSwings = {ClipRole::kAttack1, ClipRole::kAttack2,
                                                             ClipRole::kAttack3};
  for (const ClipRole role : kSwings) {
    const anim::Clip* clip = clips[static_cast<int>(role)];
    if (clip == nullptr) break;
    const AttackWindow window = FindAttackWindow(skeleton, *clip, rig, info.weapon_prop);
    if (window.active_to_s <= window.active_from_s) break;  // a swing that never moves cannot hurt
    info.attacks[static_cast<size_t>(info.combo_length++)] = window;
  }
  info.can_block = clips[static_cast<int>(ClipRole::kBlock)] != nullptr;
  info.block_hit_s = LengthOf(clips, ClipRole::kBlockHit);
  info.hit_s = LengthOf(clips, ClipRole::kHit);
  info.knockdown_s = LengthOf(clips, ClipRole::kKnockdown);
  info.knockdown_feet_off_s = FeetOffS(clips[static_cast<int>(ClipRole::kKnockdown)]);
  info.get_up_s = LengthOf(clips, ClipRole::kGetUp);
  return info;
}

}  // namespace knights::game
