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

#include "anim/local_to_model_job.h"
#include "math/transform.h"

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

// Minimal rotation between unit vectors by axis and angle, with the two
// degenerate cases of ik.md spelled out.
inline glm::quat RefRotationBetween(glm::vec3 u, glm::vec3 v) {
  u = glm::normalize(u);
  v = glm::normalize(v);
  const glm::vec3 axis = glm::cross(u, v);
  const float d = glm::dot(u, v);
  if (glm::length(axis) < 1e-7f) {
    if (d > 0.0f) return glm::identity<glm::quat>();
    glm::vec3 other = std::abs(u.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::angleAxis(glm::pi<float>(), glm::normalize(glm::cross(u, other)));
  }
  // atan2, not acos: acos(d) near d = 1 loses half the digits (an error of
  // ~4e-4 rad for float), the pitfall ik.md warns about.
  return glm::angleAxis(std::atan2(glm::length(axis), d), glm::normalize(axis));
}

// ik.md Step 1 and Step 2, done plainly in the hip's parent space (the
// pelvis; identical to model space up to a similarity when the root is
// one). Modifies the pose in place. No soften, hinge or weight; pole used as
// the straight-limb fallback.
inline void RefSolve(LegPose& pose, const glm::vec3& target_ms, const glm::vec3& pole_ms = {}) {
  const glm::mat4 p_inv = glm::inverse(pose.models_ms[kPelvis]);
  auto to_ps = [&](const glm::vec3& p) { return glm::vec3(p_inv * glm::vec4(p, 1.0f)); };
  const glm::vec3 a = to_ps(pose.Position(kHip));
  const glm::vec3 b = to_ps(pose.Position(kKnee));
  const glm::vec3 c = to_ps(pose.Position(kAnkle));
  const glm::vec3 t = to_ps(target_ms);
  const glm::vec3 pole = glm::mat3(p_inv) * pole_ms;
  const float l_ab = glm::distance(a, b), l_bc = glm::distance(b, c), l_at = glm::distance(a, t);
  glm::vec3 n = l_at > 1e-6f ? (a - t) / l_at : glm::normalize(a - c);
  glm::vec3 b2, c2;
  if (l_at < std::abs(l_ab - l_bc)) {
    const float s = l_ab > l_bc ? 1.0f : -1.0f;
    b2 = a - s * l_ab * n;
    c2 = b2 + s * l_bc * n;
  } else if (l_at > l_ab + l_bc) {
    b2 = a - l_ab * n;
    c2 = b2 - l_bc * n;
  } else {
    c2 = t;
    const float cos_theta = (l_ab * l_ab + l_at * l_at - l_bc * l_bc) / (2.0f * l_ab * l_at);
    const float theta = std::acos(glm::clamp(cos_theta, -1.0f, 1.0f));
    const glm::vec3 m = a - l_ab * std::cos(theta) * n;
    const float r = l_ab * std::sin(theta);
    glm::vec3 perp = (b - m) - glm::dot(b - m, n) * n;
    if (glm::length(perp) < 1e-4f * l_ab) perp = pole - glm::dot(pole, n) * n;
    const glm::vec3 u = glm::normalize(perp);
    b2 = m + r * u;
  }
  // Step 2.1: upper bone, in its own frame (full inverse, then normalised).
  const glm::mat4 hip_ps = p_inv * pose.models_ms[kHip];
  const glm::mat4 hip_inv = glm::inverse(hip_ps);
  const glm::vec3 b_local = glm::vec3(hip_inv * glm::vec4(b, 1.0f));
  const glm::vec3 b2_local = glm::vec3(hip_inv * glm::vec4(b2, 1.0f));
  pose.locals_ls[kHip].rotation = pose.locals_ls[kHip].rotation * RefRotationBetween(b_local, b2_local);
  const glm::mat4 knee_old_inv = glm::inverse(p_inv * pose.models_ms[kKnee]);
  pose.UpdateModels();
  // Step 2.2: mid bone, c in its OLD frame, c' in its NEW frame.
  const glm::mat4 knee_new_inv = glm::inverse(p_inv * pose.models_ms[kKnee]);
  const glm::vec3 c_local = glm::vec3(knee_old_inv * glm::vec4(c, 1.0f));
  const glm::vec3 c2_local = glm::vec3(knee_new_inv * glm::vec4(c2, 1.0f));
  pose.locals_ls[kKnee].rotation = pose.locals_ls[kKnee].rotation * RefRotationBetween(c_local, c2_local);
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
