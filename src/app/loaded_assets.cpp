#include "app/loaded_assets.h"

#include <string>
#include <utility>
#include <vector>

#include "asset/character_desc_loader.h"
#include "asset/character_loader.h"
#include "asset/level_loader.h"
#include "core/file_io.h"
#include "core/log.h"
#include "core/process_memory.h"

namespace knights::app {

core::Expected<LoadedAssets> LoadAssets(const game::AppOptions& options) {
  LoadedAssets a;
  auto desc = asset::LoadCharacterDesc(core::DataPath(options.character_path));
  if (!desc) return desc.status();
  a.character = std::move(*desc);
  asset::CharacterLoadReport report;
  auto model = asset::LoadCharacterForGame(a.character, &report);
  if (!model) return model.status();
  for (const std::string& line : report.notes) KNIGHTS_LOG_INFO("CHAR", "%s", line.c_str());
  for (const std::string& line : report.warnings) KNIGHTS_LOG_WARN("CHAR", "%s", line.c_str());
  const asset::ModelImportOptions& import = report.import;
  a.model = std::move(*model);
  for (const auto& [name, path] : a.character.variants) {
    auto variant = asset::LoadCharacterModel(core::DataPath(path), import);
    if (!variant) return variant.status();
    if (variant->skeleton.JointCount() != a.model.skeleton.JointCount()) {
      return core::Status::Error(a.character.file + ": variants." + name + ": " + path +
                                 " has a different skeleton than " + a.character.model_path);
    }
    a.variant_models.push_back(std::move(*variant));
  }
  auto rig = game::ResolveRig(a.character, a.model.skeleton);
  if (!rig) return rig.status();
  a.rig = *rig;
  auto level = asset::LoadLevel(core::DataPath(options.level_path));
  if (!level) return level.status();
  a.world = std::make_unique<world::World>(std::move(*level));
  a.scene_geometry = render::BuildSceneGeometry(*a.world);
  return a;
}

void FreeUploadedCopies(LoadedAssets& assets) {
  auto free_mesh = [](anim::SkinnedMesh& mesh) {
    mesh.vertices = {};
    mesh.indices = {};
    mesh.textures = {};
  };
  free_mesh(assets.model.mesh);
  for (asset::CharacterModel& v : assets.variant_models) free_mesh(v.mesh);
  assets.scene_geometry = {};
  // Import (assimp), the collision and render mesh builds leave free pages in
  // the heap; they go back before the first frame's peak.
  core::ReturnFreedHeapMemory();
}

}  // namespace knights::app
