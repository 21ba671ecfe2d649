// Knight, step 3b: standing steps. A standing clip (idle, a blow, the
// shield) that stands a planted foot far from where the foot IK holds it
// (a walk stopped mid-stride a short way from a foe, a blow's stance wider
// than the walk's) has the foot step there: it lifts and is carried along
// an arc to where the clip stands it, as a person shifts their feet, where
// it would otherwise be held stretched until the lock let it go and then
// glide over the ground in a few steps.

#include <algorithm>
#include <cmath>

#include "knights/game/knight/knight.h"

namespace knights::game {
namespace {

// A planted foot steps once its plant is this far from where the clip
// stands it, in leg lengths (hip to ankle), horizontally: about a third of
// a stride, short of what a stance carries without looking stretched.
constexpr float kStanceStepLegs = 0.3f;
// A step takes from kStanceStepMinS (a short shift) to kStanceStepMaxS (a
// leg length or more), seconds: a person's brisk step.
constexpr float kStanceStepMinS = 0.25f;
constexpr float kStanceStepMaxS = 0.4f;
// The sole rises by this fraction of the step's length at mid-step, at most
// kStanceStepMaxLiftLegs leg lengths: clear of the ground, not a march.
constexpr float kStanceStepLiftOfLength = 0.25f;
constexpr float kStanceStepMaxLiftLegs = 0.1f;
constexpr float kPi = 3.14159265358979323846f;

// Roles played standing with both feet planted: the knight steps its feet
// into their stance. Knocked down and getting up, the body is not over them.
bool StandingRole(character::ClipRole role) {
  return role == character::ClipRole::kIdle ||
         (character::IsFightRole(role) && role != character::ClipRole::kKnockdown &&
          role != character::ClipRole::kGetUp);
}

anim::Limb FootLimb(int side) { return side == 0 ? anim::kFootL : anim::kFootR; }

}  // namespace

// The sole point as the clips put it this step (before the IK), world.
glm::vec3 Knight::ClipSoleWs(int side) const {
  const glm::vec3& sole_ls = side == 0 ? rig_->sole_offset_l_ls : rig_->sole_offset_r_ls;
  const int foot_joint = side == 0 ? rig_->leg_l.end : rig_->leg_r.end;
  return glm::vec3(model_to_world_ * models_ms_[foot_joint] * glm::vec4(sole_ls, 1.0f));
}

// One foot at a time, the one furthest from its stance first.
void Knight::StartStanceSteps() {
  const bool standing = controller.Grounded() && !controller.Turning() && anim.Override() == nullptr &&
                        std::fabs(controller.VelocityMps().x) < kStrideWarpMinSpeedMps &&
                        StandingRole(anim.CurrentRole());
  if (!standing) {
    // A step under way goes on into a walk (cut short, the foot would be
    // planted in mid-air); in the air or on a ladder the clips have it.
    if (!controller.Grounded()) anim.EndSteps();
    return;
  }
  if (anim.StepProgress(anim::kFootL) >= 0.0f || anim.StepProgress(anim::kFootR) >= 0.0f) return;
  float farthest_m = kStanceStepLegs * leg_length_m_;
  int stepping = -1;
  for (int side = 0; side < 2; ++side) {
    const ik::FootIkState& foot = foot_ik.Foot(side);
    if (!foot.locked || foot.lock_blend < 1.0f || anim.ContactWeight(FootLimb(side)) < 0.5f) continue;
    const glm::vec3 clip_sole_ws = ClipSoleWs(side);
    const float apart_m =
        glm::length(glm::vec2(foot.lock_point_ws.x - clip_sole_ws.x, foot.lock_point_ws.z - clip_sole_ws.z));
    if (apart_m > farthest_m) {
      farthest_m = apart_m;
      stepping = side;
    }
  }
  if (stepping < 0) return;
  const float legs = farthest_m / std::max(leg_length_m_, 1e-3f);
  anim.StartStep(FootLimb(stepping), std::clamp(kStanceStepMinS + (kStanceStepMaxS - kStanceStepMinS) * legs,
                                                kStanceStepMinS, kStanceStepMaxS));
  stance_step_from_ws_[stepping] = foot_ik.Foot(stepping).lock_point_ws;
  stance_step_lift_m_[stepping] =
      std::min(kStanceStepLiftOfLength * farthest_m, kStanceStepMaxLiftLegs * leg_length_m_);
}

// Where a standing step carries the sole from where the clip puts it
// (FootIkFrame::sole_shift_ws): from where it stood to the clip's, eased
// in and out, lifted on a half sine; zero for a foot taking no step.
glm::vec3 Knight::StanceStepShiftWs(int side) const {
  const float progress = anim.StepProgress(FootLimb(side));
  if (progress < 0.0f) return glm::vec3(0.0f);
  const glm::vec3 clip_sole_ws = ClipSoleWs(side);
  const float eased = progress * progress * (3.0f - 2.0f * progress);
  glm::vec3 shift_ws = (stance_step_from_ws_[side] - clip_sole_ws) * (1.0f - eased);
  shift_ws.y = stance_step_lift_m_[side] * std::sin(kPi * progress);
  return shift_ws;
}

}  // namespace knights::game
