// Fuzz target: sound file bytes -> asset::ParseWav.
//
// Invariants checked on every input: a file is either read, with between
// one sample and 60 s of them, all from inside the input, or refused with
// one line that starts with the file name (knights/asset/wav_loader.h); never a
// crash, a read outside the input (ASan) or an allocation beyond the data
// the input holds.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "knights/asset/wav_loader.h"
#include "fuzz_check.h"

namespace {

const std::string kFileName = "fuzz_sound.wav";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> bytes(data, data + size);
  const auto sound = knights::asset::ParseWav(bytes, kFileName);
  if (sound) {
    KNIGHTS_FUZZ_CHECK(!sound->samples.empty());
    KNIGHTS_FUZZ_CHECK(sound->samples.size() <=
                       static_cast<size_t>(knights::asset::kMaxSoundS * knights::asset::kSoundRateHz));
    KNIGHTS_FUZZ_CHECK(sound->samples.size() * 2 <= size);
  } else {
    const std::string& message = sound.status().message();
    KNIGHTS_FUZZ_CHECK(message.rfind(kFileName + ": ", 0) == 0);
    KNIGHTS_FUZZ_CHECK(message.find('\n') == std::string::npos);
  }
  return 0;
}
