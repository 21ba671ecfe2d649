#include "knights/world/level_generator.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <iterator>

#include "knights/world/level_gen_course.h"
#include "knights/world/seeded_random.h"

namespace knights::world {
namespace {

// The terrain's collision cells, (length / cell_x) * (depth / cell_z), stay
// below this (the loader allows 2e6), so that a level builds in milliseconds.
constexpr int64_t kMaxTerrainCells = 400000;
// Length of the course when the desc leaves it to the seed, and the clamp on
// a given one, millimetres. 1000 m keeps every x below 1024 m, where the
// slope margin of level_gen_course.cpp holds.
constexpr int64_t kMinSeededLengthMm = 60000, kMaxSeededLengthMm = 160000;
constexpr int64_t kMinLengthMm = 20000, kMaxLengthMm = 1000000;

// Millimetres to metres, rounded exactly as the loader rounds the decimal
// text "x.yyy" (to the nearest double, then to float).
float Metres(int64_t mm) { return static_cast<float>(static_cast<double>(mm) / 1000.0); }

// Depth of the ground strip and its ripple's wavelength, from the whole legal
// range (small values common) or at their limits.
CourseStrip DrawStrip(SeededRandom& random, bool at_limits) {
  CourseStrip strip;
  if (at_limits) {
    strip.z_min_mm = random.Percent(50) ? -500 : -50000;
    strip.z_max_mm = random.Percent(50) ? 500 : 50000;
    strip.bump_wavelength_mm = random.Percent(75) ? 200 : 20000;
  } else {
    strip.z_min_mm = -random.SkewedInt(500, 50000);
    strip.z_max_mm = random.SkewedInt(500, 50000);
    strip.bump_wavelength_mm = random.SkewedInt(200, 20000);
  }
  return strip;
}

int64_t DrawLength(SeededRandom& random, const LevelGenDesc& desc) {
  if (!(desc.length_m > 0.0f)) return random.Int(kMinSeededLengthMm, kMaxSeededLengthMm);
  const double wanted_mm = std::min(static_cast<double>(desc.length_m) * 1000.0, static_cast<double>(kMaxLengthMm));
  return std::clamp<int64_t>(std::llround(wanted_mm), kMinLengthMm, kMaxLengthMm);
}

// The sections, dealt from a shuffled deck that holds each kind once (dealt
// again when empty), so that the kinds come in turn: a level of 60 m or more
// nearly always holds one of each.
// With LevelGenOnly other than kAll, every section is of that one kind.
Course BuildCourse(SeededRandom& random, bool at_limits, LevelGenOnly only, const CourseStrip& strip,
                   int64_t length_mm) {
  std::array<SectionKind, 10> deck = {
      SectionKind::kFlat, SectionKind::kSlope, SectionKind::kStairs, SectionKind::kStep,     SectionKind::kDrop,
      SectionKind::kPit,  SectionKind::kCliff, SectionKind::kRocks,  SectionKind::kPlatform, SectionKind::kWall};
  CourseBuilder builder(&random, at_limits, strip);
  builder.AddStart();
  size_t next = deck.size();
  while (builder.x_mm() < length_mm - 10000) {
    if (only != LevelGenOnly::kAll) {
      builder.AddSection(deck[static_cast<size_t>(only) - 1]);
      continue;
    }
    if (next == deck.size()) {
      for (size_t i = deck.size() - 1; i > 0; --i) std::swap(deck[i], deck[static_cast<size_t>(random.Int(0, i))]);
      next = 0;
    }
    builder.AddSection(deck[next++]);
  }
  builder.AddGoal(length_mm);
  return builder.TakeCourse();
}

// Cell sizes with at most kMaxTerrainCells cells: drawn (small ones common)
// and grown to fit, or at kLimits the finest of 0.05 / 2 m that fit.
void ChooseCells(SeededRandom& random, bool at_limits, int64_t length_mm, int64_t depth_mm, Terrain* terrain) {
  const int64_t area = length_mm * depth_mm;  // mm^2, below 1e12
  auto fits = [&](int64_t cx, int64_t cz) { return area <= kMaxTerrainCells * cx * cz; };
  int64_t cell_x = 2000, cell_z = 2000;
  if (at_limits) {
    for (const auto& [cx, cz] : {std::pair<int64_t, int64_t>{50, 50}, {50, 2000}, {2000, 50}}) {
      if (fits(cx, cz)) {
        cell_x = cx;
        cell_z = cz;
        break;
      }
    }
  } else {
    cell_x = random.SkewedInt(50, 2000);
    cell_z = random.SkewedInt(50, 2000);
    // The smallest other cell size that fits: area / (kMaxTerrainCells * cell), rounded up.
    auto needed = [&](int64_t cell) { return (area + kMaxTerrainCells * cell - 1) / (kMaxTerrainCells * cell); };
    if (!fits(cell_x, cell_z)) cell_z = std::min<int64_t>(2000, needed(cell_x));
    if (!fits(cell_x, cell_z)) cell_x = needed(cell_z);
  }
  terrain->cell_x = Metres(cell_x);
  terrain->cell_z = Metres(cell_z);
}

Terrain MakeTerrain(SeededRandom& random, bool at_limits, const Course& course, const CourseStrip& strip) {
  Terrain terrain;
  for (const CoursePoint& p : course.points) {
    terrain.points.push_back({Metres(p.x_mm), Metres(p.y_mm), Metres(p.tilt_milli), Metres(p.bump_mm)});
  }
  terrain.z_min = Metres(strip.z_min_mm);
  terrain.z_max = Metres(strip.z_max_mm);
  terrain.bump_wavelength_z = Metres(strip.bump_wavelength_mm);
  ChooseCells(random, at_limits, course.points.back().x_mm - course.points.front().x_mm,
              strip.z_max_mm - strip.z_min_mm, &terrain);
  return terrain;
}

void CopyCourseObjects(const Course& course, Level* level) {
  for (const CoursePit& p : course.pits) level->pits.push_back({Metres(p.x0_mm), Metres(p.x1_mm)});
  for (const CoursePlatform& p : course.platforms) {
    level->platforms.push_back(
        {Metres(p.x0_mm), Metres(p.x1_mm), Metres(p.top_mm), Metres(p.thickness_mm), Metres(p.z0_mm), Metres(p.z1_mm)});
  }
  for (const CourseRock& r : course.rocks) {
    level->rocks.push_back({Metres(r.x_mm), Metres(r.z_mm),
                            glm::vec3(Metres(r.size_x_mm), Metres(r.size_y_mm), Metres(r.size_z_mm)),
                            static_cast<float>(r.yaw_deg)});
  }
  for (const CourseLadder& l : course.ladders) {
    LadderDesc d;
    d.x = Metres(l.x_mm);
    d.z = Metres(l.z_mm);
    d.bottom_y = Metres(l.bottom_mm);
    d.top_y = Metres(l.top_mm);
    d.width = Metres(l.width_mm);
    d.rung_spacing = Metres(l.rung_spacing_mm);
    d.lean_deg = static_cast<float>(static_cast<double>(l.lean_tenths) / 10.0);
    d.exit_dir = +1;
    level->ladders.push_back(d);
  }
}

// Checkpoints at the start of flat-ish sections, 15..35 m apart (kLimits:
// every 10 m or more), past the spawn and before the goal.
void PlaceCheckpoints(SeededRandom& random, bool at_limits, const Course& course, int64_t spawn_mm, int64_t goal_mm,
                      Level* level) {
  int64_t next_mm = spawn_mm + 5000;
  for (const CourseSection& s : course.sections) {
    const bool flat_start = s.kind == SectionKind::kFlat || s.kind == SectionKind::kRocks ||
                            s.kind == SectionKind::kPlatform || s.kind == SectionKind::kPit ||
                            s.kind == SectionKind::kCliff || s.kind == SectionKind::kWall;
    const int64_t x = s.x0_mm + 250;  // before any rock or pit of the section
    if (!flat_start || x < next_mm || x > goal_mm - 2000) continue;
    level->checkpoints.push_back(Metres(x));
    next_mm = x + (at_limits ? 10000 : random.Int(15000, 35000));
  }
}

// NPC patrols on stretches of consecutive sections without pits, drops,
// cliffs or ladders: at most one per 8..20 m piece, 0.3 m inside it.
void PlaceNpcs(SeededRandom& random, bool at_limits, const Course& course, Level* level) {
  const auto& sections = course.sections;
  for (size_t i = 0; i < sections.size();) {
    if (!sections[i].npc_safe) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j + 1 < sections.size() && sections[j + 1].npc_safe) ++j;
    int64_t from = sections[i].x0_mm + 300;
    const int64_t to = sections[j].x1_mm - 300;
    while (to - from >= 3000) {
      const int64_t piece_end = std::min(to, from + random.Int(8000, 20000));
      if (piece_end - from >= 3000 && (at_limits || random.Percent(60))) {
        const int64_t span = at_limits ? piece_end - from : random.Int(2000, piece_end - from);
        const int64_t x0 = random.Int(from, piece_end - span);
        Npc npc;
        npc.patrol_x0 = Metres(x0);
        npc.patrol_x1 = Metres(x0 + span);
        npc.x = Metres(random.Int(x0, x0 + span));
        npc.variant = random.Percent(50) ? NpcVariant::kRed : NpcVariant::kGreen;
        level->npcs.push_back(npc);
      }
      from = piece_end + 300;
    }
    i = j + 1;
  }
}

// The profile height at x (right-continuous at steps), millimetres.
int64_t ProfileAtMm(const Course& course, int64_t x_mm) {
  const auto& pts = course.points;
  for (size_t i = pts.size(); i-- > 1;) {
    if (pts[i - 1].x_mm <= x_mm && x_mm < pts[i].x_mm) {
      const int64_t dx = pts[i].x_mm - pts[i - 1].x_mm;
      return pts[i - 1].y_mm + (pts[i].y_mm - pts[i - 1].y_mm) * (x_mm - pts[i - 1].x_mm) / dx;
    }
  }
  return pts.back().y_mm;
}

bool InCoursePit(const Course& course, int64_t x_mm) {
  for (const CoursePit& pit : course.pits) {
    if (x_mm > pit.x0_mm && x_mm < pit.x1_mm) return true;
  }
  return false;
}

// Scenery, about one prop per 8 m, off the play plane (inside the strip where
// it is deep enough, with an explicit y where it is not), plus one at the goal.
void PlaceProps(SeededRandom& random, bool at_limits, const Course& course, const CourseStrip& strip, int64_t goal_mm,
                Level* level) {
  const int64_t end = course.points.back().x_mm;
  const int64_t count = end / 8000 + random.Int(0, 3);
  for (int64_t i = 0; i < count; ++i) {
    Prop prop;
    prop.kind = static_cast<PropKind>(random.Index(8));
    const int64_t x = random.Int(0, end);
    if (InCoursePit(course, x)) continue;
    prop.x = Metres(x);
    int64_t z = 0;
    if (strip.z_min_mm <= -1000) {
      z = -random.Int(800, std::min<int64_t>(-strip.z_min_mm, 8000));
    } else if (strip.z_max_mm >= 1000) {
      z = random.Int(800, std::min<int64_t>(strip.z_max_mm, 4000));
    } else {
      z = -random.Int(800, 3000);  // beyond the strip: there is no ground, so give y
    }
    prop.z = Metres(z);
    if (z < strip.z_min_mm || random.Percent(30)) prop.y = Metres(ProfileAtMm(course, x) + random.Int(0, 3000));
    const int64_t scale_milli = at_limits ? (random.Percent(50) ? 50 : 20000) : random.SkewedInt(50, 20000);
    prop.scale = Metres(scale_milli);
    prop.yaw_deg = static_cast<float>(at_limits ? (random.Percent(50) ? -360 : 360) : random.Int(-360, 360));
    level->props.push_back(prop);
  }
  Prop banner;
  banner.kind = PropKind::kBanner;
  banner.x = Metres(goal_mm);
  banner.z = Metres(std::max<int64_t>(strip.z_min_mm, -1000));
  level->props.push_back(banner);
}

}  // namespace

const char* ToString(LevelGenRange range) { return range == LevelGenRange::kLimits ? "limits" : "whole"; }

namespace {
// In LevelGenOnly's order.
constexpr const char* kOnlyNames[] = {"all",  "flat",    "slopes", "stairs",    "steps", "drops",
                                      "pits", "ladders", "rocks",  "platforms", "walls"};
}  // namespace

const char* ToString(LevelGenOnly only) { return kOnlyNames[static_cast<size_t>(only)]; }

bool LevelGenOnlyFromString(std::string_view name, LevelGenOnly* only) {
  for (size_t i = 0; i < std::size(kOnlyNames); ++i) {
    if (name == kOnlyNames[i]) {
      *only = static_cast<LevelGenOnly>(i);
      return true;
    }
  }
  return false;
}

std::string LevelGenFileName(const LevelGenDesc& desc) {
  const std::string only = desc.only == LevelGenOnly::kAll ? "" : std::string(ToString(desc.only)) + "_";
  return std::string("gen_") + ToString(desc.range) + "_" + only + std::to_string(desc.seed) + ".json";
}

Level GenerateLevel(const LevelGenDesc& desc) {
  const bool at_limits = desc.range == LevelGenRange::kLimits;
  SeededRandom random(desc.seed, at_limits ? 2 : 1);
  const CourseStrip strip = DrawStrip(random, at_limits);
  const int64_t length_mm = DrawLength(random, desc);
  const Course course = BuildCourse(random, at_limits, desc.only, strip, length_mm);

  Level level;
  const std::string only = desc.only == LevelGenOnly::kAll ? "" : std::string(", ") + ToString(desc.only) + " only";
  level.name = std::string("Generated (") + ToString(desc.range) + only + ") #" + std::to_string(desc.seed);
  level.terrain = MakeTerrain(random, at_limits, course, strip);
  CopyCourseObjects(course, &level);

  const int64_t spawn_mm = at_limits ? 1000 : random.Int(500, 2000);
  const int64_t goal_mm = course.points.back().x_mm - (at_limits ? 1000 : random.Int(1000, 3000));
  level.spawn.x = Metres(spawn_mm);
  level.goal.x = Metres(goal_mm);
  level.goal.kind = random.Percent(50) ? GoalKind::kGate : GoalKind::kBanner;
  int64_t lowest_mm = course.points.front().y_mm;
  for (const CoursePoint& p : course.points) lowest_mm = std::min(lowest_mm, p.y_mm);
  // At least 1 m below the lowest ground (1 mm more, so that float rounding
  // never puts it a hair above); kWhole: sometimes the loader's default of 10 m.
  const int64_t below_mm = at_limits ? 1001 : (random.Percent(30) ? 10000 : random.Int(1001, 15000));
  level.kill_y = Metres(lowest_mm - below_mm);

  PlaceCheckpoints(random, at_limits, course, spawn_mm, goal_mm, &level);
  PlaceNpcs(random, at_limits, course, &level);
  PlaceProps(random, at_limits, course, strip, goal_mm, &level);
  return level;
}

std::string LevelGenComment(const LevelGenDesc& desc, const Level& level) {
  // Built without printf's %f, whose decimal point follows the C locale.
  const double length_m = static_cast<double>(TerrainMaxX(level.terrain) - TerrainMinX(level.terrain));
  const int64_t length_dm = std::llround(length_m * 10.0);
  std::string length_option;
  if (desc.length_m > 0.0f) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, desc.length_m).ptr;
    length_option = " --length " + std::string(buffer, end);
  }
  const std::string only_option = desc.only == LevelGenOnly::kAll ? "" : std::string(" --only ") + ToString(desc.only);
  const bool at_limits = desc.range == LevelGenRange::kLimits;
  auto count = [](size_t n, const char* what) { return std::to_string(n) + " " + what; };
  return "Generated by knights_levelgen (world::GenerateLevel, src/knights/world/level_generator.h) from seed " +
         std::to_string(desc.seed) + ", range " + ToString(desc.range) + ": a " + std::to_string(length_dm / 10) + "." +
         std::to_string(length_dm % 10) + " m course with " + count(level.terrain.points.size(), "terrain points, ") +
         count(level.pits.size(), "pits, ") + count(level.ladders.size(), "ladders, ") +
         count(level.platforms.size(), "platforms, ") + count(level.rocks.size(), "rocks, ") +
         count(level.npcs.size(), "NPCs, ") + count(level.checkpoints.size(), "checkpoints. Every field is ") +
         (at_limits ? "pushed to its limits (steepest, tallest, finest, widest)" : "drawn from its whole legal range") +
         ". Regenerate with: knights_levelgen --seed " + std::to_string(desc.seed) + (at_limits ? " --limits" : "") +
         length_option + only_option + " --out DIR. Format: assets/levels/README.md.";
}

}  // namespace knights::world
