#include "knights/world/course_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "knights/math/angles.h"

namespace knights::world {
namespace {

using math::kDegToRad;

// A ladder's top counts as reaching a wall's top within this, metres (the
// loader's ladder-to-ledge tolerance).
constexpr float kLadderTopTolerance = 0.3f;

std::string Num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", v);
  return buffer;
}

bool CrossesPlayPlane(float z0, float z1) { return z0 < kPlayPlaneHalfWidthM && z1 > -kPlayPlaneHalfWidthM; }

// The pieces of [x0, x1] that no platform across the play plane covers.
std::vector<std::pair<float, float>> OpenStretches(const Level& level, float x0, float x1) {
  std::vector<std::pair<float, float>> open = {{x0, x1}}, next;
  for (const Platform& p : level.platforms) {
    if (!CrossesPlayPlane(p.z0, p.z1)) continue;
    next.clear();
    for (const auto& [a, b] : open) {
      if (p.x0 > a) next.emplace_back(a, std::min(b, p.x0));
      if (p.x1 < b) next.emplace_back(std::max(a, p.x1), b);
    }
    open.clear();
    for (const auto& piece : next) {
      if (piece.second > piece.first) open.push_back(piece);
    }
  }
  return open;
}

std::optional<CourseBlock> FindPitBlock(const Level& level) {
  for (size_t i = 0; i < level.pits.size(); ++i) {
    const Pit& pit = level.pits[i];
    if (pit.x1 <= level.spawn.x || pit.x0 >= level.goal.x) continue;
    const std::string path = "pits[" + std::to_string(i) + "]";
    for (const auto& [a, b] : OpenStretches(level, pit.x0, pit.x1)) {
      if (b - a > kMaxJumpGapM + 1e-4f) {
        return CourseBlock{path, Num(b - a) + " m of open air on the play plane (x = " + Num(a) + " to " + Num(b) +
                                     "): a running jump clears at most " + Num(kMaxJumpGapM) +
                                     " m (narrow it or bridge it with a platform)"};
      }
      if (a != pit.x0 || b != pit.x1) continue;
      const float rise =
          ProfileHeight(level.terrain, pit.x1) - ProfileHeight(level.terrain, std::nextafter(pit.x0, -1e9f));
      if (rise > kMaxGapRiseM + 1e-4f) {
        return CourseBlock{path, "the far side is " + Num(rise) +
                                     " m above the near side: a jump over a pit lands at most " + Num(kMaxGapRiseM) +
                                     " m higher"};
      }
    }
  }
  return std::nullopt;
}

// True when a ladder leads from the ground before the wall at x = wall_x
// to its top: its foot within a jump of the wall's foot or of the walking
// line's ground under it (a leaning ladder's foot on a slope that comes
// down to the wall stands above the wall's foot, and the knight walking
// down that slope passes it).
bool LadderClimbs(const Level& level, float wall_x, float lower_y, float upper_y) {
  for (const LadderDesc& ladder : level.ladders) {
    if (ladder.exit_dir != 1) continue;
    const float top_x = ladder.x + (ladder.top_y - ladder.bottom_y) * std::tan(ladder.lean_deg * kDegToRad);
    const float foot_ground_y = ProfileHeight(level.terrain, std::min(ladder.x, std::nextafter(wall_x, -1e9f)));
    if (top_x <= wall_x + 1e-3f && top_x >= wall_x - kLadderTopBeforeWallM &&
        ladder.top_y >= upper_y - kLadderTopTolerance &&
        ladder.bottom_y <= std::max(lower_y, foot_ground_y) + kMaxJumpUpM) {
      return true;
    }
  }
  return false;
}

std::optional<CourseBlock> FindWallBlock(const Level& level) {
  const auto& pts = level.terrain.points;
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const TerrainPoint& a = pts[i];
    const TerrainPoint& b = pts[i + 1];
    const float rise = b.y - a.y;
    if (b.x != a.x || rise <= kMaxJumpUpM + 1e-4f || a.x <= level.spawn.x || a.x >= level.goal.x) continue;
    if (InPit(level, a.x) || LadderClimbs(level, a.x, a.y, b.y)) continue;
    return CourseBlock{"terrain.points[" + std::to_string(i + 1) + "]",
                       "a " + Num(rise) + " m wall up at x = " + Num(a.x) +
                           " that no ladder climbs: the knight jumps up at most " + Num(kMaxJumpUpM) +
                           " m (add a ladder with exit \"+x\" against it)"};
  }
  return std::nullopt;
}

std::optional<CourseBlock> FindRockBlock(const Level& level) {
  for (size_t i = 0; i < level.rocks.size(); ++i) {
    const Rock& rock = level.rocks[i];
    // The rock's base lies on the ellipse of semi-axes size.x / 2 and
    // size.z / 2 turned by yaw; its half extents along x and z, metres.
    const float yaw = rock.yaw_deg * kDegToRad;
    const float ax = 0.5f * rock.size.x, az = 0.5f * rock.size.z;
    const float c = std::cos(yaw), s = std::sin(yaw);
    const float half_x = std::sqrt(ax * ax * c * c + az * az * s * s);
    const float half_z = std::sqrt(ax * ax * s * s + az * az * c * c);
    if (!CrossesPlayPlane(rock.z - half_z, rock.z + half_z) || rock.x + half_x <= level.spawn.x ||
        rock.x - half_x >= level.goal.x) {
      continue;
    }
    const float top_y = TerrainHeight(level.terrain, rock.x, rock.z) + rock.size.y;
    const float edge_y =
        std::min(ProfileHeight(level.terrain, rock.x - half_x), ProfileHeight(level.terrain, rock.x + half_x));
    if (top_y - edge_y > kMaxJumpUpM + 1e-4f) {
      return CourseBlock{
          "rocks[" + std::to_string(i) + "]",
          "its top is " + Num(top_y - edge_y) +
              " m above the ground at its downhill edge on the play plane: the knight jumps up at most " +
              Num(kMaxJumpUpM) + " m (make it lower or move it off the play plane)"};
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<CourseBlock> FindCourseBlock(const Level& level) {
  if (auto block = FindPitBlock(level)) return block;
  if (auto block = FindWallBlock(level)) return block;
  return FindRockBlock(level);
}

}  // namespace knights::world
