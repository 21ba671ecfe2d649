#include "knights/asset/retarget_source.h"

#include "knights/asset/character_desc_loader.h"
#include "knights/core/file_io.h"

namespace knights::asset {

core::Expected<std::unique_ptr<RetargetSourceModel>> LoadRetargetSource() {
  auto loaded = std::make_unique<RetargetSourceModel>();
  auto desc = LoadCharacterDesc(core::DataPath(kRetargetSourceFile));
  if (!desc) return desc.status();
  // A source that itself needs one would load forever.
  if (character::NeedsRetargeting(*desc)) {
    return core::Status::Error(std::string(kRetargetSourceFile) +
                               ": clips: the source of retargeting maps no idle or walk");
  }
  loaded->desc = std::move(*desc);
  // Its own left-out roles fall back: retargeting them would load it again.
  loaded->desc.retarget = false;
  auto model = LoadCharacterForGame(&loaded->desc, &loaded->report);
  if (!model) return model.status();
  loaded->model = std::move(*model);
  auto rig = character::ResolveRig(loaded->desc, loaded->model.skeleton);
  if (!rig) return rig.status();
  loaded->rig = *rig;
  loaded->baker = std::make_unique<character::ClipBaker>(loaded->model.skeleton, loaded->rig);
  loaded->source = {loaded->baker.get(), loaded->model.clips, &loaded->report.roles};
  return loaded;
}

}  // namespace knights::asset
