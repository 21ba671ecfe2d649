#include "asset/character_loader.h"

#include "asset/character_clips.h"
#include "asset/character_desc_loader.h"
#include "core/file_io.h"

namespace knights::asset {

core::Expected<CharacterModel> LoadCharacterForGame(const game::CharacterDesc& desc, CharacterLoadReport* report) {
  auto model = LoadCharacterModel(core::DataPath(desc.model_path));
  if (!model) return model.status();
  if (core::Status s = CheckCharacterDesc(desc, *model); !s.ok()) return s;
  report->file_root = model->skeleton.Names()[0];
  report->rest_facing = FacingFromRestPose(desc, model->skeleton);
  report->facing = ChooseFacing(desc, model->skeleton, &report->warnings);
  report->import.turn_ms = TurnToGameAxes(report->facing);
  report->import.ground_root_ms = GroundRootMs(desc, model->skeleton, report->facing);
  if (report->import.turn_ms != glm::identity<glm::quat>() || report->import.ground_root_ms) {
    model = LoadCharacterModel(core::DataPath(desc.model_path), report->import);
    if (!model) return model.status();
  }
  if (core::Status s = CompleteCharacterClips(desc, *model, &report->notes, &report->warnings); !s.ok()) return s;
  return model;
}

}  // namespace knights::asset
