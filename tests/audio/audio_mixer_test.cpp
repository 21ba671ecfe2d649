// audio::AudioMixer on SDL's dummy audio driver (a real mixer with no
// sound card): effects near the listener are started, far ones and those
// heard at zero volume are not, variants take turns, a pause stops the
// effects; without a device (headless runs) it is silent and drops all.

#include "knights/audio/audio_mixer.h"

#include <gtest/gtest.h>

#include <cstdlib>

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
