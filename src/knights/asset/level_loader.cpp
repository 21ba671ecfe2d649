#include "knights/asset/level_loader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>

#include <nlohmann/json.hpp>

#include "knights/asset/level_json_reader.h"
#include "knights/asset/level_sections.h"
#include "knights/asset/printable.h"
#include "knights/core/file_io.h"
#include "knights/math/angles.h"
#include "knights/world/collision_mesh.h"
#include "knights/world/course_check.h"
#include "knights/asset/json_depth.h"
#include "knights/asset/json_duplicate_keys.h"

namespace knights::asset {
namespace {

using nlohmann::json;
using world::Level;
namespace lim = level_limits;
using namespace level_json;  // NOLINT(google-build-using-namespace): the parser's vocabulary

using math::kDegToRad;
// At most this many terrain cells (world::TerrainCellCount: rows across depth
// times the pieces every segment is cut into) per level, so a typo in a cell
// size or a flood of points cannot ask for gigabytes of triangles.
constexpr double kMaxTerrainCells = 2.0e6;

void ParseTerrain(const json& j, const std::string& path, world::Terrain* terrain) {
  ExpectObject(j, path);
  CheckKeys(j, path, {"points", "z_min", "z_max", "cell_x", "cell_z", "bump_wavelength_z"});
  terrain->z_min = OptionalNumber(j, "z_min", path, terrain->z_min);
  CheckRange(terrain->z_min, -50.0f, -0.5f, Key(path, "z_min"),
             "-50..-0.5 m (the play plane z = 0 needs ground on both sides)");
  terrain->z_max = OptionalNumber(j, "z_max", path, terrain->z_max);
  CheckRange(terrain->z_max, 0.5f, 50.0f, Key(path, "z_max"),
             "0.5..50 m (the play plane z = 0 needs ground on both sides)");
  terrain->cell_x = OptionalNumber(j, "cell_x", path, terrain->cell_x);
  CheckRange(terrain->cell_x, 0.05f, 2.0f, Key(path, "cell_x"), "0.05..2 m");
  terrain->cell_z = OptionalNumber(j, "cell_z", path, terrain->cell_z);
  CheckRange(terrain->cell_z, 0.05f, 2.0f, Key(path, "cell_z"), "0.05..2 m");
  terrain->bump_wavelength_z = OptionalNumber(j, "bump_wavelength_z", path, terrain->bump_wavelength_z);
  CheckRange(terrain->bump_wavelength_z, 0.2f, 20.0f, Key(path, "bump_wavelength_z"), "0.2..20 m");

  const std::string points_path = Key(path, "points");
  const json& points = ExpectArray(Require(j, "points", path), points_path, lim::kMaxTerrainPoints);
  if (points.size() < 2) Fail(points_path, "needs at least 2 points, got " + std::to_string(points.size()));
  const float max_slope = std::tan(lim::kMaxSlopeDeg * kDegToRad);
  for (size_t i = 0; i < points.size(); ++i) {
    const std::string p = At(points_path, i);
    const json& a = ExpectArray(points[i], p);
    if (a.size() < 2 || a.size() > 4) {
      Fail(p, "expected 2 to 4 numbers [x, y, tilt_z, bump_z], got " + std::to_string(a.size()));
    }
    world::TerrainPoint tp;
    tp.x = Number(a[0], At(p, 0));
    tp.y = Number(a[1], At(p, 1));
    if (a.size() > 2) {
      tp.tilt_z = Number(a[2], At(p, 2));
      CheckRange(tp.tilt_z, -lim::kMaxTiltZ, lim::kMaxTiltZ, At(p, 2), "-0.36..0.36 (tilt_z, about 20 degrees)");
    }
    if (a.size() > 3) {
      tp.bump_z = Number(a[3], At(p, 3));
      CheckRange(tp.bump_z, -lim::kMaxBumpZ, lim::kMaxBumpZ, At(p, 3), "-0.3..0.3 m (bump_z)");
    }
    if (i > 0) {
      const world::TerrainPoint& prev = terrain->points.back();
      const std::string prev_name = "point " + std::to_string(i - 1);
      if (tp.x < prev.x) {
        Fail(At(p, 0),
             "x " + Num(tp.x) + " is less than " + prev_name + "'s x " + Num(prev.x) + " (x must not decrease)");
      }
      if (tp.x == prev.x) {
        // A vertical step: exactly two points, a real height change, shared variation.
        if (i == 1) Fail(At(p, 0), "the profile cannot start with a vertical step");
        if (i + 1 == points.size()) Fail(At(p, 0), "the profile cannot end with a vertical step");
        if (terrain->points[i - 2].x == tp.x) {
          Fail(At(p, 0), "a third point at x = " + Num(tp.x) + " (a vertical step has exactly two points)");
        }
        const float rise = std::fabs(tp.y - prev.y);
        if (rise == 0.0f) Fail(p, "repeats " + prev_name + " (a vertical step needs a different y)");
        if (rise > lim::kMaxStepHeight) {
          Fail(At(p, 1), "vertical step of " + Num(rise) + " m is taller than " + Num(lim::kMaxStepHeight) + " m");
        }
        if (tp.tilt_z != prev.tilt_z || tp.bump_z != prev.bump_z) {
          Fail(p, "tilt_z/bump_z differ from " + prev_name + "'s (both points of a vertical step share them)");
        }
      } else {
        // In doubles, with the slack of the points' own float rounding: a
        // slope written as exactly 40 degrees passes anywhere in the level.
        const double run = static_cast<double>(tp.x) - prev.x;
        const double slope = std::fabs(static_cast<double>(tp.y) - prev.y) / run;
        const double rounding = (Ulp(tp.y) + Ulp(prev.y) + max_slope * (Ulp(tp.x) + Ulp(prev.x))) / run;
        if (slope > max_slope + rounding + 1e-6) {
          const float deg = static_cast<float>(std::atan(slope)) / kDegToRad;
          Fail(p, "slope of " + Num(deg) + " degrees from " + prev_name + " is steeper than " + Num(lim::kMaxSlopeDeg) +
                      " (use a vertical step: two points with the same x)");
        }
      }
    }
    terrain->points.push_back(tp);
  }
  const double cells = world::TerrainCellCount(*terrain);
  if (cells > kMaxTerrainCells) {
    Fail(path, "cell_x and cell_z make " + Num(cells) + " collision cells (at most " + Num(kMaxTerrainCells) + ")");
  }
}

void ParsePits(const json& j, const std::string& path, const LevelExtent& e, Level* level) {
  ExpectArray(j, path, lim::kMaxPits);
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string p = At(path, i);
    const json& o = ExpectObject(j[i], p);
    CheckKeys(o, p, {"x0", "x1"});
    world::Pit pit;
    pit.x0 = RequiredNumber(o, "x0", p);
    pit.x1 = RequiredNumber(o, "x1", p);
    if (!(pit.x0 > e.x_min && pit.x0 < e.x_max)) {
      Fail(Key(p, "x0"), Num(pit.x0) + " is not inside the terrain (" + Num(e.x_min) + ".." + Num(e.x_max) + " m)");
    }
    if (!(pit.x1 > pit.x0)) Fail(Key(p, "x1"), Num(pit.x1) + " must be greater than x0 (" + Num(pit.x0) + ")");
    if (!(pit.x1 < e.x_max)) {
      Fail(Key(p, "x1"), Num(pit.x1) + " is not inside the terrain (" + Num(e.x_min) + ".." + Num(e.x_max) + " m)");
    }
    if (pit.x1 - pit.x0 > lim::kMaxPitWidth) {
      Fail(p, "width " + Num(pit.x1 - pit.x0) + " m is more than " + Num(lim::kMaxPitWidth) + " m");
    }
    if (!level->pits.empty() && pit.x0 <= level->pits.back().x1) {
      Fail(Key(p, "x0"), Num(pit.x0) + " overlaps or comes before pits[" + std::to_string(i - 1) + "] (ends at " +
                             Num(level->pits.back().x1) + "); list pits left to right");
    }
    level->pits.push_back(pit);
  }
}

void ParsePlatforms(const json& j, const std::string& path, Level* level) {
  ExpectArray(j, path, lim::kMaxPlatforms);
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string p = At(path, i);
    const json& o = ExpectObject(j[i], p);
    CheckKeys(o, p, {"x0", "x1", "top_y", "thickness", "z0", "z1"});
    world::Platform platform;
    platform.x0 = RequiredNumber(o, "x0", p);
    platform.x1 = RequiredNumber(o, "x1", p);
    if (!(platform.x1 > platform.x0)) {
      Fail(Key(p, "x1"), Num(platform.x1) + " must be greater than x0 (" + Num(platform.x0) + ")");
    }
    platform.top_y = RequiredNumber(o, "top_y", p);
    platform.thickness = OptionalNumber(o, "thickness", p, platform.thickness);
    CheckRange(platform.thickness, 0.05f, 50.0f, Key(p, "thickness"), "0.05..50 m");
    platform.z0 = OptionalNumber(o, "z0", p, level->terrain.z_min);
    platform.z1 = OptionalNumber(o, "z1", p, level->terrain.z_max);
    if (!(platform.z1 > platform.z0)) {
      Fail(Key(p, "z1"), Num(platform.z1) + " must be greater than z0 (" + Num(platform.z0) + ")");
    }
    level->platforms.push_back(platform);
  }
}

// True when a walkable surface (terrain outside pits, or a platform top)
// lies within tolerance of y at (x, z).
bool SurfaceNear(const Level& level, float x, float z, float y, float tolerance) {
  if (!world::InPit(level, x) && x >= world::TerrainMinX(level.terrain) && x <= world::TerrainMaxX(level.terrain) &&
      std::fabs(world::TerrainHeight(level.terrain, x, z) - y) <= tolerance) {
    return true;
  }
  for (const world::Platform& p : level.platforms) {
    if (x >= p.x0 && x <= p.x1 && z >= p.z0 && z <= p.z1 && std::fabs(p.top_y - y) <= tolerance) return true;
  }
  return false;
}

void ParseLadders(const json& j, const std::string& path, const LevelExtent& e, Level* level) {
  ExpectArray(j, path, lim::kMaxLadders);
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string p = At(path, i);
    const json& o = ExpectObject(j[i], p);
    CheckKeys(o, p, {"x", "z", "bottom_y", "top_y", "width", "rung_spacing", "lean_deg", "exit"});
    world::LadderDesc d;
    d.x = RequiredNumber(o, "x", p);
    CheckInsideTerrain(d.x, e, Key(p, "x"));
    d.z = OptionalNumber(o, "z", p, 0.0f);
    // The climber stands at the ladder's depth with its feet 0.1 m to either
    // side, on the ground strip (0.1 mm of slack: z_max - 0.3 in floats).
    constexpr float kSlack = 1e-4f;
    CheckRange(d.z, level->terrain.z_min + lim::kLadderStripMargin - kSlack,
               level->terrain.z_max - lim::kLadderStripMargin + kSlack, Key(p, "z"),
               "the terrain's z_min + 0.3 .. z_max - 0.3 (the climber stands at the ladder's depth)");
    d.bottom_y = RequiredNumber(o, "bottom_y", p);
    d.top_y = RequiredNumber(o, "top_y", p);
    if (!(d.top_y > d.bottom_y))
      Fail(Key(p, "top_y"), Num(d.top_y) + " must be above bottom_y (" + Num(d.bottom_y) + ")");
    if (d.top_y - d.bottom_y > lim::kMaxLadderHeight) {
      Fail(Key(p, "top_y"),
           "ladder height " + Num(d.top_y - d.bottom_y) + " m is more than " + Num(lim::kMaxLadderHeight) + " m");
    }
    d.width = OptionalNumber(o, "width", p, d.width);
    CheckRange(d.width, 0.3f, 1.0f, Key(p, "width"), "0.3..1.0 m");
    d.rung_spacing = RequiredNumber(o, "rung_spacing", p);
    // A float parsed from "0.40" may sit a hair above 0.40f's neighbour; compare with a tiny slack.
    CheckRange(d.rung_spacing, lim::kMinRungSpacing - 1e-6f, lim::kMaxRungSpacing + 1e-6f, Key(p, "rung_spacing"),
               "0.22..0.40 m");
    if (d.top_y - d.bottom_y < 2.0f * d.rung_spacing) {
      Fail(Key(p, "top_y"), "ladder height " + Num(d.top_y - d.bottom_y) + " m holds fewer than 2 rungs");
    }
    d.lean_deg = OptionalNumber(o, "lean_deg", p, 0.0f);
    CheckRange(d.lean_deg, -lim::kMaxLadderLeanDeg, lim::kMaxLadderLeanDeg, Key(p, "lean_deg"), "-15..15 degrees");
    if (const json* exit = Find(o, "exit")) d.exit_dir = Choice(*exit, Key(p, "exit"), {"+x", "-x"}) == 0 ? 1 : -1;

    // Cross-checks: the rails stand on something, and the top meets a ledge.
    const float tol = lim::kLadderGroundTolerance;
    if (!SurfaceNear(*level, d.x, d.z, d.bottom_y, tol)) {
      Fail(Key(p, "bottom_y"), Num(d.bottom_y) + " is not on the ground: the terrain at x = " + Num(d.x) + " is " +
                                   Num(world::TerrainHeight(level->terrain, d.x, d.z)) +
                                   " m and no platform top is within " + Num(tol) + " m");
    }
    const float top_x = d.x + (d.top_y - d.bottom_y) * std::tan(d.lean_deg * kDegToRad);
    const float exit_x = top_x + 0.5f * static_cast<float>(d.exit_dir);
    if (!SurfaceNear(*level, exit_x, d.z, d.top_y, tol)) {
      Fail(Key(p, "top_y"), Num(d.top_y) + " does not meet a ledge: at the exit (x = " + Num(exit_x) +
                                ") the terrain is " + Num(world::TerrainHeight(level->terrain, exit_x, d.z)) +
                                " m and no platform top is within " + Num(tol) + " m");
    }
    level->ladders.push_back(d);
  }
}

Level ParseRoot(const json& root) {
  const std::string top;  // the root's path is empty: fields print as "spawn", "terrain.points[0]"
  if (!root.is_object()) Fail("(top level)", std::string("expected an object, got ") + TypeName(root));
  CheckKeys(root, top,
            {"comment", "name", "terrain", "spawn", "goal", "kill_y", "checkpoints", "pits", "platforms", "rocks",
             "ladders", "npcs", "props", "collectibles", "medals", "mood"});
  if (const json* c = Find(root, "comment")) String(*c, "comment");

  Level level;
  level.name = String(Require(root, "name", top), "name");
  if (level.name.empty()) Fail("name", "must not be empty");

  ParseTerrain(Require(root, "terrain", top), "terrain", &level.terrain);
  const LevelExtent e{world::TerrainMinX(level.terrain), world::TerrainMaxX(level.terrain)};

  float lowest = level.terrain.points.front().y;
  for (const world::TerrainPoint& tp : level.terrain.points) lowest = std::min(lowest, tp.y);
  level.kill_y = OptionalNumber(root, "kill_y", top, lowest - 10.0f);
  // 0.1 mm of slack: "lowest - 1" rounds differently from the written value.
  if (!(level.kill_y <= lowest - 1.0f + 1e-4f)) {
    Fail("kill_y",
         Num(level.kill_y) + " must be at least 1 m below the lowest terrain point (y = " + Num(lowest) + ")");
  }

  if (const json* j = Find(root, "pits")) ParsePits(*j, "pits", e, &level);
  if (const json* j = Find(root, "platforms")) ParsePlatforms(*j, "platforms", &level);

  const json& spawn = ExpectObject(Require(root, "spawn", top), "spawn");
  CheckKeys(spawn, "spawn", {"x", "z"});
  level.spawn.x = RequiredNumber(spawn, "x", "spawn");
  CheckInsideTerrain(level.spawn.x, e, "spawn.x");
  CheckNotInPit(level.spawn.x, level, "spawn.x");
  level.spawn.z = OptionalNumber(spawn, "z", "spawn", 0.0f);
  CheckRange(level.spawn.z, level.terrain.z_min, level.terrain.z_max, "spawn.z", "the terrain's z_min..z_max");

  const json& goal = ExpectObject(Require(root, "goal", top), "goal");
  CheckKeys(goal, "goal", {"x", "kind"});
  level.goal.x = RequiredNumber(goal, "x", "goal");
  CheckInsideTerrain(level.goal.x, e, "goal.x");
  CheckNotInPit(level.goal.x, level, "goal.x");
  if (!(level.goal.x > level.spawn.x)) {
    Fail("goal.x", Num(level.goal.x) + " must be beyond spawn.x (" + Num(level.spawn.x) + ")");
  }
  if (const json* k = Find(goal, "kind")) {
    level.goal.kind =
        Choice(*k, "goal.kind", {"gate", "banner"}) == 0 ? world::GoalKind::kGate : world::GoalKind::kBanner;
  }

  if (const json* j = Find(root, "checkpoints")) {
    ExpectArray(*j, "checkpoints", lim::kMaxCheckpoints);
    for (size_t i = 0; i < j->size(); ++i) {
      const std::string p = At("checkpoints", i);
      const float x = Number((*j)[i], p);
      CheckInsideTerrain(x, e, p);
      CheckNotInPit(x, level, p);
      if (!level.checkpoints.empty() && !(x > level.checkpoints.back())) {
        Fail(p, Num(x) + " is not greater than checkpoints[" + std::to_string(i - 1) + "] (" +
                    Num(level.checkpoints.back()) + ")");
      }
      level.checkpoints.push_back(x);
    }
  }
  if (const json* j = Find(root, "rocks")) ParseRocks(*j, "rocks", e, &level);
  if (const json* j = Find(root, "ladders")) ParseLadders(*j, "ladders", e, &level);
  if (const json* j = Find(root, "npcs")) ParseNpcs(*j, "npcs", e, &level);
  if (const json* j = Find(root, "props")) ParseProps(*j, "props", e, &level);
  if (const json* j = Find(root, "collectibles")) ParseCollectibles(*j, "collectibles", e, &level);
  if (const json* j = Find(root, "medals")) ParseMedals(*j, "medals", &level.medals);
  if (const json* j = Find(root, "mood")) ParseMood(*j, "mood", &level.mood);
  if (const auto block = world::FindCourseBlock(level)) Fail(block->path, block->what);
  return level;
}

// "line L, column C" of a byte offset (1-based, as editors count).
std::string LineColumn(std::string_view text, size_t offset) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

core::Expected<Level> ParseLevel(std::string_view json_text, std::string_view file_name_for_messages) {
  const std::string file(file_name_for_messages);
  if (const auto deep = FindTooDeepNesting(json_text)) return core::Status::Error(file + ": " + *deep);
  json root;
  try {
    root = json::parse(json_text.begin(), json_text.end());
  } catch (const json::parse_error& error) {
    // nlohmann's text reads "[json.exception.parse_error.101] parse error at
    // line 2, column 7: syntax error ..."; keep the part after the location.
    std::string detail = error.what();
    const size_t colon = detail.find(": ", detail.find("column"));
    if (colon != std::string::npos) detail = detail.substr(colon + 2);
    const size_t offset = error.byte > 0 ? error.byte - 1 : 0;
    return core::Status::Error(file + ": " + LineColumn(json_text, offset) + ": not valid JSON (" + detail + ")");
  } catch (const json::exception& error) {
    // E.g. "number overflow parsing '1e400'": point at the number if we can.
    std::string detail = error.what();
    const size_t bracket = detail.find("] ");
    if (bracket != std::string::npos) detail = detail.substr(bracket + 2);
    std::string where;
    const size_t q0 = detail.find('\'');
    const size_t q1 = q0 == std::string::npos ? q0 : detail.find('\'', q0 + 1);
    if (q1 != std::string::npos) {
      const size_t at = json_text.find(detail.substr(q0 + 1, q1 - q0 - 1));
      if (at != std::string_view::npos) where = LineColumn(json_text, at) + ": ";
    }
    return core::Status::Error(file + ": " + where + "not valid JSON (" + detail + ")");
  }
  if (const auto duplicate = FindDuplicateKey(json_text)) return core::Status::Error(file + ": " + *duplicate);
  try {
    return ParseRoot(root);
  } catch (const LevelError& error) {
    return core::Status::Error(file + ": " + error.path + ": " + error.what);
  } catch (const json::exception& error) {
    return core::Status::Error(file + ": unexpected JSON error (" + std::string(error.what()) + ")");
  }
}

core::Expected<Level> LoadLevel(const std::string& path) {
  const core::Expected<std::string> text = core::ReadTextFile(path, core::kLevelFileCap);
  if (!text) return text.status();
  return ParseLevel(*text, path);
}

}  // namespace knights::asset
