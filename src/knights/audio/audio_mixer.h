#pragma once
// The game's sound output (SDL2_mixer): the effects the sim asks for
// (game::SoundEvent), panned and attenuated by where they are made
// against the listener (the camera's target), an ambient loop and a music
// loop, and three volumes (master, effects, music). Without an audio
// device (headless runs, a machine with none) it is silent: the events
// are dropped and nothing else changes.
//
//   audio::SoundSet set;                       // per game::SoundId, its variants (mono 16-bit 22050 Hz)
//   auto mixer = audio::AudioMixer::Open(set, /*use_device=*/true);
//   mixer->Play(session.sounds().Events(), listener_ws);
//   mixer->SetVolumes({0.8f, 1.0f, 0.6f});

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "knights/game/session/settings.h"
#include "knights/game/session/sound_event.h"

namespace knights::audio {

inline constexpr int kRateHz = 22050;  // every sound's sample rate

// Samples of one sound: mono, 16-bit, kRateHz.
using Samples = std::vector<int16_t>;

// What the mixer plays: for each game::SoundId its variants (one picked
// in turn each time it is heard), and the two loops.
struct SoundSet {
  std::array<std::vector<Samples>, static_cast<size_t>(game::SoundId::kCount)> effects;
  Samples ambient_loop;
  Samples music_loop;
};

using Volumes = game::SoundVolumes;  // master, effects, music, 0..1

class AudioMixer {
 public:
  // Opens the default output device when use_device (else, or when none
  // opens, a silent mixer; `why_silent` says why). Starts both loops.
  static std::unique_ptr<AudioMixer> Open(const SoundSet& set, bool use_device);
  ~AudioMixer();
  AudioMixer(const AudioMixer&) = delete;
  AudioMixer& operator=(const AudioMixer&) = delete;

  // Plays this frame's events; listener_ws is where the player hears from.
  void Play(std::span<const game::SoundEvent> events, const glm::vec3& listener_ws);
  void SetVolumes(const Volumes& volumes);
  // Paused: the effects stop and the loops go quiet until resumed.
  void SetPaused(bool paused);

  bool silent() const { return !device_open_; }
  const std::string& why_silent() const { return why_silent_; }
  int played() const { return played_; }  // effects started so far

 private:
  struct Chunks;
  AudioMixer() = default;
  void ApplyLoopVolumes();

  std::unique_ptr<Chunks> chunks_;
  bool device_open_ = false;
  std::string why_silent_;
  Volumes volumes_;
  bool paused_ = false;
  std::array<int, static_cast<size_t>(game::SoundId::kCount)> next_variant_{};
  int played_ = 0;
};

}  // namespace knights::audio
