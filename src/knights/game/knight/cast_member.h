#pragma once
// One character a session can put in the world, player or NPC: what a
// Knight is built from (skeleton, clips by role, rig) and which of the
// renderer's mesh looks it is drawn with. The session holds one per loaded
// character file; the title screen chooses who plays and who patrols.

#include <string>

#include "knights/anim/skeleton.h"
#include "knights/game/knight/anim_player.h"
#include "knights/character/clip_source.h"
#include "knights/character/rig.h"

namespace knights::game {

struct CastMember {
  std::string name;  // the character file's name, shown on the title screen
  // Must outlive the session.
  const anim::Skeleton* skeleton = nullptr;
  ClipSet clips{};
  const character::Rig* rig = nullptr;
  // Indices into the renderer's looks: its own mesh, and the red and green
  // NPC variants (its own mesh when the character file gives none).
  int look = 0;
  int look_red = 0;
  int look_green = 0;
  character::ClipSources sources{};  // where each role's clip comes from (the overlay says)
};

}  // namespace knights::game
