#pragma once
// Random input for the soak test (--soak): bursts of random keys mixed into
// the autopilot's input, seeded and so reproducible. It moves both ways,
// jumps at random, grabs and lets go of ladders, pauses and resumes, and
// restarts after the goal: every path of the game gets exercised for a long
// run, to catch NaN, crashes and memory growth.

#include <cstdint>

#include "knights/core/input_state.h"
#include "knights/core/xor_shift32.h"

namespace knights::game {

class SoakInput {
 public:
  explicit SoakInput(uint32_t seed) : rng_(seed, 0x9E3779B9u) {}

  // The input for one sim step: the pilot's most of the time, a random
  // burst now and then.
  core::InputState Mix(const core::InputState& pilot, float dt_s);

 private:
  float Random01() { return rng_.Next01(); }

  core::XorShift32 rng_;
  float burst_left_s_ = 0.0f;  // seconds of random input left
  float calm_left_s_ = 2.0f;   // seconds of pilot input before the next burst
  core::InputState burst_;     // the held keys of the current burst
};

}  // namespace knights::game
