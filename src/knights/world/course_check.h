#pragma once
// The walking line's check: is there anything on the play plane between the
// spawn and the goal that the knight can neither walk, jump nor climb? The
// loader runs it on every level (assets/levels/README.md, "Designing for the
// knight", states the same limits), so a level that cannot be finished is
// rejected with one line naming the field, not shipped.
//
// What it checks, going +x from spawn.x to goal.x on the play plane (z = 0,
// the knight's body reaching kPlayPlaneHalfWidthM either side):
// - open air: a pit, less the platforms across the play plane, leaves at
//   most kMaxJumpGapM to jump, and where a jump crosses the whole pit its far
//   side is at most kMaxGapRiseM above its near side;
// - walls: a vertical step up taller than kMaxJumpUpM has a ladder up it
//   (exit "+x", its top at the wall's top, at most kLadderTopBeforeWallM
//   before the wall);
// - rocks across the play plane rise at most kMaxJumpUpM over the ground at
//   their downhill edge.
// It does not prove that platforms are reachable or that features closer
// together than a run-up can be taken one after the other; the generator
// (knights/world/level_generator.h) and the autopilot test those.
//
// The numbers are what the knight's mover does with a margin: measured with
// the autopilot, a 1.5 m wall is jumped, a 2.0 m pit is jumped onto a far
// side 1.1 m higher and a 2.5 m one onto a far side 0.5 m higher (the test
// tests/game/knight/course_limits_test.cpp plays each limit).

#include <optional>
#include <string>

#include "knights/world/level.h"

namespace knights::world {

inline constexpr float kMaxJumpUpM = 1.2f;   // highest wall or rock jumped onto, metres
inline constexpr float kMaxJumpGapM = 2.0f;  // widest open air jumped across, metres
inline constexpr float kMaxGapRiseM = 0.6f;  // far side of a jumped pit at most this above the near side, metres
inline constexpr float kPlayPlaneHalfWidthM = 0.3f;   // the knight's body across depth, either side of z = 0, metres
inline constexpr float kLadderTopBeforeWallM = 4.0f;  // a ladder's top this far before a wall still climbs it, metres

// One thing that blocks the walking line: the level file's JSON path
// ("pits[1]", "terrain.points[7]", "rocks[0]") and what is wrong, in words.
struct CourseBlock {
  std::string path;
  std::string what;
};

// The first block between spawn.x and goal.x, left to right by kind (pits,
// walls, rocks), or nothing. The level must have passed the loader's field
// checks (points ordered, pits inside the terrain).
std::optional<CourseBlock> FindCourseBlock(const Level& level);

}  // namespace knights::world
