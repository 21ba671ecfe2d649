#include "ik/limb_placement_job.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "anim/local_to_model_job.h"
#include "ik/foot_align_job.h"
#include "math/quaternion.h"

namespace knights::ik {
namespace {

bool Finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// Rotation part of a model matrix (scale removed column by column).
glm::quat RotationOf(const glm::mat4& m) { return math::FromMatrix(m).rotation; }

}  // namespace

bool LimbPlacementJob::Validate() const {
  const int n = static_cast<int>(parents.size());
  auto in_range = [n](int j) { return j >= 0 && j < n; };
  if (!in_range(chain.start) || !in_range(chain.mid) || !in_range(chain.end)) return false;
  if (tip >= n || static_cast<int>(locals_ls.size()) != n || static_cast<int>(models_ms.size()) < n) return false;
  if (!Finite(effector_ls) || !Finite(target_ms) || !Finite(normal_ms) || !Finite(end_up_ls) || !Finite(pole_vector_ms)) {
    return false;
  }
  if (!(weight >= 0.0f && weight <= 1.0f) || !(soften >= 0.0f && soften <= 1.0f)) return false;
  if (!(align_weight >= 0.0f && align_weight <= 1.0f)) return false;
  if (align && (glm::dot(normal_ms, normal_ms) < 1e-12f || glm::dot(end_up_ls, end_up_ls) < 1e-12f)) return false;
  return true;
}

bool LimbPlacementJob::Run() const {
  if (!Validate()) return false;
  if (weight <= 0.0f) {
    if (reached) *reached = false;
    return true;
  }
  // 1. The end joint's goal rotation in model space: the animated one, tilted
  //    so its up lies on the surface normal.
  const glm::mat4 end_before_ms = models_ms[chain.end];
  const glm::quat end_animated_ms = RotationOf(end_before_ms);
  glm::quat end_goal_ms = end_animated_ms;
  glm::quat tip_correction = glm::identity<glm::quat>();
  if (align) {
    glm::quat foot_correction = glm::identity<glm::quat>();
    FootAlignJob align_job;
    align_job.foot_joint_ms = &end_before_ms;
    align_job.normal_ms = normal_ms;
    align_job.foot_up_ls = end_up_ls;
    align_job.max_tilt_deg = max_tilt_deg;
    align_job.weight = align_weight;
    align_job.foot_correction = &foot_correction;
    if (tip >= 0) {
      align_job.toe_joint_ms = &models_ms[tip];
      align_job.toe_normal_ms = normal_ms;
      align_job.toe_up_ls = glm::inverse(glm::mat3(models_ms[tip])) * (glm::mat3(end_before_ms) * end_up_ls);
      align_job.toe_correction = &tip_correction;
    }
    if (!align_job.Run()) return false;
    end_goal_ms = end_goal_ms * foot_correction;
  }
  // Blended by the weight in model space, so that the end's final model
  // rotation is known before the solve and the effector offset below is
  // rotated by exactly the rotation the end ends up with (the effector then
  // lands on the weighted target at any weight).
  end_goal_ms = math::NlerpShortest(end_animated_ms, end_goal_ms, weight);
  // 2. Where the end joint must go so the effector lands on the target: the
  //    effector's offset, rotated to the goal orientation (scale kept).
  const glm::vec3 scale(glm::length(glm::vec3(end_before_ms[0])), glm::length(glm::vec3(end_before_ms[1])),
                        glm::length(glm::vec3(end_before_ms[2])));
  const glm::vec3 offset_ms = end_goal_ms * (scale * effector_ls);
  const glm::vec3 animated_effector_ms = glm::vec3(end_before_ms * glm::vec4(effector_ls, 1.0f));
  // Weighted target: part of the way from the animated effector.
  const glm::vec3 effector_target_ms = glm::mix(animated_effector_ms, target_ms, weight);
  TwoBoneIkJob solve;
  solve.target_ms = effector_target_ms - offset_ms;
  solve.pole_vector_ms = pole_vector_ms;
  solve.soften = soften;
  solve.weight = 1.0f;
  bool solved_reached = false;
  if (!ApplyTwoBoneIk(solve, chain, parents, locals_ls, models_ms, root_ms, &solved_reached)) return false;
  // 3. The end joint's local rotation so its model rotation is the
  //    (weighted) goal: without alignment the animated one, which the
  //    re-solved parent would otherwise carry away, and the effector offset
  //    with it.
  {
    const glm::quat parent_ms = RotationOf(models_ms[parents[chain.end]]);
    math::Transform& end_local = locals_ls[chain.end];
    end_local.rotation = math::AlignHemisphere(
        math::NormalizeOrIdentity(glm::inverse(parent_ms) * end_goal_ms), end_local.rotation);
    if (align && tip >= 0) {
      locals_ls[tip].rotation = math::NormalizeOrIdentity(
          locals_ls[tip].rotation * math::NlerpShortest(glm::identity<glm::quat>(), tip_correction, weight));
    }
    anim::LocalToModelJob l2m;
    l2m.parents = parents;
    l2m.locals_ls = locals_ls;
    l2m.models_ms = models_ms;
    l2m.root_ms = root_ms;
    l2m.from = chain.end;
    l2m.Run();
  }
  if (reached != nullptr) {
    const glm::vec3 effector_ms = glm::vec3(models_ms[chain.end] * glm::vec4(effector_ls, 1.0f));
    *reached = glm::length(effector_ms - effector_target_ms) < 2e-3f;
  }
  return true;
}

}  // namespace knights::ik
