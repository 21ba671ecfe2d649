#pragma once
// What the game asks to be heard: sound events made by the sim steps
// (game::SoundCues), queued without allocating, and drained by the app,
// which plays them (audio/). Pure data: the game never sees the mixer.

#include <array>
#include <cstdint>
#include <span>

#include <glm/glm.hpp>

namespace knights::game {

enum class SoundId : uint8_t {
  kStepGrass,        // a foot planted on terrain
  kStepWood,         // ... on a ladder's rung
  kStepStone,        // ... on a platform or a rock
  kArmourClank,      // the plate armour on each step
  kRungGrab,         // a hand takes a rung
  kJump,             // take-off
  kLand,             // landing from a fall or a jump
  kCheckpoint,       // the player passes a checkpoint
  kLevelComplete,    // the player reaches the goal
  kSwordSwing,       // a light attack's swing
  kSwordSwingHeavy,  // the combo's heavy blow
  kSwordHit,         // a blade strikes a knight
  kShieldBlock,      // a blade stopped by a raised shield
  kHurt,             // a knight takes a blow
  kKnockdown,        // a knight falls onto its back
  kEnemyNotice,      // an enemy has seen the player
  kPickup,           // the player picks up a collectible
  kMedal,            // a medal earned at the goal
  kCount
};

struct SoundEvent {
  SoundId id = SoundId::kStepGrass;
  glm::vec3 position_ws{0.0f};  // where it is made, world metres
  float gain = 1.0f;            // 0..1 before the listener's distance and the volumes
};

// The events of the steps since the last Clear, in order; at most
// kCapacity (further ones are counted as dropped, never allocated).
class SoundEventQueue {
 public:
  static constexpr int kCapacity = 128;

  void Push(const SoundEvent& event) {
    if (count_ < kCapacity) {
      events_[count_++] = event;
    } else {
      ++dropped_;
    }
  }
  void Clear() {
    count_ = 0;
    dropped_ = 0;
  }
  std::span<const SoundEvent> Events() const { return {events_.data(), static_cast<size_t>(count_)}; }
  int Dropped() const { return dropped_; }

 private:
  std::array<SoundEvent, kCapacity> events_{};
  int count_ = 0;
  int dropped_ = 0;
};

}  // namespace knights::game
