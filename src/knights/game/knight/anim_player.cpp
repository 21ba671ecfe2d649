#include "knights/game/knight/anim_player.h"

#include <algorithm>
#include <cmath>

#include "knights/anim/blending_job.h"
#include "knights/anim/sampling_job.h"
#include "knights/core/prefetch.h"

namespace knights::game {

void AnimPlayer::Init(const anim::Skeleton& skeleton, const ClipSet& clips) {
  skeleton_ = &skeleton;
  clips_ = clips;
  const int n = skeleton.JointCount();
  for (int i = 0; i < kMaxSlots; ++i) {
    slot_pose_ls_[i].assign(n, math::Transform{});
    slot_cache_[i].Resize(n);
    slot_joint_weights_[i].assign(n, 0.0f);
  }
  slow_joint_.assign(n, 0);
  last_output_ls_.assign(n, math::Transform{});
  has_last_output_ = false;
  slow_fade_min_s_ = 0.0f;
  for (int i = 0; i < 2; ++i) {
    locomotion_pose_ls_[i].assign(n, math::Transform{});
    locomotion_cache_[i].Resize(n);
  }
  override_cache_.Resize(n);
  locomotion_.walk = ClipOf(character::ClipRole::kWalk);
  locomotion_.run = ClipOf(character::ClipRole::kRun);
  locomotion_.max_run_weight_rate_per_s = kRunWeightRatePerS;
  slots_ = {};
  locomotion_speed_mps_ = 0.0f;
  slots_[0] = Slot{true, character::ClipRole::kIdle, false, 0.0f, 1.0f, 1.0f, 0.0f, 1.0f, 0.0f};
  current_ = 0;
  CacheLocomotionTimes();
}

void AnimPlayer::CacheLocomotionTimes() {
  walk_time_s_ = locomotion_.WalkTimeS();
  run_time_s_ = locomotion_.RunTimeS();
}

void AnimPlayer::SetSlowJoints(std::span<const int> joints, float min_fade_s) {
  std::fill(slow_joint_.begin(), slow_joint_.end(), 0);
  for (const int j : joints) {
    if (j >= 0 && static_cast<size_t>(j) < slow_joint_.size()) slow_joint_[j] = 1;
  }
  slow_fade_min_s_ = std::isfinite(min_fade_s) ? std::max(0.0f, min_fade_s) : 0.0f;
}

void AnimPlayer::Play(character::ClipRole role, float fade_s, float start_time_s, bool restart) {
  const bool locomotion = role == character::ClipRole::kWalk || role == character::ClipRole::kRun;
  const Slot& now = slots_[current_];
  if (!restart && now.active && (now.role == role || (locomotion && now.locomotion))) return;
  // Reuse a free slot, else the one with the least weight (its arms' or its
  // legs', whichever is more).
  int target = -1;
  for (int i = 0; i < kMaxSlots; ++i) {
    if (!slots_[i].active) {
      target = i;
      break;
    }
  }
  if (target < 0) {
    target = 0;
    for (int i = 1; i < kMaxSlots; ++i) {
      if (i != current_ && (target == current_ || slots_[i].Heaviest() < slots_[target].Heaviest())) target = i;
    }
  }
  const bool cut = !(fade_s > 1e-4f);
  const float rate = cut ? 1e6f : 1.0f / fade_s;
  const float slow_rate = cut ? 1e6f : 1.0f / std::max(fade_s, slow_fade_min_s_);
  for (Slot& s : slots_) {
    if (!s.active) continue;
    s.fade_per_s = -rate;
    s.slow_fade_per_s = -slow_rate;
  }
  Slot& slot = slots_[target];
  const float start_weight = cut ? 1.0f : 0.0f;
  slot = Slot{true, role, locomotion, start_time_s, 1.0f, start_weight, rate, start_weight, slow_rate};
  if (locomotion) {
    locomotion_.phase = locomotion_start_phase_;
    locomotion_.sync.has_weight = false;  // a cycle started afresh takes its speed's weight at once
    CacheLocomotionTimes();
  }
  current_ = target;
}

void AnimPlayer::SetRate(float rate) {
  if (std::isfinite(rate)) slots_[current_].rate = rate;
}

void AnimPlayer::Update(float dt_s, float ground_speed_mps) {
  if (!(dt_s >= 0.0f) || !std::isfinite(dt_s)) return;
  for (float& left_s : step_left_s_) left_s = std::max(0.0f, left_s - dt_s);
  bool locomotion_active = false;
  for (int i = 0; i < kMaxSlots; ++i) {
    Slot& s = slots_[i];
    if (!s.active) continue;
    s.weight = std::clamp(s.weight + s.fade_per_s * dt_s, 0.0f, 1.0f);
    s.slow_weight = std::clamp(s.slow_weight + s.slow_fade_per_s * dt_s, 0.0f, 1.0f);
    if (s.weight <= 0.0f && s.slow_weight <= 0.0f && i != current_) {
      s.active = false;
      continue;
    }
    if (s.locomotion) {
      locomotion_active = true;
      continue;
    }
    const anim::Clip* clip = ClipOf(s.role);
    if (clip == nullptr) continue;
    s.time_s += s.rate * dt_s;
    // Loops keep time wrapped (no precision loss over long runs); one-shots clamp.
    s.time_s = clip->WrapTime(s.time_s);
  }
  if (locomotion_active) {
    // Fading out under a clip whose caller gives no speed (a ladder's
    // entry), the cycle holds its phase and its walk/run mix eases from its
    // last speed to rest with its weight: at 0 at once the mix would turn a
    // run's pose into a walk's in one step.
    float speed_mps = std::isfinite(ground_speed_mps) ? ground_speed_mps : 0.0f;
    bool hold_phase = false;
    if (slots_[current_].locomotion) {
      locomotion_speed_mps_ = speed_mps;
    } else if (speed_mps <= 0.0f) {
      for (const Slot& s : slots_) {
        if (s.active && s.locomotion) speed_mps = locomotion_speed_mps_ * s.weight;
      }
      hold_phase = true;
    }
    locomotion_.Update(speed_mps, dt_s, hold_phase);
    CacheLocomotionTimes();
  }
}

bool AnimPlayer::SampleInto(const anim::Clip* clip, float time_s, anim::SamplingCache& cache,
                            std::span<math::Transform> out) const {
  anim::SamplingJob job;
  job.clip = clip;
  job.time_s = time_s;
  job.cache = &cache;
  job.rest_pose_ls = skeleton_->RestPose();
  job.output_ls = out;
  return job.Run();
}

bool AnimPlayer::EvaluateSlot(int slot, std::span<math::Transform> pose_ls) {
  const Slot& s = slots_[slot];
  if (!s.locomotion) return SampleInto(ClipOf(s.role), s.time_s, slot_cache_[slot], pose_ls);
  // Below walking speed, or at or above running speed, one clip has all the
  // weight: sample it alone, no second sample and no blend.
  if (locomotion_.RunWeight() <= 0.0f) return SampleInto(locomotion_.walk, walk_time_s_, locomotion_cache_[0], pose_ls);
  if (locomotion_.WalkWeight() <= 0.0f) return SampleInto(locomotion_.run, run_time_s_, locomotion_cache_[1], pose_ls);
  if (!SampleInto(locomotion_.walk, walk_time_s_, locomotion_cache_[0], locomotion_pose_ls_[0]) ||
      !SampleInto(locomotion_.run, run_time_s_, locomotion_cache_[1], locomotion_pose_ls_[1])) {
    return false;
  }
  const anim::BlendLayer pair[] = {{locomotion_pose_ls_[0], locomotion_.WalkWeight()},
                                   {locomotion_pose_ls_[1], locomotion_.RunWeight()}};
  anim::BlendingJob blend;
  blend.layers = pair;
  blend.rest_pose_ls = skeleton_->RestPose();
  blend.output_ls = pose_ls;
  return blend.Run();
}

bool AnimPlayer::Evaluate(std::span<math::Transform> output_ls) {
  if (skeleton_ == nullptr || static_cast<int>(output_ls.size()) < skeleton_->JointCount()) return false;
  if (override_clip_ != nullptr) return SampleInto(override_clip_, override_time_s_, override_cache_, output_ls);
  const std::span<math::Transform> out_ls = output_ls.first(skeleton_->JointCount());
  if (!EvaluateBlend(out_ls)) return false;
  std::copy(out_ls.begin(), out_ls.end(), last_output_ls_.begin());
  has_last_output_ = true;
  return true;
}

bool AnimPlayer::EvaluateBlend(std::span<math::Transform> out_ls) {
  std::array<int, kMaxSlots> playing{};
  int playing_count = 0;
  for (int i = 0; i < kMaxSlots; ++i) {
    if (slots_[i].Playing()) playing[playing_count++] = i;
  }
  if (playing_count == 0) {
    std::copy(skeleton_->RestPose().begin(), skeleton_->RestPose().end(), out_ls.begin());
    return true;
  }
  // No crossfade under way: a lone slot at full weight is the pose (a blend
  // of one layer above the threshold only renormalises it).
  const Slot& lone = slots_[playing[0]];
  if (playing_count == 1 && lone.weight >= anim::BlendingJob::kDefaultThreshold &&
      lone.slow_weight >= anim::BlendingJob::kDefaultThreshold) {
    return EvaluateSlot(playing[0], out_ls);
  }
  for (int k = 0; k < playing_count; ++k) {
    if (!EvaluateSlot(playing[k], slot_pose_ls_[playing[k]])) return false;
  }
  return BlendSlots(std::span<const int>(playing.data(), playing_count), out_ls);
}

bool AnimPlayer::BlendSlots(std::span<const int> playing, std::span<math::Transform> out_ls) {
  std::array<anim::BlendLayer, kMaxSlots> layers{};
  std::array<std::span<const float>, kMaxSlots> joint_weights{};
  bool profile = false;
  for (const int i : playing) profile = profile || slots_[i].slow_weight != slots_[i].weight;
  for (size_t k = 0; k < playing.size(); ++k) {
    const Slot& s = slots_[playing[k]];
    layers[k] = {slot_pose_ls_[playing[k]], profile ? 1.0f : s.weight};
    if (!profile) continue;
    std::vector<float>& w = slot_joint_weights_[playing[k]];
    for (size_t j = 0; j < w.size(); ++j) w[j] = slow_joint_[j] != 0 ? s.slow_weight : s.weight;
    joint_weights[k] = w;
  }
  anim::BlendingJob blend;
  blend.layers = std::span(layers.data(), playing.size());
  if (profile) blend.joint_weights = std::span(joint_weights.data(), playing.size());
  if (has_last_output_) blend.hemisphere_ls = last_output_ls_;
  blend.slerp_pairs = true;
  blend.rest_pose_ls = skeleton_->RestPose();
  blend.output_ls = out_ls;
  return blend.Run();
}

void AnimPlayer::SetOverride(const anim::Clip* clip, float time_s) {
  override_clip_ = clip;
  override_time_s_ = std::isfinite(time_s) ? time_s : 0.0f;
}

void AnimPlayer::Prefetch() const {
  int active = 0;
  for (const Slot& s : slots_) active += s.active ? 1 : 0;
  const size_t pose_bytes =
      static_cast<size_t>(skeleton_ != nullptr ? skeleton_->JointCount() : 0) * sizeof(math::Transform);
  for (int i = 0; i < kMaxSlots; ++i) {
    if (!slots_[i].active) continue;
    // A crossfade samples each slot into its own pose, then blends them.
    if (active > 1) core::PrefetchBytes(slot_pose_ls_[i].data(), pose_bytes);
    if (!slots_[i].locomotion) {
      slot_cache_[i].Prefetch();
      continue;
    }
    const bool walk = locomotion_.WalkWeight() > 0.0f, run = locomotion_.RunWeight() > 0.0f;
    if (walk) locomotion_cache_[0].Prefetch();
    if (run) locomotion_cache_[1].Prefetch();
    if (walk && run) {  // both sampled into their own poses, then blended
      core::PrefetchBytes(locomotion_pose_ls_[0].data(), pose_bytes);
      core::PrefetchBytes(locomotion_pose_ls_[1].data(), pose_bytes);
    }
  }
}

float AnimPlayer::CurrentTimeS() const {
  const Slot& s = slots_[current_];
  if (s.locomotion) return locomotion_.RunWeight() > 0.5f ? run_time_s_ : walk_time_s_;
  return s.time_s;
}

const anim::Clip* AnimPlayer::CurrentClip() const {
  const Slot& s = slots_[current_];
  if (s.locomotion) return locomotion_.RunWeight() > 0.5f ? locomotion_.run : locomotion_.walk;
  return ClipOf(s.role);
}

bool AnimPlayer::CurrentFinished() const {
  const Slot& s = slots_[current_];
  const anim::Clip* clip = ClipOf(s.role);
  if (s.locomotion || clip == nullptr || clip->Loop()) return false;
  return s.rate >= 0.0f ? s.time_s >= clip->DurationS() : s.time_s <= 0.0f;
}

void AnimPlayer::StartStep(anim::Limb foot, float duration_s) {
  if (foot > anim::kFootR || !(duration_s > 0.0f) || step_left_s_[foot] > 0.0f) return;
  step_left_s_[foot] = step_duration_s_[foot] = duration_s;
}

float AnimPlayer::StepProgress(anim::Limb foot) const {
  if (foot > anim::kFootR || step_left_s_[foot] <= 0.0f) return -1.0f;
  return 1.0f - step_left_s_[foot] / step_duration_s_[foot];
}

float AnimPlayer::ContactWeight(anim::Limb limb) const {
  if (override_clip_ != nullptr) return override_clip_->IsInContact(limb, override_time_s_) ? 1.0f : 0.0f;
  if (StepProgress(limb) >= 0.0f) return 0.0f;
  float total = 0.0f, in_contact = 0.0f;
  for (const Slot& s : slots_) {
    if (!s.active || s.weight <= 0.0f) continue;
    total += s.weight;
    if (s.locomotion) {
      const float walk = locomotion_.walk->IsInContact(limb, walk_time_s_) ? locomotion_.WalkWeight() : 0.0f;
      const float run = locomotion_.run->IsInContact(limb, run_time_s_) ? locomotion_.RunWeight() : 0.0f;
      in_contact += s.weight * (walk + run);
    } else if (const anim::Clip* clip = ClipOf(s.role); clip != nullptr && clip->IsInContact(limb, s.time_s)) {
      in_contact += s.weight;
    }
  }
  return total > 0.0f ? std::clamp(in_contact / total, 0.0f, 1.0f) : 0.0f;
}

}  // namespace knights::game

namespace knights::game {

float AnimPlayer::SwingProgress(anim::Limb limb) const {
  if (const float step = StepProgress(limb); override_clip_ == nullptr && step >= 0.0f) return step;
  const anim::Clip* clip = override_clip_ != nullptr ? override_clip_ : CurrentClip();
  if (clip == nullptr) return 0.0f;
  const float t = clip->WrapTime(override_clip_ != nullptr ? override_time_s_ : CurrentTimeS());
  const auto ranges = clip->Contacts(limb);
  if (ranges.empty() || clip->IsInContact(limb, t)) return 0.0f;
  const float duration = clip->DurationS();
  // The contact that ended last before t and the next one to start after it
  // (wrapping round the cycle for loop clips).
  float last_end = -1e9f, next_start = 1e9f;
  for (const anim::ContactRange& r : ranges) {
    for (float shift : {-duration, 0.0f, duration}) {
      if (!clip->Loop() && shift != 0.0f) continue;
      const float end = (r.end_s < r.start_s ? r.end_s + duration : r.end_s) + shift;
      const float start = r.start_s + shift;
      if (end <= t) last_end = std::max(last_end, end);
      if (start >= t) next_start = std::min(next_start, start);
    }
  }
  if (last_end < -1e8f) last_end = 0.0f;
  if (next_start > 1e8f) next_start = duration;
  const float gap = next_start - last_end;
  return gap > 1e-6f ? std::clamp((t - last_end) / gap, 0.0f, 1.0f) : 1.0f;
}

}  // namespace knights::game
