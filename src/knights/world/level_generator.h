#pragma once
// Seeded generator of random levels that are legal (they pass the loader's
// validation, asset::ParseLevel) and playable (a good player running +x can
// finish them), for testing the game, the IK and the loader on many levels.
// The format and its limits are in assets/levels/README.md ("Generated
// levels" describes the tool, knights_levelgen).
//
// The course is a left-to-right sequence of sections drawn from the seed:
// flat runs, slopes up and down to 40 degrees, stairs, single steps, drops of
// at most 2 m, pits of at most 2 m with a 3 m run-up (landing up to 0.6 m
// higher), walls of up to 1.2 m jumped up, cliffs of 1.3..6 m with
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
#include <string_view>

#include "knights/world/level.h"

namespace knights::world {

enum class LevelGenRange {
  kWhole,   // every field drawn from its whole legal range
  kLimits,  // every field pushed to its limits (the extremes the format and the knight allow)
};

// Which kinds of section a level is made of: all of them, or one kind only
// (a level that shows one limit of the format, between the flat start and
// the flat goal).
enum class LevelGenOnly {
  kAll,
  kFlat,       // flat runs whose tilt_z and bump_z ramp to new values (ripples)
  kSlopes,     // slopes up or down
  kStairs,     // risers on treads
  kSteps,      // single steps up or down
  kDrops,      // drops of at most 2 m
  kPits,       // pits with a run-up
  kLadders,    // cliffs with a ladder up and a plateau
  kRocks,      // rocks on and off the walking line
  kPlatforms,  // platforms over or beside the walking line
  kWalls       // walls the knight jumps up
};

struct LevelGenDesc {  // zero/default means default
  uint32_t seed = 1;   // any value; 0 is a seed like the others
  LevelGenRange range = LevelGenRange::kWhole;
  // Wanted length of the terrain along x, metres; 0: drawn from the seed
  // (60..160 m). Clamped to 20..1000 m; the level ends with flat ground at
  // least 4 m long, so it may be up to about 15 m longer.
  float length_m = 0.0f;
  LevelGenOnly only = LevelGenOnly::kAll;
};

// A level that passes asset::ParseLevel for every desc. World space, metres.
Level GenerateLevel(const LevelGenDesc& desc);

// "whole" or "limits" (as in the tool's file names gen_<range>_<seed>.json).
const char* ToString(LevelGenRange range);

// "all", "flat", "slopes", "stairs", "steps", "drops", "pits", "ladders",
// "rocks", "platforms", "walls" (the tool's --only values).
const char* ToString(LevelGenOnly only);
// The LevelGenOnly named `name`, or false when there is none.
bool LevelGenOnlyFromString(std::string_view name, LevelGenOnly* only);

// The file name the tool writes: gen_<range>_<seed>.json, or
// gen_<range>_<only>_<seed>.json for one kind only.
std::string LevelGenFileName(const LevelGenDesc& desc);

// A one-paragraph description of a generated level for its JSON "comment":
// the generator, seed, range and length, what the level holds.
std::string LevelGenComment(const LevelGenDesc& desc, const Level& level);

}  // namespace knights::world
