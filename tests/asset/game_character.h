#pragma once
// A character file loaded as the game loads it (asset::LoadCharacterForGame:
// every role's clip, the fallbacks built), its rig resolved, for tests of
// the clips the game plays.
//
//   auto squire = test::LoadGameCharacter("squire_common.json");
//   const anim::Clip& turn = squire->Clip(character::ClipRole::kTurn);

#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_loader.h"
#include "knights/core/file_io.h"
#include "knights/game/knight/anim_player.h"
#include "knights/character/rig.h"

namespace knights::test {

struct GameCharacter {
  character::CharacterDesc desc;
  asset::CharacterModel model;
  asset::CharacterLoadReport report;
  character::Rig rig;
  game::ClipSet clips{};  // every role's clip (null for a fight role not mapped)
  const anim::Clip& Clip(character::ClipRole role) const { return *clips[static_cast<int>(role)]; }
  character::ClipSource Source(character::ClipRole role) const { return report.roles.source[static_cast<int>(role)]; }
};

// file: a name under assets/characters, or a path from the repository's
// root (a test character under tests/data/characters). `edit` changes the
// description before the model loads (a role left out). Null, with a test
// failure, when it fails.
inline std::unique_ptr<GameCharacter> LoadGameCharacter(
    const std::string& file, const std::function<void(character::CharacterDesc&)>& edit = {}) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  auto c = std::make_unique<GameCharacter>();
  const std::string folder = file.find('/') == std::string::npos ? "/assets/characters/" : "/";
  auto desc = asset::LoadCharacterDesc(std::string(KNIGHTS_SOURCE_DIR) + folder + file);
  EXPECT_TRUE(desc.ok()) << desc.status().message();
  if (!desc.ok()) return nullptr;
  c->desc = *desc;
  if (edit) edit(c->desc);
  auto model = asset::LoadCharacterForGame(&c->desc, &c->report);
  EXPECT_TRUE(model.ok()) << model.status().message();
  if (!model.ok()) return nullptr;
  c->model = std::move(*model);
  auto rig = character::ResolveRig(c->desc, c->model.skeleton);
  EXPECT_TRUE(rig.ok()) << rig.status().message();
  if (!rig.ok()) return nullptr;
  c->rig = *rig;
  c->rig.body_height_m = character::BindPoseHeightM(c->model.mesh);
  for (int role = 0; role < character::kClipRoleCount; ++role) {
    const int index = c->report.roles.clip[role];
    if (index >= 0) c->clips[role] = &c->model.clips[index];
  }
  return c;
}

}  // namespace knights::test
