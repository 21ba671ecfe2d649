#pragma once
// A character's model as the game plays it, whatever conventions it was
// built with: facing +X, its root on the ground, every clip's loop,
// contacts and speed known, and a clip for every role (the file's, or a
// fallback built from them: knights/character/role_clips.h). The rest pose (or the character file) says how
// the rig was built (knights/asset/character_facing.h); a rig not built like the
// knight is imported a second time, turned and re-rooted; what the clips'
// extras leave out is found from their motion (knights/asset/character_clips.h).
//
//   asset::CharacterLoadReport report;
//   auto model = asset::LoadCharacterForGame(&desc, &report);
//   for (const std::string& w : report.warnings) log(w);

#include <optional>
#include <string>
#include <vector>

#include "knights/asset/character_facing.h"
#include "knights/asset/character_model.h"
#include "knights/core/status.h"
#include "knights/anim/prop_placement_job.h"
#include "knights/character/character_desc.h"
#include "knights/character/rest_measures.h"
#include "knights/character/rig.h"
#include "knights/character/role_clips.h"

namespace knights::asset {

// What loading found and did, for the log and --inspect-character.
struct CharacterLoadReport {
  std::optional<Facing> rest_facing;  // what the rest pose shows (file model space)
  Facing facing;                      // what the game uses (file model space)
  ModelImportOptions import;          // the turn and ground root applied (the variants load with it)
  std::string file_root;              // the file's root joint
  std::vector<std::string> notes;     // what was found from the clips' motion
  std::vector<std::string> warnings;  // disagreements, guesses, clips that plant nothing
  // Each role's clip (an index into the model's clips) and where it came
  // from: the file, or a fallback built at load and appended to the clips.
  character::RoleClips roles;
  // Its size and contact points in the rest pose (model space, metres).
  character::RestMeasures rest;
};

// The model at desc->model_path (a data path), checked against the
// description, whose offsets the file leaves out are found on the model
// and written in (knights/asset/character_offsets.h). Errors: the first bad
// file's one line.
core::Expected<CharacterModel> LoadCharacterForGame(character::CharacterDesc* desc, CharacterLoadReport* report);

// The props of a model so loaded, their sockets resolved against `rig`
// (knights/character/rig_props.h). The stow sockets are read from the file's own climb
// (a fact of the rig, even where the procedural climb plays), else from the
// climb played; the procedural climb never stows a prop, so the game moves
// each onto its socket.
core::Expected<std::vector<anim::PropSockets>> ResolveCharacterProps(const character::CharacterDesc& desc,
                                                                     const CharacterModel& model,
                                                                     const character::RoleClips& roles,
                                                                     const character::Rig& rig);

}  // namespace knights::asset
