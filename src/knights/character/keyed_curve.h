#pragma once
// A value keyed at a few times and eased between them (Catmull-Rom through
// the keys, held before the first and after the last): the body's course
// through a clip built at load (knights/character/procedural_climb.h).
//
//   KeyedCurve<glm::vec3> pelvis({{0.0f, a_ms}, {0.6f, b_ms}, {1.2f, c_ms}});
//   const glm::vec3 p_ms = pelvis.At(0.8f);

#include <algorithm>
#include <initializer_list>
#include <utility>
#include <vector>

namespace knights::character {

template <typename T>
class KeyedCurve {
 public:
  // Keys in increasing time order (seconds).
  KeyedCurve(std::initializer_list<std::pair<float, T>> keys) : keys_(keys) {}
  explicit KeyedCurve(std::vector<std::pair<float, T>> keys) : keys_(std::move(keys)) {}

  T At(float t_s) const {
    if (t_s <= keys_.front().first) return keys_.front().second;
    if (t_s >= keys_.back().first) return keys_.back().second;
    size_t i = 1;
    while (keys_[i].first < t_s) ++i;
    const auto& [t1, p1] = keys_[i - 1];
    const auto& [t2, p2] = keys_[i];
    const float span = t2 - t1;
    // Tangents from the neighbours (zero at the ends: the curve settles).
    const T m1 = i >= 2 ? (p2 - keys_[i - 2].second) * (span / (t2 - keys_[i - 2].first)) : p1 - p1;
    const T m2 = i + 1 < keys_.size() ? (keys_[i + 1].second - p1) * (span / (keys_[i + 1].first - t1)) : p1 - p1;
    const float s = (t_s - t1) / span, s2 = s * s, s3 = s2 * s;
    return p1 * (2.0f * s3 - 3.0f * s2 + 1.0f) + m1 * (s3 - 2.0f * s2 + s) + p2 * (-2.0f * s3 + 3.0f * s2) +
           m2 * (s3 - s2);
  }

 private:
  std::vector<std::pair<float, T>> keys_;
};

}  // namespace knights::character
