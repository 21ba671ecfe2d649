#pragma once
// Builds a clip at load from a base pose and a script of goals: where the
// root and the pelvis go and where each limb's effector goes, solved frame
// by frame with the same two-bone IK the game runs (knights/ik/limb_placement_job.h)
// and stored as keys. The fallbacks for roles a character file leaves out
// are made this way (knights/character/fallback_clips.h, knights/character/procedural_climb.h): the
// clip says where the limbs mean to be; the game's IK passes then put them
// on the real ground and rungs, as for any authored clip.
//
//   ClipBaker baker(skeleton, rig);
//   anim::ClipDesc clip = baker.Bake({"land", 0.5f, false, false}, base, goals);
//   clip.contacts[anim::kFootL] = ...;          // the script's holds
//
// Model space is the clip's: +x forward, +y up, the root on the ground at
// the origin at rest (the loader's convention).

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/anim/clip.h"
#include "knights/anim/skeleton.h"
#include "knights/core/status.h"
#include "knights/character/rig.h"
#include "knights/math/transform.h"

namespace knights::character {

// Where one limb's effector goes at one instant.
struct BakeLimbGoal {
  bool active = false;       // false: the limb keeps the base pose
  glm::vec3 point_ms{0.0f};  // the effector's goal, model metres
  // The end joint's rotation in model space (a foot flat on the ground,
  // FlatFootMs); unset: as the base pose has it.
  std::optional<glm::quat> end_rotation_ms;
};

// One instant of the script, applied to the base pose in this order.
struct BakeFrame {
  glm::vec3 root_ms{0.0f};                // the root joint moved this far (root motion), model metres
  float root_yaw_rad = 0.0f;              // and turned about +y, radians
  glm::vec3 pelvis_shift_ms{0.0f};        // the pelvis (the body) moved this far, model metres
  std::optional<glm::vec3> pelvis_at_ms;  // or put here (model metres), whatever the base pose says
  float pelvis_lean_rad = 0.0f;           // and pitched about its side axis, radians (> 0: the chest forward)
  std::array<BakeLimbGoal, anim::kLimbCount> limbs{};
};

struct BakeSpec {
  std::string name;
  float duration_s = 1.0f;
  bool loop = false;
  bool ladder_feet = false;  // feet place the ball of the foot (a rung), else the sole (the ground)
};

class ClipBaker {
 public:
  // Both must outlive the baker.
  ClipBaker(const anim::Skeleton& skeleton, const Rig& rig);

  // Keys per second of a baked clip.
  static constexpr float kKeysPerS = 60.0f;

  // The base pose at clip time t_s into locals_ls (joint count); nothing
  // written: the rest pose.
  using BaseFn = std::function<void(float t_s, std::span<math::Transform> locals_ls)>;
  using ScriptFn = std::function<BakeFrame(float t_s)>;

  // The clip (no contacts, speeds or ladder facts: the caller's script
  // knows them). Keys at kKeysPerS and at the end; a loop's last key is
  // the script at duration_s, which should equal its start.
  anim::ClipDesc Bake(const BakeSpec& spec, const BaseFn& base, const ScriptFn& script) const;

  // The pose the script gives at t_s: model space (for load-time checks),
  // or local (a base pose for other scripts).
  std::vector<glm::mat4> PoseMs(const BaseFn& base, const ScriptFn& script, float t_s) const;
  std::vector<math::Transform> PoseLs(const BaseFn& base, const ScriptFn& script, float t_s) const;

  // The end joint of `limb`'s model rotation with the foot flat, as at
  // rest, heading yaw_rad about +y (0: the rest pose's heading, +x).
  glm::quat FlatFootMs(int limb, float yaw_rad) const;
  // Hip (shoulder) to knee (elbow) plus knee to ankle (wrist) at rest, metres.
  float LimbLengthM(int limb) const;
  // The mean of the two legs', and of the two arms'.
  float LegLengthM() const { return 0.5f * (LimbLengthM(anim::kFootL) + LimbLengthM(anim::kFootR)); }
  float ArmLengthM() const { return 0.5f * (LimbLengthM(anim::kHandL) + LimbLengthM(anim::kHandR)); }
  // The limb's chain (anim::Limb order: leg_l, leg_r, arm_l, arm_r).
  const LimbChain& Chain(int limb) const;

  const Rig& rig() const { return *rig_; }
  const anim::Skeleton& skeleton() const { return *skeleton_; }
  // The rest pose, model space.
  std::span<const glm::mat4> RestMs() const { return rest_ms_; }

 private:
  void Solve(const BakeSpec& spec, const BaseFn& base, const ScriptFn& script, float t_s,
             std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms) const;
  void MoveBody(const BakeFrame& frame, std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms) const;
  void PlaceLimb(int limb, const BakeFrame& frame, bool ladder_feet, std::span<math::Transform> locals_ls,
                 std::span<glm::mat4> models_ms) const;
  void ToModel(std::span<const math::Transform> locals_ls, std::span<glm::mat4> models_ms) const;

  const anim::Skeleton* skeleton_;
  const Rig* rig_;
  std::vector<glm::mat4> rest_ms_;
};

// The small pieces every script of baked clips uses.
// The point a limb (anim::Limb) holds with, in its end joint's space: a
// sole on the ground, a ball of the foot on a rung (ladder_feet), a hand's
// grip.
glm::vec3 HoldPointLs(const Rig& rig, int limb, bool ladder_feet);
// A point given in a joint's space (offset_ls, metres) in model space.
glm::vec3 PointMs(const glm::mat4& joint_ms, const glm::vec3& offset_ls);
// A joint's rotation in model space (a rigid, unscaled joint matrix).
glm::quat RotationMs(const glm::mat4& joint_ms);
// 0 at and below 0, 1 at and above 1, eased in and out between.
float Smoothstep(float x);
// anim::Clip::Create for a baked clip; its error (never expected: the
// script's keys are finite and in order) names the clip.
core::Expected<anim::Clip> CreateBakedClip(anim::ClipDesc desc);

}  // namespace knights::character
