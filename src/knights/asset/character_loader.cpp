#include "knights/asset/character_loader.h"

#include "knights/anim/model_pose.h"
#include "knights/asset/character_clips.h"
#include "knights/asset/character_offsets.h"
#include "knights/asset/ground_root.h"
#include "knights/asset/retarget_source.h"
#include "knights/asset/character_desc_loader.h"
#include "knights/core/file_io.h"
#include "knights/character/rest_measures.h"
#include "knights/character/rig.h"
#include "knights/character/rig_props.h"
#include "knights/character/role_clips.h"

namespace knights::asset {
namespace {

// The mean height of the two soles in `clip` at time_s, model space.
float SoleHeightAt(const anim::Skeleton& skeleton, const anim::Clip& clip, float time_s,
                   const std::array<LimbPoint, anim::kLimbCount>& soles) {
  const std::vector<glm::mat4> models_ms = anim::ModelPoseAt(skeleton, &clip, time_s);
  float sum = 0.0f;
  for (int side = 0; side < 2; ++side)
    sum += glm::vec3(models_ms[soles[side].joint] * glm::vec4(soles[side].offset_ls, 1.0f)).y;
  return 0.5f * sum;
}

// Every clip whose added ground root rises (a climb onto a ledge) ends its
// rise where the soles end (SettleRiseOnSoles).
core::Status SettleRisesOnSoles(const character::CharacterDesc& desc, CharacterModel& model) {
  const auto soles = LimbPointsFor(desc, model.skeleton, ContactKind::kGround);
  if (soles[0].joint < 0 || soles[1].joint < 0) return core::Status::Ok();
  for (anim::Clip& clip : model.clips) {
    anim::ClipDesc settled = clip.ToDesc();
    if (!SettleRiseOnSoles(settled, 0, 1, SoleHeightAt(model.skeleton, clip, clip.DurationS(), soles))) continue;
    auto rebuilt = anim::Clip::Create(std::move(settled));
    if (!rebuilt)
      return core::Status::Error(model.path + ": animation '" + clip.Name() + "': " + rebuilt.status().message());
    clip = std::move(*rebuilt);
  }
  return core::Status::Ok();
}

// The model loaded as the game plays it: facing +X, rooted on the ground,
// at the file's scale; the rises of its climbs settled on its soles.
core::Expected<CharacterModel> LoadTurnedModel(character::CharacterDesc& desc, CharacterLoadReport* report) {
  report->import.scale = desc.scale;
  auto model = LoadCharacterModel(core::DataPath(desc.model_path), report->import);
  if (!model) return model.status();
  if (core::Status s = CheckCharacterDesc(desc, *model); !s.ok()) return s;
  for (const std::string& root : model->dropped_roots) {
    report->warnings.push_back(model->path + ": the skin's other root " + root +
                               ", no vertex bound to it, is left out of the skeleton rooted at '" +
                               model->skeleton.Names()[0] + "'");
  }
  report->file_root = model->skeleton.Names()[0];
  report->rest_facing = FacingFromRestPose(desc, model->skeleton);
  report->facing = ChooseFacing(desc, model->skeleton, &report->warnings);
  FindMissingOffsets(report->facing.up_axis, report->facing.forward_axis, *model, &desc, &report->notes);
  report->import.turn_ms = TurnToGameAxes(report->facing);
  report->import.ground_root_ms = GroundRootMs(desc, model->skeleton, report->facing);
  if (report->import.turn_ms != glm::identity<glm::quat>() || report->import.ground_root_ms) {
    model = LoadCharacterModel(core::DataPath(desc.model_path), report->import);
    if (!model) return model.status();
  }
  if (report->import.ground_root_ms) {
    if (core::Status s = SettleRisesOnSoles(desc, *model); !s.ok()) return s;
  }
  return model;
}

// A clip for every role: the file's, the knight's retargeted where the file
// leaves the role out, or a fallback.
core::Status AddPlayedRoles(const character::CharacterDesc& played, const character::Rig& rig, CharacterModel& model,
                            CharacterLoadReport* report) {
  std::unique_ptr<RetargetSourceModel> source;
  if (character::RetargetsLeftOutRoles(played)) {
    auto loaded = LoadRetargetSource();
    if (!loaded) {
      return core::Status::Error(played.file + ": clips: retargeting from the knight: " + loaded.status().message());
    }
    source = std::move(*loaded);
  }
  auto roles = character::AddRoleClips(played, model.skeleton, rig, model.clips, source ? &source->source : nullptr);
  if (!roles) return roles.status();
  // The fallbacks state everything themselves: no extras were missing.
  model.given_extras.resize(model.clips.size(), GivenExtras{true, true, true, true});
  report->roles = *roles;
  return core::Status::Ok();
}

}  // namespace

core::Expected<CharacterModel> LoadCharacterForGame(character::CharacterDesc* desc_io, CharacterLoadReport* report) {
  character::CharacterDesc& desc = *desc_io;
  auto model = LoadTurnedModel(desc, report);
  if (!model) return model.status();
  // A role mapped to a clip that holds one pose is played as one left out.
  const character::CharacterDesc played = WithoutStillClips(desc, *model, &report->warnings);
  if (core::Status s = CompleteCharacterClips(played, *model, &report->notes, &report->warnings); !s.ok()) return s;
  auto rig = character::ResolveRig(played, model->skeleton);
  if (!rig) return rig.status();
  report->rest = character::MeasureRest(*rig, model->skeleton, model->mesh);
  character::WarnPointsOffTheFloor(report->rest, played, &report->warnings);
  if (core::Status s = AddPlayedRoles(played, *rig, *model, report); !s.ok()) return s;
  return model;
}

core::Expected<std::vector<anim::PropSockets>> ResolveCharacterProps(const character::CharacterDesc& desc,
                                                                     const CharacterModel& model,
                                                                     const character::RoleClips& roles,
                                                                     const character::Rig& rig) {
  const int up = static_cast<int>(character::ClipRole::kClimbUp);
  const int file_climb_up = model.FindClip(desc.clips[up]);
  const int climb_up = file_climb_up >= 0 ? file_climb_up : roles.clip[up];
  auto props =
      character::ResolveProps(desc, model.skeleton, rig, climb_up >= 0 ? &model.clips[climb_up] : nullptr, &model.mesh);
  if (!props) return props.status();
  if (roles.source[up] == character::ClipSource::kProceduralClimb) {
    for (anim::PropSockets& prop : *props) prop.clips_stow = false;
  }
  return props;
}

}  // namespace knights::asset
