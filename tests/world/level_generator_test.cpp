#include "knights/world/course_check.h"
#include "knights/world/level_generator.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "knights/world/level_gen_course.h"
#include "knights/world/seeded_random.h"
#include "knights/world/world.h"

// The generator's own promises, checked in the world layer (no JSON): the
// same desc gives the same level, every field lies inside its documented range
// (assets/levels/README.md), the course follows the knight's design rules,
// kLimits reaches the limits, and every level builds a collision mesh. That
// each level passes the loader itself is tests/asset/level_writer_test.cpp.

namespace knights::world {
namespace {

constexpr uint32_t kSeeds = 100;  // seeds 1..kSeeds in each range
constexpr float kTan40 = 0.83909963f;
constexpr float kEps = 1e-4f;  // float noise on millimetre values

Level Generate(uint32_t seed, LevelGenRange range, float length_m = 0.0f) {
  LevelGenDesc desc;
  desc.seed = seed;
  desc.range = range;
  desc.length_m = length_m;
  return GenerateLevel(desc);
}

// Every level of both ranges, generated once for the whole suite.
const std::vector<Level>& AllLevels() {
  static const std::vector<Level> levels = [] {
    std::vector<Level> out;
    for (LevelGenRange range : {LevelGenRange::kWhole, LevelGenRange::kLimits}) {
      for (uint32_t seed = 1; seed <= kSeeds; ++seed) out.push_back(Generate(seed, range));
    }
    return out;
  }();
  return levels;
}

// --- Determinism. -------------------------------------------------------------

TEST(SeededRandom, KnownSequenceAndRanges) {
  // SplitMix64's sequence is fixed: these values must never change, or every
  // generated level changes with them.
  SeededRandom random(1);
  const uint64_t first = random.NextU64();
  EXPECT_EQ(first, 0xb2f683d11fa164f5ull);
  EXPECT_EQ(random.NextU64(), 0x785a71c76b3f6e7dull);
  EXPECT_NE(SeededRandom(2).NextU64(), first);
  EXPECT_NE(SeededRandom(1, 1).NextU64(), first);
  for (int i = 0; i < 10000; ++i) {
    const int64_t v = random.Int(-3, 5);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 5);
    const int64_t s = random.SkewedInt(50, 2000);
    ASSERT_GE(s, 50);
    ASSERT_LE(s, 2000);
  }
  EXPECT_NEAR(TanOfTenthsDegree(150), std::tan(15.0 * 3.14159265358979 / 180.0), 1e-15);
  EXPECT_NEAR(TanOfTenthsDegree(-111), std::tan(-11.1 * 3.14159265358979 / 180.0), 1e-15);
  EXPECT_EQ(TanOfTenthsDegree(0), 0.0);
}

TEST(LevelGenerator, SameDescGivesTheSameLevel) {
  for (LevelGenRange range : {LevelGenRange::kWhole, LevelGenRange::kLimits}) {
    for (uint32_t seed : {0u, 1u, 2u, 77u, 4000000000u}) {
      EXPECT_TRUE(Generate(seed, range) == Generate(seed, range)) << seed;
      EXPECT_TRUE(Generate(seed, range, 300.0f) == Generate(seed, range, 300.0f)) << seed;
    }
  }
}

TEST(LevelGenerator, DifferentSeedsAndRangesGiveDifferentLevels) {
  const std::vector<Level>& levels = AllLevels();
  for (size_t i = 0; i < levels.size(); ++i) {
    for (size_t j = i + 1; j < levels.size(); ++j) {
      ASSERT_FALSE(levels[i].terrain.points == levels[j].terrain.points) << levels[i].name << " " << levels[j].name;
    }
  }
  EXPECT_FALSE(Generate(0, LevelGenRange::kWhole) == Generate(1, LevelGenRange::kWhole));
}

TEST(LevelGenerator, LengthIsDrawnOrFollowsTheDesc) {
  float shortest = 1e9f, longest = 0.0f;
  for (uint32_t seed = 1; seed <= kSeeds; ++seed) {
    const float length = TerrainMaxX(Generate(seed, LevelGenRange::kWhole).terrain);
    shortest = std::min(shortest, length);
    longest = std::max(longest, length);
  }
  EXPECT_GE(shortest, 60.0f);
  EXPECT_LT(shortest, 80.0f);
  EXPECT_GT(longest, 140.0f);
  EXPECT_LE(longest, 180.0f);
  for (float wanted : {20.0f, 300.0f, 1000.0f}) {
    const Level level = Generate(5, LevelGenRange::kLimits, wanted);
    EXPECT_GE(TerrainMaxX(level.terrain), wanted - kEps);
    EXPECT_LE(TerrainMaxX(level.terrain), wanted + 25.0f);
  }
  EXPECT_LE(TerrainMaxX(Generate(5, LevelGenRange::kWhole, 5000.0f).terrain), 1025.0f);  // clamped to 1000 m
}

// --- Documented ranges (assets/levels/README.md). --------------------------

void ExpectTerrainInRange(const Level& level) {
  const Terrain& t = level.terrain;
  EXPECT_TRUE(t.z_min >= -50.0f && t.z_min <= -0.5f) << t.z_min;
  EXPECT_TRUE(t.z_max >= 0.5f && t.z_max <= 50.0f) << t.z_max;
  EXPECT_TRUE(t.cell_x >= 0.05f && t.cell_x <= 2.0f) << t.cell_x;
  EXPECT_TRUE(t.cell_z >= 0.05f && t.cell_z <= 2.0f) << t.cell_z;
  EXPECT_TRUE(t.bump_wavelength_z >= 0.2f && t.bump_wavelength_z <= 20.0f) << t.bump_wavelength_z;
  const float cells = (TerrainMaxX(t) - TerrainMinX(t)) / t.cell_x * ((t.z_max - t.z_min) / t.cell_z);
  EXPECT_LE(cells, 400000.0f * 1.001f);
  const auto& p = t.points;
  ASSERT_GE(p.size(), 2u);
  EXPECT_LT(p[0].x, p[1].x);
  EXPECT_LT(p[p.size() - 2].x, p.back().x);
  for (size_t i = 0; i < p.size(); ++i) {
    EXPECT_LE(std::fabs(p[i].tilt_z), 0.36f);
    EXPECT_LE(std::fabs(p[i].bump_z), 0.3f);
    EXPECT_LE(std::fabs(p[i].y), 10000.0f);
    if (i == 0) continue;
    ASSERT_GE(p[i].x, p[i - 1].x) << level.name << " point " << i;
    if (p[i].x > p[i - 1].x) {
      EXPECT_LE(std::fabs(p[i].y - p[i - 1].y) / (p[i].x - p[i - 1].x), kTan40 + 1e-6f) << level.name << " point " << i;
    } else {
      ASSERT_GE(i, 2u) << "a step at the start";
      EXPECT_LT(p[i - 2].x, p[i].x) << "three points at one x";
      EXPECT_NE(p[i].y, p[i - 1].y);
      EXPECT_LE(std::fabs(p[i].y - p[i - 1].y), 8.0f);
      EXPECT_EQ(p[i].tilt_z, p[i - 1].tilt_z);
      EXPECT_EQ(p[i].bump_z, p[i - 1].bump_z);
    }
  }
}

void ExpectObjectsInRange(const Level& level) {
  const Terrain& t = level.terrain;
  const float x0 = TerrainMinX(t), x1 = TerrainMaxX(t);
  for (const Pit& pit : level.pits) EXPECT_TRUE(pit.x0 > x0 && pit.x1 < x1 && pit.x1 > pit.x0);
  for (size_t i = 1; i < level.pits.size(); ++i) EXPECT_GT(level.pits[i].x0, level.pits[i - 1].x1);
  for (const Platform& p : level.platforms) {
    EXPECT_GT(p.x1, p.x0);
    EXPECT_GT(p.z1, p.z0);
    EXPECT_TRUE(p.thickness >= 0.05f && p.thickness <= 50.0f) << p.thickness;
  }
  for (const Rock& r : level.rocks) {
    for (int k = 0; k < 3; ++k) EXPECT_TRUE(r.size[k] >= 0.05f && r.size[k] <= 3.0f) << r.size[k];
    EXPECT_TRUE(r.z >= t.z_min && r.z <= t.z_max && r.x >= x0 && r.x <= x1 && !InPit(level, r.x));
    EXPECT_TRUE(r.yaw_deg >= -360.0f && r.yaw_deg <= 360.0f);
  }
  for (const LadderDesc& l : level.ladders) {
    EXPECT_TRUE(l.rung_spacing >= 0.22f && l.rung_spacing <= 0.40f) << l.rung_spacing;
    EXPECT_TRUE(l.width >= 0.3f && l.width <= 1.0f) << l.width;
    EXPECT_TRUE(l.lean_deg >= -15.0f && l.lean_deg <= 15.0f) << l.lean_deg;
    EXPECT_TRUE(l.z >= -0.5f && l.z <= 0.5f) << l.z;
    EXPECT_TRUE(l.top_y - l.bottom_y >= 2.0f * l.rung_spacing && l.top_y - l.bottom_y <= 12.0f);
    EXPECT_EQ(l.exit_dir, 1);
  }
  for (const Npc& n : level.npcs) EXPECT_TRUE(n.patrol_x0 < n.patrol_x1 && n.x >= n.patrol_x0 && n.x <= n.patrol_x1);
  for (const Prop& p : level.props) {
    EXPECT_TRUE(p.scale >= 0.05f && p.scale <= 20.0f && p.x >= x0 && p.x <= x1);
    EXPECT_TRUE(p.yaw_deg >= -360.0f && p.yaw_deg <= 360.0f);
  }
  for (size_t i = 0; i < level.checkpoints.size(); ++i) {
    EXPECT_FALSE(InPit(level, level.checkpoints[i]));
    if (i > 0) {
      EXPECT_GT(level.checkpoints[i], level.checkpoints[i - 1]);
    }
  }
}

TEST(LevelGenerator, EveryFieldIsInsideItsDocumentedRange) {
  for (const Level& level : AllLevels()) {
    SCOPED_TRACE(level.name);
    ExpectTerrainInRange(level);
    ExpectObjectsInRange(level);
    float lowest = level.terrain.points[0].y;
    for (const TerrainPoint& p : level.terrain.points) lowest = std::min(lowest, p.y);
    EXPECT_LE(level.kill_y, lowest - 1.0f);
    EXPECT_FALSE(InPit(level, level.spawn.x) || InPit(level, level.goal.x));
    EXPECT_LT(level.spawn.x, level.goal.x);
  }
}

// --- The knight's design rules (README, "Designing for the knight"). -------

// A rock whose footprint (any yaw) reaches within 0.6 m of the play plane.
bool OnWalkingLine(const Rock& r) { return std::fabs(r.z) - 0.5f * std::max(r.size.x, r.size.z) < 0.6f; }

// The highest walkable thing on the walking line over [x0, x1): the profile
// (sampled every 5 cm and at its points) and rocks there.
float HighestOnWalkingLine(const Level& level, float x0, float x1) {
  float top = ProfileHeight(level.terrain, x0);
  for (float x = x0; x < x1; x += 0.05f) top = std::max(top, ProfileHeight(level.terrain, x));
  for (const TerrainPoint& p : level.terrain.points) {
    if (p.x >= x0 && p.x < x1) top = std::max(top, p.y);
  }
  for (const Rock& r : level.rocks) {
    const float radius = 0.5f * std::max(r.size.x, r.size.z);
    if (OnWalkingLine(r) && r.x + radius > x0 && r.x - radius < x1) {
      top = std::max(top, ProfileHeight(level.terrain, r.x) + r.size.y);
    }
  }
  return top;
}

void ExpectStepsAreWalkableOrClimbable(const Level& level) {
  const auto& p = level.terrain.points;
  for (size_t i = 1; i < p.size(); ++i) {
    if (p[i].x != p[i - 1].x) continue;
    const float rise = p[i].y - p[i - 1].y;
    EXPECT_GE(rise, -2.0f - kEps) << "a drop of more than 2 m at x = " << p[i].x;
    if (rise <= 0.40f + kEps || InPit(level, p[i].x)) continue;  // walked, or a pit's far side
    if (rise <= kMaxJumpUpM + kEps) {
      // A wall jumped up: 3 m of flat run-up (within 1 cm) before it.
      for (float x = p[i].x - 3.0f + kEps; x < p[i].x - kEps; x += 0.05f) {
        EXPECT_NEAR(ProfileHeight(level.terrain, x), p[i - 1].y, 0.01f) << "no run-up at x = " << x;
      }
      continue;
    }
    // A cliff: a ladder leads up it, and a plateau of 3 m follows.
    bool climbable = false;
    for (const LadderDesc& l : level.ladders) {
      climbable = climbable || (l.x <= p[i].x && l.x >= p[i].x - 2.0f && std::fabs(l.top_y - p[i].y) <= 0.3f);
    }
    EXPECT_TRUE(climbable) << "no ladder up the " << rise << " m cliff at x = " << p[i].x;
    EXPECT_GE(rise, 1.3f - kEps);
    EXPECT_LE(rise, 6.0f + kEps);
    EXPECT_NEAR(ProfileHeight(level.terrain, p[i].x + 2.99f), p[i].y, kEps) << "no plateau after x = " << p[i].x;
  }
}

void ExpectPitsAreJumpable(const Level& level) {
  for (const Pit& pit : level.pits) {
    EXPECT_LE(pit.x1 - pit.x0, 2.0f + kEps);
    EXPECT_GE(pit.x1 - pit.x0, 0.3f - kEps);
    // Flat (<= 10 degrees) with no step for 3 m before and 1 m after; the far
    // side at most kMaxGapRiseM higher.
    const float y0 = ProfileHeight(level.terrain, pit.x0);
    const float y1 = ProfileHeight(level.terrain, pit.x1);
    EXPECT_LE(y1 - y0, kMaxGapRiseM + kEps) << "pit at x = " << pit.x0;
    for (float x = pit.x0 - 3.0f + kEps; x <= pit.x0; x += 0.05f) {
      EXPECT_LE(std::fabs(ProfileHeight(level.terrain, x) - y0), std::tan(10.0f / 57.29578f) * (pit.x0 - x) + kEps)
          << "no run-up at x = " << x;
    }
    for (float x = pit.x1; x <= pit.x1 + 1.0f - kEps; x += 0.05f) {
      EXPECT_LE(std::fabs(ProfileHeight(level.terrain, x) - y1), std::tan(10.0f / 57.29578f) * (x - pit.x1) + kEps)
          << "no landing at x = " << x;
    }
    for (const Rock& r : level.rocks) {
      const float radius = 0.5f * std::max(r.size.x, r.size.z);
      EXPECT_FALSE(OnWalkingLine(r) && r.x + radius > pit.x0 - 3.0f && r.x - radius < pit.x1 + 1.0f)
          << "a rock in the run-up at x = " << r.x;
    }
  }
}

void ExpectNothingBlocksTheWalkingLine(const Level& level) {
  for (const Rock& r : level.rocks) {
    if (OnWalkingLine(r)) {
      EXPECT_LE(r.size.y, 0.40f + kEps) << "rock at x = " << r.x;
    }
  }
  for (const Platform& p : level.platforms) {
    if (p.z0 >= 0.6f - kEps || p.z1 <= -0.6f + kEps) continue;  // off the play plane
    const float headroom = p.top_y - p.thickness - HighestOnWalkingLine(level, p.x0, p.x1);
    EXPECT_GE(headroom, 2.0f - 1e-3f) << "platform at x = " << p.x0 << ".." << p.x1;
  }
}

TEST(LevelGenerator, CourseFollowsTheKnightsDesignRules) {
  for (const Level& level : AllLevels()) {
    SCOPED_TRACE(level.name);
    ExpectStepsAreWalkableOrClimbable(level);
    ExpectPitsAreJumpable(level);
    ExpectNothingBlocksTheWalkingLine(level);
    EXPECT_LE(level.spawn.x - TerrainMinX(level.terrain), 2.0f + kEps);
    EXPECT_GE(level.goal.x, TerrainMaxX(level.terrain) - 3.0f - kEps);
    for (const LadderDesc& l : level.ladders) {
      EXPECT_GT(l.top_y - l.bottom_y, 1.2f) << "a ledge the knight could jump to";
    }
  }
}

// --- kLimits reaches the limits; kWhole spreads over the range. ------------

struct Extremes {
  float steepest_deg = 0.0f;
  bool riser_040_on_tread_025 = false;
  std::set<float> bumps, tilts, wavelengths, spacings, leans, widths, pit_widths, thicknesses, cells;
  float tallest_ladder = 0.0f, biggest_drop = 0.0f, tallest_off_plane_rock = 0.0f;
  float tallest_jumped_wall = 0.0f, highest_pit_landing = 0.0f;  // metres
  bool rock_025_on_40deg = false;  // a 0.25 m rock on a 40 degree slope, on the walking line
};

Extremes FindExtremes(const std::vector<Level>& levels) {
  Extremes e;
  for (const Level& level : levels) {
    const auto& p = level.terrain.points;
    for (size_t i = 1; i < p.size(); ++i) {
      e.bumps.insert(std::fabs(p[i].bump_z));
      e.tilts.insert(std::fabs(p[i].tilt_z));
      if (p[i].x > p[i - 1].x) {
        const float gradient = std::fabs(p[i].y - p[i - 1].y) / (p[i].x - p[i - 1].x);
        e.steepest_deg = std::max(e.steepest_deg, std::atan(gradient) * 57.2957795f);
      } else {
        e.biggest_drop = std::max(e.biggest_drop, p[i - 1].y - p[i].y);
        const float rise = p[i].y - p[i - 1].y;
        if (InPit(level, p[i].x)) {
          e.highest_pit_landing = std::max(e.highest_pit_landing, rise);
        } else if (rise <= kMaxJumpUpM + kEps) {
          e.tallest_jumped_wall = std::max(e.tallest_jumped_wall, rise);
        }
        const bool riser_040 = std::fabs(std::fabs(p[i].y - p[i - 1].y) - 0.40f) < kEps;
        e.riser_040_on_tread_025 |= riser_040 && i + 1 < p.size() && std::fabs(p[i + 1].x - p[i].x - 0.25f) < kEps;
      }
    }
    e.wavelengths.insert(level.terrain.bump_wavelength_z);
    e.cells.insert(level.terrain.cell_x);
    e.cells.insert(level.terrain.cell_z);
    for (const LadderDesc& l : level.ladders) {
      e.spacings.insert(l.rung_spacing);
      e.leans.insert(l.lean_deg);
      e.widths.insert(l.width);
      e.tallest_ladder = std::max(e.tallest_ladder, l.top_y - l.bottom_y);
    }
    for (const Pit& pit : level.pits) e.pit_widths.insert(pit.x1 - pit.x0);
    for (const Rock& r : level.rocks) {
      const float slope =
          std::fabs(ProfileHeight(level.terrain, r.x + 0.1f) - ProfileHeight(level.terrain, r.x - 0.1f)) / 0.2f;
      e.rock_025_on_40deg |=
          OnWalkingLine(r) && std::fabs(r.size.y - 0.25f) < kEps && std::atan(slope) * 57.2957795f > 39.9f;
    }
    for (const Platform& pl : level.platforms) e.thicknesses.insert(pl.thickness);
    for (const Rock& r : level.rocks) e.tallest_off_plane_rock = std::max(e.tallest_off_plane_rock, r.size.y);
  }
  return e;
}

bool Has(const std::set<float>& values, float wanted) {
  for (float v : values) {
    if (std::fabs(v - wanted) < kEps) return true;
  }
  return false;
}

TEST(LevelGenerator, LimitsLevelsReachTheLimits) {
  const std::vector<Level> limits(AllLevels().begin() + kSeeds, AllLevels().end());
  const Extremes e = FindExtremes(limits);
  EXPECT_NEAR(e.steepest_deg, 40.0f, 0.01f);
  EXPECT_TRUE(e.riser_040_on_tread_025);
  EXPECT_TRUE(Has(e.bumps, 0.3f));
  EXPECT_TRUE(Has(e.tilts, 0.36f));
  EXPECT_TRUE(Has(e.wavelengths, 0.2f));
  EXPECT_TRUE(Has(e.cells, 0.05f));
  EXPECT_TRUE(Has(e.spacings, 0.22f) && Has(e.spacings, 0.40f));
  EXPECT_TRUE(Has(e.leans, 15.0f) && Has(e.leans, -15.0f));
  EXPECT_TRUE(Has(e.widths, 0.3f) && Has(e.widths, 1.0f));
  EXPECT_TRUE(Has(e.pit_widths, 2.0f));
  EXPECT_NEAR(e.highest_pit_landing, kMaxGapRiseM, kEps);
  EXPECT_NEAR(e.tallest_jumped_wall, kMaxJumpUpM, kEps);
  EXPECT_TRUE(e.rock_025_on_40deg);
  EXPECT_TRUE(Has(e.thicknesses, 0.05f) && Has(e.thicknesses, 50.0f));
  EXPECT_NEAR(e.tallest_ladder, 6.0f, 0.2f);
  EXPECT_NEAR(e.biggest_drop, 2.0f, kEps);
  EXPECT_NEAR(e.tallest_off_plane_rock, 3.0f, kEps);
}

TEST(LevelGenerator, WholeLevelsSpreadOverTheRange) {
  const std::vector<Level> whole(AllLevels().begin(), AllLevels().begin() + kSeeds);
  const Extremes e = FindExtremes(whole);
  EXPECT_GT(e.steepest_deg, 38.0f);
  EXPECT_LE(e.steepest_deg, 40.0f);
  EXPECT_GT(e.bumps.size(), 50u);
  EXPECT_GT(e.tilts.size(), 50u);
  EXPECT_GT(e.wavelengths.size(), 50u);
  EXPECT_GT(e.spacings.size(), 50u);
  EXPECT_GT(*e.leans.rbegin(), 12.0f);
  EXPECT_LT(*e.leans.begin(), -12.0f);
  EXPECT_GT(*e.pit_widths.rbegin(), 1.8f);
  EXPECT_LT(*e.pit_widths.begin(), 0.5f);
}

// --- The collision mesh builds, within a triangle budget. -----------------

class GeneratedLevels : public ::testing::TestWithParam<LevelGenRange> {};

TEST_P(GeneratedLevels, BuildACollisionMeshWithinBudget) {
  size_t most = 0;
  for (uint32_t seed = 1; seed <= kSeeds; ++seed) {
    const Level level = Generate(seed, GetParam());
    const World world(level);
    const size_t triangles = world.collision().triangles().size();
    most = std::max(most, triangles);
    EXPECT_GT(triangles, 100u) << level.name;
    EXPECT_LE(triangles, 1200000u) << level.name;
    EXPECT_EQ(world.ladders().size(), level.ladders.size());
    // The player stands on the ground at the spawn.
    const auto spawn_ground = world.collision().GroundHeight(level.spawn.x, 0.0f);
    ASSERT_TRUE(spawn_ground.has_value()) << level.name;
    EXPECT_NEAR(*spawn_ground, ProfileHeight(level.terrain, level.spawn.x), 1e-3f) << level.name;
  }
  RecordProperty("most_triangles", static_cast<int>(most));
}

INSTANTIATE_TEST_SUITE_P(Ranges, GeneratedLevels, ::testing::Values(LevelGenRange::kWhole, LevelGenRange::kLimits),
                         [](const auto& info) { return std::string(ToString(info.param)); });

}  // namespace
}  // namespace knights::world
