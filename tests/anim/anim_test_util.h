#pragma once
// Small builders shared by the anim tests.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/anim/clip.h"
#include "knights/anim/skeleton.h"
#include "knights/math/transform.h"

namespace knights::anim::test {

constexpr float kPi = 3.14159265358979f;
constexpr float kHalfPi = kPi / 2.0f;

inline glm::quat AxisAngle(float angle, glm::vec3 axis) { return glm::angleAxis(angle, glm::normalize(axis)); }
inline glm::quat Negate(const glm::quat& q) { return glm::quat(-q.w, -q.x, -q.y, -q.z); }

inline math::Transform Trs(glm::vec3 t, glm::quat r = glm::identity<glm::quat>(), glm::vec3 s = glm::vec3(1.0f)) {
  return math::Transform{t, r, s};
}

inline math::Transform RandomTransform(std::mt19937& rng, bool with_scale = true) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::uniform_real_distribution<float> s(0.5f, 1.5f);
  math::Transform t;
  t.translation = {u(rng), u(rng), u(rng)};
  t.rotation = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
  if (with_scale) t.scale = {s(rng), s(rng), s(rng)};
  return t;
}

// Straightforward reference local-to-model, the textbook definition: the
// model matrix of a joint is its parent's model matrix times its local matrix.
inline std::vector<glm::mat4> ReferenceLocalToModel(const std::vector<int16_t>& parents,
                                                    const std::vector<math::Transform>& locals_ls,
                                                    const glm::mat4& root_ms) {
  std::vector<glm::mat4> models_ms(parents.size());
  for (size_t i = 0; i < parents.size(); ++i) {
    const glm::mat4 parent_ms = parents[i] < 0 ? root_ms : models_ms[parents[i]];
    models_ms[i] = parent_ms * math::ToMatrix(locals_ls[i]);
  }
  return models_ms;
}

// A branching depth-first skeleton: 0 root, 1 spine, 2 head, 3 arm.L, 4 hand.L,
// 5 arm.R, 6 hand.R, 7 leg.L, 8 foot.L.
inline std::vector<int16_t> BranchingParents() { return {-1, 0, 1, 1, 3, 1, 5, 0, 7}; }

// A skeleton over `parents` with random rest pose and inverse bind matrices
// that match that rest pose (inverse of the rest model matrices).
inline Skeleton MakeSkeleton(const std::vector<int16_t>& parents, uint32_t seed = 7) {
  std::mt19937 rng(seed);
  std::vector<std::string> names;
  std::vector<math::Transform> rest_ls;
  for (size_t i = 0; i < parents.size(); ++i) {
    std::string name = "joint";  // not operator+: GCC 12 false -Wrestrict (bug 105329)
    name += std::to_string(i);
    names.push_back(name);
    rest_ls.push_back(RandomTransform(rng));
  }
  const std::vector<glm::mat4> bind_ms = ReferenceLocalToModel(parents, rest_ls, glm::mat4(1.0f));
  std::vector<glm::mat4> inverse_bind_ms;
  for (const glm::mat4& m : bind_ms) inverse_bind_ms.push_back(glm::inverse(m));
  return Skeleton::Create(names, parents, rest_ls, inverse_bind_ms).value();
}

}  // namespace knights::anim::test
