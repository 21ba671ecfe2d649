#pragma once
// What the combat state machine must know of a character's combat clips,
// read once at load: how many swings its combo has, when each can hurt
// (game/attack_windows.h), and how long each reaction plays. A role the
// character file does not map is simply not available: no attack clip, no
// attacking; no block clip, no blocking; no hit clip, a blow is taken
// without a stagger clip.

#include <array>

#include "anim/skeleton.h"
#include "game/anim_player.h"
#include "game/attack_windows.h"
#include "game/rig.h"

namespace knights::game {

inline constexpr int kMaxComboLength = 3;

struct CombatClips {
  // Swings in the combo: attack_1, attack_2 and attack_3 as far as they are
  // mapped without a gap (0: the character cannot attack).
  int combo_length = 0;
  std::array<AttackWindow, kMaxComboLength> attacks{};
  bool can_block = false;    // block is mapped
  float block_hit_s = 0.0f;  // block_hit's length (0: not mapped; the block pose holds)
  float hit_s = 0.0f;        // hit's length (0: not mapped)
  float knockdown_s = 0.0f;  // knockdown's length (0: not mapped: a heavy blow staggers)
  // When knockdown's feet leave the ground: the end of its foot contacts
  // that begin at its start, seconds (its shove waits for it: planted feet
  // would slide).
  float knockdown_feet_off_s = 0.0f;
  float get_up_s = 0.0f;  // get_up's length (0: not mapped)
  int weapon_prop = -1;   // index into the rig's props (FindWeaponProp), -1: the fist
};

CombatClips ReadCombatClips(const anim::Skeleton& skeleton, const ClipSet& clips, const Rig& rig);

}  // namespace knights::game
