#include "knights/anim/prop_placement_job.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/math/matrix_ops.h"
#include "knights/math/quaternion.h"

namespace knights::anim {
namespace {

// `m` (rigid, uniform scale) blended towards `n` by t: positions linearly,
// rotations along the shorter arc, scales linearly.
glm::mat4 BlendRigid(const glm::mat4& m, const glm::mat4& n, float t) {
  if (t <= 0.0f) return m;
  if (t >= 1.0f) return n;
  const float scale_m = glm::length(glm::vec3(m[0])), scale_n = glm::length(glm::vec3(n[0]));
  const glm::quat q_m = glm::quat_cast(glm::mat3(m) / scale_m);
  const glm::quat q_n = math::AlignHemisphere(glm::quat_cast(glm::mat3(n) / scale_n), q_m);
  const glm::quat q = glm::normalize(glm::slerp(q_m, q_n, t));
  glm::mat4 out = glm::mat4(glm::mat3_cast(q) * (scale_m + (scale_n - scale_m) * t));
  out[3] = glm::vec4(glm::vec3(m[3]) + (glm::vec3(n[3]) - glm::vec3(m[3])) * t, 1.0f);
  return out;
}

// The clip's prop carried along by `socket` as the IK moved that joint:
// the clip's pose itself, exactly, where the IK left the joint alone.
glm::mat4 RideOn(const glm::mat4& socket_ms, const glm::mat4& socket_animated_ms, const glm::mat4& prop_animated_ms) {
  if (socket_ms == socket_animated_ms) return prop_animated_ms;
  return socket_ms * math::InverseAffine(socket_animated_ms) * prop_animated_ms;
}

bool InRange(int joint, size_t count) { return joint >= 0 && static_cast<size_t>(joint) < count; }

}  // namespace

float ClipStowedness(const PropSockets& sockets, std::span<const glm::mat4> animated_ms, float on_socket_m) {
  const glm::vec3 stowed_ms = glm::vec3(animated_ms[sockets.stow] * sockets.stowed_in_stow[3]);
  const float off_m = glm::length(glm::vec3(animated_ms[sockets.prop][3]) - stowed_ms);
  const float t = std::clamp((off_m - on_socket_m) / (2.0f * on_socket_m), 0.0f, 1.0f);
  return 1.0f - t * t * (3.0f - 2.0f * t);
}

bool PropPlacementJob::Validate() const {
  if (sockets == nullptr || !(on_socket_m > 0.0f) || !std::isfinite(stow_weight)) return false;
  const size_t n = models_ms.size();
  if (animated_ms.size() != n || parents.size() != n) return false;
  const PropSockets& s = *sockets;
  if (!InRange(s.prop, n) || !InRange(s.carry, n) || !InRange(s.stow, n)) return false;
  // The sockets are read before the prop is written: neither may lie in the
  // prop's own subtree.
  for (const int socket : {s.carry, s.stow}) {
    for (int j = socket; j >= 0; j = parents[j]) {
      if (j == s.prop) return false;
    }
  }
  return true;
}

bool PropPlacementJob::Run() const {
  if (!Validate()) return false;
  const PropSockets& s = *sockets;
  const glm::mat4& prop_animated_ms = animated_ms[s.prop];
  // The clip's placement, riding on the carrying joint or on the stow joint
  // (whichever the clip has it on) as the IK moved them.
  const glm::mat4 carried_ms = RideOn(models_ms[s.carry], animated_ms[s.carry], prop_animated_ms);
  const glm::mat4 clip_stowed_ms = RideOn(models_ms[s.stow], animated_ms[s.stow], prop_animated_ms);
  const glm::mat4 clip_ms = BlendRigid(carried_ms, clip_stowed_ms, ClipStowedness(s, animated_ms, on_socket_m));
  // The stow socket's own placement, where the game state asks for it.
  const glm::mat4 socket_ms = models_ms[s.stow] * s.stowed_in_stow;
  const glm::mat4 placed_ms = BlendRigid(clip_ms, socket_ms, std::clamp(stow_weight, 0.0f, 1.0f));
  // The prop's subtree (a scabbard's strap, a blade's tip joint) moves with it.
  if (placed_ms == models_ms[s.prop]) return true;
  TransformSubtree(parents, models_ms, s.prop, placed_ms * math::InverseAffine(models_ms[s.prop]));
  models_ms[s.prop] = placed_ms;  // exactly, not through the product
  return true;
}

void TransformSubtree(std::span<const int16_t> parents, std::span<glm::mat4> models_ms, int joint,
                      const glm::mat4& delta_ms) {
  models_ms[joint] = delta_ms * models_ms[joint];
  for (size_t j = static_cast<size_t>(joint) + 1; j < models_ms.size(); ++j) {
    bool under = false;
    for (int p = parents[j]; p >= joint && !under; p = parents[p]) under = p == joint;
    if (!under) break;  // depth-first: the subtree is contiguous
    models_ms[j] = delta_ms * models_ms[j];
  }
}

void TurnSubtreeAboutJoint(std::span<const int16_t> parents, std::span<glm::mat4> models_ms, int joint,
                           const glm::mat3& turn_ws, const glm::mat4& model_to_world) {
  const glm::mat3 world_from_model = glm::mat3(model_to_world) / glm::length(glm::vec3(model_to_world[0]));
  const glm::mat3 turn_ms = glm::transpose(world_from_model) * turn_ws * world_from_model;
  const glm::vec3 origin_ms = glm::vec3(models_ms[joint][3]);
  TransformSubtree(
      parents, models_ms, joint,
      glm::translate(glm::mat4(1.0f), origin_ms) * glm::mat4(turn_ms) * glm::translate(glm::mat4(1.0f), -origin_ms));
}

}  // namespace knights::anim
