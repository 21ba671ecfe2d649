// Knight: the weapon and the body as the blows see them.

#include <cmath>

#include "knights/game/knight/knight.h"

namespace knights::game {
namespace {

// The body capsule: from this far above the feet to this far above the
// shoulders (the head), metres, this thick round (a torso's half-width).
constexpr float kBodyBottomAboveFeetM = 0.35f;
constexpr float kHeadAboveShouldersM = 0.25f;
constexpr float kBodyRadiusM = 0.24f;

}  // namespace

WeaponSegment Knight::WeaponWs() const {
  const WeaponSegment weapon_ms = WeaponSegmentMs(models_ms_, *rig_, fight.clips().weapon_prop);
  return {glm::vec3(model_to_world_ * glm::vec4(weapon_ms.base, 1.0f)),
          glm::vec3(model_to_world_ * glm::vec4(weapon_ms.point, 1.0f))};
}

BodyCapsule Knight::BodyWs() const {
  const glm::vec3 shoulders_ms = 0.5f * (glm::vec3(models_ms_[static_cast<size_t>(rig_->arm_l.upper)][3]) +
                                         glm::vec3(models_ms_[static_cast<size_t>(rig_->arm_r.upper)][3]));
  const glm::vec3 pelvis_ms(models_ms_[static_cast<size_t>(rig_->pelvis)][3]);
  // Up the spine from the pelvis, whatever the pose (a knight lying down too).
  const glm::vec3 spine_ms = shoulders_ms - pelvis_ms;
  const float spine_m = glm::length(spine_ms);
  const glm::vec3 up_ms = spine_m > 1e-4f ? spine_ms / spine_m : glm::vec3(0.0f, 1.0f, 0.0f);
  const glm::vec3 top_ms = shoulders_ms + up_ms * kHeadAboveShouldersM;
  const glm::vec3 bottom_ms = glm::vec3(0.0f, kBodyBottomAboveFeetM, 0.0f);
  return {glm::vec3(model_to_world_ * glm::vec4(bottom_ms, 1.0f)), glm::vec3(model_to_world_ * glm::vec4(top_ms, 1.0f)),
          kBodyRadiusM};
}

}  // namespace knights::game
