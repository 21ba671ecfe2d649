#include "knights/world/level.h"

#include <algorithm>
#include <cmath>

namespace knights::world {
namespace {

constexpr float kTwoPi = 6.28318530717958647692f;

// The segment [i, i+1] that holds x, and the blend factor along it. Points
// with the same x (a step) are never a segment: upper_bound finds the last
// point whose x <= query, so at a step's x the right-hand segment is used.
struct SegmentAt {
  size_t i = 0;              // first point of the segment
  float s = 0.0f;            // 0 at point i, 1 at point i + 1
  bool clamped_end = false;  // x at or beyond the last point: use point i alone
};

SegmentAt FindSegment(const Terrain& terrain, float x) {
  const auto& pts = terrain.points;
  SegmentAt seg;
  if (pts.empty()) {
    seg.clamped_end = true;
    return seg;
  }
  if (x <= pts.front().x) {
    seg.i = 0;
    // A level starts with a slope (the loader forbids a step at index 0).
    seg.clamped_end = pts.size() == 1;
    return seg;
  }
  const auto it =
      std::upper_bound(pts.begin(), pts.end(), x, [](float value, const TerrainPoint& p) { return value < p.x; });
  const size_t after = static_cast<size_t>(it - pts.begin());
  if (after >= pts.size()) {
    seg.i = pts.size() - 1;
    seg.clamped_end = true;
    return seg;
  }
  seg.i = after - 1;
  const float dx = pts[after].x - pts[seg.i].x;
  seg.s = dx > 0.0f ? (x - pts[seg.i].x) / dx : 0.0f;
  return seg;
}

}  // namespace

float TerrainMinX(const Terrain& terrain) { return terrain.points.empty() ? 0.0f : terrain.points.front().x; }

float TerrainMaxX(const Terrain& terrain) { return terrain.points.empty() ? 0.0f : terrain.points.back().x; }

float ProfileHeight(const Terrain& terrain, float x) {
  if (terrain.points.empty()) return 0.0f;
  const SegmentAt seg = FindSegment(terrain, x);
  const TerrainPoint& a = terrain.points[seg.i];
  if (seg.clamped_end) return a.y;
  const TerrainPoint& b = terrain.points[seg.i + 1];
  return a.y + (b.y - a.y) * seg.s;
}

float TerrainVariation(const Terrain& terrain, float x, float z) {
  if (terrain.points.empty()) return 0.0f;
  const SegmentAt seg = FindSegment(terrain, x);
  const TerrainPoint& a = terrain.points[seg.i];
  float tilt = a.tilt_z;
  float bump = a.bump_z;
  if (!seg.clamped_end) {
    const TerrainPoint& b = terrain.points[seg.i + 1];
    tilt += (b.tilt_z - a.tilt_z) * seg.s;
    bump += (b.bump_z - a.bump_z) * seg.s;
  }
  float ripple = 0.0f;
  if (bump != 0.0f && terrain.bump_wavelength_z > 0.0f) {
    ripple = bump * std::sin(kTwoPi * z / terrain.bump_wavelength_z);
  }
  return tilt * z + ripple;
}

float TerrainHeight(const Terrain& terrain, float x, float z) {
  return ProfileHeight(terrain, x) + TerrainVariation(terrain, x, z);
}

bool InPit(const Level& level, float x) {
  for (const Pit& pit : level.pits) {
    if (x > pit.x0 && x < pit.x1) return true;
  }
  return false;
}

const char* ToString(PropKind kind) {
  switch (kind) {
    case PropKind::kTree:
      return "tree";
    case PropKind::kRock:
      return "rock";
    case PropKind::kBanner:
      return "banner";
    case PropKind::kCrate:
      return "crate";
    case PropKind::kBush:
      return "bush";
    case PropKind::kTorch:
      return "torch";
    case PropKind::kBarrel:
      return "barrel";
    case PropKind::kFence:
      return "fence";
  }
  return "?";
}

const char* ToString(NpcVariant variant) {
  switch (variant) {
    case NpcVariant::kRed:
      return "red";
    case NpcVariant::kGreen:
      return "green";
  }
  return "?";
}

glm::vec3 CollectiblePositionWs(const Terrain& terrain, const Collectible& gem) {
  return {gem.x, ProfileHeight(terrain, gem.x) + gem.height_m, 0.0f};
}

const char* ToString(NpcRole role) { return role == NpcRole::kEnemy ? "enemy" : "patrol"; }

const char* ToString(GoalKind kind) {
  switch (kind) {
    case GoalKind::kGate:
      return "gate";
    case GoalKind::kBanner:
      return "banner";
  }
  return "?";
}

const char* ToString(SkyMood sky) { return sky == SkyMood::kDusk ? "dusk" : "day"; }

const char* ToString(GroundMood ground) { return ground == GroundMood::kPaving ? "paving" : "meadow"; }

}  // namespace knights::world
