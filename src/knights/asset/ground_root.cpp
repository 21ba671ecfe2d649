#include "knights/asset/ground_root.h"

#include <algorithm>
#include <cmath>

namespace knights::asset {

void MoveTravelToGround(anim::ClipDesc& desc, int ground, int hips, const glm::vec3& ground_rest_ls) {
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
    travel.translations.push_back({key.time_s, ground_rest_ls + moved});
    key.value -= moved;
  }
  desc.tracks.push_back(std::move(travel));
}

namespace {

// A translation track's value at time_s, linear between keys, held past its
// ends (keys sorted by time, at least one).
glm::vec3 ValueAt(const std::vector<anim::Vec3Key>& keys, float time_s) {
  if (time_s <= keys.front().time_s) return keys.front().value;
  for (size_t k = 1; k < keys.size(); ++k) {
    if (time_s <= keys[k].time_s) {
      const float span = keys[k].time_s - keys[k - 1].time_s;
      const float u = span > 0.0f ? (time_s - keys[k - 1].time_s) / span : 1.0f;
      return glm::mix(keys[k - 1].value, keys[k].value, u);
    }
  }
  return keys.back().value;
}

}  // namespace

bool SettleRiseOnSoles(anim::ClipDesc& desc, int ground, int hips, float soles_end_y) {
  anim::JointTrackDesc* ground_track = nullptr;
  anim::JointTrackDesc* hips_track = nullptr;
  for (anim::JointTrackDesc& track : desc.tracks) {
    if (track.joint == ground) ground_track = &track;
    if (track.joint == hips) hips_track = &track;
  }
  if (ground_track == nullptr || hips_track == nullptr || ground_track->translations.empty() ||
      hips_track->translations.empty())
    return false;
  const float start_y = ground_track->translations.front().value.y;
  const float rise_m = ground_track->translations.back().value.y - start_y;
  if (std::fabs(rise_m) < kGroundRootRiseM) return false;
  const float scale = (soles_end_y - start_y) / rise_m;
  // Both keyed at the union of their times (the loaded clip dropped each
  // one's held keys on its own), so their sum stays exact between keys.
  std::vector<float> times_s;
  for (const auto* keys : {&ground_track->translations, &hips_track->translations}) {
    for (const anim::Vec3Key& key : *keys) times_s.push_back(key.time_s);
  }
  std::sort(times_s.begin(), times_s.end());
  times_s.erase(std::unique(times_s.begin(), times_s.end()), times_s.end());
  std::vector<anim::Vec3Key> settled_ground, settled_hips;
  for (const float t : times_s) {
    glm::vec3 ground_value = ValueAt(ground_track->translations, t);
    glm::vec3 hips_value = ValueAt(hips_track->translations, t);
    const float settled_y = start_y + (ground_value.y - start_y) * scale;
    hips_value.y += ground_value.y - settled_y;
    ground_value.y = settled_y;
    settled_ground.push_back({t, ground_value});
    settled_hips.push_back({t, hips_value});
  }
  ground_track->translations = std::move(settled_ground);
  hips_track->translations = std::move(settled_hips);
  return true;
}

}  // namespace knights::asset
