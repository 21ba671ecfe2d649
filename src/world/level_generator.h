#pragma once
// Seeded generator of random levels that are legal (they pass the loader's
// validation, asset::ParseLevel) and playable (a good player running +x can
// finish them), for testing the game, the IK and the loader on many levels.
// The format and its limits are in assets/levels/README.md ("Generated
// levels" describes the tool, knights_levelgen).
//
// The course is a left-to-right sequence of sections drawn from the seed:
// flat runs, slopes up and down to 40 degrees, stairs, single steps, drops of
// at most 2 m, pits of at most 2 m with a 3 m run-up, cliffs of 1.3..6 m with
// a ladder and a plateau, rocks and platforms that never block the walking
// line; then NPC patrols, checkpoints and props over it. Every section's
// numbers are drawn from the whole legal range (kWhole) or pushed to their
// extremes (kLimits): 40 degree slopes, 0.40 m risers on 0.25 m treads,
// tilt_z 0.36, bump_z 0.3, bump_wavelength_z 0.2, 0.05 m cells, 6 m ladders
// leaning 15 degrees with rungs 0.22 or 0.40 apart, 2 m pits, and so on.
//
// Deterministic: the same LevelGenDesc gives the same Level on every
// platform (a SplitMix64 generator, integer millimetres while building, no
// <random> distributions, no libm transcendentals).

#include <cstdint>
#include <string>

#include "world/level.h"

namespace knights::world {

enum class LevelGenRange {
  kWhole,   // every field drawn from its whole legal range
  kLimits,  // every field pushed to its limits (the extremes the format and the knight allow)
};

struct LevelGenDesc {  // zero/default means default
  uint32_t seed = 1;   // any value; 0 is a seed like the others
  LevelGenRange range = LevelGenRange::kWhole;
  // Wanted length of the terrain along x, metres; 0: drawn from the seed
  // (60..160 m). Clamped to 20..1000 m; the level ends with flat ground at
  // least 4 m long, so it may be up to about 15 m longer.
  float length_m = 0.0f;
};

// A level that passes asset::ParseLevel for every desc. World space, metres.
Level GenerateLevel(const LevelGenDesc& desc);

// "whole" or "limits" (as in the tool's file names gen_<range>_<seed>.json).
const char* ToString(LevelGenRange range);

// A one-paragraph description of a generated level for its JSON "comment":
// the generator, seed, range and length, what the level holds.
std::string LevelGenComment(const LevelGenDesc& desc, const Level& level);

}  // namespace knights::world
