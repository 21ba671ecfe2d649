#include "knights/app/game_sounds.h"

#include <string>

#include "knights/asset/wav_loader.h"
#include "knights/core/file_io.h"

namespace knights::app {
namespace {

// Each sound's file name stem and how many variants (_1.wav .. _N.wav;
// 1: the stem's own .wav).
struct SoundFiles {
  game::SoundId id;
  const char* stem;
  int variants;
};
constexpr SoundFiles kEffects[] = {
    {game::SoundId::kStepGrass, "step_grass", 3},
    {game::SoundId::kStepWood, "step_wood", 3},
    {game::SoundId::kStepStone, "step_stone", 3},
    {game::SoundId::kArmourClank, "armour_clank", 3},
    {game::SoundId::kRungGrab, "rung_grab", 2},
    {game::SoundId::kJump, "jump", 1},
    {game::SoundId::kLand, "land", 1},
    {game::SoundId::kCheckpoint, "checkpoint", 1},
    {game::SoundId::kLevelComplete, "level_complete", 1},
    {game::SoundId::kSwordSwing, "sword_swing", 3},
    {game::SoundId::kSwordSwingHeavy, "sword_swing_heavy", 1},
    {game::SoundId::kSwordHit, "sword_hit", 2},
    {game::SoundId::kShieldBlock, "shield_block", 2},
    {game::SoundId::kHurt, "hurt", 1},
    {game::SoundId::kKnockdown, "knockdown", 1},
    {game::SoundId::kEnemyNotice, "enemy_notice", 1},
    {game::SoundId::kPickup, "pickup", 1},
    {game::SoundId::kMedal, "medal", 1},
};
static_assert(std::size(kEffects) == static_cast<size_t>(game::SoundId::kCount), "a file for every sound");

core::Expected<audio::Samples> LoadOne(const std::string& name) {
  const auto path = core::ReadableDataPath("assets/sounds/" + name);
  if (!path) return path.status();
  auto sound = asset::LoadWav(*path);
  if (!sound) return sound.status();
  return std::move(sound->samples);
}

}  // namespace

core::Expected<audio::SoundSet> LoadGameSounds() {
  audio::SoundSet set;
  for (const SoundFiles& f : kEffects) {
    for (int v = 1; v <= f.variants; ++v) {
      const std::string name =
          f.variants == 1 ? std::string(f.stem) + ".wav" : std::string(f.stem) + "_" + std::to_string(v) + ".wav";
      auto samples = LoadOne(name);
      if (!samples) return samples.status();
      set.effects[static_cast<size_t>(f.id)].push_back(std::move(*samples));
    }
  }
  auto ambient = LoadOne("ambient_wind_loop.wav");
  if (!ambient) return ambient.status();
  set.ambient_loop = std::move(*ambient);
  auto music = LoadOne("music_loop.wav");
  if (!music) return music.status();
  set.music_loop = std::move(*music);
  return set;
}

}  // namespace knights::app
