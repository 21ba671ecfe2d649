#pragma once
// A small seeded random number generator whose sequence is the same on every
// platform, compiler and standard library: SplitMix64 (Steele, Lea and Flood,
// "Fast Splittable Pseudorandom Number Generators", OOPSLA 2014) and integer
// arithmetic only. The standard <random> distributions are not used on
// purpose: their algorithms differ between library implementations, so the
// same seed would give different levels on different platforms.

#include <cstdint>

namespace knights::world {

class SeededRandom {
 public:
  // Different seeds give unrelated sequences; stream separates several
  // sequences drawn from one seed (e.g. one per kind of level).
  explicit SeededRandom(uint64_t seed, uint64_t stream = 0)
      : state_(seed * 0x9E3779B97F4A7C15ull ^ (stream + 1) * 0xD1B54A32D192ED03ull) {
    NextU64();  // one step so that nearby seeds do not start with nearby states
  }

  // The next 64 random bits.
  uint64_t NextU64() {
    state_ += 0x9E3779B97F4A7C15ull;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // A uniform integer in [lo, hi] (inclusive; hi >= lo, hi - lo < 2^32).
  // Multiply-shift (Lemire, "Fast Random Integer Generation in an Interval",
  // 2019) without the rejection step: the bias is below 2^-32 per value.
  int64_t Int(int64_t lo, int64_t hi) {
    if (hi <= lo) return lo;
    const uint64_t range = static_cast<uint64_t>(hi - lo) + 1u;
    const uint64_t high32 = NextU64() >> 32;
    return lo + static_cast<int64_t>((high32 * range) >> 32);
  }

  // True with the given probability in percent (0..100).
  bool Percent(int percent) { return Int(0, 99) < percent; }

  // A uniform index into a list of count items (count >= 1).
  int Index(int count) { return static_cast<int>(Int(0, count - 1)); }

  // lo..hi skewed towards lo: lo + (hi - lo) * u^3 for a uniform u in [0, 1],
  // so that the whole range is reachable while small values are the common
  // case (e.g. a strip depth of 1..100 m that is mostly a few metres).
  int64_t SkewedInt(int64_t lo, int64_t hi) {
    const int64_t u = Int(0, 1000);
    return lo + (hi - lo) * u * u * u / 1000000000;
  }

 private:
  uint64_t state_;
};

}  // namespace knights::world
