#pragma once
// The game's sounds: RIFF/WAVE files, 16-bit PCM, mono, 22050 Hz (what
// tools/sounds/make_sounds.py writes), at most 60 s. Anything else is
// refused with one line naming the file and the field.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "knights/core/status.h"

namespace knights::asset {

inline constexpr int kSoundRateHz = 22050;
inline constexpr double kMaxSoundS = 60.0;

struct Sound {
  std::vector<int16_t> samples;  // mono, kSoundRateHz
};

// Reads and checks `path` (core::kSoundFileCap).
core::Expected<Sound> LoadWav(const std::string& path);
// The same from bytes; `name` is the file named in messages.
core::Expected<Sound> ParseWav(const std::vector<uint8_t>& bytes, std::string_view name);

}  // namespace knights::asset
