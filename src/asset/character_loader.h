#pragma once
// A character's model as the game plays it, whatever conventions it was
// built with: facing +X, its root on the ground, every clip's loop,
// contacts and speed known, and a clip for every role (the file's, or a
// fallback built from them: game/role_clips.h). The rest pose (or the character file) says how
// the rig was built (asset/character_facing.h); a rig not built like the
// knight is imported a second time, turned and re-rooted; what the clips'
// extras leave out is found from their motion (asset/character_clips.h).
//
//   asset::CharacterLoadReport report;
//   auto model = asset::LoadCharacterForGame(desc, &report);
//   for (const std::string& w : report.warnings) log(w);

#include <optional>
#include <string>
#include <vector>

#include "asset/character_facing.h"
#include "asset/character_model.h"
#include "core/status.h"
#include "anim/prop_placement_job.h"
#include "game/character_desc.h"
#include "game/rig.h"
#include "game/role_clips.h"

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
  game::RoleClips roles;
};

// The model at desc.model_path (a data path), checked against the
// description. Errors: the first bad file's one line.
core::Expected<CharacterModel> LoadCharacterForGame(const game::CharacterDesc& desc, CharacterLoadReport* report);

// The props of a model so loaded, their sockets resolved against `rig`
// (game/rig_props.h). The stow sockets are read from the file's own climb
// (a fact of the rig, even where the procedural climb plays), else from the
// climb played; the procedural climb never stows a prop, so the game moves
// each onto its socket.
core::Expected<std::vector<anim::PropSockets>> ResolveCharacterProps(const game::CharacterDesc& desc,
                                                                     const CharacterModel& model,
                                                                     const game::RoleClips& roles,
                                                                     const game::Rig& rig);

}  // namespace knights::asset
