#include "knights/anim/contact_end_positions.h"

#include "knights/anim/local_to_model_job.h"
#include "knights/anim/sampling_job.h"

namespace knights::anim {
namespace {

// Whether clip time t lies in `range` (a loop's range may wrap round its end).
bool Inside(const ContactRange& range, float t) {
  return range.start_s <= range.end_s ? (t >= range.start_s && t <= range.end_s)
                                      : (t >= range.start_s || t <= range.end_s);
}

}  // namespace

bool ContactEndPositions::Build(const Skeleton& skeleton, const Clip& clip, const std::array<int, kLimbCount>& joints) {
  Clear();
  if (clip.JointCount() > skeleton.JointCount()) return false;
  std::vector<math::Transform> locals_ls(skeleton.RestPose().begin(), skeleton.RestPose().end());
  std::vector<glm::mat4> models_ms(locals_ls.size());
  auto joint_at = [&](int joint, float time_s, glm::vec3* out_ms) {
    SamplingJob sample;
    sample.clip = &clip;
    sample.time_s = time_s;
    sample.rest_pose_ls = skeleton.RestPose();
    sample.output_ls = locals_ls;
    LocalToModelJob l2m;
    l2m.parents = skeleton.Parents();
    l2m.locals_ls = locals_ls;
    l2m.models_ms = models_ms;
    if (!sample.Run() || !l2m.Run()) return false;
    *out_ms = glm::vec3(models_ms[joint][3]);
    return true;
  };
  for (int limb = 0; limb < kLimbCount; ++limb) {
    const int joint = joints[limb];
    if (joint < 0 || joint >= skeleton.JointCount()) continue;
    for (const ContactRange& range : clip.Contacts(static_cast<Limb>(limb))) {
      Entry entry{range};
      if (!joint_at(joint, range.start_s, &entry.at_start_ms) || !joint_at(joint, range.end_s, &entry.at_end_ms)) {
        Clear();
        return false;
      }
      entries_[limb].push_back(entry);
    }
  }
  clip_ = &clip;
  return true;
}

void ContactEndPositions::Clear() {
  for (auto& entries : entries_) entries.clear();
  clip_ = nullptr;
}

std::optional<ContactEndPositions::End> ContactEndPositions::Find(Limb limb, float time_s, bool forward) const {
  if (clip_ == nullptr || limb < 0 || limb >= kLimbCount) return std::nullopt;
  const float t = clip_->WrapTime(time_s);
  const float duration_s = clip_->DurationS();
  for (const Entry& entry : entries_[limb]) {
    if (!Inside(entry.range, t)) continue;
    const bool wraps = entry.range.start_s > entry.range.end_s;
    if (forward) {
      const float left_s = entry.range.end_s - t + (wraps && t >= entry.range.start_s ? duration_s : 0.0f);
      return End{entry.at_end_ms, left_s};
    }
    const float left_s = t - entry.range.start_s + (wraps && t < entry.range.start_s ? duration_s : 0.0f);
    return End{entry.at_start_ms, left_s};
  }
  return std::nullopt;
}

}  // namespace knights::anim
