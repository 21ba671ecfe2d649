#pragma once
// Everything the game loads from disk, and the scene's static geometry built
// from it (CPU only): the character file, its model and mesh variants, the
// rig it resolves to, and the level. LoadAssets runs on a worker thread
// while the main thread opens the window (App::Init).

#include <memory>
#include <vector>

#include "asset/character_model.h"
#include "core/status.h"
#include "game/app_options.h"
#include "game/character_desc.h"
#include "game/rig.h"
#include "render/scene_renderer.h"
#include "world/world.h"

namespace knights::app {

struct LoadedAssets {
  game::CharacterDesc character;
  asset::CharacterModel model;
  std::vector<asset::CharacterModel> variant_models;  // mesh looks of the same rig
  game::Rig rig;
  std::unique_ptr<world::World> world;
  render::SceneGeometry scene_geometry;  // uploaded, then freed (FreeUploadedCopies)
};

// The character (options.character_path) and level (options.level_path),
// data paths; the first bad file's one-line error.
core::Expected<LoadedAssets> LoadAssets(const game::AppOptions& options);

// Drops what the GL now holds its own copy of (vertices, indices and texture
// pixels of each look; the static geometry) and returns the freed pages, so
// those bytes are not resident when the first frame allocates its targets.
void FreeUploadedCopies(LoadedAssets& assets);

}  // namespace knights::app
