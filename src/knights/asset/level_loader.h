#pragma once
// Level files: JSON text -> a validated world::Level. The format and every
// rule checked here are described in assets/levels/README.md.
//
// Every error is one line: "<file>: <json path>: <what is wrong>", e.g.
//   demo.json: ladders[2].rung_spacing: 0.5 is outside 0.22..0.40 m
//   demo.json: spawn: missing required field
//   demo.json: terrain.points[3][0]: expected a number, got string
//   demo.json: line 12, column 4: not valid JSON (...)
// The game prints it and exits with code 2.

#include <string>
#include <string_view>

#include "knights/core/status.h"
#include "knights/world/level.h"

namespace knights::asset {

// Reads and parses the file at path; messages name the path as given.
core::Expected<world::Level> LoadLevel(const std::string& path);

// Parses level JSON text; file_name_for_messages starts every error line.
core::Expected<world::Level> ParseLevel(std::string_view json_text, std::string_view file_name_for_messages);

// Limits the validator enforces (documented in assets/levels/README.md).
namespace level_limits {
inline constexpr float kMaxCoordinate = 10000.0f;  // |any coordinate| in metres
inline constexpr float kMaxSlopeDeg = 40.0f;       // steepest non-vertical terrain segment
inline constexpr float kMaxStepHeight = 8.0f;      // tallest vertical step (cliff) in the profile, metres
inline constexpr float kMaxWalkableStep =
    0.40f;                                       // taller steps need a ladder or a jump; NPC patrols may not cross them
inline constexpr float kMaxTiltZ = 0.36f;        // |cross-depth slope| (about 20 degrees)
inline constexpr float kMaxBumpZ = 0.30f;        // |cross-depth ripple amplitude|, metres
inline constexpr float kMinRungSpacing = 0.22f;  // metres
inline constexpr float kMaxRungSpacing = 0.40f;  // metres
inline constexpr float kMaxLadderLeanDeg = 15.0f;
inline constexpr float kMaxLadderHeight = 12.0f;       // metres
inline constexpr float kLadderGroundTolerance = 0.3f;  // ladder bottom / top vs. the ground there, metres
inline constexpr float kLadderStripMargin = 0.3f;      // a ladder's z at least this far inside the ground strip, metres
inline constexpr float kMaxPitWidth = 10.0f;           // metres
// Counts that scale the work of loading, collision and every frame
// (docs/reliability.md says why each is what it is): the demo has 63
// terrain points, 4 NPCs, 25 props and 11 rocks.
inline constexpr size_t kMaxTerrainPoints = 16384;
inline constexpr size_t kMaxPits = 256;
inline constexpr size_t kMaxPlatforms = 256;
inline constexpr size_t kMaxLadders = 128;
inline constexpr size_t kMaxNpcs = 64;
inline constexpr int kMaxNpcHealth = 20;  // an NPC's hit points
// An enemy fights on ground no steeper than this along x, with no more
// cross-depth tilt and ripple than these, over its patrol range and
// kEnemyGroundMarginM beyond each end (where the player stands to fight
// it): the stances of a sword fight keep both feet planted there, IK on.
inline constexpr float kMaxEnemySlopeDeg = 20.0f;
inline constexpr float kMaxEnemyTiltZ = 0.18f;
inline constexpr float kMaxEnemyBumpZ = 0.10f;
inline constexpr float kEnemyGroundMarginM = 1.5f;
inline constexpr size_t kMaxRocks = 1024;
inline constexpr size_t kMaxProps = 1024;
inline constexpr size_t kMaxCheckpoints = 256;
inline constexpr size_t kMaxCollectibles = 512;
inline constexpr float kMaxMedalTimeS = 3600.0f;  // an hour of play
}  // namespace level_limits

}  // namespace knights::asset
