#include "knights/game/knight/attack_windows.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "knights/anim/model_pose.h"

namespace knights::game {
namespace {

constexpr float kSampleStepS = 1.0f / 120.0f;
// Without a weapon, the fist reaches this far past the hand's grip point, metres.
constexpr float kFistReachM = 0.12f;

glm::vec3 PointOf(const glm::mat4& joint_ms, const glm::vec3& offset_ls) {
  return glm::vec3(joint_ms * glm::vec4(offset_ls, 1.0f));
}

}  // namespace

int FindWeaponProp(const character::Rig& rig) {
  for (const int hand : {rig.arm_r.end, rig.arm_l.end}) {
    for (size_t i = 0; i < rig.props.size(); ++i) {
      if (hand >= 0 && rig.props[i].carry == hand) return static_cast<int>(i);
    }
  }
  return -1;
}

WeaponSegment WeaponSegmentMs(std::span<const glm::mat4> models_ms, const character::Rig& rig, int weapon) {
  if (weapon >= 0 && weapon < static_cast<int>(rig.props.size())) {
    const anim::PropSockets& prop = rig.props[static_cast<size_t>(weapon)];
    const glm::mat4& grip_ms = models_ms[static_cast<size_t>(prop.prop)];
    return {glm::vec3(grip_ms[3]), PointOf(grip_ms, prop.tip_ls)};
  }
  const glm::vec3 elbow_ms(models_ms[static_cast<size_t>(rig.arm_r.mid)][3]);
  const glm::vec3 grip_ms = PointOf(models_ms[static_cast<size_t>(rig.arm_r.end)], rig.grip_offset_r_ls);
  const glm::vec3 along = grip_ms - elbow_ms;
  const float length = glm::length(along);
  return {elbow_ms, length > 1e-6f ? grip_ms + along * (kFistReachM / length) : grip_ms};
}

AttackWindow FindAttackWindow(const anim::Skeleton& skeleton, const anim::Clip& clip, const character::Rig& rig,
                              int weapon) {
  AttackWindow window;
  window.duration_s = clip.DurationS();
  const int samples = std::max(1, static_cast<int>(std::ceil(window.duration_s / kSampleStepS)));
  std::vector<float> speed_mps(static_cast<size_t>(samples), 0.0f);
  std::vector<float> ahead_m(static_cast<size_t>(samples), 0.0f);  // the point's model x at each sample's end
  glm::vec3 last_ms = WeaponSegmentMs(anim::ModelPoseAt(skeleton, &clip, 0.0f), rig, weapon).point;
  for (int i = 0; i < samples; ++i) {
    const float t = std::min(window.duration_s, static_cast<float>(i + 1) * kSampleStepS);
    const glm::vec3 point_ms = WeaponSegmentMs(anim::ModelPoseAt(skeleton, &clip, t), rig, weapon).point;
    speed_mps[static_cast<size_t>(i)] = glm::length(point_ms - last_ms) / kSampleStepS;
    ahead_m[static_cast<size_t>(i)] = point_ms.x;
    last_ms = point_ms;
  }
  const auto peak = std::max_element(speed_mps.begin(), speed_mps.end());
  window.peak_speed_mps = *peak;
  if (!(window.peak_speed_mps > 1e-3f)) return window;
  // The contiguous run of fast samples around the peak; sample i covers
  // (i, i + 1] steps.
  const float start_threshold = kSwingStartFraction * window.peak_speed_mps;
  const float end_threshold = kSwingEndFraction * window.peak_speed_mps;
  auto first = peak;
  while (first != speed_mps.begin() && *(first - 1) >= start_threshold) --first;
  auto last = peak;
  while (last + 1 != speed_mps.end() && *(last + 1) >= end_threshold) ++last;
  window.active_from_s = static_cast<float>(first - speed_mps.begin()) * kSampleStepS;
  window.active_to_s = std::min(window.duration_s, static_cast<float>(last - speed_mps.begin() + 1) * kSampleStepS);
  window.reach_m = *std::max_element(ahead_m.begin() + (first - speed_mps.begin()),
                                     ahead_m.begin() + (last - speed_mps.begin()) + 1);
  return window;
}

}  // namespace knights::game
