#pragma once
// The game's sound output (SDL2_mixer): the effects the sim asks for
// (game::SoundEvent), panned and attenuated by where they are made
// against the listener (the camera's target), an ambient loop and a music
// loop, and four volumes (master, effects, music, ambience). The channels
// are mixed in float, and a limiter on the master bus (MasterLimiter)
// keeps the sum at or under -1 dBFS. Without an audio device (headless
// runs, a machine with none) it is silent: the events are dropped and
// nothing else changes.
//
//   audio::SoundSet set;                       // per game::SoundId, its variants (mono 16-bit 22050 Hz)
//   auto mixer = audio::AudioMixer::Open(set, /*use_device=*/true);
//   mixer->Play(session.sounds().Events(), listener_ws);
//   mixer->SetVolumes({0.8f, 1.0f, 0.6f, 1.0f});

#include <array>
#include <atomic>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "knights/audio/master_limiter.h"
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

using Volumes = game::SoundVolumes;  // master, effects, music, ambience, 0..1

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
  // Seconds of sound the device has taken from the mixer since it opened
  // (0 when silent): the clock a headless run with audio follows.
  double SecondsMixed() const;

 private:
  struct Chunks;
  AudioMixer() = default;
  void ApplyLoopVolumes();
  // The master bus: the limiter, then the clock (SDL_mixer's post-mix
  // callback, on the audio thread).
  static void PostMix(void* self, uint8_t* stream, int bytes);

  std::unique_ptr<Chunks> chunks_;
  bool device_open_ = false;
  std::string why_silent_;
  Volumes volumes_;
  bool paused_ = false;
  std::array<int, static_cast<size_t>(game::SoundId::kCount)> next_variant_{};
  int played_ = 0;
  MasterLimiter limiter_{{.rate_hz = kRateHz}};  // touched on the audio thread only
  std::atomic<long long> frames_mixed_{0};       // written on the audio thread
};

}  // namespace knights::audio
