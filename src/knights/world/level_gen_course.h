#pragma once
// The course of a generated level (knights/world/level_generator.h) while it is being
// built: the terrain profile and everything that belongs to one section of it
// (pits, ladders, platforms, rocks), in integer units so that the same seed
// gives bit-identical levels on every platform. CourseBuilder appends one
// section at a time, left to right, each drawn from the seed and kept inside
// the level format's limits (assets/levels/README.md) and the knight's
// abilities (steps <= 0.40 m, jumps over <= 2 m gaps, ladders up cliffs,
// drops <= 2 m).
//
// Units: every position and size is an integer number of millimetres in
// world space (x along the run, y up, z across depth, towards the camera);
// tilt_z is in thousandths (dimensionless dy/dz); angles are in tenths of a
// degree; gradients (dy/dx) in units of 1e-7.

#include <cstdint>
#include <vector>

#include "knights/world/seeded_random.h"

namespace knights::world {

struct CoursePoint {
  int64_t x_mm = 0;
  int64_t y_mm = 0;
  int64_t tilt_milli = 0;  // tilt_z * 1000
  int64_t bump_mm = 0;     // bump_z in millimetres
};

struct CoursePit {
  int64_t x0_mm = 0;
  int64_t x1_mm = 0;
};

struct CoursePlatform {
  int64_t x0_mm = 0, x1_mm = 0;
  int64_t top_mm = 0, thickness_mm = 300;
  int64_t z0_mm = 0, z1_mm = 0;
};

struct CourseRock {
  int64_t x_mm = 0, z_mm = 0;
  int64_t size_x_mm = 500, size_y_mm = 300, size_z_mm = 500;  // size_y: height above the ground
  int64_t yaw_deg = 0;
};

struct CourseLadder {
  int64_t x_mm = 0, z_mm = 0;
  int64_t bottom_mm = 0, top_mm = 0;
  int64_t width_mm = 500, rung_spacing_mm = 300;
  int64_t lean_tenths = 0;  // lean_deg * 10
};

enum class SectionKind { kStart, kFlat, kSlope, kStairs, kStep, kDrop, kPit, kCliff, kRocks, kPlatform, kWall, kGoal };

// One stretch of the course, [x0, x1] along x.
struct CourseSection {
  SectionKind kind = SectionKind::kFlat;
  int64_t x0_mm = 0;
  int64_t x1_mm = 0;
  bool npc_safe = false;  // no pit, no step over 0.40 m, no ladder: an NPC may patrol here
};

// Where the ground strip lies and how it ripples; drawn before the course
// because ladders and off-plane objects depend on it.
struct CourseStrip {
  int64_t z_min_mm = -3000;
  int64_t z_max_mm = 3000;
  int64_t bump_wavelength_mm = 1200;
};

struct Course {
  std::vector<CoursePoint> points;
  std::vector<CoursePit> pits;
  std::vector<CoursePlatform> platforms;
  std::vector<CourseRock> rocks;
  std::vector<CourseLadder> ladders;
  std::vector<CourseSection> sections;
};

class CourseBuilder {
 public:
  // at_limits: every section pushes its fields to their extreme legal values
  // (LevelGenRange::kLimits) rather than drawing from the whole range.
  CourseBuilder(SeededRandom* random, bool at_limits, const CourseStrip& strip);

  // The first section: flat ground from x = 0 where the player spawns.
  void AddStart();
  // One section of the given kind after the last one (kinds that would leave
  // the course's height band are swapped for ones that bring it back).
  void AddSection(SectionKind kind);
  // The last section: flat ground to at least end_x_mm (4 m or more).
  void AddGoal(int64_t end_x_mm);

  int64_t x_mm() const { return points_.back().x_mm; }
  int64_t y_mm() const { return points_.back().y_mm; }
  Course TakeCourse();

  // The course stays within this band of heights, metres * 1000.
  static constexpr int64_t kMinY = -30000;
  static constexpr int64_t kMaxY = 30000;

 private:
  enum class Extreme { kLow, kHigh, kBoth, kNone };
  // A value in lo..hi: uniform over the range, or at kLimits one of its ends
  // (kLow, kHigh, either for kBoth; kNone is uniform in both modes).
  int64_t Field(int64_t lo, int64_t hi, Extreme extreme);
  // +1 (up) or -1 (down) for a height change, pulled towards y = 0 and kept
  // inside the height band.
  int64_t Direction(int64_t change_mm);

  // Profile points: a run to (x, y) with the pending cross-depth variation
  // (it ramps in along the run), and a vertical step at the current x.
  void RunTo(int64_t x_mm, int64_t y_mm);
  void StepBy(int64_t dy_mm);
  // Draws a new tilt_z / bump_z for the next run (zero, any, or extreme).
  void DrawVariation();
  void Begin(SectionKind kind);
  void End(bool npc_safe);

  void AddFlat();
  void AddSlope();
  void AddStairs();
  void AddStep();
  void AddDrop();
  void AddPit();
  void AddWall();
  void AddCliff();
  void AddRocks();
  void AddPlatform();
  void AddHighPlatform(int64_t x0_mm, int64_t x1_mm);
  void AddOffPlanePlatform(int64_t x0_mm, int64_t x1_mm);
  // Rocks on the walking line (|z| < 0.6 m, at most 0.40 m high) along a run
  // from x0 on a slope of gradient_e7; returns the run's length (3 m or more).
  int64_t PlaceSteepSlopeRocks(int64_t x0_mm);  // returns the section length, mm
  int64_t PlaceWalkingLineRocks(int64_t x0_mm, int64_t gradient_e7);
  void AddOffPlaneRock(int64_t x0_mm, int64_t x1_mm);
  // height * tan(|lean|), rounded to a millimetre.
  static int64_t LadderOffset(int64_t height_mm, int64_t lean_tenths);
  // The ladder up a cliff at cliff_x_mm from the ground at y_base to y_top.
  void AddLadder(int64_t cliff_x_mm, int64_t y_base_mm, int64_t y_top_mm, int64_t z_mm, int64_t lean_tenths);
  // A side of the play plane (-1: behind, z < 0; +1: in front) whose strip
  // reaches at least min_edge_mm from z = 0, behind preferred; 0 if neither.
  int64_t OffPlaneSide(int64_t min_edge_mm);
  int64_t StripEdge(int64_t side) const { return side < 0 ? -strip_.z_min_mm : strip_.z_max_mm; }
  // The most a ripple of the current variation adds at |z| = z_mm (the tilt
  // part exactly, the bump part bounded by |bump| * min(1, 2 pi |z| / wavelength)).
  int64_t VariationBoundMm(int64_t z_mm) const;

  SeededRandom* random_;
  bool at_limits_;
  CourseStrip strip_;
  std::vector<CoursePoint> points_;
  CourseSection section_;  // the section being added (Begin .. End)
  Course course_;
  int64_t pending_tilt_milli_ = 0;
  int64_t pending_bump_mm_ = 0;
};

// Tangent of an angle given in tenths of a degree (|angle| <= 45 degrees),
// from its Taylor series in double precision: the same result everywhere,
// unlike std::tan whose last bits depend on the C library.
double TanOfTenthsDegree(int64_t tenths);

}  // namespace knights::world
