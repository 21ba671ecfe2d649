// audio::AudioMixer on SDL's dummy audio driver (a real mixer with no
// sound card): effects near the listener are started, far ones and those
// heard at zero volume are not, variants take turns, a pause stops the
// effects; without a device (headless runs) it is silent and drops all.

#include "knights/audio/audio_mixer.h"

#include <gtest/gtest.h>

#include <SDL.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "knights/audio/mix_targets.h"
#include "knights/core/file_io.h"

namespace knights::audio {
namespace {

SoundSet TinySet() {
  SoundSet set;
  const Samples beep(2205, 1000);  // 0.1 s
  for (auto& variants : set.effects) variants = {beep, beep};
  set.ambient_loop = beep;
  set.music_loop = beep;
  return set;
}

std::unique_ptr<AudioMixer> OpenDummy() {
  setenv("SDL_AUDIODRIVER", "dummy", 1);
  return AudioMixer::Open(TinySet(), /*use_device=*/true);
}

TEST(AudioMixer, PlaysNearEffectsAndDropsInaudibleOnes) {
  auto mixer = OpenDummy();
  ASSERT_FALSE(mixer->silent()) << mixer->why_silent();
  const glm::vec3 listener(10.0f, 2.0f, 0.0f);
  const game::SoundEvent near{game::SoundId::kStepGrass, listener + glm::vec3(3.0f, -1.5f, 0.0f), 1.0f};
  const game::SoundEvent far{game::SoundId::kStepGrass, listener + glm::vec3(500.0f, 0.0f, 0.0f), 1.0f};
  const game::SoundEvent muted{game::SoundId::kJump, listener, 0.0f};
  mixer->Play(std::span(&near, 1), listener);
  EXPECT_EQ(mixer->played(), 1);
  mixer->Play(std::span(&far, 1), listener);
  mixer->Play(std::span(&muted, 1), listener);
  EXPECT_EQ(mixer->played(), 1) << "too far, or no gain";
  mixer->SetVolumes({0.0f, 1.0f, 1.0f});
  mixer->Play(std::span(&near, 1), listener);
  EXPECT_EQ(mixer->played(), 1) << "master volume 0";
  mixer->SetVolumes({});
  mixer->SetPaused(true);
  mixer->Play(std::span(&near, 1), listener);
  EXPECT_EQ(mixer->played(), 1) << "paused";
  mixer->SetPaused(false);
  const game::SoundEvent burst[3] = {near, near, near};
  mixer->Play(burst, listener);
  EXPECT_EQ(mixer->played(), 4);
}

// Twenty effects at full scale at once, through SDL's disk driver (what
// the device is given): the channels add up past 0 dBFS, and the master
// bus's limiter keeps every sample at or under -1 dBFS. The mixer's clock
// follows what the device took.
TEST(AudioMixer, TheMasterBusNeverPassesTheCeiling) {
  const std::string raw =
      (std::filesystem::temp_directory_path() / ("knights_mixer_" + std::to_string(getpid()) + ".raw")).string();
  setenv("SDL_AUDIODRIVER", "disk", 1);
  setenv("SDL_DISKAUDIOFILE", raw.c_str(), 1);
  setenv("SDL_DISKAUDIODELAY", "2", 1);
  SoundSet set;
  Samples square(22050 / 2);
  for (size_t i = 0; i < square.size(); ++i) square[i] = (i / 50) % 2 == 0 ? 32767 : -32767;
  for (auto& variants : set.effects) variants = {square};
  {
    auto mixer = AudioMixer::Open(set, /*use_device=*/true);
    ASSERT_FALSE(mixer->silent()) << mixer->why_silent();
    mixer->SetVolumes({1.0f, 1.0f, 0.0f, 0.0f});
    const glm::vec3 here(0.0f);
    const std::vector<game::SoundEvent> burst(20, game::SoundEvent{game::SoundId::kSwordHit, here, 1.0f});
    mixer->Play(burst, here);
    EXPECT_EQ(mixer->played(), 20);
    for (int waited_ms = 0; mixer->SecondsMixed() < 0.6 && waited_ms < 10000; waited_ms += 5) SDL_Delay(5);
    EXPECT_GE(mixer->SecondsMixed(), 0.6) << "the device took sound and the clock counted it";
  }
  unsetenv("SDL_DISKAUDIOFILE");
  unsetenv("SDL_DISKAUDIODELAY");
  const auto read = core::ReadBinaryFile(raw);
  const std::vector<uint8_t> bytes = read.ok() ? *read : std::vector<uint8_t>{};
  std::filesystem::remove(raw);
  std::vector<float> samples(bytes.size() / sizeof(float));
  std::memcpy(samples.data(), bytes.data(), samples.size() * sizeof(float));
  ASSERT_GE(samples.size(), 2u * 22050 / 2);
  float peak = 0.0f;
  for (const float v : samples) peak = std::max(peak, std::abs(v));
  EXPECT_GT(peak, 0.8f) << "the burst was heard";
  EXPECT_LE(peak, std::pow(10.0f, static_cast<float>(kMixCeilingDbfs) / 20.0f) + 1e-6f);
}

TEST(AudioMixer, WithoutADeviceItIsSilent) {
  auto mixer = AudioMixer::Open(TinySet(), /*use_device=*/false);
  EXPECT_TRUE(mixer->silent());
  EXPECT_FALSE(mixer->why_silent().empty());
  const game::SoundEvent e{game::SoundId::kLand, glm::vec3(0.0f), 1.0f};
  mixer->Play(std::span(&e, 1), glm::vec3(0.0f));
  mixer->SetVolumes({});
  mixer->SetPaused(true);
  EXPECT_EQ(mixer->played(), 0);
}

}  // namespace
}  // namespace knights::audio
