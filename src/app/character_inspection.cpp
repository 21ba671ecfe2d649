#include "app/character_inspection.h"

#include <cstdio>
#include <vector>

#include "asset/character_clips.h"
#include "asset/character_desc_loader.h"
#include "asset/character_loader.h"
#include "core/file_io.h"
#include "game/rig.h"
#include "game/rig_props.h"

namespace knights::app {
namespace {

constexpr int kExitBadInput = 2;

void PrintFrame(const asset::CharacterLoadReport& report, const asset::CharacterModel& model) {
  auto pair = [](const asset::Facing& f) {
    return "forward " + asset::AxisName(f.forward_axis) + ", up " + asset::AxisName(f.up_axis);
  };
  std::printf("facing:  %s (rest pose: %s)\n", pair(report.facing).c_str(),
              report.rest_facing ? pair(*report.rest_facing).c_str() : "does not tell");
  if (report.import.ground_root_ms) {
    std::printf(
        "ground:  joint 0 '%s' added on the ground under the file's root '%s' (the rig is rooted at its hips);"
        " it carries the clips' travel\n",
        model.skeleton.Names()[0].c_str(), report.file_root.c_str());
  } else {
    std::printf("ground:  joint 0 '%s' stands on the ground\n", model.skeleton.Names()[0].c_str());
  }
}

void PrintRoles(const game::CharacterDesc& desc) {
  auto chain = [](const game::LimbChainDesc& c) {
    return c.upper + " > " + c.mid + " > " + c.end + (c.tip.empty() ? "" : " > " + c.tip);
  };
  std::printf("roles:   pelvis %s; legs %s | %s; arms %s | %s\n", desc.pelvis_joint.c_str(), chain(desc.leg_l).c_str(),
              chain(desc.leg_r).c_str(), chain(desc.arm_l).c_str(), chain(desc.arm_r).c_str());
}

void PrintClips(const game::CharacterDesc& desc, const asset::CharacterModel& model) {
  std::printf("clips:   %-20s %-22s %7s %-4s %-10s %s\n", "role", "clip", "length", "loop", "speed", "contacts (s)");
  for (int r = 0; r < game::kClipRoleCount; ++r) {
    const int index = model.FindClip(desc.clips[r]);
    if (index < 0) {
      std::printf("         %-20s %-22s (not mapped: optional)\n", game::ClipRoleKey(static_cast<game::ClipRole>(r)),
                  "-");
      continue;
    }
    const anim::Clip& clip = model.clips[index];
    const asset::GivenExtras given = model.given_extras[index];
    char speed[32] = "-";
    if (clip.SpeedMps()) std::snprintf(speed, sizeof speed, "%.2f m/s", *clip.SpeedMps());
    std::printf(
        "         %-20s %-22s %5.2f s %-4s %-10s %s [%s]\n", game::ClipRoleKey(static_cast<game::ClipRole>(r)),
        clip.Name().c_str(), clip.DurationS(), clip.Loop() ? "yes" : "no", speed, asset::DescribeContacts(clip).c_str(),
        given.loop && given.contacts ? "extras" : (given.loop || given.contacts ? "extras + motion" : "motion"));
  }
}

void PrintClimb(const game::CharacterDesc& desc, const asset::CharacterModel& model) {
  const int index = model.FindClip(desc.clips[static_cast<int>(game::ClipRole::kClimbUp)]);
  const anim::Clip& climb = model.clips[index];
  const char* source = model.given_extras[index].rungs ? "extras" : "measured";
  const float rise_m = climb.ClimbMPerCycle().value_or(climb.SpeedMps().value_or(0.0f) * climb.DurationS());
  std::printf("climb:   %.2f m per cycle", rise_m);
  if (climb.RungSpacingM()) {
    std::printf(", rungs %.2f m apart (%.1f rungs per cycle)", *climb.RungSpacingM(), rise_m / *climb.RungSpacingM());
  } else {
    std::printf(", no two limbs grip together: rungs taken 0.30 m apart");
  }
  if (climb.RungReachM()) std::printf(", %.2f m in front of the root", *climb.RungReachM());
  std::printf(" [%s]\n", source);
}

void PrintProps(const game::CharacterDesc& desc, const std::vector<anim::PropSockets>& props) {
  std::printf("props:   %zu\n", props.size());
  for (size_t i = 0; i < props.size(); ++i) {
    const game::PropDesc& d = desc.props[i];
    const glm::vec3 at = glm::vec3(props[i].stowed_in_stow[3]);
    std::printf("  %-12s joint '%s', carried by '%s', stowed on '%s' at (%.3f, %.3f, %.3f) [%s]\n", d.name.c_str(),
                d.joint.c_str(), d.carry.c_str(), d.stow.c_str(), at.x, at.y, at.z,
                props[i].clips_stow ? "the clips stow it" : "the game stows it while climbing");
  }
}

}  // namespace

int InspectCharacter(const std::string& character_path) {
  auto desc = asset::LoadCharacterDesc(core::DataPath(character_path));
  if (!desc) {
    std::fprintf(stderr, "knights: %s\n", desc.status().message().c_str());
    return kExitBadInput;
  }
  asset::CharacterLoadReport report;
  auto model = asset::LoadCharacterForGame(*desc, &report);
  if (!model) {
    std::fprintf(stderr, "knights: %s\n", model.status().message().c_str());
    return kExitBadInput;
  }
  auto rig = game::ResolveRig(*desc, model->skeleton);
  if (!rig) {
    std::fprintf(stderr, "knights: %s\n", rig.status().message().c_str());
    return kExitBadInput;
  }
  const int climb_up = model->FindClip(desc->clips[static_cast<int>(game::ClipRole::kClimbUp)]);
  auto props =
      game::ResolveProps(*desc, model->skeleton, *rig, climb_up >= 0 ? &model->clips[climb_up] : nullptr, &model->mesh);
  if (!props) {
    std::fprintf(stderr, "knights: %s\n", props.status().message().c_str());
    return kExitBadInput;
  }
  std::printf("character: %s (%s)\n", desc->file.c_str(), desc->name.c_str());
  std::printf("model:   %s: %d joints, %zu clips, %zu vertices, %d triangles\n", desc->model_path.c_str(),
              model->skeleton.JointCount(), model->clips.size(), model->mesh.vertices.size(),
              model->mesh.TriangleCount());
  std::printf("height:  %.2f m (bind pose, soles to the top of the head)\n", game::BindPoseHeightM(model->mesh));
  PrintFrame(report, *model);
  PrintRoles(*desc);
  PrintClips(*desc, *model);
  PrintClimb(*desc, *model);
  PrintProps(*desc, *props);
  std::printf("warnings: %zu\n", report.warnings.size());
  for (const std::string& line : report.warnings) std::printf("  %s\n", line.c_str());
  return 0;
}

}  // namespace knights::app
