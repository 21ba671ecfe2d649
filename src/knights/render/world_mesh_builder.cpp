#include "knights/render/world_mesh_builder.h"

#include <limits>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "knights/render/castle_scenery.h"
#include "knights/render/moving_scenery.h"
#include "knights/render/palette.h"
#include "knights/render/rock_face.h"
#include "knights/render/static_shapes.h"
#include "knights/render/world_mesh_meadow.h"

namespace knights::render {
namespace {

using namespace palette;  // NOLINT(google-build-using-namespace): the scenery's colours

// The grass on the front face: a lip this deep below the front edge, metres.
constexpr float kGrassLipM = 0.12f;
// How far behind the strip a paved courtyard reaches, to the foot of the
// curtain wall (background_builder.cpp), world z, metres.
constexpr float kCourtyardBackZ = -56.0f;
constexpr float kTorchFlameM = 1.5f;  // a torch's flame above its foot, metres (times its scale)

bool InAnyPit(const world::Level& level, float x) { return world::InPit(level, x); }

// Calls f(x0, y0, x1, y1) for each piece of the terrain's edge at depth z,
// skipping the pits; pieces are at most `step` long.
template <typename F>
void ForEachEdgePiece(const world::Level& level, float z, float step, F&& f) {
  const auto& pts = level.terrain.points;
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const world::TerrainPoint& a = pts[i];
    const world::TerrainPoint& b = pts[i + 1];
    if (!(b.x > a.x)) continue;
    std::vector<float> breaks = {a.x, b.x};
    for (const world::Pit& pit : level.pits) {
      if (pit.x0 > a.x && pit.x0 < b.x) breaks.push_back(pit.x0);
      if (pit.x1 > a.x && pit.x1 < b.x) breaks.push_back(pit.x1);
    }
    std::sort(breaks.begin(), breaks.end());
    for (size_t k = 0; k + 1 < breaks.size(); ++k) {
      const float u0 = breaks[k], u1 = breaks[k + 1];
      if (!(u1 > u0) || InAnyPit(level, 0.5f * (u0 + u1))) continue;
      const int n = std::max(1, static_cast<int>(std::ceil((u1 - u0) / step)));
      for (int c = 0; c < n; ++c) {
        const float x0 = u0 + (u1 - u0) * c / n;
        const float x1 = c + 1 == n ? u1 : u0 + (u1 - u0) * (c + 1) / n;
        f(x0, EdgeHeight(level.terrain, a, b, (x0 - a.x) / (b.x - a.x), z), x1,
          EdgeHeight(level.terrain, a, b, (x1 - a.x) / (b.x - a.x), z));
      }
    }
  }
}

// A collision triangle's colour and material: grass, rock cliffs and stone
// platforms over a meadow; flagstones, masonry and wooden decks over paving.
SurfaceLook LookOf(const world::CollisionTriangle& t, bool paving) {
  switch (t.kind) {
    case world::SurfaceKind::kTerrain: {
      const float up = t.normal_ws.y;
      if (up <= 0.6f)
        return paving ? SurfaceLook{kStone * 0.8f, StaticMaterial::kStone}
                      : SurfaceLook{kEarth, StaticMaterial::kEarth};
      if (paving) return {kPaving, StaticMaterial::kFlagstone};
      return {glm::mix(kDryGrass, kGrass, glm::clamp((up - 0.6f) / 0.3f, 0.0f, 1.0f)), StaticMaterial::kGrass};
    }
    case world::SurfaceKind::kStepFace:
      return paving ? SurfaceLook{kStone * 0.85f, StaticMaterial::kStone}
                    : SurfaceLook{kCliffRock, StaticMaterial::kRock};
    case world::SurfaceKind::kPitWall:
      return paving ? SurfaceLook{kStone * 0.5f, StaticMaterial::kStone}
                    : SurfaceLook{kCliffRock * 0.7f, StaticMaterial::kRock};
    case world::SurfaceKind::kPlatform:
      if (paving) return {t.normal_ws.y > 0.7f ? kPlanks : kPlanks * 0.6f, StaticMaterial::kWood};
      return {t.normal_ws.y > 0.7f ? kStone : kStone * 0.8f, StaticMaterial::kStone};
    case world::SurfaceKind::kRock:
      return {kRock, StaticMaterial::kRock};
  }
  return {kEarth, StaticMaterial::kEarth};
}

// 1. Collision surfaces with materials; terrain normals averaged per vertex.
void AppendCollisionSurfaces(const world::World& world, bool paving, std::vector<StaticVertex>& out) {
  const auto triangles = world.collision().triangles();
  auto key = [](const glm::vec3& p) {
    const auto q = [](float v) { return static_cast<int64_t>(std::lround(v * 1000.0f)) & 0x1FFFFF; };
    return (q(p.x) << 42) | (q(p.y) << 21) | q(p.z);
  };
  std::unordered_map<int64_t, glm::vec3> smooth;
  smooth.reserve(triangles.size());
  for (const world::CollisionTriangle& t : triangles) {
    if (t.kind != world::SurfaceKind::kTerrain) continue;
    for (const glm::vec3& v : {t.v0_ws, t.v1_ws, t.v2_ws}) smooth[key(v)] += t.normal_ws;
  }
  for (const world::CollisionTriangle& t : triangles) {
    const SurfaceLook look = LookOf(t, paving);
    const glm::vec3 v[3] = {t.v0_ws, t.v1_ws, t.v2_ws};
    for (const glm::vec3& p : v) {
      glm::vec3 n = t.normal_ws;
      if (t.kind == world::SurfaceKind::kTerrain) {
        const auto it = smooth.find(key(p));
        if (it != smooth.end() && glm::dot(it->second, it->second) > 1e-12f) n = glm::normalize(it->second);
      }
      AppendVertex(out, p, n, look.color, look.material);
    }
  }
}

// Where the front face meets another surface: the profile's vertical steps,
// the pits' walls and the level's two ends (world x).
std::vector<float> FrontFaceSeams(const world::Level& level) {
  const auto& pts = level.terrain.points;
  std::vector<float> seams = {world::TerrainMinX(level.terrain), world::TerrainMaxX(level.terrain)};
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    if (!(pts[i + 1].x > pts[i].x)) seams.push_back(pts[i].x);
  }
  for (const world::Pit& pit : level.pits) seams.insert(seams.end(), {pit.x0, pit.x1});
  return seams;
}

// 2. The front face of the ground, from the front edge down to the floor:
// a grass lip, a band of soil, then rock (knights/render/rock_face.h), or under
// paving a coping course and masonry; pits get a back wall and a floor.
void AppendGroundCut(const world::Level& level, std::vector<StaticVertex>& out, float floor_y) {
  const world::Terrain& terrain = level.terrain;
  const bool paving = level.mood.ground == world::GroundMood::kPaving;
  const glm::vec3 front(0.0f, 0.0f, 1.0f);
  const std::vector<float> seams = FrontFaceSeams(level);
  const RockFaceDesc face{.z_ws = terrain.z_max, .floor_y_ws = floor_y, .seams_x = seams};
  ForEachEdgePiece(level, terrain.z_max, 1.0f, [&](float x0, float y0, float x1, float y1) {
    const float z = terrain.z_max;
    if (paving) {
      AppendMasonryFacePiece(z, 1.0f, floor_y, x0, y0, x1, y1, out);
      return;
    }
    // Grass lip.
    const glm::vec3 a(x0, y0 - kGrassLipM, z), b(x1, y1 - kGrassLipM, z), c(x1, y1, z), d(x0, y0, z);
    AppendVertex(out, a, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, b, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, c, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, a, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, c, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, d, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendRockFacePiece(face, x0, a.y, x1, b.y, out);
  });
  // Pits: a back wall at z_min and a floor, so a pit reads as a chasm.
  const SurfaceLook wall = paving ? SurfaceLook{kStone * 0.4f, StaticMaterial::kStone}
                                  : SurfaceLook{kCliffRock * 0.45f, StaticMaterial::kRock};
  for (const world::Pit& pit : level.pits) {
    const float z = terrain.z_min;
    const float h0 = world::TerrainHeight(terrain, pit.x0 - 0.01f, z);
    const float h1 = world::TerrainHeight(terrain, pit.x1 + 0.01f, z);
    AppendQuad(out, {pit.x0, floor_y, z}, {pit.x1, floor_y, z}, {pit.x1, h1, z}, {pit.x0, h0, z}, wall.color,
               wall.material);
    AppendQuad(out, {pit.x0, floor_y, terrain.z_max}, {pit.x1, floor_y, terrain.z_max}, {pit.x1, floor_y, z},
               {pit.x0, floor_y, z}, kEarth * 0.2f, StaticMaterial::kEarth);
  }
}

// 3. Or, over paving, the courtyard: the strip a causeway with a masonry
// back wall down to the courtyard's floor, which reaches back to the
// curtain wall and, beyond the strip's ends, to in front of the camera;
// houses and clutter on it.
void AppendCourtyard(const world::Level& level, std::vector<StaticVertex>& out) {
  const world::Terrain& terrain = level.terrain;
  const float x_min = world::TerrainMinX(terrain), x_max = world::TerrainMaxX(terrain);
  ForEachEdgePiece(level, terrain.z_min, 1.0f, [&](float x0, float y0, float x1, float y1) {
    AppendMasonryFacePiece(terrain.z_min, -1.0f, std::min(CourtyardFloorY(terrain, x0), CourtyardFloorY(terrain, x1)),
                           x0, y0, x1, y1, out);
  });
  AppendCourtyardFloor(terrain, x_min, x_max, kCourtyardBackZ, terrain.z_min, out);
  AppendCourtyardFloor(terrain, x_min - 80.0f, x_min, kCourtyardBackZ, terrain.z_max + 14.0f, out);
  AppendCourtyardFloor(terrain, x_max, x_max + 80.0f, kCourtyardBackZ, terrain.z_max + 14.0f, out);
  CourtyardDesc courtyard;
  courtyard.x_lo = x_min - 30.0f;
  courtyard.x_hi = x_max + 30.0f;
  courtyard.z_front = terrain.z_min - 3.0f;
  courtyard.z_back = kCourtyardBackZ + 1.0f;
  const Footprint castle = CastleFootprint(level);
  courtyard.keep_out_lo = castle.lo;
  courtyard.keep_out_hi = castle.hi;
  courtyard.lit = level.mood.sky == world::SkyMood::kDusk;
  courtyard.ground_y = [&](float x, float) { return CourtyardFloorY(terrain, x); };
  AppendCourtyardClutter(courtyard, out);
}

void AppendBanner(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale) {
  const float h = 3.0f * scale;
  AppendBeam(out, base_ws, base_ws + glm::vec3(0.0f, h, 0.0f), 0.04f * scale, kDarkWood, StaticMaterial::kWood);
  AppendBox(out, base_ws + glm::vec3(0.35f * scale, h - 0.6f * scale, 0.0f), glm::vec3(0.32f, 0.55f, 0.02f) * scale,
            0.0f, kBannerRed);
  AppendBox(out, base_ws + glm::vec3(0.35f * scale, h - 0.6f * scale, 0.03f * scale),
            glm::vec3(0.1f, 0.2f, 0.01f) * scale, 0.0f, kGold);
}

// The castle gate at the goal: two towers with crenellations, a wall over
// an open arch the player walks through.
void AppendGate(std::vector<StaticVertex>& out, const glm::vec3& base_ws) {
  for (float z : {-2.2f, 2.2f}) {
    const glm::vec3 tower = base_ws + glm::vec3(0.0f, 3.0f, z);
    AppendBox(out, tower, glm::vec3(1.1f, 3.0f, 1.0f), 0.0f, kStone, StaticMaterial::kStone);
    for (int i = 0; i < 4; ++i) {
      const float a = i * 1.5708f;
      AppendBox(out, tower + glm::vec3(0.8f * std::cos(a), 3.3f, 0.75f * std::sin(a)), glm::vec3(0.22f, 0.3f, 0.22f),
                0.0f, kStone, StaticMaterial::kStone);
    }
    AppendCone(out, tower + glm::vec3(0.0f, 3.0f, 0.0f), 1.3f, 2.2f, 8, kRoof);
  }
  // Wall over the arch (the arch is the open space below it).
  AppendBox(out, base_ws + glm::vec3(0.0f, 4.6f, 0.0f), glm::vec3(0.8f, 1.4f, 1.3f), 0.0f, kDarkStone * 1.3f,
            StaticMaterial::kStone);
  AppendBox(out, base_ws + glm::vec3(0.0f, 3.05f, 0.0f), glm::vec3(0.85f, 0.15f, 1.3f), 0.0f, kWood,
            StaticMaterial::kWood);
  AppendBanner(out, base_ws + glm::vec3(0.9f, 6.2f, 0.0f), 0.8f);
}

// The castle the road leads to: a curtain wall with towers and a keep,
// behind the gate.
void AppendCastle(std::vector<StaticVertex>& out, const glm::vec3& gate_ws) {
  const float z_wall = -13.0f;
  const float y = gate_ws.y - 0.5f;
  AppendBox(out, {gate_ws.x + 4.0f, y + 3.5f, z_wall}, {14.0f, 3.5f, 0.8f}, 0.0f, kStone, StaticMaterial::kStone);
  for (int i = 0; i < 14; ++i) {
    AppendBox(out, {gate_ws.x - 9.5f + 2.0f * i, y + 7.3f, z_wall + 0.5f}, {0.45f, 0.35f, 0.3f}, 0.0f, kStone,
              StaticMaterial::kStone);
  }
  for (float dx : {-10.0f, 0.0f, 18.0f}) {
    AppendTower(out, {gate_ws.x + dx, y, z_wall}, 1.8f, 10.0f, kStone, kRoof, StaticMaterial::kStone);
  }
  // The keep behind the wall.
  AppendBox(out, {gate_ws.x + 8.0f, y + 7.0f, z_wall - 7.0f}, {4.0f, 7.0f, 3.5f}, 0.0f, kStone * 0.95f,
            StaticMaterial::kStone);
  AppendTower(out, {gate_ws.x + 12.0f, y, z_wall - 8.0f}, 2.0f, 17.0f, kStone, kRoof, StaticMaterial::kStone);
  AppendTower(out, {gate_ws.x + 4.0f, y, z_wall - 8.0f}, 1.6f, 15.0f, kStone, kRoof, StaticMaterial::kStone);
  for (float dx : {4.0f, 12.0f}) {
    const glm::vec3 pole(gate_ws.x + dx, y + (dx > 8.0f ? 17.0f : 15.0f) + 2.6f, z_wall - 8.0f);
    AppendBeam(out, pole, pole + glm::vec3(0.0f, 2.0f, 0.0f), 0.05f, kDarkWood);
    AppendBox(out, pole + glm::vec3(0.6f, 1.6f, 0.0f), {0.6f, 0.35f, 0.02f}, 0.0f, kBannerRed);
  }
}

// The checkpoints' poles (their flags move: BuildMovingScenery) and the
// goal: a gate with the castle behind it, or a banner.
void AppendCourseMarks(const world::World& world, std::vector<StaticVertex>& out) {
  const world::Level& level = world.level();
  for (float checkpoint_x : level.checkpoints) {
    const glm::vec3 base = CheckpointPoleBaseWs(world, checkpoint_x);
    AppendBeam(out, base - glm::vec3(0.0f, 0.2f, 0.0f), base + glm::vec3(0.0f, kCheckpointPoleM, 0.0f), 0.04f,
               kDarkWood, StaticMaterial::kWood);
    AppendBox(out, base + glm::vec3(0.0f, kCheckpointPoleM + 0.06f, 0.0f), glm::vec3(0.07f), 0.0f, kGold);
  }
  const float goal_x = level.goal.x;
  const glm::vec3 goal_base(goal_x, world.GroundHeightOr(goal_x, 0.0f), 0.0f);
  if (level.goal.kind == world::GoalKind::kGate) {
    AppendGate(out, goal_base);
    AppendCastle(out, goal_base);
  } else {
    AppendBanner(out, goal_base + glm::vec3(0, 0, -1.0f), 1.3f);
  }
}

// 4. Ladders: two rails and the rungs, exactly where the IK grips them;
// over paving, the platforms' scaffolding.
void AppendLaddersAndScaffolds(const world::World& world, std::vector<StaticVertex>& out) {
  for (const world::Ladder& ladder : world.ladders()) {
    for (float side : {-1.0f, 1.0f}) {
      AppendBeam(out, ladder.RailBottomWs(side), ladder.RailTopWs(side), 0.035f, kWood, StaticMaterial::kWood);
    }
    const float half_width = 0.5f * ladder.desc().width;
    for (const glm::vec3& rung : ladder.rungs_ws()) {
      AppendBeam(out, rung - glm::vec3(0.0f, 0.0f, half_width + 0.03f),
                 rung + glm::vec3(0.0f, 0.0f, half_width + 0.03f), world::Ladder::kRungRadius, kWood * 1.3f,
                 StaticMaterial::kWood);
    }
  }
  const world::Level& level = world.level();
  if (level.mood.ground != world::GroundMood::kPaving) return;
  for (const world::Platform& platform : level.platforms) AppendScaffold(world, platform, level.kill_y - 1.0f, out);
}

// 5. Props (scenery): one.
void AppendProp(const world::World& world, const world::Prop& prop, std::vector<StaticVertex>& out) {
  const float y = prop.y.value_or(world.GroundHeightOr(prop.x, prop.z));
  const glm::vec3 base(prop.x, y, prop.z);
  const float s = prop.scale;
  const float yaw = glm::radians(prop.yaw_deg);
  switch (prop.kind) {
    case world::PropKind::kTree:
      AppendTree(out, base - glm::vec3(0, 0.1f, 0), s, HashToUnit(static_cast<int>(prop.x * 10.0f)));
      break;
    case world::PropKind::kBush:
      AppendBush(out, base - glm::vec3(0, 0.05f * s, 0), s, static_cast<int>(prop.x * 10.0f + prop.z * 3.0f));
      break;
    case world::PropKind::kRock:
      AppendBoulder(out, base - glm::vec3(0, 0.05f * s, 0), glm::vec3(0.5f, 0.3f, 0.42f) * s, yaw,
                    static_cast<int>(prop.x * 10.0f + prop.z * 3.0f), kRock);
      break;
    case world::PropKind::kBanner:
      AppendBanner(out, base, s);
      break;
    case world::PropKind::kCrate:
      AppendBox(out, base + glm::vec3(0, 0.35f * s, 0), glm::vec3(0.35f) * s, yaw, kWood * 1.2f, StaticMaterial::kWood);
      break;
    case world::PropKind::kBarrel:
      AppendBarrel(out, base, 0.3f * s, 0.9f * s, kDarkWood * 2.0f);
      break;
    case world::PropKind::kTorch:
      AppendBeam(out, base, base + glm::vec3(0, 1.4f * s, 0), 0.04f * s, kDarkWood, StaticMaterial::kWood);
      AppendBox(out, base + glm::vec3(0, kTorchFlameM * s, 0), glm::vec3(0.08f) * s, 0.0f,
                glm::vec3(1.0f, 0.6f, 0.1f) * 4.0f, StaticMaterial::kEmissive);
      break;
    case world::PropKind::kFence:
      for (float dx : {-1.0f, 0.0f, 1.0f}) {
        AppendBeam(out, base + glm::vec3(dx * s, -0.1f, 0), base + glm::vec3(dx * s, 0.9f * s, 0), 0.05f * s, kWood,
                   StaticMaterial::kWood);
      }
      AppendBeam(out, base + glm::vec3(-1.1f * s, 0.7f * s, 0), base + glm::vec3(1.1f * s, 0.7f * s, 0), 0.04f * s,
                 kWood, StaticMaterial::kWood);
      AppendBeam(out, base + glm::vec3(-1.1f * s, 0.35f * s, 0), base + glm::vec3(1.1f * s, 0.35f * s, 0), 0.04f * s,
                 kWood, StaticMaterial::kWood);
      break;
  }
}

// Every prop that `drawn` draws (empty: every prop).
void AppendProps(const world::World& world, const std::vector<bool>& drawn, std::vector<StaticVertex>& out) {
  const std::vector<world::Prop>& props = world.level().props;
  for (size_t i = 0; i < props.size(); ++i) {
    if (drawn.empty() || drawn[i]) AppendProp(world, props[i], out);
  }
}

}  // namespace

std::vector<PropCover> PropCovers(const world::World& world) {
  std::vector<PropCover> covers;
  std::vector<StaticVertex> scratch;
  for (const world::Prop& prop : world.level().props) {
    scratch.clear();
    AppendProp(world, prop, scratch);
    const glm::vec3 base_ws(prop.x, prop.y.value_or(world.GroundHeightOr(prop.x, prop.z)), prop.z);
    covers.push_back(PropCover{prop.x, PropScreenCover(scratch, base_ws)});
  }
  return covers;
}

std::vector<glm::vec3> TorchFlamesWs(const world::World& world, const std::vector<bool>& drawn) {
  std::vector<glm::vec3> flames_ws;
  const std::vector<world::Prop>& props = world.level().props;
  for (size_t i = 0; i < props.size(); ++i) {
    const world::Prop& prop = props[i];
    if (prop.kind != world::PropKind::kTorch || (!drawn.empty() && !drawn[i])) continue;
    const float y = prop.y.value_or(world.GroundHeightOr(prop.x, prop.z));
    flames_ws.emplace_back(prop.x, y + kTorchFlameM * prop.scale, prop.z);
  }
  return flames_ws;
}

std::vector<StaticVertex> BuildWorldMesh(const world::World& world, const std::vector<bool>& props_drawn) {
  std::vector<StaticVertex> out;
  const world::Level& level = world.level();
  const bool paving = level.mood.ground == world::GroundMood::kPaving;
  out.reserve(world.collision().triangles().size() * 3 + 60000);
  // 1. Collision surfaces.
  AppendCollisionSurfaces(world, paving, out);
  // 2. The ground's front face and the pits.
  AppendGroundCut(level, out, level.kill_y - 1.0f);
  AppendLevelEnds(level, out, level.kill_y - 1.0f);
  // 3. The meadow (or the courtyard) behind.
  if (paving) {
    AppendCourtyard(level, out);
  } else {
    AppendMeadow(level, out);
  }
  // 4. Ladders and scaffolds, 5. props.
  AppendLaddersAndScaffolds(world, out);
  AppendProps(world, props_drawn, out);
  // 6. The checkpoints' poles (their flags move: BuildMovingScenery), 7. the goal.
  AppendCourseMarks(world, out);
  return out;
}

}  // namespace knights::render
