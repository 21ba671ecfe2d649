#include "knights/app/character_inspection.h"

#include <array>
#include <cstdio>
#include <vector>

#include "knights/asset/character_clips.h"
#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_loader.h"
#include "knights/asset/retarget_source.h"
#include "knights/core/file_io.h"
#include "knights/core/one_line.h"
#include "knights/character/clip_baker.h"
#include "knights/character/procedural_climb.h"
#include "knights/character/rig.h"

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

// Its size and where its points are in the rest pose, in metres.
void PrintSize(const character::RestMeasures& m) {
  std::printf(
      "height:  %.2f m (bind pose, lowest vertex to highest); legs %.2f | %.2f m (hip to ankle), "
      "arms %.2f | %.2f m (shoulder to wrist)\n",
      m.height_m, m.leg_length_m[0], m.leg_length_m[1], m.arm_length_m[0], m.arm_length_m[1]);
  std::printf("points:  rest pose, model space (x forward, y up), metres; the floor (lowest vertex) at y = %.3f\n",
              m.floor_y_ms);
  struct Point {
    const char* name;
    const std::array<glm::vec3, 2>* at_ms;
  };
  for (const Point& p :
       {Point{"sole", &m.sole_ms}, Point{"heel", &m.heel_ms}, Point{"ball", &m.ball_ms}, Point{"grip", &m.grip_ms}}) {
    std::printf("         %-5s left (%6.3f, %6.3f, %6.3f) right (%6.3f, %6.3f, %6.3f), %+.3f | %+.3f over the floor\n",
                p.name, (*p.at_ms)[0].x, (*p.at_ms)[0].y, (*p.at_ms)[0].z, (*p.at_ms)[1].x, (*p.at_ms)[1].y,
                (*p.at_ms)[1].z, (*p.at_ms)[0].y - m.floor_y_ms, (*p.at_ms)[1].y - m.floor_y_ms);
  }
}

void PrintRoles(const character::CharacterDesc& desc) {
  auto chain = [](const character::LimbChainDesc& c) {
    return c.upper + " > " + c.mid + " > " + c.end + (c.tip.empty() ? "" : " > " + c.tip);
  };
  std::printf("roles:   pelvis %s; legs %s | %s; arms %s | %s\n", desc.pelvis_joint.c_str(), chain(desc.leg_l).c_str(),
              chain(desc.leg_r).c_str(), chain(desc.arm_l).c_str(), chain(desc.arm_r).c_str());
}

// Where a clip's loop and contacts came from.
const char* ExtrasSource(const asset::GivenExtras& given) {
  return given.loop && given.contacts ? "extras" : (given.loop || given.contacts ? "extras + motion" : "motion");
}

void PrintClip(const char* role, const anim::Clip& clip, const std::string& source) {
  char speed[32] = "-";
  if (clip.SpeedMps()) std::snprintf(speed, sizeof speed, "%.2f m/s", *clip.SpeedMps());
  std::printf("         %-20s %-34s %5.2f s %-4s %-10s %s [%s]\n", role, clip.Name().c_str(), clip.DurationS(),
              clip.Loop() ? "yes" : "no", speed, asset::DescribeContacts(clip).c_str(), source.c_str());
}

// Each role's clip and where it comes from: the file's clip (its loop and
// contacts from its extras or its motion), or a fallback built at load.
void PrintClips(const character::CharacterDesc& desc, const asset::CharacterModel& model,
                const character::RoleClips& roles) {
  std::printf("clips:   %-20s %-34s %7s %-4s %-10s %s\n", "role", "clip", "length", "loop", "speed",
              "contacts (s) [source]");
  for (int r = 0; r < character::kClipRoleCount; ++r) {
    const char* role = character::ClipRoleKey(static_cast<character::ClipRole>(r));
    const int index = roles.clip[r];
    if (index < 0) {
      std::printf("         %-20s %-34s (not mapped: optional)\n", role, "-");
    } else if (roles.source[r] == character::ClipSource::kClip) {
      PrintClip(role, model.clips[index], std::string("clip, ") + ExtrasSource(model.given_extras[index]));
    } else {
      PrintClip(role, model.clips[index], character::Describe(roles.source[r]));
    }
  }
  if (const int jump = model.FindClip(desc.jump_clip); jump >= 0) {
    PrintClip("(jump)", model.clips[jump], std::string("clip, ") + ExtrasSource(model.given_extras[jump]));
  }
}

void PrintClimb(const asset::CharacterModel& model, const character::RoleClips& roles) {
  const int up = static_cast<int>(character::ClipRole::kClimbUp);
  const anim::Clip& climb = model.clips[roles.clip[up]];
  const char* source = roles.source[up] == character::ClipSource::kProceduralClimb ? "procedural"
                       : roles.source[up] == character::ClipSource::kRetargeted    ? "retargeted"
                       : model.given_extras[roles.clip[up]].rungs                  ? "extras"
                                                                                   : "measured";
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

// The procedural climb's measures of this rig (knights/character/procedural_climb.h).
void PrintProceduralClimb(const asset::CharacterModel& model, const character::Rig& rig) {
  const character::ClipBaker baker(model.skeleton, rig);
  const character::ClimbGeometry g = character::MeasureClimb(baker);
  std::printf(
      "procedural climb: legs %.2f m, arms %.2f m; the pelvis %.2f m above the root and %.2f m behind the rungs, "
      "leaning %.0f degrees; the hands take rung %d (%.2f m up)\n",
      baker.LegLengthM(), baker.ArmLengthM(), g.pelvis_ms.y, g.rung_reach_m - g.pelvis_ms.x, glm::degrees(g.lean_rad),
      g.hand_top_rung, static_cast<float>(g.hand_top_rung) * g.rung_spacing_m);
}

void PrintProps(const character::CharacterDesc& desc, const std::vector<anim::PropSockets>& props) {
  std::printf("props:   %zu\n", props.size());
  for (size_t i = 0; i < props.size(); ++i) {
    const character::PropDesc& d = desc.props[i];
    const glm::vec3 at = glm::vec3(props[i].stowed_in_stow[3]);
    std::printf("  %-12s joint '%s', carried by '%s', stowed on '%s' at (%.3f, %.3f, %.3f) [%s]\n", d.name.c_str(),
                d.joint.c_str(), d.carry.c_str(), d.stow.c_str(), at.x, at.y, at.z,
                props[i].clips_stow ? "the clips stow it" : "the game stows it while climbing");
  }
}

}  // namespace

int InspectCharacter(const std::string& character_path) {
  // Read as --character reads it: a file in the data folder that links
  // outside it is refused.
  const auto file = core::ReadableDataPath(character_path);
  if (!file) {
    core::PrintError(file.status().message());
    return kExitBadInput;
  }
  auto desc = asset::LoadCharacterDesc(*file);
  if (!desc) {
    core::PrintError(desc.status().message());
    return kExitBadInput;
  }
  asset::CharacterLoadReport report;
  auto model = asset::LoadCharacterForGame(&*desc, &report);
  if (!model) {
    core::PrintError(model.status().message());
    return kExitBadInput;
  }
  auto rig = character::ResolveRig(*desc, model->skeleton);
  if (!rig) {
    core::PrintError(rig.status().message());
    return kExitBadInput;
  }
  auto props = asset::ResolveCharacterProps(*desc, *model, report.roles, *rig);
  if (!props) {
    core::PrintError(props.status().message());
    return kExitBadInput;
  }
  std::printf("character: %s (%s)\n", desc->file.c_str(), desc->name.c_str());
  std::printf("model:   %s: %d joints, %zu clips, %zu vertices, %d triangles\n", desc->model_path.c_str(),
              model->skeleton.JointCount(), model->clips.size(), model->mesh.vertices.size(),
              model->mesh.TriangleCount());
  PrintSize(report.rest);
  PrintFrame(report, *model);
  PrintRoles(*desc);
  PrintClips(*desc, *model, report.roles);
  PrintClimb(*model, report.roles);
  if (report.roles.retarget_scale > 0.0f) {
    std::printf(
        "retarget: the roles marked 'retargeted' are the knight's clips (%s) carried onto this rig by its "
        "chains, then its soles placed by IK; travel, heights and speeds x%.3f (its legs over the knight's)\n",
        asset::kRetargetSourceFile, report.roles.retarget_scale);
  }
  if (report.roles.source[static_cast<int>(character::ClipRole::kClimbUp)] == character::ClipSource::kProceduralClimb) {
    PrintProceduralClimb(*model, *rig);
  }
  PrintProps(*desc, *props);
  for (const std::string& line : report.notes) {
    if (line.find(" left out: found on the model") != std::string::npos) std::printf("found:   %s\n", line.c_str());
  }
  std::printf("warnings: %zu\n", report.warnings.size());
  for (const std::string& line : report.warnings) std::printf("  %s\n", line.c_str());
  return 0;
}

}  // namespace knights::app
