#include "knights/character/rig.h"

#include <algorithm>
#include <vector>

#include "knights/anim/local_to_model_job.h"
#include "knights/ik/hinge_axis.h"

namespace knights::character {
namespace {

core::Status ResolveChain(const CharacterDesc& desc, const anim::Skeleton& skeleton, const LimbChainDesc& names,
                          const std::string& path, LimbChain& out) {
  struct Link {
    const std::string* name;
    int* index;
    const char* field;
  };
  const Link links[] = {{&names.upper, &out.upper, "upper"},
                        {&names.mid, &out.mid, "mid"},
                        {&names.end, &out.end, "end"},
                        {&names.tip, &out.tip, "tip"}};
  int previous = -1;
  for (const Link& link : links) {
    if (link.name->empty()) continue;  // only the tip is optional (the loader checks the rest)
    *link.index = skeleton.FindJoint(*link.name);
    if (*link.index < 0) {
      return core::Status::Error(desc.file + ": " + path + "." + link.field + ": joint '" + *link.name +
                                 "' is not in the skeleton");
    }
    if (previous >= 0 && skeleton.Parents()[*link.index] != previous) {
      const int parent = skeleton.Parents()[*link.index];
      // A joint hanging from above its chain (a foot parented to the root
      // or the hips) is an IK rig's export layout.
      const std::string above =
          parent >= 0 && skeleton.InSubtree(parent, previous)
              ? ": it hangs from '" + skeleton.Names()[parent] +
                    "', above the chain (an IK rig's layout, its feet or hands parented to the root: export the "
                    "deform bones, whose limbs are whole chains)"
              : "";
      return core::Status::Error(desc.file + ": " + path + "." + link.field + ": joint '" + *link.name +
                                 "' is not a child of '" + skeleton.Names()[previous] + "'" + above);
    }
    previous = *link.index;
  }
  return core::Status::Ok();
}

// Knees bend towards the facing (+x), elbows away from it.
void ReadHingeAxes(const anim::Skeleton& skeleton, Rig& rig) {
  std::vector<glm::mat4> rest_ms(skeleton.RestPose().size());
  anim::LocalToModelJob l2m;
  l2m.parents = skeleton.Parents();
  l2m.locals_ls = skeleton.RestPose();
  l2m.models_ms = rest_ms;
  if (!l2m.Run()) return;
  const LimbChain* limbs[4] = {&rig.leg_l, &rig.leg_r, &rig.arm_l, &rig.arm_r};
  for (int limb = 0; limb < 4; ++limb) {
    const LimbChain& c = *limbs[limb];
    const glm::vec3 bend_toward_ms(limb < 2 ? 1.0f : -1.0f, 0.0f, 0.0f);
    rig.hinge_axis_ls[limb] = ik::RestHingeAxisLs(rest_ms[c.upper], rest_ms[c.mid], rest_ms[c.end], bend_toward_ms);
  }
}

// The meaning of the rig, not only its names: the pelvis above both legs
// and inside none of the limbs, and each limb apart from the other three
// (not one of them, not under one of them: a leg that names arm joints, a
// right arm that is the left one).
core::Status CheckRigShape(const CharacterDesc& desc, const anim::Skeleton& skeleton, const Rig& rig) {
  struct Limb {
    const LimbChain* chain;
    const char* path;
  };
  const Limb limbs[4] = {
      {&rig.leg_l, "legs.left"}, {&rig.leg_r, "legs.right"}, {&rig.arm_l, "arms.left"}, {&rig.arm_r, "arms.right"}};
  const auto& names = skeleton.Names();
  for (int leg = 0; leg < 2; ++leg) {
    if (!skeleton.InSubtree(rig.pelvis, limbs[leg].chain->upper) || rig.pelvis == limbs[leg].chain->upper) {
      return core::Status::Error(desc.file + ": pelvis: joint '" + names[rig.pelvis] + "' is not above " +
                                 limbs[leg].path + " ('" + names[limbs[leg].chain->upper] + "')");
    }
  }
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      if (a != b && skeleton.InSubtree(limbs[b].chain->upper, limbs[a].chain->upper)) {
        return core::Status::Error(desc.file + ": " + limbs[a].path + ": joint '" + names[limbs[a].chain->upper] +
                                   "' is " + (limbs[a].chain->upper == limbs[b].chain->upper ? "also " : "under ") +
                                   limbs[b].path + " ('" + names[limbs[b].chain->upper] + "')");
      }
    }
  }
  return core::Status::Ok();
}

}  // namespace

core::Expected<Rig> ResolveRig(const CharacterDesc& desc, const anim::Skeleton& skeleton) {
  Rig rig;
  rig.pelvis = skeleton.FindJoint(desc.pelvis_joint);
  if (rig.pelvis < 0) {
    return core::Status::Error(desc.file + ": pelvis: joint '" + desc.pelvis_joint + "' is not in the skeleton");
  }
  if (auto s = ResolveChain(desc, skeleton, desc.leg_l, "legs.left", rig.leg_l); !s.ok()) return s;
  if (auto s = ResolveChain(desc, skeleton, desc.leg_r, "legs.right", rig.leg_r); !s.ok()) return s;
  if (auto s = ResolveChain(desc, skeleton, desc.arm_l, "arms.left", rig.arm_l); !s.ok()) return s;
  if (auto s = ResolveChain(desc, skeleton, desc.arm_r, "arms.right", rig.arm_r); !s.ok()) return s;
  if (auto s = CheckRigShape(desc, skeleton, rig); !s.ok()) return s;
  rig.sole_offset_l_ls = desc.sole_offset_l_ls;
  rig.sole_offset_r_ls = desc.sole_offset_r_ls;
  rig.ball_offset_l_ls = desc.ball_offset_l_ls;
  rig.ball_offset_r_ls = desc.ball_offset_r_ls;
  rig.grip_offset_l_ls = desc.grip_offset_l_ls;
  rig.grip_offset_r_ls = desc.grip_offset_r_ls;
  rig.heel_offset_l_ls = desc.heel_offset_l_ls.value_or(
      desc.sole_offset_l_ls - kHeelBehindSole * (desc.ball_offset_l_ls - desc.sole_offset_l_ls));
  rig.heel_offset_r_ls = desc.heel_offset_r_ls.value_or(
      desc.sole_offset_r_ls - kHeelBehindSole * (desc.ball_offset_r_ls - desc.sole_offset_r_ls));
  ReadHingeAxes(skeleton, rig);
  return rig;
}

float BindPoseHeightM(const anim::SkinnedMesh& mesh) {
  if (mesh.vertices.empty()) return 0.0f;
  float low_y = mesh.vertices[0].position_ms.y;
  float high_y = low_y;
  for (const anim::SkinnedVertex& v : mesh.vertices) {
    low_y = std::min(low_y, v.position_ms.y);
    high_y = std::max(high_y, v.position_ms.y);
  }
  return high_y - low_y;
}

}  // namespace knights::character
