#include "knights/audio/audio_mixer.h"

#include <SDL.h>
#include <SDL_mixer.h>

#include <algorithm>
#include <cmath>

namespace knights::audio {
namespace {

constexpr int kChannels = 24;       // mixing channels: 2 loops, the rest effects
constexpr int kAmbientChannel = 0;  // reserved for the loops
constexpr int kMusicChannel = 1;
constexpr int kChunkFrames = 1024;   // the device's buffer, frames (46 ms at 22050 Hz)
constexpr float kPanWidthM = 10.0f;  // a sound this far to one side is fully in that ear, metres
constexpr float kHalfGainM = 10.0f;  // ... and this far away at half its gain
constexpr float kInaudible = 0.01f;  // quieter than this is not started

int MixVolume(float v) { return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * MIX_MAX_VOLUME)); }

}  // namespace

// The sounds as the device plays them: float stereo copies (both ears the
// same; panning is per channel) and the Mix_Chunk over each.
struct AudioMixer::Chunks {
  std::vector<std::vector<float>> buffers;  // kept alive: the chunks point into them
  std::array<std::vector<Mix_Chunk*>, static_cast<size_t>(game::SoundId::kCount)> effects;
  Mix_Chunk* ambient = nullptr;
  Mix_Chunk* music = nullptr;

  Mix_Chunk* Add(const Samples& mono) {
    if (mono.empty()) return nullptr;
    std::vector<float>& stereo = buffers.emplace_back(mono.size() * 2);
    for (size_t i = 0; i < mono.size(); ++i) stereo[2 * i] = stereo[2 * i + 1] = static_cast<float>(mono[i]) / 32768.0f;
    return Mix_QuickLoad_RAW(reinterpret_cast<Uint8*>(stereo.data()),
                             static_cast<Uint32>(stereo.size() * sizeof(float)));
  }
  ~Chunks() {
    for (auto& variants : effects) {
      for (Mix_Chunk* c : variants) Mix_FreeChunk(c);
    }
    Mix_FreeChunk(ambient);
    Mix_FreeChunk(music);
  }
};

std::unique_ptr<AudioMixer> AudioMixer::Open(const SoundSet& set, bool use_device) {
  std::unique_ptr<AudioMixer> mixer(new AudioMixer());
  if (!use_device) {
    mixer->why_silent_ = "no audio in headless runs";
    return mixer;
  }
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    mixer->why_silent_ = std::string("no audio: ") + SDL_GetError();
    return mixer;
  }
  // Float, so that channels add up without clipping and the limiter sees
  // the true sum; at the sounds' rate. SDL converts to the device's format.
  if (Mix_OpenAudioDevice(kRateHz, AUDIO_F32SYS, 2, kChunkFrames, nullptr, 0) != 0) {
    mixer->why_silent_ = std::string("no audio device: ") + Mix_GetError();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    return mixer;
  }
  mixer->device_open_ = true;
  Mix_AllocateChannels(kChannels);
  Mix_ReserveChannels(2);
  mixer->chunks_ = std::make_unique<Chunks>();
  Chunks& c = *mixer->chunks_;
  for (size_t id = 0; id < set.effects.size(); ++id) {
    for (const Samples& s : set.effects[id]) {
      if (Mix_Chunk* chunk = c.Add(s); chunk != nullptr) c.effects[id].push_back(chunk);
    }
  }
  c.ambient = c.Add(set.ambient_loop);
  c.music = c.Add(set.music_loop);
  Mix_SetPostMix(&AudioMixer::PostMix, mixer.get());  // before the first sound: every buffer is limited
  if (c.ambient != nullptr) Mix_PlayChannel(kAmbientChannel, c.ambient, -1);
  if (c.music != nullptr) Mix_PlayChannel(kMusicChannel, c.music, -1);
  mixer->ApplyLoopVolumes();
  return mixer;
}

void AudioMixer::PostMix(void* self, uint8_t* stream, int bytes) {
  auto* mixer = static_cast<AudioMixer*>(self);
  const std::span<float> samples(reinterpret_cast<float*>(stream), static_cast<size_t>(bytes) / sizeof(float));
  mixer->limiter_.Process(samples);
  mixer->frames_mixed_.fetch_add(static_cast<long long>(samples.size() / 2), std::memory_order_release);
}

double AudioMixer::SecondsMixed() const {
  return static_cast<double>(frames_mixed_.load(std::memory_order_acquire)) / kRateHz;
}

AudioMixer::~AudioMixer() {
  if (!device_open_) return;
  Mix_HaltChannel(-1);
  Mix_SetPostMix(nullptr, nullptr);
  chunks_.reset();
  Mix_CloseAudio();
  SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void AudioMixer::Play(std::span<const game::SoundEvent> events, const glm::vec3& listener_ws) {
  if (!device_open_ || paused_) return;
  for (const game::SoundEvent& e : events) {
    const auto id = static_cast<size_t>(e.id);
    if (id >= chunks_->effects.size() || chunks_->effects[id].empty()) continue;
    const glm::vec3 rel = e.position_ws - listener_ws;
    const float distance_m = glm::length(rel);
    const float gain = e.gain / (1.0f + (distance_m / kHalfGainM) * (distance_m / kHalfGainM));
    const float volume = gain * volumes_.effects * volumes_.master;
    if (volume < kInaudible) continue;
    const std::vector<Mix_Chunk*>& variants = chunks_->effects[id];
    Mix_Chunk* chunk = variants[static_cast<size_t>(next_variant_[id]++) % variants.size()];
    const int channel = Mix_PlayChannel(-1, chunk, 0);
    if (channel < 0) continue;  // every channel busy: this one is not heard
    Mix_Volume(channel, MixVolume(volume));
    const float pan = std::clamp(rel.x / kPanWidthM, -1.0f, 1.0f);
    Mix_SetPanning(channel, static_cast<Uint8>(std::lround(255.0f * std::min(1.0f, 1.0f - pan))),
                   static_cast<Uint8>(std::lround(255.0f * std::min(1.0f, 1.0f + pan))));
    ++played_;
  }
}

void AudioMixer::SetVolumes(const Volumes& volumes) {
  if (volumes == volumes_) return;  // called every frame; the mixer is touched only on a change
  volumes_ = volumes;
  ApplyLoopVolumes();
}

void AudioMixer::SetPaused(bool paused) {
  if (paused == paused_) return;
  paused_ = paused;
  if (device_open_ && paused) {
    for (int channel = 2; channel < kChannels; ++channel) Mix_HaltChannel(channel);
  }
  ApplyLoopVolumes();
}

void AudioMixer::ApplyLoopVolumes() {
  if (!device_open_) return;
  const float quiet = paused_ ? 0.3f : 1.0f;  // the pause menu keeps the world faintly audible
  Mix_Volume(kAmbientChannel, MixVolume(volumes_.ambience * volumes_.master * quiet));
  Mix_Volume(kMusicChannel, MixVolume(volumes_.music * volumes_.master * quiet));
}

}  // namespace knights::audio
