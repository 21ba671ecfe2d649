#pragma once
// Everything the game loads from disk, and the scene's static geometry built
// from it (CPU only): each character file with its model, mesh variants and
// the rig it resolves to, and the level. LoadAssets runs on a worker thread
// while the main thread opens the window (App::Init).

#include <memory>
#include <string>
#include <vector>

#include "knights/asset/character_model.h"
#include "knights/asset/font_file.h"
#include "knights/audio/audio_mixer.h"
#include "knights/core/status.h"
#include "knights/app/app_options.h"
#include "knights/character/character_desc.h"
#include "knights/character/role_clips.h"
#include "knights/character/rig.h"
#include "knights/render/scene_renderer.h"
#include "knights/world/world.h"

namespace knights::app {

// One character file and what it loads.
struct LoadedCharacter {
  character::CharacterDesc character;
  asset::CharacterModel model;
  character::RoleClips roles;                         // each role's clip in model.clips, and where it came from
  std::vector<asset::CharacterModel> variant_models;  // mesh looks of the same rig
  character::Rig rig;
};

struct LoadedAssets {
  // The player's character first, then the NPCs' if another, then the
  // shipped ones the title screen offers. Never empty once loaded.
  std::vector<LoadedCharacter> characters;
  int npc_character = 0;  // index into characters
  std::unique_ptr<world::World> world;
  render::SceneGeometry scene_geometry;  // uploaded, then freed (FreeUploadedCopies)
  audio::SoundSet sounds;                // handed to the mixer at start-up
  asset::FontFile text_font;             // the UI's faces (assets/fonts), handed to the UI at start-up
  asset::FontFile display_font;
};

// A level ready to play: its world (collision, ladders) and the scene's
// static geometry built from it (CPU only; any thread).
struct PreparedLevel {
  std::unique_ptr<world::World> world;
  render::SceneGeometry scene_geometry;
};

// Loads the level file at `path` (a data path) and builds its world and
// scene geometry; the file's one-line error.
core::Expected<PreparedLevel> PrepareLevel(const std::string& path);

// The character files to load, data paths, each once: the player's
// (options.character_path), the NPCs' (options.npc_character_path, when
// given), and with a title screen every shipped character.
std::vector<std::string> CharacterFilesToLoad(const app::AppOptions& options, bool title_screen);

// The characters (CharacterFilesToLoad) and the level (options.level_path);
// the first bad file's one-line error.
core::Expected<LoadedAssets> LoadAssets(const app::AppOptions& options, bool title_screen);

// The meshes the renderer draws knights with, in the order their look
// indices count: each character's own mesh, then its variants.
std::vector<const anim::SkinnedMesh*> CharacterLooks(const LoadedAssets& assets);

// Drops what the GL now holds its own copy of (vertices, indices and texture
// pixels of each look; the static geometry) and returns the freed pages, so
// those bytes are not resident when the first frame allocates its targets.
void FreeUploadedCopies(LoadedAssets& assets);

}  // namespace knights::app
