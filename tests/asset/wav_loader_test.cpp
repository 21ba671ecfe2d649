// asset::ParseWav: the game's sound format (16-bit PCM, mono, 22050 Hz, at
// most 60 s) is read back sample for sample, chunks it does not know are
// skipped, and every other file is refused with one line naming the file
// and the field; the shipped sounds all load.

#include "knights/asset/wav_loader.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "knights/core/file_io.h"

namespace knights::asset {
namespace {

void PutU32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void PutU16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(static_cast<uint8_t>(v));
  out.push_back(static_cast<uint8_t>(v >> 8));
}
void PutTag(std::vector<uint8_t>& out, const char* tag) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(tag[i]));
}

struct Format {
  uint16_t format = 1, channels = 1, bits = 16;
  uint32_t rate = 22050;
};

// A WAV file: optional extra chunk before fmt, then fmt and data.
std::vector<uint8_t> Wav(const std::vector<int16_t>& samples, Format f = {}, bool extra_chunk = false) {
  std::vector<uint8_t> body;
  body.reserve(64 + samples.size() * 2);  // also keeps GCC 12's -Wstringop-overflow quiet about push_back
  PutTag(body, "WAVE");
  if (extra_chunk) {
    PutTag(body, "LIST");
    PutU32(body, 3);
    body.insert(body.end(), {'a', 'b', 'c', 0});  // odd size, padded
  }
  PutTag(body, "fmt ");
  PutU32(body, 16);
  PutU16(body, f.format);
  PutU16(body, f.channels);
  PutU32(body, f.rate);
  PutU32(body, f.rate * f.channels * f.bits / 8);
  PutU16(body, static_cast<uint16_t>(f.channels * f.bits / 8));
  PutU16(body, f.bits);
  PutTag(body, "data");
  PutU32(body, static_cast<uint32_t>(samples.size() * 2));
  for (int16_t s : samples) PutU16(body, static_cast<uint16_t>(s));
  std::vector<uint8_t> out;
  out.reserve(8 + body.size());
  PutTag(out, "RIFF");
  PutU32(out, static_cast<uint32_t>(body.size()));
  for (uint8_t b : body) out.push_back(b);
  return out;
}

std::string Error(const std::vector<uint8_t>& bytes) {
  auto sound = ParseWav(bytes, "x.wav");
  return sound ? std::string() : sound.status().message();
}

TEST(WavLoader, ReadsTheSamplesBack) {
  const std::vector<int16_t> samples{0, 1, -1, 32767, -32768, 1234};
  for (bool extra : {false, true}) {
    auto sound = ParseWav(Wav(samples, {}, extra), "x.wav");
    ASSERT_TRUE(sound.ok()) << sound.status().message();
    EXPECT_EQ(sound->samples, samples);
  }
}

TEST(WavLoader, RefusesEveryOtherFormatNamingTheField) {
  const std::vector<int16_t> s{1, 2, 3};
  EXPECT_EQ(Error({'R', 'I', 'F', 'F'}), "x.wav: not a RIFF/WAVE file");
  EXPECT_EQ(Error(Wav(s, {3, 1, 16, 22050})), "x.wav: fmt.format: expected 1 (PCM), got 3");
  EXPECT_EQ(Error(Wav(s, {1, 2, 16, 22050})), "x.wav: fmt.channels: expected 1 (mono), got 2");
  EXPECT_EQ(Error(Wav(s, {1, 1, 16, 44100})), "x.wav: fmt.sample_rate: expected 22050, got 44100");
  EXPECT_EQ(Error(Wav(s, {1, 1, 8, 22050})), "x.wav: fmt.bits: expected 16, got 8");
  std::vector<uint8_t> truncated = Wav(s);
  truncated.resize(truncated.size() - 2);
  EXPECT_EQ(Error(truncated), "x.wav: data chunk: runs past the end of the file");
  std::vector<uint8_t> huge_chunk = Wav(s);
  huge_chunk[16] = huge_chunk[17] = huge_chunk[18] = huge_chunk[19] = 0xFF;  // fmt's size
  EXPECT_EQ(Error(huge_chunk), "x.wav: fmt  chunk: runs past the end of the file");
  EXPECT_EQ(Error(Wav({})), "x.wav: data: no samples");
  const std::vector<int16_t> minute(static_cast<size_t>(kMaxSoundS * kSoundRateHz) + 1, 0);
  EXPECT_EQ(Error(Wav(minute)), "x.wav: data: longer than 60 s");
  std::vector<uint8_t> no_data = Wav(s);
  std::memcpy(no_data.data() + 36, "junk", 4);
  EXPECT_EQ(Error(no_data), "x.wav: no data chunk");
}

TEST(WavLoader, EveryShippedSoundLoads) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(KNIGHTS_SOURCE_DIR) + "/assets/sounds")) {
    if (entry.path().extension() != ".wav") continue;
    auto sound = LoadWav(entry.path().string());
    EXPECT_TRUE(sound.ok()) << sound.status().message();
    ++files;
  }
  EXPECT_EQ(files, 33);  // 31 effects (their variants) and the two loops
}

}  // namespace
}  // namespace knights::asset
