#include "knights/anim/clip.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <limits>

#include "knights/anim/skeleton.h"
#include "knights/math/quaternion.h"

namespace knights::anim {
namespace {

bool IsFinite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

bool IsFinite(const glm::quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

float MaxAbsComponent(const glm::vec3& v) { return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}); }

float MaxAbsComponent(const glm::quat& q) {
  return std::max({std::fabs(q.w), std::fabs(q.x), std::fabs(q.y), std::fabs(q.z)});
}

// A number in at most 6 significant digits ("1e+30", "10000").
std::string Compact(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
  return text;
}

const char* kChannelNames[3] = {"translation", "rotation", "scale"};

// Checks one channel's times: finite and strictly increasing (equal times would
// make a zero-length segment and a division by zero when sampling).
template <typename Key>
core::Status CheckTimes(const std::string& clip, int joint, int channel, const std::vector<Key>& keys) {
  for (size_t k = 0; k < keys.size(); ++k) {
    const std::string where = "clip '" + clip + "': joint " + std::to_string(joint) + " " + kChannelNames[channel] +
                              " key " + std::to_string(k);
    if (!std::isfinite(keys[k].time_s)) return core::Status::Error(where + " has a non-finite time");
    if (k > 0 && !(keys[k].time_s > keys[k - 1].time_s)) {
      return core::Status::Error(where + " is not after the previous key (times must increase)");
    }
    if (!IsFinite(keys[k].value)) return core::Status::Error(where + " has a non-finite value");
    if (MaxAbsComponent(keys[k].value) > kMaxKeyComponent) {
      return core::Status::Error(where + " has a component of magnitude " + Compact(MaxAbsComponent(keys[k].value)) +
                                 ", beyond the limit of " + Compact(kMaxKeyComponent));
    }
  }
  return core::Status::Ok();
}

// Appends one channel's keys to the clip's arrays and returns its range.
// Lossless key reduction on the way: a key whose neighbours both hold exactly
// the same value is dropped (linear interpolation through a hold gives that
// value anyway), and a channel whose values are all equal keeps one key.
// Baked exports key every channel every frame, mostly with constant scale.
template <typename V>
Clip::TrackRange AppendChannel(const std::vector<float>& times_s, const std::vector<V>& values,
                               std::vector<float>& out_times_s, std::vector<V>& out_values) {
  Clip::TrackRange range{static_cast<uint32_t>(out_times_s.size()), 0};
  const size_t n = times_s.size();
  if (n == 0) return range;
  bool all_equal = true;
  for (size_t k = 1; k < n && all_equal; ++k) all_equal = values[k] == values[0];
  for (size_t k = 0; k < n; ++k) {
    const bool hold = k > 0 && k + 1 < n && values[k - 1] == values[k] && values[k] == values[k + 1];
    if (hold || (all_equal && k > 0)) continue;
    out_times_s.push_back(times_s[k]);
    out_values.push_back(values[k]);
  }
  range.count = static_cast<uint32_t>(out_times_s.size()) - range.first;
  return range;
}

// 1. Track joints in range and unique; key times and values valid. Widens
// [*first_time_s, *last_time_s] to the keys' range.
core::Status CheckTracks(const ClipDesc& desc, const std::string& prefix, float* first_time_s, float* last_time_s) {
  std::vector<bool> has_track(static_cast<size_t>(desc.joint_count), false);
  for (const JointTrackDesc& track : desc.tracks) {
    if (track.joint < 0 || track.joint >= desc.joint_count) {
      return core::Status::Error(prefix + "track for joint " + std::to_string(track.joint) +
                                 " is outside the skeleton's " + std::to_string(desc.joint_count) + " joints");
    }
    if (has_track[track.joint]) {
      return core::Status::Error(prefix + "joint " + std::to_string(track.joint) + " has two tracks");
    }
    has_track[track.joint] = true;
    core::Status status = CheckTimes(desc.name, track.joint, 0, track.translations);
    if (status.ok()) status = CheckTimes(desc.name, track.joint, 1, track.rotations);
    if (status.ok()) status = CheckTimes(desc.name, track.joint, 2, track.scales);
    if (!status.ok()) return status;
    for (const QuatKey& key : track.rotations) {
      if (math::QuatDot(key.value, key.value) < 1e-12f) {
        return core::Status::Error(prefix + "joint " + std::to_string(track.joint) + " has a zero rotation quaternion");
      }
    }
    auto widen = [&](float t0, float t1) {
      *first_time_s = std::min(*first_time_s, t0);
      *last_time_s = std::max(*last_time_s, t1);
    };
    if (!track.translations.empty()) widen(track.translations.front().time_s, track.translations.back().time_s);
    if (!track.rotations.empty()) widen(track.rotations.front().time_s, track.rotations.back().time_s);
    if (!track.scales.empty()) widen(track.scales.front().time_s, track.scales.back().time_s);
  }
  return core::Status::Ok();
}

// 3. Metadata finite; contacts shifted into the clip's time base (with the
// keys) and inside [0, duration_s]. A tiny tolerance absorbs the rounding
// of the shift.
core::Status CheckMetadata(ClipDesc& desc, const std::string& prefix, float first_time_s, float duration_s) {
  if (desc.speed_mps && (!std::isfinite(*desc.speed_mps) || *desc.speed_mps < 0.0f)) {
    return core::Status::Error(prefix + "speed_mps must be finite and non-negative");
  }
  if (desc.climb_m_per_cycle && !std::isfinite(*desc.climb_m_per_cycle)) {
    return core::Status::Error(prefix + "climb_m_per_cycle must be finite");
  }
  for (const auto& [value, name] :
       {std::pair{desc.rung_spacing_m, "rung_spacing_m"}, {desc.rung_reach_m, "rung_reach_m"}}) {
    if (value && !(std::isfinite(*value) && *value > 0.0f)) {
      return core::Status::Error(prefix + name + " must be positive and finite");
    }
  }
  const float tolerance_s = 1e-4f;
  for (int limb = 0; limb < kLimbCount; ++limb) {
    for (ContactRange& range : desc.contacts[limb]) {
      range.start_s -= first_time_s;
      range.end_s -= first_time_s;
      const std::string where = prefix + "contact range of limb " + std::to_string(limb);
      if (!std::isfinite(range.start_s) || !std::isfinite(range.end_s)) {
        return core::Status::Error(where + " is not finite");
      }
      if (range.start_s < -tolerance_s || range.end_s < -tolerance_s || range.start_s > duration_s + tolerance_s ||
          range.end_s > duration_s + tolerance_s) {
        return core::Status::Error(where + " lies outside the clip's [0, " + std::to_string(duration_s) + "] s");
      }
      range.start_s = std::clamp(range.start_s, 0.0f, duration_s);
      range.end_s = std::clamp(range.end_s, 0.0f, duration_s);
      if (range.start_s > range.end_s && !desc.loop) {
        return core::Status::Error(where + " ends before it starts (only loop clips wrap)");
      }
    }
  }
  return core::Status::Ok();
}

}  // namespace

core::Expected<Clip> Clip::Create(ClipDesc desc) {
  const std::string prefix = "clip '" + desc.name + "': ";
  if (desc.joint_count <= 0 || desc.joint_count > Skeleton::kMaxJoints) {
    return core::Status::Error(prefix + "joint count " + std::to_string(desc.joint_count) + " is not in [1, " +
                               std::to_string(Skeleton::kMaxJoints) + "]");
  }
  float first_time_s = std::numeric_limits<float>::infinity();
  float last_time_s = -std::numeric_limits<float>::infinity();
  if (core::Status s = CheckTracks(desc, prefix, &first_time_s, &last_time_s); !s.ok()) return s;
  if (!std::isfinite(first_time_s)) return core::Status::Error(prefix + "has no keys");

  // 2. Duration: the real key range (see the header), or the requested length.
  float duration_s = last_time_s - first_time_s;
  if (desc.duration_s) {
    const float requested = *desc.duration_s;
    if (!std::isfinite(requested) || requested < duration_s * (1.0f - 1e-6f)) {
      return core::Status::Error(prefix + "duration " + std::to_string(requested) +
                                 " s is shorter than its keys' range " + std::to_string(duration_s) + " s");
    }
    duration_s = std::max(duration_s, requested);
  }
  if (core::Status s = CheckMetadata(desc, prefix, first_time_s, duration_s); !s.ok()) return s;

  Clip clip;
  clip.name_ = std::move(desc.name);
  clip.duration_s_ = duration_s;
  clip.loop_ = desc.loop;
  clip.speed_mps_ = desc.speed_mps;
  clip.climb_m_per_cycle_ = desc.climb_m_per_cycle;
  clip.rung_spacing_m_ = desc.rung_spacing_m;
  clip.rung_reach_m_ = desc.rung_reach_m;
  clip.contacts_ = std::move(desc.contacts);
  clip.PackTracks(desc.tracks, desc.joint_count, first_time_s);
  return clip;
}

// 4. Packs the tracks into the per-channel arrays, in joint order, key
// times shifted to start at 0 and rotations normalised into one hemisphere
// key to key.
void Clip::PackTracks(std::vector<JointTrackDesc>& tracks, int joint_count, float first_time_s) {
  joint_tracks_.assign(static_cast<size_t>(joint_count), JointTracks{});
  std::sort(tracks.begin(), tracks.end(),
            [](const JointTrackDesc& a, const JointTrackDesc& b) { return a.joint < b.joint; });
  size_t t_count = 0, r_count = 0, s_count = 0;
  for (const JointTrackDesc& track : tracks) {
    t_count += track.translations.size();
    r_count += track.rotations.size();
    s_count += track.scales.size();
  }
  translation_times_s_.reserve(t_count);
  translation_values_ls_.reserve(t_count);
  rotation_times_s_.reserve(r_count);
  rotation_values_ls_.reserve(r_count);
  scale_times_s_.reserve(s_count);
  scale_values_.reserve(s_count);

  std::vector<float> times_s;
  std::vector<glm::vec3> vectors;
  std::vector<glm::quat> rotations;
  for (const JointTrackDesc& track : tracks) {
    JointTracks& out = joint_tracks_[track.joint];

    times_s.clear();
    vectors.clear();
    for (const Vec3Key& key : track.translations) {
      times_s.push_back(key.time_s - first_time_s);
      vectors.push_back(key.value);
    }
    out.translation = AppendChannel(times_s, vectors, translation_times_s_, translation_values_ls_);

    times_s.clear();
    rotations.clear();
    for (const QuatKey& key : track.rotations) {
      glm::quat q = math::NormalizeOrIdentity(key.value);
      // Same rotation, sign chosen so consecutive keys lie in one hemisphere.
      if (!rotations.empty()) q = math::AlignHemisphere(q, rotations.back());
      times_s.push_back(key.time_s - first_time_s);
      rotations.push_back(q);
    }
    out.rotation = AppendChannel(times_s, rotations, rotation_times_s_, rotation_values_ls_);

    times_s.clear();
    vectors.clear();
    for (const Vec3Key& key : track.scales) {
      times_s.push_back(key.time_s - first_time_s);
      vectors.push_back(key.value);
    }
    out.scale = AppendChannel(times_s, vectors, scale_times_s_, scale_values_);
  }
}

ClipDesc Clip::ToDesc() const {
  ClipDesc desc;
  desc.name = name_;
  desc.joint_count = JointCount();
  desc.loop = loop_;
  desc.contacts = contacts_;
  desc.speed_mps = speed_mps_;
  desc.climb_m_per_cycle = climb_m_per_cycle_;
  desc.rung_spacing_m = rung_spacing_m_;
  desc.rung_reach_m = rung_reach_m_;
  desc.duration_s = duration_s_;
  for (int joint = 0; joint < JointCount(); ++joint) {
    const JointTracks& tracks = joint_tracks_[joint];
    if (tracks.translation.count + tracks.rotation.count + tracks.scale.count == 0) continue;
    JointTrackDesc track;
    track.joint = joint;
    for (uint32_t k = tracks.translation.first; k < tracks.translation.first + tracks.translation.count; ++k)
      track.translations.push_back({translation_times_s_[k], translation_values_ls_[k]});
    for (uint32_t k = tracks.rotation.first; k < tracks.rotation.first + tracks.rotation.count; ++k)
      track.rotations.push_back({rotation_times_s_[k], rotation_values_ls_[k]});
    for (uint32_t k = tracks.scale.first; k < tracks.scale.first + tracks.scale.count; ++k)
      track.scales.push_back({scale_times_s_[k], scale_values_[k]});
    desc.tracks.push_back(std::move(track));
  }
  return desc;
}

float Clip::WrapTime(float time_s) const {
  if (!(duration_s_ > 0.0f) || !std::isfinite(time_s)) return 0.0f;
  if (!loop_) return std::clamp(time_s, 0.0f, duration_s_);
  float t = std::fmod(time_s, duration_s_);
  if (t < 0.0f) t += duration_s_;
  // fmod of a tiny negative time plus the duration can round up to it.
  if (t >= duration_s_) t = 0.0f;
  return t;
}

float Clip::NormalizedTime(float time_s) const {
  if (!(duration_s_ > 0.0f)) return 0.0f;
  return WrapTime(time_s) / duration_s_;
}

float Clip::RangeLength(const ContactRange& range) const {
  return range.start_s <= range.end_s ? range.end_s - range.start_s : range.end_s + duration_s_ - range.start_s;
}

const ContactRange* Clip::FindContact(Limb limb, float t) const {
  for (const ContactRange& range : contacts_[limb]) {
    const bool inside = range.start_s <= range.end_s ? (t >= range.start_s && t <= range.end_s)
                                                     : (t >= range.start_s || t <= range.end_s);
    if (inside) return &range;
  }
  return nullptr;
}

bool Clip::IsInContact(Limb limb, float time_s) const { return FindContact(limb, WrapTime(time_s)) != nullptr; }

std::optional<float> Clip::ContactPhase(Limb limb, float time_s) const {
  const float t = WrapTime(time_s);
  const ContactRange* range = FindContact(limb, t);
  if (range == nullptr) return std::nullopt;
  const float length = RangeLength(*range);
  if (!(length > 0.0f)) return 0.0f;
  // Time since the range started, counting a wrapping range round the loop.
  const float elapsed = t >= range->start_s ? t - range->start_s : t + duration_s_ - range->start_s;
  return std::clamp(elapsed / length, 0.0f, 1.0f);
}

std::optional<float> Clip::ContactTimeLeftS(Limb limb, float time_s) const {
  const std::optional<float> phase = ContactPhase(limb, time_s);
  if (!phase) return std::nullopt;
  const ContactRange* range = FindContact(limb, WrapTime(time_s));
  return (1.0f - *phase) * RangeLength(*range);
}

}  // namespace knights::anim
