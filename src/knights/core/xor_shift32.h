#pragma once
// xorshift32 (Marsaglia, "Xorshift RNGs", 2003): a tiny pseudo-random
// sequence that is the same on every machine, for seeded gameplay choices
// (the autopilot's, the soak test's input). Not for anything statistical.
//
//   core::XorShift32 rng(seed);
//   if (rng.Next01() < 0.1f) { ... }

#include <cstdint>

namespace knights::core {

class XorShift32 {
 public:
  // A zero state would stay zero for ever: seed 0 starts from zero_seed.
  explicit XorShift32(uint32_t seed, uint32_t zero_seed = 1u) : state_(seed == 0 ? zero_seed : seed) {}

  uint32_t Next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }
  // Uniform in [0, 1), from the low 24 bits (exact in a float).
  float Next01() { return static_cast<float>(Next() & 0xFFFFFFu) / static_cast<float>(0x1000000); }

 private:
  uint32_t state_;
};

}  // namespace knights::core
