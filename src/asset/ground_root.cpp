#include "asset/ground_root.h"

#include <algorithm>
#include <cmath>

namespace knights::asset {

void MoveTravelToGround(anim::ClipDesc& desc, int ground, int hips) {
  const auto keys_joint = [](int joint) {
    return [joint](const anim::JointTrackDesc& track) { return track.joint == joint; };
  };
  if (std::any_of(desc.tracks.begin(), desc.tracks.end(), keys_joint(ground))) return;
  const auto hips_track = std::find_if(desc.tracks.begin(), desc.tracks.end(), keys_joint(hips));
  if (hips_track == desc.tracks.end() || hips_track->translations.size() < 2) return;
  std::vector<anim::Vec3Key>& keys = hips_track->translations;
  const glm::vec3 start = keys.front().value;
  const bool rises = std::fabs(keys.back().value.y - start.y) >= kGroundRootRiseM;
  anim::JointTrackDesc travel;
  travel.joint = ground;
  for (anim::Vec3Key& key : keys) {
    glm::vec3 moved = key.value - start;
    if (!rises) moved.y = 0.0f;
    travel.translations.push_back({key.time_s, moved});
    key.value -= moved;
  }
  desc.tracks.push_back(std::move(travel));
}

}  // namespace knights::asset
