#pragma once
// The pieces knights/character/procedural_climb.cpp (the climb, getting on) and
// knights/character/procedural_climb_exit.cpp (getting off at the top) share. Not for
// other users: include knights/character/procedural_climb.h.

#include <array>
#include <span>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/anim/clip.h"
#include "knights/core/status.h"
#include "knights/character/clip_baker.h"
#include "knights/character/limb_path.h"
#include "knights/character/procedural_climb.h"

namespace knights::character::climb_parts {

// Swings bow away from the ladder (a foot a little up too), model metres.
inline constexpr glm::vec3 kHandArcMs(-0.10f, 0.0f, 0.0f);
inline constexpr glm::vec3 kFootArcMs(-0.10f, 0.03f, 0.0f);

// Left limbs on the -z side (model +z is the right).
inline float SideOf(int limb) { return limb == anim::kFootL || limb == anim::kHandL ? -1.0f : 1.0f; }
inline bool IsFoot(int limb) { return limb < 2; }

// Where a limb holding the rung `height_m` above the root puts its
// effector: a grip on the rung's centre, the ball of a foot on its top.
glm::vec3 RungHoldMs(const ClimbGeometry& g, int limb, float height_m);

// The pose from_ls..to_ls share `w` of the way (rotations nlerped).
void BlendLocals(std::span<const math::Transform> from_ls, std::span<const math::Transform> to_ls, float w,
                 std::span<math::Transform> out_ls);

// The idle's first pose, where getting on starts and getting off ends.
struct StandPose {
  std::vector<math::Transform> locals_ls;
  std::vector<glm::mat4> models_ms;
  std::array<glm::vec3, anim::kLimbCount> effector_ms{};  // balls of the feet, grips; model metres
  glm::vec3 pelvis_ms{0.0f};
};
StandPose ReadStandPose(const ClipBaker& baker, const anim::Clip& idle);

// The pose every climb key is solved from: the rest pose with the pelvis
// where the climb holds it (not yet leaned in) and each limb on the middle
// of its hold. Solving from it, a limb turns the least from a climbing
// limb, never across the far side of a rest pose's arm (whose twist would
// flip between keys).
std::vector<math::Transform> HangPoseLs(const ClipBaker& baker, const ClimbGeometry& g);

// Each limb's effector in the climb's first pose (where getting on ends
// and getting off starts), model metres.
std::array<glm::vec3, anim::kLimbCount> ClimbFirstPoseMs(const ClimbGeometry& g);

// The paths' holds as a one-shot clip's contacts.
std::array<std::vector<anim::ContactRange>, anim::kLimbCount> ContactsOf(
    const std::array<LimbPath, anim::kLimbCount>& paths, float duration_s);

// Getting off at the top (knights/character/procedural_climb_exit.cpp).
core::Expected<anim::Clip> BuildClimbExit(const ClipBaker& baker, const ClimbGeometry& g, const StandPose& stand,
                                          std::span<const math::Transform> hang_ls);

}  // namespace knights::character::climb_parts
