#pragma once
// An animation clip: per-joint key tracks (translation, rotation, scale),
// immutable once built, plus the gameplay metadata that travels with it
// (limb contact ranges, authored ground speed, climb height per cycle).
//
// Usage (load time):
//   anim::ClipDesc desc;
//   desc.name = "walk";
//   desc.joint_count = skeleton.JointCount();
//   desc.loop = true;
//   desc.tracks.push_back({.joint = hips, .translations = {...}, .rotations = {...}});
//   desc.contacts[anim::kFootL] = {{0.0f, 0.45f}};
//   desc.speed_mps = 1.4f;
//   core::Expected<anim::Clip> clip = anim::Clip::Create(std::move(desc));
//   if (!clip) log(clip.status().message());
// Per frame: sample with a SamplingJob (knights/anim/sampling_job.h).
//
// Time: key times are seconds. Create() shifts every key (and every contact
// range) by the earliest key time so the clip starts at 0 (Blender exports
// often start at frame 1, t = 1/24 s), and the duration is the real key range
// (last key - first key) unless ClipDesc::duration_s asks for more.
// Loop clips wrap time with the duration; for a seamless loop author the last
// key equal to the first. A track that ends before the duration (or starts
// after 0) interpolates from its last key back to its first across the wrap, so
// loops without a duplicated end key are handled too. Non-loop clips clamp.
//
// Joints without a track (or a channel without keys) are not animated by the
// clip: SamplingJob writes the rest pose there (or leaves the caller's values).
//
// Root motion rule: clips are IN PLACE. The game moves the character (its
// controller integrates velocity); the clip's root joint must not travel
// horizontally. A locomotion clip states the ground speed it was authored for
// in speed_mps so playback can be scaled to the actual speed without foot
// sliding (see LocomotionBlend). Clips exported with forward travel are made in
// place at load time with ExtractRootMotion (knights/anim/root_motion.h).
//
// Data layout: keys of one channel of all joints live in one array of times
// and one array of values (structure of arrays), each track a contiguous range
// [first, first + count); a sampled segment touches two adjacent times and two
// adjacent values, and tracks are stored in joint order so a full sample walks
// memory forward.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/core/status.h"

namespace knights::anim {

// Limbs whose contacts with the ground or a rung a clip can mark.
enum Limb : int { kFootL = 0, kFootR = 1, kHandL = 2, kHandR = 3 };
inline constexpr int kLimbCount = 4;
// A limb's name as clip extras and reports write it: "foot_l", "foot_r",
// "hand_l", "hand_r".
inline constexpr std::array<const char*, kLimbCount> kLimbNames = {"foot_l", "foot_r", "hand_l", "hand_r"};

// The largest |component| a key may hold: a translation in metres, a scale
// factor or a quaternion component (before normalisation). Beyond it the
// model-space products lose every centimetre of precision (a float holds 7
// digits) and squares overflow; the levels are at most 10 km long.
inline constexpr float kMaxKeyComponent = 1e4f;

// A key of a vector channel (translation in the parent's space, metres; or scale).
struct Vec3Key {
  float time_s = 0.0f;
  glm::vec3 value{0.0f};
};

// A key of the rotation channel (relative to the parent). Create() normalises it.
struct QuatKey {
  float time_s = 0.0f;
  glm::quat value = glm::identity<glm::quat>();
};

// Keys of one joint. Any channel may be empty (not animated by this clip).
struct JointTrackDesc {
  int joint = -1;                     // skeleton joint index, [0, joint_count)
  std::vector<Vec3Key> translations;  // parent space, metres
  std::vector<QuatKey> rotations;     // parent space
  std::vector<Vec3Key> scales;        // per-axis factors
};

// A time range [start_s, end_s] during which a limb is planted. For loop clips
// start_s > end_s means the range wraps past the end of the cycle to its start.
struct ContactRange {
  float start_s = 0.0f;
  float end_s = 0.0f;
};

// Everything Clip::Create() needs. Times in seconds, in any common time base
// (the earliest key becomes t = 0; contact ranges are shifted by the same amount).
struct ClipDesc {
  std::string name;
  int joint_count = 0;  // joints of the skeleton the clip is for
  bool loop = false;
  std::vector<JointTrackDesc> tracks;  // at most one per joint
  std::array<std::vector<ContactRange>, kLimbCount> contacts;
  // Ground speed the clip was authored for (locomotion, in place), m/s.
  std::optional<float> speed_mps;
  // Height gained per cycle (ladder climbs), metres.
  std::optional<float> climb_m_per_cycle;
  // The ladder a climb was authored on: rungs this far apart, their centre
  // line this far in front of the root (model +X), metres.
  std::optional<float> rung_spacing_m;
  std::optional<float> rung_reach_m;
  // Clip length; unset: the key range. Must not be shorter than the key range.
  // A loop exported WITHOUT a duplicated end key (frames 1..24 of a 24-frame
  // cycle) should set key range + one frame interval, so the last key blends
  // back into the first instead of popping.
  std::optional<float> duration_s;
};

class Clip {
 public:
  // Keys [first, first + count) of one channel of one joint; count 0: no track.
  struct TrackRange {
    uint32_t first = 0;
    uint32_t count = 0;
  };
  // The three channel ranges of one joint.
  struct JointTracks {
    TrackRange translation;
    TrackRange rotation;
    TrackRange scale;
  };

  Clip() = default;

  // Validates (joint indices in range and unique, finite values within
  // kMaxKeyComponent, strictly
  // increasing times, non-zero quaternions, contact ranges inside the clip,
  // positive finite speeds) and builds the clip, or says what is wrong.
  // Quaternions are normalised, and each key is flipped into the hemisphere
  // of the previous one so neighbouring keys interpolate the short way.
  // Keys that change nothing are dropped (losslessly: a key inside an exact
  // hold, all but one key of a constant channel), so the stored key counts
  // may be smaller than the input's; sampled values are unaffected.
  static core::Expected<Clip> Create(ClipDesc desc);

  // The clip as a desc again (its stored keys, metadata and contacts, its
  // duration): Create(ToDesc()) samples exactly as this clip. For offline
  // steps that complete a loaded clip (knights/asset/clip_features.h).
  ClipDesc ToDesc() const;

  const std::string& Name() const { return name_; }
  float DurationS() const { return duration_s_; }
  bool Loop() const { return loop_; }
  int JointCount() const { return static_cast<int>(joint_tracks_.size()); }
  std::optional<float> SpeedMps() const { return speed_mps_; }
  std::optional<float> ClimbMPerCycle() const { return climb_m_per_cycle_; }
  std::optional<float> RungSpacingM() const { return rung_spacing_m_; }
  std::optional<float> RungReachM() const { return rung_reach_m_; }

  // Time mapped into the clip: wrapped into [0, duration) for loop clips,
  // clamped to [0, duration] otherwise. 0 for a zero-length clip.
  float WrapTime(float time_s) const;
  // WrapTime(time_s) / duration, in [0, 1]; 0 for a zero-length clip.
  float NormalizedTime(float time_s) const;

  // Contact ranges of a limb, in clip time.
  std::span<const ContactRange> Contacts(Limb limb) const { return contacts_[limb]; }
  // True when `limb` is planted at time_s (wrapped like sampling).
  bool IsInContact(Limb limb, float time_s) const;
  // How far through the current contact range of `limb` time_s is: 0 at its
  // start, 1 at its end; nullopt when the limb is not in contact.
  std::optional<float> ContactPhase(Limb limb, float time_s) const;
  // Seconds left until the current contact of `limb` ends; nullopt when the
  // limb is not in contact.
  std::optional<float> ContactTimeLeftS(Limb limb, float time_s) const;

  // Raw track data, for SamplingJob.
  std::span<const JointTracks> Tracks() const { return joint_tracks_; }
  std::span<const float> TranslationTimes() const { return translation_times_s_; }
  std::span<const glm::vec3> TranslationValues() const { return translation_values_ls_; }
  std::span<const float> RotationTimes() const { return rotation_times_s_; }
  std::span<const glm::quat> RotationValues() const { return rotation_values_ls_; }
  std::span<const float> ScaleTimes() const { return scale_times_s_; }
  std::span<const glm::vec3> ScaleValues() const { return scale_values_; }

 private:
  void PackTracks(std::vector<JointTrackDesc>& tracks, int joint_count, float first_time_s);
  // The range of `limb` containing wrapped time t, or nullptr.
  const ContactRange* FindContact(Limb limb, float t) const;
  // Length of a contact range, taking a wrapping range round the loop.
  float RangeLength(const ContactRange& range) const;

  std::string name_;
  float duration_s_ = 0.0f;
  bool loop_ = false;
  std::optional<float> speed_mps_;
  std::optional<float> climb_m_per_cycle_;
  std::optional<float> rung_spacing_m_;
  std::optional<float> rung_reach_m_;
  std::array<std::vector<ContactRange>, kLimbCount> contacts_;

  std::vector<JointTracks> joint_tracks_;  // one per joint
  std::vector<float> translation_times_s_;
  std::vector<glm::vec3> translation_values_ls_;
  std::vector<float> rotation_times_s_;
  std::vector<glm::quat> rotation_values_ls_;
  std::vector<float> scale_times_s_;
  std::vector<glm::vec3> scale_values_;
};

}  // namespace knights::anim
