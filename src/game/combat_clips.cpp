#include "game/combat_clips.h"

namespace knights::game {
namespace {

float LengthOf(const ClipSet& clips, ClipRole role) {
  const anim::Clip* clip = clips[static_cast<int>(role)];
  return clip != nullptr ? clip->DurationS() : 0.0f;
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
  info.get_up_s = LengthOf(clips, ClipRole::kGetUp);
  return info;
}

}  // namespace knights::game
