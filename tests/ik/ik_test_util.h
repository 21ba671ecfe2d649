#pragma once
// Shared fixtures for the IK tests: a small leg skeleton (pelvis, hip, knee,
// ankle, toe), the root transforms the tests are parameterised over, and a
// deliberately plain reference two-bone solver (matrix inverses, acos,
// angleAxis; ik.md step by step) to check the optimised job against.

#include <array>
#include <cmath>
#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/anim/local_to_model_job.h"
#include "knights/ik/two_bone_ik_reference.h"
#include "knights/math/transform.h"

namespace knights::ik::test {

constexpr int kPelvis = 0, kHip = 1, kKnee = 2, kAnkle = 3, kToe = 4;
inline const std::array<int16_t, 5> kLegParents{-1, 0, 1, 2, 3};

// A root transform (model space of the skeleton's root parent) to run under.
struct RootCase {
  std::string name;
  glm::mat4 root_ms;
  bool similarity;  // rotation/translation/uniform scale/mirror only
};
inline void PrintTo(const RootCase& c, std::ostream* os) { *os << c.name; }

inline glm::mat4 Trs(const glm::vec3& t, const glm::quat& r, const glm::vec3& s) {
  return glm::translate(glm::mat4(1.0f), t) * glm::mat4_cast(r) * glm::scale(glm::mat4(1.0f), s);
}

inline std::vector<RootCase> RootCases() {
  const glm::quat rot = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, 3.0f)));
  const glm::quat id = glm::identity<glm::quat>();
  return {
      {"Identity", glm::mat4(1.0f), true},
      {"Translated", Trs({1.5f, -2.0f, 3.0f}, id, glm::vec3(1.0f)), true},
      {"Rotated", Trs({0.5f, 0.2f, -1.0f}, rot, glm::vec3(1.0f)), true},
      {"UniformScale", Trs({0.5f, 0.2f, -1.0f}, rot, glm::vec3(2.5f)), true},
      {"NonUniformScale", Trs({0.5f, 0.2f, -1.0f}, rot, glm::vec3(1.0f, 2.0f, 0.5f)), false},
      {"Mirrored", Trs({0.5f, 0.2f, -1.0f}, rot, glm::vec3(-1.0f, 1.0f, 1.0f)), true},
      {"MirroredScaled", Trs({-0.3f, 1.0f, 0.4f}, rot, glm::vec3(-1.5f, -1.5f, -1.5f)), true},
  };
}

// A leg pose: locals and model matrices, plus the root it is under.
struct LegPose {
  std::array<math::Transform, 5> locals_ls;
  std::array<glm::mat4, 5> models_ms;
  glm::mat4 root_ms{1.0f};

  void UpdateModels() {
    anim::LocalToModelJob job;
    job.parents = kLegParents;
    job.locals_ls = locals_ls;
    job.models_ms = models_ms;
    job.root_ms = root_ms;
    job.Run();
  }
  glm::vec3 Position(int joint) const { return glm::vec3(models_ms[joint][3]); }
  // A joint position in the hip's parent space (the pelvis), where the chain
  // is rigid whatever the root's scale.
  glm::vec3 ParentSpace(const glm::vec3& p_ms) const {
    return glm::vec3(glm::inverse(models_ms[kPelvis]) * glm::vec4(p_ms, 1.0f));
  }
  glm::vec3 PositionPs(int joint) const { return ParentSpace(Position(joint)); }
};

// A leg hanging along the bones' local -y, the knee bent by knee_bend_rad
// about its local +x (positive = a forward knee, since upper x lower then
// points along +x), thigh length l1, shin length l2.
inline LegPose MakeLeg(const glm::mat4& root_ms, float l1 = 0.45f, float l2 = 0.4f, float knee_bend_rad = 0.4f,
                       glm::quat hip_rotation = glm::angleAxis(-0.2f, glm::vec3(1.0f, 0.0f, 0.0f))) {
  LegPose pose;
  pose.root_ms = root_ms;
  pose.locals_ls[kPelvis].translation = {0.0f, 1.0f, 0.0f};
  pose.locals_ls[kPelvis].rotation = glm::angleAxis(0.3f, glm::vec3(0.0f, 1.0f, 0.0f));
  pose.locals_ls[kHip].translation = {0.1f, -0.05f, 0.0f};
  pose.locals_ls[kHip].rotation = hip_rotation;
  pose.locals_ls[kKnee].translation = {0.0f, -l1, 0.0f};
  pose.locals_ls[kKnee].rotation = glm::angleAxis(knee_bend_rad, glm::vec3(1.0f, 0.0f, 0.0f));
  pose.locals_ls[kAnkle].translation = {0.0f, -l2, 0.0f};
  pose.locals_ls[kAnkle].rotation = glm::angleAxis(-0.2f, glm::vec3(1.0f, 0.0f, 0.0f));
  pose.locals_ls[kToe].translation = {0.0f, -0.05f, 0.15f};
  pose.UpdateModels();
  return pose;
}

// --- Reference solver -------------------------------------------------------

// ik::SolveTwoBoneReference (docs/ik.md steps 1 and 2, literally) applied to
// the pose in the hip's parent space (the pelvis; identical to model space up
// to a similarity when the root is one). Modifies the pose in place. No
// soften, hinge or weight; the pole is the straight-limb fallback.
inline void RefSolve(LegPose& pose, const glm::vec3& target_ms, const glm::vec3& pole_ms = {}) {
  const glm::mat4 p_inv = glm::inverse(pose.models_ms[kPelvis]);
  auto to_ps = [&](const glm::vec3& p) { return glm::vec3(p_inv * glm::vec4(p, 1.0f)); };
  const glm::vec3 b = to_ps(pose.Position(kKnee)), c = to_ps(pose.Position(kAnkle));
  const TwoBoneReferenceResult<float> solved =
      SolveTwoBoneReference(to_ps(pose.Position(kHip)), b, c, to_ps(target_ms), glm::mat3(p_inv) * pole_ms);
  // Step 2.1: upper bone, in its own frame (full inverse).
  const glm::mat4 hip_inv = glm::inverse(p_inv * pose.models_ms[kHip]);
  pose.locals_ls[kHip].rotation =
      pose.locals_ls[kHip].rotation *
      RotationBetween(glm::vec3(hip_inv * glm::vec4(b, 1.0f)), glm::vec3(hip_inv * glm::vec4(solved.mid, 1.0f)));
  const glm::mat4 knee_old_inv = glm::inverse(p_inv * pose.models_ms[kKnee]);
  pose.UpdateModels();
  // Step 2.2: mid bone, c in its OLD frame, c' in its NEW frame.
  const glm::mat4 knee_new_inv = glm::inverse(p_inv * pose.models_ms[kKnee]);
  pose.locals_ls[kKnee].rotation =
      pose.locals_ls[kKnee].rotation * RotationBetween(glm::vec3(knee_old_inv * glm::vec4(c, 1.0f)),
                                                       glm::vec3(knee_new_inv * glm::vec4(solved.end, 1.0f)));
  pose.UpdateModels();
}

// Signed bend of the knee (0 = straight) about `axis_ms`: the angle between
// the upper and lower bone directions, positive when upper x lower points
// along the axis.
inline float SignedBend(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& axis_ms) {
  const glm::vec3 d1 = glm::normalize(b - a), d2 = glm::normalize(c - b);
  const glm::vec3 x = glm::cross(d1, d2);
  const float s = glm::dot(x, glm::normalize(axis_ms));
  return std::atan2(glm::length(x) * (s < 0.0f ? -1.0f : 1.0f), glm::dot(d1, d2));
}

inline bool AllFinite(const LegPose& pose) {
  for (const glm::mat4& m : pose.models_ms) {
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) {
        if (!std::isfinite(m[i][j])) return false;
      }
    }
  }
  return true;
}

}  // namespace knights::ik::test
