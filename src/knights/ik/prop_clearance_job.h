#pragma once
// Keeps a held prop (a sword's blade) out of the world: where the segment
// from the prop's joint (the grip) to its farthest point (the blade's
// point) enters a surface, the prop is turned about the grip, towards the
// surface's normal, by the least angle that leaves the point `margin_m` in
// front of that surface: the blade slides along a wall or the ground
// instead of passing into it. Swept through the direction straight at the
// surface, it passes by `side_ws` rather than flipping from one lean to the
// other. Up to kMaxPasses surfaces are cleared in turn (a wall, then the
// ground at its foot); a blade still pressed into a corner after them is
// pointed straight out of it (along the sum of the normals met). The turn
// is a continuous function of the pose and the world (but for that corner
// rule), so it needs no smoothing: it is 0 the moment the point touches
// and grows as the pose pushes on.
//
// Runs after anim::PropPlacementJob, in model space, with the world seen
// through `cast`:
//   ik::PropClearanceJob job;
//   job.prop = sword_joint;  job.tip_ls = rig.prop_tips_ls[i];
//   job.parents = skeleton.Parents();  job.models_ms = models_ms;
//   job.model_to_world = model_to_world;  job.cast = &CastSegment;  job.cast_context = &world;
//   job.Run();   // false: nothing to do or invalid (nothing written)

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "knights/ik/ground_probe.h"

namespace knights::ik {

struct PropClearanceJob {
  static constexpr int kMaxPasses = 8;

  int prop = -1;           // the prop's joint: the grip, which stays where it is
  glm::vec3 tip_ls{0.0f};  // the prop's farthest point in its joint's frame, metres
  std::span<const int16_t> parents;
  std::span<glm::mat4> models_ms;  // in/out: the prop joint and its subtree turn
  glm::mat4 model_to_world{1.0f};  // rigid (rotation and translation)
  SegmentRaycastFn cast = nullptr;
  const void* cast_context = nullptr;
  float margin_m = 0.02f;  // how far in front of a surface the point is left
  // The side the blade leans to as it passes the direction straight at a
  // surface (world, unit; the character's outer side, e.g. its right for a
  // sword in the right hand; zero: none). Its share against the blade's
  // own lean along the surface grows from 0 at first touch to kSideBias
  // once the blade is turned kSideRampCos (in cosine) off its course.
  glm::vec3 side_ws{0.0f};
  static constexpr float kSideBias = 0.35f;
  static constexpr float kSideRampCos = 0.3f;

  bool Validate() const;
  // Returns true when the prop was turned.
  bool Run() const;
};

}  // namespace knights::ik
