#pragma once
// Where one joint per limb (its root: the hip, the shoulder) is, in a clip's
// model space, at the start and at the end of each of the limb's contacts:
// sampled once at load, so that a climber can choose a rung the limb will
// still reach when its contact ends (ik::LadderIkFrame), with no sampling
// at run time.
//
//   anim::ContactEndPositions ends;
//   ends.Build(skeleton, climb_clip, {hip_l, hip_r, shoulder_l, shoulder_r});
//   auto end = ends.Find(anim::kFootL, time_s, /*forward=*/true);
//   if (end) motion_ms = end->joint_ms - hip_l_now_ms;

#include <array>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "knights/anim/clip.h"
#include "knights/anim/skeleton.h"

namespace knights::anim {

class ContactEndPositions {
 public:
  struct End {
    glm::vec3 joint_ms{0.0f};  // the limb's joint when the contact ends, model space (root motion included)
    float clip_s_left = 0.0f;  // clip seconds until then, in the direction of play
  };

  // Samples `clip` at every contact boundary of every limb. A joint index
  // outside the skeleton leaves that limb without entries. Returns false
  // (and keeps nothing) when the clip does not fit the skeleton.
  bool Build(const Skeleton& skeleton, const Clip& clip, const std::array<int, kLimbCount>& joints);
  void Clear();

  // The end, in the direction of play (forward: the contact's end; backward:
  // its start), of the contact of `limb` that contains clip time time_s;
  // nullopt when the limb is not in contact or nothing was built.
  std::optional<End> Find(Limb limb, float time_s, bool forward) const;

 private:
  struct Entry {
    ContactRange range;
    glm::vec3 at_start_ms{0.0f};
    glm::vec3 at_end_ms{0.0f};
  };
  std::array<std::vector<Entry>, kLimbCount> entries_;
  const Clip* clip_ = nullptr;
};

}  // namespace knights::anim
