#pragma once
// The game's sound files (assets/sounds/, made by tools/sounds): which file
// each game::SoundId plays, with its variants, and the two loops, loaded
// into an audio::SoundSet. A missing or bad file is the run's one-line
// error, as for any asset.

#include "knights/audio/audio_mixer.h"
#include "knights/core/status.h"

namespace knights::app {

// Loads every sound from assets/sounds/ (data-directory relative).
core::Expected<audio::SoundSet> LoadGameSounds();

}  // namespace knights::app
