#include "knights/character/procedural_climb_parts.h"

#include <algorithm>

#include "knights/anim/model_pose.h"
#include "knights/character/fallback_clips.h"
#include "knights/world/ladder.h"

namespace knights::character::climb_parts {

glm::vec3 RungHoldMs(const ClimbGeometry& g, int limb, float height_m) {
  return IsFoot(limb) ? glm::vec3(g.rung_reach_m, height_m + world::Ladder::kRungRadius, SideOf(limb) * g.foot_z_m)
                      : glm::vec3(g.rung_reach_m, height_m, SideOf(limb) * g.hand_z_m);
}

void BlendLocals(std::span<const math::Transform> from_ls, std::span<const math::Transform> to_ls, float w,
                 std::span<math::Transform> out_ls) {
  for (size_t j = 0; j < out_ls.size(); ++j) {
    out_ls[j].translation = glm::mix(from_ls[j].translation, to_ls[j].translation, w);
    glm::quat to = to_ls[j].rotation;
    if (glm::dot(from_ls[j].rotation, to) < 0.0f) to = -to;
    out_ls[j].rotation = glm::normalize(glm::mix(from_ls[j].rotation, to, w));
    out_ls[j].scale = glm::mix(from_ls[j].scale, to_ls[j].scale, w);
  }
}

StandPose ReadStandPose(const ClipBaker& baker, const anim::Clip& idle) {
  StandPose stand;
  stand.locals_ls.resize(static_cast<size_t>(baker.skeleton().JointCount()));
  SampleLocals(baker.skeleton(), idle, 0.0f, stand.locals_ls);
  stand.models_ms = anim::ModelPoseAt(baker.skeleton(), &idle, 0.0f);
  const Rig& rig = baker.rig();
  const glm::vec3 offsets_ls[anim::kLimbCount] = {rig.ball_offset_l_ls, rig.ball_offset_r_ls, rig.grip_offset_l_ls,
                                                  rig.grip_offset_r_ls};
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    stand.effector_ms[limb] = PointMs(stand.models_ms[baker.Chain(limb).end], offsets_ls[limb]);
  }
  stand.pelvis_ms = glm::vec3(stand.models_ms[rig.pelvis][3]);
  return stand;
}

std::vector<math::Transform> HangPoseLs(const ClipBaker& baker, const ClimbGeometry& g) {
  const float s = g.rung_spacing_m;
  const float half_hold_m = 0.5f * kHoldShare * static_cast<float>(g.rungs_per_cycle) * s;
  return baker.PoseLs(
      nullptr,
      [&](float) {
        BakeFrame frame;
        frame.pelvis_at_ms = g.pelvis_ms;
        for (int limb = 0; limb < anim::kLimbCount; ++limb) {
          const int top = IsFoot(limb) ? g.foot_top_rung : g.hand_top_rung;
          frame.limbs[limb].active = true;
          frame.limbs[limb].point_ms = RungHoldMs(g, limb, static_cast<float>(top) * s - half_hold_m);
          if (IsFoot(limb)) frame.limbs[limb].end_rotation_ms = baker.FlatFootMs(limb, 0.0f);
        }
        return frame;
      },
      0.0f);
}

std::array<std::vector<anim::ContactRange>, anim::kLimbCount> ContactsOf(
    const std::array<LimbPath, anim::kLimbCount>& paths, float duration_s) {
  std::array<std::vector<anim::ContactRange>, anim::kLimbCount> contacts;
  for (int limb = 0; limb < anim::kLimbCount; ++limb) contacts[limb] = paths[limb].Contacts(duration_s, false);
  return contacts;
}

}  // namespace knights::character::climb_parts
