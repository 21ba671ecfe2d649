#include "app/loaded_assets.h"

#include <string>
#include <utility>
#include <vector>

#include "asset/character_clips.h"
#include "asset/character_desc_loader.h"
#include "asset/character_facing.h"
#include "asset/level_loader.h"
#include "core/file_io.h"
#include "core/log.h"
#include "core/process_memory.h"

namespace knights::app {

namespace {

// The character's model as the game plays it: facing +X, its root on the
// ground, every clip's loop, contacts and speed known. The rest pose (or
// the file) says how it was built; a rig not built like the knight is
// imported a second time, turned and re-rooted; what clips' extras leave
// out is found from their motion.
// *import: the options its variants load with.
core::Expected<asset::CharacterModel> LoadModelForGame(const game::CharacterDesc& desc,
                                                       asset::ModelImportOptions* import) {
  auto model = asset::LoadCharacterModel(core::DataPath(desc.model_path));
  if (!model) return model.status();
  if (core::Status s = asset::CheckCharacterDesc(desc, *model); !s.ok()) return s;
  std::vector<std::string> warnings;
  const asset::Facing facing = asset::ChooseFacing(desc, model->skeleton, &warnings);
  for (const std::string& line : warnings) KNIGHTS_LOG_WARN("CHAR", "%s", line.c_str());
  import->turn_ms = asset::TurnToGameAxes(facing);
  import->ground_root_ms = asset::GroundRootMs(desc, model->skeleton, facing);
  if (import->turn_ms != glm::identity<glm::quat>() || import->ground_root_ms) {
    model = asset::LoadCharacterModel(core::DataPath(desc.model_path), *import);
    if (!model) return model.status();
  }
  std::vector<std::string> notes;
  warnings.clear();
  if (core::Status s = asset::CompleteCharacterClips(desc, *model, &notes, &warnings); !s.ok()) return s;
  for (const std::string& line : notes) KNIGHTS_LOG_INFO("CHAR", "%s", line.c_str());
  for (const std::string& line : warnings) KNIGHTS_LOG_WARN("CHAR", "%s", line.c_str());
  return model;
}

}  // namespace

core::Expected<LoadedAssets> LoadAssets(const game::AppOptions& options) {
  LoadedAssets a;
  auto desc = asset::LoadCharacterDesc(core::DataPath(options.character_path));
  if (!desc) return desc.status();
  a.character = std::move(*desc);
  asset::ModelImportOptions import;
  auto model = LoadModelForGame(a.character, &import);
  if (!model) return model.status();
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
