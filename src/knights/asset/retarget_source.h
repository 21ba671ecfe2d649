#pragma once
// The character whose clips are carried onto a rig that brings none of its
// own (knights/character/retarget.h): the knight, loaded as the game loads
// it, every role mapped.
//
//   auto source = asset::LoadRetargetSource();
//   if (!source) return source.status();
//   character::AddRoleClips(desc, skeleton, rig, clips, &(*source)->roles_source);

#include <memory>

#include "knights/asset/character_loader.h"
#include "knights/asset/character_model.h"
#include "knights/character/character_desc.h"
#include "knights/character/clip_baker.h"
#include "knights/character/rig.h"
#include "knights/character/role_clips.h"
#include "knights/core/status.h"

namespace knights::asset {

// The source character's file, a data path.
inline constexpr const char* kRetargetSourceFile = "assets/characters/knight.json";

struct RetargetSourceModel {
  character::CharacterDesc desc;
  CharacterModel model;
  CharacterLoadReport report;
  character::Rig rig;
  std::unique_ptr<character::ClipBaker> baker;
  // Points into the fields above (the struct is never moved: it lives on
  // the heap).
  character::RetargetSource source;
};

core::Expected<std::unique_ptr<RetargetSourceModel>> LoadRetargetSource();

}  // namespace knights::asset
