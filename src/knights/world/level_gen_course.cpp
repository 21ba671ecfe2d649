#include "knights/world/level_gen_course.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace knights::world {
namespace {

// Gradients are integers in units of 1e-7 (dy/dx * 1e7).
constexpr int64_t kGradientUnit = 10000000;
// The steepest slope drawn: tan(40 deg) = 0.83909963 less a hair of 1e-4
// (0.0034 degrees), so that the loader's float check (|dy|/dx <= tan 40 +
// 1e-6 over coordinates rounded to float) passes for runs of 1 m or more
// anywhere within |x| < 1024 m, |y| < 64 m.
constexpr int64_t kSteepestGradientE7 = 8389996;
// tan(25 deg): the steepest ground walking-line rocks are put on.
constexpr int64_t kRockSlopeGradientE7 = 4663077;
// Off-plane things keep this far from the play plane (|z| >= 0.6 m).
constexpr int64_t kPlayPlaneHalfWidthMm = 600;
// A ladder's rails must stand, and its top meet a ledge, within 0.3 m of the
// ground; the ripple near a ladder is kept to 0.25 m of that.
constexpr int64_t kLadderRippleBudgetMm = 250;

// The run length near lo_mm (within 0.5 m above it) for which the steepest
// slope's rise, rounded down to a millimetre, loses the least: the slope is
// then 40 degrees less about 0.0034 degrees.
int64_t SteepestRun(int64_t lo_mm) {
  int64_t best = lo_mm;
  int64_t best_remainder = kGradientUnit;
  for (int64_t dx = lo_mm; dx <= lo_mm + 500; ++dx) {
    const int64_t remainder = dx * kSteepestGradientE7 % kGradientUnit;
    if (remainder < best_remainder) {
      best_remainder = remainder;
      best = dx;
    }
  }
  return best;
}

int64_t Rise(int64_t run_mm, int64_t gradient_e7) { return run_mm * gradient_e7 / kGradientUnit; }

}  // namespace

double TanOfTenthsDegree(int64_t tenths) {
  const double angle = static_cast<double>(tenths) * (3.14159265358979323846 / 1800.0);
  const double a2 = angle * angle;
  // sin and cos from their Taylor series, innermost term first (|angle| <= pi/4:
  // the first omitted terms are below 1e-17).
  double sin_sum = 0.0, cos_sum = 0.0;
  for (int n = 8; n >= 1; --n) {
    sin_sum = 1.0 - sin_sum * a2 / static_cast<double>((2 * n) * (2 * n + 1));
    cos_sum = 1.0 - cos_sum * a2 / static_cast<double>((2 * n - 1) * (2 * n));
  }
  return angle * sin_sum / cos_sum;
}

CourseBuilder::CourseBuilder(SeededRandom* random, bool at_limits, const CourseStrip& strip)
    : random_(random), at_limits_(at_limits), strip_(strip) {}

int64_t CourseBuilder::Field(int64_t lo, int64_t hi, Extreme extreme) {
  if (!at_limits_ || extreme == Extreme::kNone) return random_->Int(lo, hi);
  switch (extreme) {
    case Extreme::kLow:
      return lo;
    case Extreme::kHigh:
      return hi;
    default:
      return random_->Percent(50) ? lo : hi;
  }
}

int64_t CourseBuilder::Direction(int64_t change_mm) {
  // 50 % up at y = 0, 10 % at y >= 16 m, 90 % at y <= -16 m.
  const int64_t up_percent = std::clamp<int64_t>(50 - y_mm() / 400, 10, 90);
  int64_t direction = random_->Percent(static_cast<int>(up_percent)) ? 1 : -1;
  if (y_mm() + direction * change_mm > kMaxY) direction = -1;
  if (y_mm() + direction * change_mm < kMinY) direction = 1;
  return direction;
}

void CourseBuilder::RunTo(int64_t x_mm, int64_t y_mm) {
  points_.push_back({x_mm, y_mm, pending_tilt_milli_, pending_bump_mm_});
}

void CourseBuilder::StepBy(int64_t dy_mm) {
  // The loader's rules for a vertical step: two points at one x with the same
  // variation, never first or last (every section ends with a run).
  const CoursePoint last = points_.back();
  points_.push_back({last.x_mm, last.y_mm + dy_mm, last.tilt_milli, last.bump_mm});
}

void CourseBuilder::DrawVariation() {
  if (at_limits_) {
    pending_tilt_milli_ = random_->Percent(50) ? 360 : -360;
    pending_bump_mm_ = random_->Percent(50) ? 300 : -300;
    return;
  }
  const int which = random_->Index(4);  // none, tilt only, bump only, both
  pending_tilt_milli_ = (which & 1) ? random_->Int(-360, 360) : 0;
  pending_bump_mm_ = (which & 2) ? random_->Int(-300, 300) : 0;
}

int64_t CourseBuilder::VariationBoundMm(int64_t z_mm) const {
  const int64_t abs_z = std::llabs(z_mm);
  // |sin(2 pi z / wavelength)| <= min(1, 2 pi |z| / wavelength), in thousandths.
  const int64_t sine_bound_milli = std::min<int64_t>(1000, 6284 * abs_z / strip_.bump_wavelength_mm);
  return (std::llabs(pending_tilt_milli_) * abs_z + std::llabs(pending_bump_mm_) * sine_bound_milli + 999) / 1000;
}

int64_t CourseBuilder::OffPlaneSide(int64_t min_edge_mm) {
  const bool behind = StripEdge(-1) >= min_edge_mm;
  const bool front = StripEdge(+1) >= min_edge_mm;
  if (behind && front) return random_->Percent(70) ? -1 : 1;
  if (behind) return -1;
  return front ? 1 : 0;
}

void CourseBuilder::Begin(SectionKind kind) {
  section_ = CourseSection{};
  section_.kind = kind;
  section_.x0_mm = x_mm();
}

void CourseBuilder::End(bool npc_safe) {
  section_.x1_mm = x_mm();
  section_.npc_safe = npc_safe;
  course_.sections.push_back(section_);
}

Course CourseBuilder::TakeCourse() {
  course_.points = points_;
  return std::move(course_);
}

void CourseBuilder::AddStart() {
  points_.assign(1, CoursePoint{});
  Begin(SectionKind::kStart);
  RunTo(Field(3000, 6000, Extreme::kLow), 0);
  End(false);  // the player spawns here: no NPC
}

void CourseBuilder::AddGoal(int64_t end_x_mm) {
  Begin(SectionKind::kGoal);
  RunTo(std::max(end_x_mm, x_mm() + 4000), y_mm());
  End(true);
}

void CourseBuilder::AddSection(SectionKind kind) {
  const bool rises = kind == SectionKind::kWall || kind == SectionKind::kPit;
  if ((kind == SectionKind::kCliff && y_mm() + 6000 > kMaxY) || (rises && y_mm() + 1200 > kMaxY)) {
    kind = SectionKind::kDrop;
  }
  if (kind == SectionKind::kDrop && y_mm() - 2000 < kMinY) kind = SectionKind::kStep;
  switch (kind) {
    case SectionKind::kFlat:
      AddFlat();
      break;
    case SectionKind::kSlope:
      AddSlope();
      break;
    case SectionKind::kStairs:
      AddStairs();
      break;
    case SectionKind::kStep:
      AddStep();
      break;
    case SectionKind::kDrop:
      AddDrop();
      break;
    case SectionKind::kPit:
      AddPit();
      break;
    case SectionKind::kCliff:
      AddCliff();
      break;
    case SectionKind::kRocks:
      AddRocks();
      break;
    case SectionKind::kPlatform:
      AddPlatform();
      break;
    case SectionKind::kWall:
      AddWall();
      break;
    case SectionKind::kStart:
    case SectionKind::kGoal:
      break;  // only first and last
  }
}

// Flat ground; its cross-depth variation ramps to a new one over the first 1..2 m.
void CourseBuilder::AddFlat() {
  Begin(SectionKind::kFlat);
  DrawVariation();
  const int64_t x0 = x_mm();
  const int64_t length = random_->Int(2000, 10000);
  const int64_t ramp = std::min(length, random_->Int(1000, 2000));
  RunTo(x0 + ramp, y_mm());
  if (length > ramp) RunTo(x0 + length, y_mm());
  End(true);
}

// One straight slope up or down, 0.6..40 degrees (kLimits: 40 less 0.0034).
void CourseBuilder::AddSlope() {
  Begin(SectionKind::kSlope);
  const int64_t gradient = at_limits_ ? kSteepestGradientE7 : random_->Int(100000, kSteepestGradientE7);
  const int64_t run = at_limits_ ? SteepestRun(random_->Int(2000, 6500)) : random_->Int(1000, 8000);
  const int64_t rise = Rise(run, gradient);
  const int64_t direction = Direction(rise);
  RunTo(x_mm() + run, y_mm() + direction * rise);
  End(true);
}

// A flight of 2..8 equal risers (0.05..0.40 m) on equal treads (0.25..1.0 m)
// and a landing; kLimits: 0.40 m risers on 0.25 m treads.
void CourseBuilder::AddStairs() {
  Begin(SectionKind::kStairs);
  const int64_t count = random_->Int(at_limits_ ? 3 : 2, 8);
  const int64_t riser = Field(50, 400, Extreme::kHigh);
  const int64_t tread = Field(250, 1000, Extreme::kLow);
  const int64_t direction = Direction(count * riser);
  for (int64_t i = 0; i < count; ++i) {
    StepBy(direction * riser);
    RunTo(x_mm() + (i + 1 < count ? tread : random_->Int(500, 2000)), y_mm());
  }
  End(true);
}

// A single walkable step (0.05..0.40 m) up or down and the ground after it.
void CourseBuilder::AddStep() {
  Begin(SectionKind::kStep);
  const int64_t riser = Field(50, 400, Extreme::kBoth);
  StepBy(Direction(riser) * riser);
  RunTo(x_mm() + random_->Int(500, 3000), y_mm());
  End(true);
}

// A drop of 0.45..2 m (kLimits: 2 m), the most the knight should fall.
void CourseBuilder::AddDrop() {
  Begin(SectionKind::kDrop);
  StepBy(-Field(450, 2000, Extreme::kHigh));
  RunTo(x_mm() + Field(1000, 3000, Extreme::kLow), y_mm());
  End(false);  // NPCs cannot patrol over the drop at x0
}

// A pit 0.3..2 m wide (kLimits: 2 m) in flat ground: 3..5 m of run-up before
// it and 1..3 m after it (kLimits: 3 and 1); its far side 0..0.6 m higher
// (kLimits: 0.6 m, world::kMaxGapRiseM), the step hidden in the pit.
void CourseBuilder::AddPit() {
  Begin(SectionKind::kPit);
  const int64_t x0 = x_mm();
  const int64_t run_up = Field(3000, 5000, Extreme::kLow);
  const int64_t width = Field(300, 2000, Extreme::kHigh);
  const int64_t landing = Field(1000, 3000, Extreme::kLow);
  const int64_t rise = Field(0, 600, Extreme::kHigh);
  course_.pits.push_back({x0 + run_up, x0 + run_up + width});
  if (rise > 0) {
    RunTo(x0 + run_up + width / 2, y_mm());
    StepBy(rise);
  }
  RunTo(x0 + run_up + width + landing, y_mm());
  End(false);
}

// A wall 0.45..1.2 m high (kLimits: 1.2 m, world::kMaxJumpUpM) that the knight
// jumps up, after 3..5 m of flat run-up (kLimits: 3 m) and before 1..3 m of
// flat ground.
void CourseBuilder::AddWall() {
  Begin(SectionKind::kWall);
  const int64_t run_up = Field(3000, 5000, Extreme::kLow);
  RunTo(x_mm() + run_up, y_mm());
  StepBy(Field(450, 1200, Extreme::kHigh));
  RunTo(x_mm() + Field(1000, 3000, Extreme::kLow), y_mm());
  End(false);
}

// A cliff 1.3..6 m high (kLimits: 6 m) climbed by a ladder, with a plateau of
// 3..6 m (kLimits: 3 m) after it. The approach and the plateau keep one
// cross-depth variation, its ripple small enough for the ladder's ground checks.
void CourseBuilder::AddCliff() {
  Begin(SectionKind::kCliff);
  const int64_t x0 = x_mm();
  const int64_t y_base = y_mm();
  const int64_t height = Field(1300, 6000, Extreme::kHigh);
  static constexpr int64_t kLimitZs[] = {-500, 0, 500};
  static constexpr int64_t kLadderStripMarginMm = 300;
  // The climber stands at the ladder's depth, its feet 0.1 m to either
  // side: the loader wants the ladder 0.3 m inside the ground strip.
  const int64_t ladder_z = std::clamp(at_limits_ ? kLimitZs[random_->Index(3)] : random_->Int(-500, 500),
                                      strip_.z_min_mm + kLadderStripMarginMm, strip_.z_max_mm - kLadderStripMarginMm);
  DrawVariation();
  const int64_t tilt_offset = pending_tilt_milli_ * ladder_z / 1000;  // exact; only the ripple needs a budget
  while (VariationBoundMm(ladder_z) - std::llabs(tilt_offset) > kLadderRippleBudgetMm) {
    pending_bump_mm_ -= pending_bump_mm_ > 0 ? 10 : -10;
  }
  int64_t lean = Field(-150, 150, Extreme::kBoth);
  // A ladder leaning back either reaches the plateau (its top within 0.3 m of
  // the cliff) or a platform overhang (its top 0.35 m or more back, with 2 m
  // of headroom under the platform); in between it leans forward instead.
  if (lean < 0 && LadderOffset(height, lean) > 300 &&
      (LadderOffset(height - tilt_offset, lean) < 350 || height < 2300)) {
    lean = -lean;
  }
  // A ladder leaning towards +x stands back from the cliff by height * tan(lean).
  const int64_t stand_off = lean > 0 ? LadderOffset(height, lean) : 0;
  const int64_t cliff_x = x0 + 2500 + stand_off + Field(0, 2000, Extreme::kLow);
  RunTo(x0 + 1000, y_base);  // the variation ramps in here; the ladder's foot is past it
  RunTo(cliff_x, y_base);
  StepBy(height);
  RunTo(cliff_x + Field(3000, 6000, Extreme::kLow), y_base + height);
  AddLadder(cliff_x, y_base, y_base + height, ladder_z, lean);
  End(false);
}

int64_t CourseBuilder::LadderOffset(int64_t height_mm, int64_t lean_tenths) {
  return std::llround(static_cast<double>(height_mm) * TanOfTenthsDegree(std::llabs(lean_tenths)));
}

// Per assets/levels/README.md: rails at x = c - 0.15 - (top - bottom) * tan(lean)
// so that the top is 0.15 m before the cliff at c and the exit, 0.5 m past the
// top, lies on the plateau. A ladder leaning back (lean < 0) has its foot at
// c - 0.15 instead (the README's formula would stand it inside the cliff);
// its top overhangs the approach and meets the plateau when it is within
// 0.3 m of the cliff, otherwise a platform overhang whose edge is 0.22 m past
// the top and whose top is level with the plateau (as in torture_ladders.json).
void CourseBuilder::AddLadder(int64_t cliff_x_mm, int64_t y_base_mm, int64_t y_top_mm, int64_t z_mm,
                              int64_t lean_tenths) {
  CourseLadder ladder;
  ladder.z_mm = z_mm;
  ladder.lean_tenths = lean_tenths;
  ladder.rung_spacing_mm = Field(220, 400, Extreme::kBoth);
  ladder.width_mm = Field(300, 1000, Extreme::kBoth);
  const int64_t tilt_offset = pending_tilt_milli_ * z_mm / 1000;  // the ground at z is this much off the profile
  ladder.bottom_mm = y_base_mm + tilt_offset;
  ladder.top_mm = y_top_mm + tilt_offset;
  if (lean_tenths >= 0) {
    ladder.x_mm = cliff_x_mm - 150 - LadderOffset(ladder.top_mm - ladder.bottom_mm, lean_tenths);
  } else {
    ladder.x_mm = cliff_x_mm - 150;
    if (LadderOffset(ladder.top_mm - ladder.bottom_mm, lean_tenths) > 300) {
      ladder.top_mm = y_top_mm;
      CoursePlatform overhang;
      overhang.x0_mm = ladder.x_mm - LadderOffset(ladder.top_mm - ladder.bottom_mm, lean_tenths) + 220;
      overhang.x1_mm = cliff_x_mm;
      overhang.top_mm = ladder.top_mm;
      overhang.thickness_mm = 300;
      overhang.z0_mm = std::max<int64_t>(strip_.z_min_mm, -3000);
      overhang.z1_mm = std::min<int64_t>(strip_.z_max_mm, 3000);
      course_.platforms.push_back(overhang);
    }
  }
  course_.ladders.push_back(ladder);
}

// Rocks on a straight run (flat, or up to 25 degrees; kLimits: flat), those on
// the walking line at most 0.40 m high, and up to two taller ones off the play plane.
void CourseBuilder::AddRocks() {
  Begin(SectionKind::kRocks);
  const int64_t x0 = x_mm();
  // kLimits: half the time the README's steepest case, 0.25 m rocks 0.4 m
  // long on a 40 degree slope; else the tallest and widest on flat ground.
  const bool steepest = at_limits_ && random_->Percent(50);
  const int64_t gradient = steepest                             ? kSteepestGradientE7
                           : at_limits_ || random_->Percent(50) ? 0
                                                                : random_->Int(0, kRockSlopeGradientE7);
  const int64_t length = steepest ? PlaceSteepSlopeRocks(x0) : PlaceWalkingLineRocks(x0, gradient);
  const int64_t rise = Rise(length, gradient);
  RunTo(x0 + length, y_mm() + Direction(rise) * rise);
  const int64_t off_plane = at_limits_ ? 2 : random_->Int(0, 2);
  for (int64_t i = 0; i < off_plane; ++i) AddOffPlaneRock(x0, x0 + length);
  End(true);
}

int64_t CourseBuilder::PlaceSteepSlopeRocks(int64_t x0_mm) {
  int64_t u = 500;  // distance along the run, mm
  const int64_t count = random_->Int(1, 3);
  for (int64_t i = 0; i < count; ++i) {
    CourseRock rock;
    rock.size_x_mm = 400;
    rock.size_y_mm = 250;
    rock.size_z_mm = 400;
    rock.x_mm = x0_mm + u + 200;
    course_.rocks.push_back(rock);
    u += 400 + random_->Int(1000, 2000);
  }
  return std::max<int64_t>(u + 500, 3000);
}

int64_t CourseBuilder::PlaceWalkingLineRocks(int64_t x0_mm, int64_t gradient_e7) {
  int64_t u = 500;  // distance along the run, mm
  const int64_t count = random_->Int(1, 4);
  for (int64_t i = 0; i < count; ++i) {
    CourseRock rock;
    const int64_t max_size = gradient_e7 > 0 ? 1000 : 3000;  // on a slope a wide rock stands tall on its low side
    rock.size_x_mm = Field(50, max_size, Extreme::kBoth);
    rock.size_z_mm = Field(50, max_size, Extreme::kBoth);
    const int64_t radius = (std::max(rock.size_x_mm, rock.size_z_mm) + 1) / 2;  // any yaw
    rock.z_mm = at_limits_ ? 0 : random_->Int(-300, 300);
    // The rock's ring (0.75 of its height, 0.55 of its radius) stands above the
    // ground at the walking line by at most 0.40 m, slope and ripple included.
    const int64_t slope_part = 550 * radius * gradient_e7 / 1000 / kGradientUnit;
    int64_t max_height = std::min<int64_t>(400, (400 - slope_part) * 4 / 3) - VariationBoundMm(rock.z_mm);
    if (max_height < 50) {
      rock.z_mm = 0;
      max_height = std::min<int64_t>(400, (400 - slope_part) * 4 / 3);
    }
    rock.size_y_mm = Field(50, std::max<int64_t>(50, max_height), Extreme::kHigh);
    rock.yaw_deg = Field(-360, 360, Extreme::kBoth);
    rock.x_mm = x0_mm + u + radius;
    course_.rocks.push_back(rock);
    u += 2 * radius + (i + 1 < count ? random_->Int(300, 2000) : 0);
  }
  return std::max<int64_t>(u + random_->Int(500, 1500), 3000);
}

void CourseBuilder::AddOffPlaneRock(int64_t x0_mm, int64_t x1_mm) {
  CourseRock rock;
  rock.size_x_mm = Field(50, 3000, Extreme::kBoth);
  rock.size_z_mm = Field(50, 3000, Extreme::kBoth);
  rock.size_y_mm = Field(50, 3000, Extreme::kHigh);
  rock.yaw_deg = Field(-360, 360, Extreme::kBoth);
  const int64_t radius = (std::max(rock.size_x_mm, rock.size_z_mm) + 1) / 2;
  // Wholly beyond |z| = 0.6 m and inside the strip, and inside the section along x.
  const int64_t side = OffPlaneSide(kPlayPlaneHalfWidthMm + 2 * radius);
  if (side == 0 || x1_mm - x0_mm < 2 * radius) return;
  const int64_t near_z = kPlayPlaneHalfWidthMm + radius;
  rock.z_mm = side * random_->Int(near_z, StripEdge(side) - radius);
  rock.x_mm = random_->Int(x0_mm + radius, x1_mm - radius);
  course_.rocks.push_back(rock);
}

// Flat ground 4..10 m long under a platform high above the walking line (2 m
// of headroom or more) and one off the play plane beside it.
void CourseBuilder::AddPlatform() {
  Begin(SectionKind::kPlatform);
  const int64_t x0 = x_mm();
  RunTo(x0 + random_->Int(4000, 10000), y_mm());
  if (at_limits_ || random_->Percent(80)) AddHighPlatform(x0, x_mm());
  if (at_limits_ || random_->Percent(50)) AddOffPlanePlatform(x0, x_mm());
  End(true);
}

void CourseBuilder::AddHighPlatform(int64_t x0_mm, int64_t x1_mm) {
  CoursePlatform platform;
  platform.x0_mm = x0_mm + random_->Int(500, 1500);
  platform.x1_mm = random_->Int(platform.x0_mm + 500, x1_mm - 500);
  platform.thickness_mm = at_limits_ ? (random_->Percent(50) ? 50 : 50000) : random_->SkewedInt(50, 50000);
  platform.top_mm = y_mm() + Field(2000, 5000, Extreme::kLow) + platform.thickness_mm;
  platform.z0_mm = at_limits_ ? strip_.z_min_mm : random_->Int(strip_.z_min_mm, -100);
  platform.z1_mm = at_limits_ ? strip_.z_max_mm : random_->Int(100, strip_.z_max_mm);
  course_.platforms.push_back(platform);
}

void CourseBuilder::AddOffPlanePlatform(int64_t x0_mm, int64_t x1_mm) {
  const int64_t side = OffPlaneSide(kPlayPlaneHalfWidthMm + 50);
  if (side == 0) return;
  CoursePlatform platform;
  platform.x0_mm = random_->Int(x0_mm, x1_mm - 500);
  platform.x1_mm = random_->Int(platform.x0_mm + 500, x1_mm);
  const int64_t edge = StripEdge(side);
  const int64_t near_z = kPlayPlaneHalfWidthMm + random_->Int(0, std::min<int64_t>(edge - 650, 3000));
  const int64_t far_z = near_z + random_->Int(50, std::min<int64_t>(edge - near_z, 5000));
  platform.z0_mm = side < 0 ? -far_z : near_z;
  platform.z1_mm = side < 0 ? -near_z : far_z;
  platform.thickness_mm = at_limits_ ? 50000 : random_->SkewedInt(50, 50000);
  platform.top_mm = y_mm() + random_->Int(50, 3000);
  course_.platforms.push_back(platform);
}

}  // namespace knights::world
