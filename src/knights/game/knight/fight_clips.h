#pragma once
// What the fight state machine must know of a character's fight clips,
// read once at load: how many swings its combo has, when each can hurt
// (knights/game/knight/attack_windows.h), and how long each reaction plays. A role the
// character file does not map is simply not available: no attack clip, no
// attacking; no block clip, no blocking; no hit clip, a blow is taken
// without a stagger clip.

#include <array>
#include <limits>

#include "knights/anim/skeleton.h"
#include "knights/game/knight/anim_player.h"
#include "knights/game/knight/attack_windows.h"
#include "knights/character/rig.h"

namespace knights::game {

inline constexpr int kMaxComboLength = 3;

struct FightClips {
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
  // The combo's shortest reach (AttackWindow::reach_m), metres; 0: no combo.
  float reach_m = 0.0f;
  // From how near, feet to feet along x, a swing of the combo reaches into a
  // foe's body (body_radius_m round its feet' vertical), metres; without a
  // combo no nearness is asked (infinity), so a knight that cannot swing
  // keeps its distance as one that can.
  float SwingFromM(float body_radius_m) const {
    return combo_length > 0 ? reach_m + body_radius_m : std::numeric_limits<float>::infinity();
  }
};

FightClips ReadFightClips(const anim::Skeleton& skeleton, const ClipSet& clips, const character::Rig& rig);

}  // namespace knights::game
