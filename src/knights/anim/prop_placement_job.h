#pragma once
// Props (a sword, a shield: a joint whose mesh part is bound to that joint
// alone) ride on sockets: a joint of the body and the prop's frame in that
// joint's frame. Each prop has two: `carry` (the hand or forearm the clips
// hold it with) and `stow` (the back or a hip, where it rides while the
// hands are busy, e.g. on a ladder). The job runs once per prop after the
// IK pass and before the skinning palette, so that the prop follows the
// socket it is on wherever the IK moved that joint, never the joint the
// glTF file happens to parent it to.
//
//   - Carried, the prop keeps the clip's placement relative to the carrying
//     joint: where the IK moves the hand, the sword goes with it.
//   - Where the clip itself has the prop on the stow socket (the clip puts
//     the sword on the back), it keeps that placement relative to the stow
//     joint, however the IK moves the hand the file parents it to.
//   - `stow_weight` (from the game state: 1 while climbing, for a character
//     whose clips do not stow the prop) blends towards the stow socket's own
//     placement, whatever the clip does.
//
// Usage (no allocation; the spans are the knight's pose buffers):
//   anim::PropPlacementJob job;
//   job.sockets = &rig.props[i];
//   job.animated_ms = animated_ms;   // the clips' pose (after local-to-model, before IK)
//   job.parents = skeleton.Parents();
//   job.models_ms = models_ms;       // the pose after IK: the prop and its subtree are rewritten
//   job.stow_weight = w;
//   if (!job.Run()) { /* indices or sizes wrong: nothing written */ }
//
// Model matrices are rigid with a uniform scale (the character's); blends
// interpolate positions linearly and rotations along the shorter arc.

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

namespace knights::anim {

struct PropSockets {
  int prop = -1;   // the prop's joint
  int carry = -1;  // joint that holds it drawn (a hand, a forearm)
  int stow = -1;   // joint it rides on stowed (the chest for the back, the pelvis for a hip)
  // The prop's frame in the stow joint's frame when stowed (rigid, metres).
  glm::mat4 stowed_in_stow{1.0f};
  // The clips themselves put the prop on the stow socket (the knight's
  // ladder clips do): the game then never forces it there.
  bool clips_stow = false;
  // The prop's farthest point from its joint (a blade's point), in the
  // joint's frame, metres, from the mesh; 0: the prop has no mesh part.
  // (For ik::PropClearanceJob, which keeps it out of the world.)
  glm::vec3 tip_ls{0.0f};
};

struct PropPlacementJob {
  const PropSockets* sockets = nullptr;
  // The clips' pose, model space (before the IK pass), joint count long.
  std::span<const glm::mat4> animated_ms;
  // Parent of each joint, depth-first (the prop's subtree follows it).
  std::span<const int16_t> parents;
  // 0: where the clip has the prop; 1: on the stow socket. Clamped to [0, 1].
  float stow_weight = 0.0f;
  // The clip's prop counts as stowed within this distance of the stow
  // socket's placement, metres, and as carried beyond 3 times it (a smooth
  // handover as the clip's hand puts it on the back).
  float on_socket_m = 0.02f;
  // In: the pose after IK. Out: the prop joint and its subtree replaced.
  std::span<glm::mat4> models_ms;

  bool Validate() const;
  bool Run() const;
};

// How far (0 carried .. 1 stowed) the clip's own pose has the prop on its
// stow socket: 1 within `on_socket_m` of the stowed placement, 0 beyond
// three times that.
float ClipStowedness(const PropSockets& sockets, std::span<const glm::mat4> animated_ms, float on_socket_m);

// Left-multiplies `joint` and every joint of its subtree by delta_ms (a
// model-space change of the joint, carried by all it holds). Depth-first
// order: the subtree follows the joint contiguously.
void TransformSubtree(std::span<const int16_t> parents, std::span<glm::mat4> models_ms, int joint,
                      const glm::mat4& delta_ms);

// Turns `joint` and its subtree about the joint's origin by turn_ws, a
// rotation given in world space (model_to_world: rigid, uniformly scaled).
void TurnSubtreeAboutJoint(std::span<const int16_t> parents, std::span<glm::mat4> models_ms, int joint,
                           const glm::mat3& turn_ws, const glm::mat4& model_to_world);

}  // namespace knights::anim
