#pragma once
// Puts a point of a limb's end joint (the sole under the ankle, the grip in
// the fist) on a target, optionally turning the end joint so a surface normal
// becomes its "up" (the sole lies flat on a slope). Rotations only: a
// two-bone solve for the upper and mid joints, then the end joint's rotation.
//
// Order matters, and is why this is one job: the end joint's goal rotation is
// chosen first (from the animated foot and the surface normal), the effector
// offset is rotated by it to find where the ankle must go, the leg is solved
// for that ankle target, and only then is the end joint's local rotation set
// so that its model rotation is the goal under the newly solved parent.
//
//   ik::LimbPlacementJob job;
//   job.chain = {hip, knee, ankle};
//   job.parents = skeleton.Parents(); job.locals_ls = locals; job.models_ms = models;
//   job.effector_ls = sole_offset_ls;   job.target_ms = ground_point_ms;
//   job.align = true;  job.normal_ms = ground_normal_ms;
//   job.weight = fade_weight;
//   job.Run();   // pose updated in place (locals and models of the subtree)

#include <cstddef>
#include <cstdint>
#include <span>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/ik/apply_two_bone_ik.h"
#include "knights/math/transform.h"

namespace knights::ik {

struct LimbPlacementJob {
  TwoBoneChain chain;
  int tip = -1;  // optional joint below the end (toe), aligned too when align
  // The pose, as for anim::LocalToModelJob; models_ms up to date on entry.
  std::span<const int16_t> parents;
  std::span<math::Transform> locals_ls;
  std::span<glm::mat4> models_ms;
  glm::mat4 root_ms{1.0f};

  // The point to place, in the end joint's space (metres).
  glm::vec3 effector_ls{0.0f};
  // Where it goes, model space.
  glm::vec3 target_ms{0.0f};
  // Turn the end joint so that end_up_ls (its "up", in its own space) lies
  // along normal_ms, by at most max_tilt_deg.
  bool align = false;
  glm::vec3 normal_ms{0.0f, 1.0f, 0.0f};
  glm::vec3 end_up_ls{0.0f, 1.0f, 0.0f};
  float max_tilt_deg = 40.0f;
  float align_weight = 1.0f;  // 0..1, fraction of the tilt applied (times weight)
  // A model-space turn of the end joint applied before the alignment (unit;
  // identity = the clip's orientation): a planted foot held at the heading
  // it was planted with while the clip turns it.
  glm::quat end_turn_ms{1.0f, 0.0f, 0.0f, 0.0f};
  // The mid joint's hinge axis in the start joint's frame (knights/ik/hinge_axis.h;
  // zero = none): the knee (elbow) then never bends backwards, see
  // TwoBoneIkJob::bend_axis_ms.
  glm::vec3 hinge_axis_ls{0.0f};
  // The mid joint bends at most this far, degrees (0 = straight, 180 = no
  // limit): a target nearer the start joint than the limb reaches so bent
  // is pushed out along the line from the start joint (the knee never
  // folds flat, where its bend direction is lost).
  float max_bend_deg = 180.0f;
  // Solver settings (see TwoBoneIkJob).
  glm::vec3 pole_vector_ms{0.0f};
  float soften = 0.0f;
  float weight = 1.0f;  // 0: pose unchanged; 1: fully placed

  // Output (optional): whether the effector ends within reach_tolerance_m
  // of the target (metres).
  bool* reached = nullptr;
  float reach_tolerance_m = 2e-3f;

  bool Validate() const;
  // Returns false, leaving the pose as it was, on invalid input (NaN, bad
  // indices or sizes).
  bool Run() const;
  // Where Run() will send the end joint (ankle, wrist), model space: the
  // weighted target less the effector offset turned by the alignment. A
  // caller moving the body so the limb reaches weighs the reach with it.
  // False on invalid input.
  bool EndTargetMs(glm::vec3* end_target_ms) const;

  // Several limbs of one pose (the same parents, locals, models and root;
  // no limb in another's subtree: two legs, or two legs and two arms), with
  // their two-bone solves done together by TwoBoneIkBatchJob, four chains to
  // an SSE register. The same result as running each job in turn (their
  // solves read model matrices no other limb changes), for less. Returns
  // false, leaving the pose as it was, when a job is invalid, the jobs do not
  // share one pose, a limb lies inside another's subtree, or there are more
  // than kMaxBatch; false after placing the others when one limb's solve
  // refuses its pose (NaN).
  static constexpr size_t kMaxBatch = 4;  // a body's four limbs
  static bool RunAll(std::span<const LimbPlacementJob> jobs);
};

}  // namespace knights::ik
