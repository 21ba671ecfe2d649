#include "knights/app/loaded_assets.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "knights/app/game_sounds.h"
#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_loader.h"
#include "knights/asset/level_loader.h"
#include "knights/core/file_io.h"
#include "knights/core/log.h"
#include "knights/core/process_memory.h"
#include "knights/render/prop_budget.h"

namespace knights::app {
namespace {

// The characters shipped with the game, offered on the title screen.
constexpr const char* kShippedCharacters[] = {"assets/characters/knight.json", "assets/characters/squire.json"};

// A character file, its model and its mesh variants, and its rig.
core::Expected<LoadedCharacter> LoadOneCharacter(const std::string& path) {
  LoadedCharacter c;
  const auto file = core::ReadableDataPath(path);
  if (!file) return file.status();
  auto desc = asset::LoadCharacterDesc(*file);
  if (!desc) return desc.status();
  c.character = std::move(*desc);
  asset::CharacterLoadReport report;
  auto model = asset::LoadCharacterForGame(&c.character, &report);
  if (!model) return model.status();
  for (const std::string& line : report.notes) KNIGHTS_LOG_INFO("CHAR", "%s", line.c_str());
  for (const std::string& line : report.warnings) KNIGHTS_LOG_WARN("CHAR", "%s", line.c_str());
  c.model = std::move(*model);
  c.roles = report.roles;
  for (const auto& [name, variant_path] : c.character.variants) {
    auto variant = asset::LoadCharacterModel(core::DataPath(variant_path), report.import);
    if (!variant) return variant.status();
    if (variant->skeleton.JointCount() != c.model.skeleton.JointCount()) {
      return core::Status::Error(c.character.file + ": variants." + name + ": " + variant_path +
                                 " has a different skeleton than " + c.character.model_path);
    }
    c.variant_models.push_back(std::move(*variant));
  }
  auto rig = character::ResolveRig(c.character, c.model.skeleton);
  if (!rig) return rig.status();
  c.rig = *rig;
  c.rig.body_height_m = character::BindPoseHeightM(c.model.mesh);
  auto props = asset::ResolveCharacterProps(c.character, c.model, c.roles, c.rig);
  if (!props) return props.status();
  c.rig.props = std::move(*props);
  return c;
}

// The same file however it is written (./assets/x.json, assets/x.json).
std::string SameFileKey(const std::string& path) {
  return std::filesystem::path(core::DataPath(path)).lexically_normal().string();
}

}  // namespace

core::Expected<PreparedLevel> PrepareLevel(const std::string& path) {
  const auto file = core::ReadableDataPath(path);
  if (!file) return file.status();
  auto level = asset::LoadLevel(*file);
  if (!level) return level.status();
  PreparedLevel prepared;
  prepared.world = std::make_unique<world::World>(std::move(*level));
  prepared.scene_geometry = render::BuildSceneGeometry(*prepared.world);
  if (const int undrawn = prepared.scene_geometry.props_not_drawn; undrawn > 0) {
    KNIGHTS_LOG_INFO("RENDER", "%s: %d of %zu props not drawn: the rest cover the screen %g times over (the budget)",
                     path.c_str(), undrawn, prepared.world->level().props.size(),
                     static_cast<double>(render::PropBudget{}.max_screens));
  }
  return prepared;
}

std::vector<std::string> CharacterFilesToLoad(const app::AppOptions& options, bool title_screen) {
  std::vector<std::string> files = {options.character_path};
  std::vector<std::string> keys = {SameFileKey(options.character_path)};
  auto add = [&](const std::string& path) {
    const std::string key = SameFileKey(path);
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) return;
    files.push_back(path);
    keys.push_back(key);
  };
  if (!options.npc_character_path.empty()) add(options.npc_character_path);
  if (title_screen) {
    for (const char* shipped : kShippedCharacters) add(shipped);
  }
  return files;
}

core::Expected<LoadedAssets> LoadAssets(const app::AppOptions& options, bool title_screen) {
  LoadedAssets a;
  const std::vector<std::string> files = CharacterFilesToLoad(options, title_screen);
  for (const std::string& file : files) {
    auto character = LoadOneCharacter(file);
    if (!character) return character.status();
    a.characters.push_back(std::move(*character));
  }
  if (!options.npc_character_path.empty()) {
    const std::string key = SameFileKey(options.npc_character_path);
    for (size_t i = 0; i < files.size(); ++i) {
      if (SameFileKey(files[i]) == key) a.npc_character = static_cast<int>(i);
    }
  }
  auto level = PrepareLevel(options.level_path);
  if (!level) return level.status();
  a.world = std::move(level->world);
  a.scene_geometry = std::move(level->scene_geometry);
  auto sounds = LoadGameSounds();
  if (!sounds) return sounds.status();
  a.sounds = std::move(*sounds);
  for (auto [file, font] : {std::pair{"assets/fonts/DejaVuSans.ttf", &a.text_font},
                            std::pair{"assets/fonts/DejaVuSerif-Bold.ttf", &a.display_font}}) {
    const auto path = core::ReadableDataPath(file);
    if (!path) return path.status();
    auto loaded = asset::LoadFontFile(*path);
    if (!loaded) return loaded.status();
    *font = std::move(*loaded);
  }
  return a;
}

std::vector<const anim::SkinnedMesh*> CharacterLooks(const LoadedAssets& assets) {
  std::vector<const anim::SkinnedMesh*> looks;
  for (const LoadedCharacter& c : assets.characters) {
    looks.push_back(&c.model.mesh);
    for (const asset::CharacterModel& v : c.variant_models) looks.push_back(&v.mesh);
  }
  return looks;
}

void FreeUploadedCopies(LoadedAssets& assets) {
  auto free_mesh = [](anim::SkinnedMesh& mesh) {
    mesh.vertices = {};
    mesh.indices = {};
    mesh.textures = {};
  };
  for (LoadedCharacter& c : assets.characters) {
    free_mesh(c.model.mesh);
    for (asset::CharacterModel& v : c.variant_models) free_mesh(v.mesh);
  }
  assets.scene_geometry = {};
  // Import (assimp), the collision and render mesh builds leave free pages in
  // the heap; they go back before the first frame's peak.
  core::ReturnFreedHeapMemory();
}

}  // namespace knights::app
