#include "knights/game/knight/fight_clips.h"

#include <algorithm>

namespace knights::game {
namespace {

float LengthOf(const ClipSet& clips, character::ClipRole role) {
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

FightClips ReadFightClips(const anim::Skeleton& skeleton, const ClipSet& clips, const character::Rig& rig) {
  FightClips info;
  info.weapon_prop = FindWeaponProp(rig);
  constexpr std::array<character::ClipRole, kMaxComboLength> kSwings = {
      character::ClipRole::kAttack1, character::ClipRole::kAttack2, character::ClipRole::kAttack3};
  for (const character::ClipRole role : kSwings) {
    const anim::Clip* clip = clips[static_cast<int>(role)];
    if (clip == nullptr) break;
    const AttackWindow window = FindAttackWindow(skeleton, *clip, rig, info.weapon_prop);
    if (window.active_to_s <= window.active_from_s) break;  // a swing that never moves cannot hurt
    info.reach_m = info.combo_length == 0 ? window.reach_m : std::min(info.reach_m, window.reach_m);
    info.attacks[static_cast<size_t>(info.combo_length++)] = window;
  }
  info.can_block = clips[static_cast<int>(character::ClipRole::kBlock)] != nullptr;
  info.block_hit_s = LengthOf(clips, character::ClipRole::kBlockHit);
  info.hit_s = LengthOf(clips, character::ClipRole::kHit);
  info.knockdown_s = LengthOf(clips, character::ClipRole::kKnockdown);
  info.knockdown_feet_off_s = FeetOffS(clips[static_cast<int>(character::ClipRole::kKnockdown)]);
  info.get_up_s = LengthOf(clips, character::ClipRole::kGetUp);
  return info;
}

}  // namespace knights::game
