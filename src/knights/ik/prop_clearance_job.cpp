#include "knights/ik/prop_clearance_job.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "knights/anim/prop_placement_job.h"
#include "knights/math/matrix_ops.h"

namespace knights::ik {
namespace {

// Unit vector perpendicular to u (for a blade pointing straight at a surface
// with no side to lean to).
glm::vec3 AnyPerpendicular(const glm::vec3& u) {
  const glm::vec3 other = std::fabs(u.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
  return glm::normalize(glm::cross(u, other));
}

// The rotation taking unit u onto unit v about their common normal;
// identity when they are parallel.
glm::mat3 TurnFromTo(const glm::vec3& u, const glm::vec3& v) {
  const glm::vec3 axis = glm::cross(u, v);
  const float sin_angle = glm::length(axis);
  if (sin_angle < 1e-6f) return glm::mat3(1.0f);
  return glm::mat3(glm::rotate(glm::mat4(1.0f), std::atan2(sin_angle, glm::dot(u, v)), axis / sin_angle));
}

// The rotation (world) that turns the blade from grip along u (length
// length_m) until its point stands margin_m in front of the surface's
// plane, keeping the blade's lean along the surface (its part along the
// plane) with `side_ws` added in: without it, a blade swept through the
// direction straight at the surface would flip from leaning one way to the
// other in one step; with it, it passes by the side. Identity when the
// point already stands clear.
glm::mat3 ClearingTurn(const glm::vec3& grip_ws, const glm::vec3& u, float length_m, const GroundProbe& hit,
                       float margin_m, const glm::vec3& side_ws) {
  const glm::vec3 n = glm::normalize(hit.normal_ws);
  const float grip_height_m = glm::dot(grip_ws - hit.point_ws, n);
  const float needed_cos = std::clamp((margin_m - grip_height_m) / length_m, -1.0f, 1.0f);
  const float now_cos = glm::dot(u, n);
  if (now_cos >= needed_cos) return glm::mat3(1.0f);
  const float side_share =
      PropClearanceJob::kSideBias * std::clamp((needed_cos - now_cos) / PropClearanceJob::kSideRampCos, 0.0f, 1.0f);
  glm::vec3 along = u - n * now_cos + (side_ws - n * glm::dot(side_ws, n)) * side_share;
  if (glm::dot(along, along) < 1e-10f) along = AnyPerpendicular(n);
  return TurnFromTo(u, glm::normalize(along) * std::sqrt(1.0f - needed_cos * needed_cos) + n * needed_cos);
}

}  // namespace

bool PropClearanceJob::Validate() const {
  const size_t n = models_ms.size();
  return cast != nullptr && prop >= 0 && static_cast<size_t>(prop) < n && parents.size() == n && margin_m >= 0.0f &&
         glm::dot(tip_ls, tip_ls) > 1e-8f;
}

bool PropClearanceJob::Run() const {
  if (!Validate()) return false;
  const glm::mat4& prop_ms = models_ms[prop];
  const glm::vec3 grip_ws = glm::vec3(model_to_world * prop_ms[3]);
  glm::vec3 tip_ws = glm::vec3(model_to_world * prop_ms * glm::vec4(tip_ls, 1.0f));
  const float length_m = glm::length(tip_ws - grip_ws);
  if (!(length_m > 1e-4f)) return false;
  glm::mat3 turn_ws(1.0f);
  glm::vec3 normals_met_ws(0.0f);  // the sum of the surfaces' normals met
  bool clear = false;
  for (int pass = 0; pass < kMaxPasses && !clear; ++pass) {
    const GroundProbe hit = cast(cast_context, grip_ws, tip_ws);
    clear = !hit.hit;
    if (clear) break;
    normals_met_ws += glm::normalize(hit.normal_ws);
    const glm::vec3 u = (tip_ws - grip_ws) / length_m;
    const glm::mat3 step = ClearingTurn(grip_ws, u, length_m, hit, margin_m, side_ws);
    turn_ws = step * turn_ws;
    tip_ws = grip_ws + step * (tip_ws - grip_ws);
  }
  // Pressed into a corner, the surfaces take turns pushing the blade's
  // lean into each other: point it straight out of the corner instead.
  if (!clear && glm::dot(normals_met_ws, normals_met_ws) > 1e-8f) {
    turn_ws = TurnFromTo((tip_ws - grip_ws) / length_m, glm::normalize(normals_met_ws)) * turn_ws;
  }
  if (turn_ws == glm::mat3(1.0f)) return false;
  // The same turn about the grip, applied to the prop and its subtree.
  anim::TurnSubtreeAboutJoint(parents, models_ms, prop, turn_ws, model_to_world);
  return true;
}

}  // namespace knights::ik
