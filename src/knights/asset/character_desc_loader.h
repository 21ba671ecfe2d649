#pragma once
// Reads a character description (assets/characters/*.json) and checks it
// against its model: every named clip and joint must exist.
//
// {
//   "name": "knight",
//   "model": "assets/knights/knight_player.glb",
//   "scale": 1.0,
//   "forward": "+x", "up": "+y",   // optional: found from the rest pose (knights/asset/character_facing.h)
//   "clips": {"idle": "idle", "walk": "walk", ...every ClipRole key...},
//   "pelvis": "pelvis",
//   "legs": {"left":  {"upper": "thigh_l", "mid": "shin_l", "end": "foot_l", "tip": "toe_l"},
//            "right": {...}},
//   "arms": {"left":  {"upper": "upper_arm_l", "mid": "forearm_l", "end": "hand_l"}, "right": {...}},
//   "sole_offset_m": {"left": [x, y, z], "right": [x, y, z]},   // foot joint space
//   "ball_offset_m": {"left": [x, y, z], "right": [x, y, z]},   // foot joint space (on rungs)
//   "heel_offset_m": {"left": [x, y, z], "right": [x, y, z]},   // optional, foot joint space
//   "grip_offset_m": {"left": [x, y, z], "right": [x, y, z]},   // hand joint space
//   "variants": {"red": "assets/knights/knight_npc_red.glb", ...} // optional, same rig
// }

#include <string>

#include "knights/asset/character_model.h"
#include "knights/core/status.h"
#include "knights/character/character_desc.h"

namespace knights::asset {

// Parses the file; every error is one line "<file>: <json path>: <problem>".
// The model and variant paths come back resolved (core::ResolveContainedPath:
// beside the file or under the data folder, never outside both).
core::Expected<character::CharacterDesc> LoadCharacterDesc(const std::string& path);
core::Expected<character::CharacterDesc> ParseCharacterDesc(const std::string& json_text, const std::string& file);

// Checks that the model has every clip and joint the description names.
core::Status CheckCharacterDesc(const character::CharacterDesc& desc, const CharacterModel& model);

}  // namespace knights::asset
