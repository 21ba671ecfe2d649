#pragma once
// Plays a character's clips: a few slots, each a clip (or the speed-synced
// walk/run blend) with its own time and weight, crossfaded when the state
// machine changes state. Evaluate() samples and blends them into one local
// pose. Buffers are sized in Init(); nothing allocates per frame.
//
//   player.Init(skeleton, clips);
//   player.Play(ClipRole::kJumpUp, /*fade_s=*/0.1f);    // on a state change
//   player.Update(dt_s, ground_speed_mps);              // every sim step
//   player.Evaluate(locals_ls);                          // then local-to-model
//
// Walk and run are one "locomotion" slot: both clips play at the same
// normalised phase and are weighted by ground speed (anim::LocomotionBlend),
// so feet do not slide at any speed between or beyond the authored ones.

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "knights/anim/clip.h"
#include "knights/anim/locomotion_blend.h"
#include "knights/anim/sampling_cache.h"
#include "knights/anim/skeleton.h"
#include "knights/character/character_desc.h"
#include "knights/math/transform.h"

namespace knights::game {

// The clip of each role (not owned; the CharacterModel outlives the player).
using ClipSet = std::array<const anim::Clip*, character::kClipRoleCount>;

class AnimPlayer {
 public:
  static constexpr int kMaxSlots = 4;
  // The walk/run mix follows the ground speed at most this fast, per
  // second: stopped dead by a riser, a run eases into the walk's pose over
  // a third of a second instead of snapping (anim::LocomotionBlend).
  static constexpr float kRunWeightRatePerS = 3.0f;

  // Sizes every buffer for `skeleton` (spawn time). Walk and run must be
  // loop clips with speed_mps.
  void Init(const anim::Skeleton& skeleton, const ClipSet& clips);

  // Starts `role` at start_time_s, fading it in over fade_s seconds while
  // every other slot fades out. Playing the role that is already current
  // does nothing, unless `restart`: then it fades into the role afresh from
  // start_time_s (a second blow on a shield). kWalk and kRun both start the
  // locomotion blend.
  void Play(character::ClipRole role, float fade_s, float start_time_s = 0.0f, bool restart = false);
  // Normalised phase at which walking starts from a standstill: the phase
  // whose stance foot is under the body, where standing feet are, so a
  // planted foot stays planted into the first step (see Knight::Init).
  void SetLocomotionStartPhase(float phase) { locomotion_start_phase_ = phase; }
  // How fast the walk/run mix follows the ground speed, per second
  // (kRunWeightRatePerS by default; 0: at once).
  void SetRunWeightRate(float per_s) { locomotion_.max_run_weight_rate_per_s = std::max(per_s, 0.0f); }
  // A blend profile: `joints` (e.g. the arms and what the hands hold) fade
  // in and out over at least min_fade_s, however short the fade Play asks
  // for, so that a quick change of clip (a jump from a run) does not swing
  // a sword through half a turn in a few steps; the legs keep the short
  // fade they need to meet the ground. Cuts (fade 0) stay cuts. Call after
  // Init; joints out of range are ignored.
  void SetSlowJoints(std::span<const int> joints, float min_fade_s);

  // Clip seconds per sim second of the current slot (e.g. climbing speed;
  // negative plays backwards). Locomotion ignores it (speed decides).
  void SetRate(float rate);
  // Advances times and fades by dt_s; ground speed drives the locomotion blend.
  void Update(float dt_s, float ground_speed_mps);
  // Samples and blends the slots into output_ls (joint count).
  bool Evaluate(std::span<math::Transform> output_ls);

  // Debug override (the overlay's clip viewer): play `clip` alone, frozen at
  // time_s, until cleared. The state machine keeps running underneath.
  void SetOverride(const anim::Clip* clip, float time_s);
  void ClearOverride() { override_clip_ = nullptr; }
  const anim::Clip* Override() const { return override_clip_; }

  character::ClipRole CurrentRole() const { return slots_[current_].role; }
  // Time in the current slot's clip (wrapped for loops), seconds.
  float CurrentTimeS() const;
  const anim::Clip* CurrentClip() const;
  // A non-loop current clip has played to its end.
  bool CurrentFinished() const;
  // How planted `limb` is, 0..1: the weights of the slots whose clip has the
  // limb in contact at their current time.
  float ContactWeight(anim::Limb limb) const;
  // Between two contacts of `limb` in the current clip: how far through the
  // gap the clip is, 0 at the end of one contact, 1 at the start of the next.
  // 0 while in contact or when the clip has no contact for the limb.
  float SwingProgress(anim::Limb limb) const;
  const anim::LocomotionBlend& Locomotion() const { return locomotion_; }

  // A step the knight takes standing (Knight::StartStanceSteps): `foot`
  // (kFootL or kFootR) is off the ground for duration_s, whatever the clips
  // say. Until it lands ContactWeight reads 0 for it and SwingProgress the
  // step's progress, so that the IK, the sounds and the metrics all see a
  // foot in the air. A step already going on goes on.
  void StartStep(anim::Limb foot, float duration_s);
  // Ends both feet's steps at once (the knight walks, jumps or climbs).
  void EndSteps() { step_left_s_.fill(0.0f); }
  // 0..1 through the standing step of `foot`; -1 when it takes none.
  float StepProgress(anim::Limb foot) const;
  // Cache-prefetch hint for the next Update/Evaluate: the sampling cursors of
  // the clips playing (see knights/core/prefetch.h).
  void Prefetch() const;

 private:
  struct Slot {
    bool active = false;
    character::ClipRole role = character::ClipRole::kIdle;
    bool locomotion = false;
    float time_s = 0.0f;           // clip time (non-locomotion slots)
    float rate = 1.0f;             // clip seconds per sim second
    float weight = 0.0f;           // current blend weight, 0..1
    float fade_per_s = 0.0f;       // weight change per second (+ fading in, - out)
    float slow_weight = 0.0f;      // the weight of the slow joints (SetSlowJoints), 0..1
    float slow_fade_per_s = 0.0f;  // its change per second
    bool Playing() const { return active && (weight > 0.0f || slow_weight > 0.0f); }
    float Heaviest() const { return std::max(weight, slow_weight); }
  };
  const anim::Clip* ClipOf(character::ClipRole role) const { return clips_[static_cast<int>(role)]; }
  void CacheLocomotionTimes();
  // Blends the playing slots (indices, count) into out_ls, with per-joint
  // weights while the slow joints' weights differ from the others'.
  bool BlendSlots(std::span<const int> playing, std::span<math::Transform> out_ls);
  bool EvaluateBlend(std::span<math::Transform> out_ls);
  // The pose of one slot (a clip, or the walk/run blend) into pose_ls.
  bool EvaluateSlot(int slot, std::span<math::Transform> pose_ls);
  bool SampleInto(const anim::Clip* clip, float time_s, anim::SamplingCache& cache,
                  std::span<math::Transform> out) const;

  const anim::Skeleton* skeleton_ = nullptr;
  ClipSet clips_{};
  std::array<Slot, kMaxSlots> slots_{};
  int current_ = 0;
  anim::LocomotionBlend locomotion_;
  // Per slot: its blended pose, plus a second buffer and cache for the run
  // clip of a locomotion slot.
  std::array<std::vector<math::Transform>, kMaxSlots> slot_pose_ls_;
  std::array<std::vector<math::Transform>, 2> locomotion_pose_ls_;  // walk, run
  std::array<anim::SamplingCache, kMaxSlots> slot_cache_;
  std::array<anim::SamplingCache, 2> locomotion_cache_;
  float locomotion_start_phase_ = 0.0f;
  // Each foot's standing step (StartStep): seconds left (0: none) and its
  // whole length, seconds.
  std::array<float, 2> step_left_s_{};
  std::array<float, 2> step_duration_s_{};
  std::vector<uint8_t> slow_joint_;  // per joint: 1 when it fades slowly
  float slow_fade_min_s_ = 0.0f;
  // The last pose Evaluate gave (before any IK): each blend takes its
  // rotations' hemispheres from it (anim::BlendingJob::hemisphere_ls).
  std::vector<math::Transform> last_output_ls_;
  bool has_last_output_ = false;
  // Per slot: each joint's weight while a blend profile is in play.
  std::array<std::vector<float>, kMaxSlots> slot_joint_weights_;
  float locomotion_speed_mps_ = 0.0f;  // the walk/run cycle's speed while it was the current clip
  // The walk and run clips' times at the locomotion phase, seconds: found
  // once per Update (or Play), read by Evaluate and every contact query.
  float walk_time_s_ = 0.0f;
  float run_time_s_ = 0.0f;
  const anim::Clip* override_clip_ = nullptr;
  float override_time_s_ = 0.0f;
  anim::SamplingCache override_cache_;
};

}  // namespace knights::game
