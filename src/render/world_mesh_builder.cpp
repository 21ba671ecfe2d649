#include "render/world_mesh_builder.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace knights::render {
namespace {

// Linear RGB palette.
const glm::vec3 kGrass{0.23f, 0.42f, 0.12f};
const glm::vec3 kDryGrass{0.42f, 0.45f, 0.18f};
const glm::vec3 kEarth{0.36f, 0.24f, 0.14f};
const glm::vec3 kRock{0.40f, 0.38f, 0.36f};
const glm::vec3 kStone{0.50f, 0.47f, 0.42f};
const glm::vec3 kDarkStone{0.30f, 0.29f, 0.28f};
const glm::vec3 kWood{0.42f, 0.26f, 0.12f};
const glm::vec3 kDarkWood{0.24f, 0.14f, 0.07f};
const glm::vec3 kLeaves{0.12f, 0.32f, 0.10f};
const glm::vec3 kBannerRed{0.60f, 0.05f, 0.06f};
const glm::vec3 kGold{0.80f, 0.60f, 0.15f};

void AppendTriangle(std::vector<StaticVertex>& out, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                    const glm::vec3& color) {
  const glm::vec3 n = glm::normalize(glm::cross(b - a, c - a));
  out.push_back({a, n, color});
  out.push_back({b, n, color});
  out.push_back({c, n, color});
}

void AppendQuad(std::vector<StaticVertex>& out, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                const glm::vec3& d, const glm::vec3& color) {
  AppendTriangle(out, a, b, c, color);
  AppendTriangle(out, a, c, d, color);
}

void AppendTree(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale) {
  AppendBeam(out, base_ws, base_ws + glm::vec3(0.0f, 1.6f * scale, 0.0f), 0.12f * scale, kDarkWood);
  AppendCone(out, base_ws + glm::vec3(0.0f, 1.0f * scale, 0.0f), 1.0f * scale, 1.8f * scale, 7, kLeaves);
  AppendCone(out, base_ws + glm::vec3(0.0f, 2.0f * scale, 0.0f), 0.75f * scale, 1.5f * scale, 7, kLeaves * 1.2f);
}

void AppendBanner(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale) {
  const float h = 3.0f * scale;
  AppendBeam(out, base_ws, base_ws + glm::vec3(0.0f, h, 0.0f), 0.04f * scale, kDarkWood);
  AppendBox(out, base_ws + glm::vec3(0.35f * scale, h - 0.6f * scale, 0.0f), glm::vec3(0.32f, 0.55f, 0.02f) * scale,
            0.0f, kBannerRed);
  AppendBox(out, base_ws + glm::vec3(0.35f * scale, h - 0.6f * scale, 0.03f * scale), glm::vec3(0.1f, 0.2f, 0.01f) * scale,
            0.0f, kGold);
}

// The castle gate at the goal: two towers with crenellations, a wall over
// an open arch the player walks through.
void AppendGate(std::vector<StaticVertex>& out, const glm::vec3& base_ws) {
  for (float z : {-2.2f, 2.2f}) {
    const glm::vec3 tower = base_ws + glm::vec3(0.0f, 3.0f, z);
    AppendBox(out, tower, glm::vec3(1.1f, 3.0f, 1.0f), 0.0f, kStone);
    for (int i = 0; i < 4; ++i) {
      const float a = i * 1.5708f;
      AppendBox(out, tower + glm::vec3(0.8f * std::cos(a), 3.3f, 0.75f * std::sin(a)), glm::vec3(0.22f, 0.3f, 0.22f),
                0.0f, kStone);
    }
    AppendCone(out, tower + glm::vec3(0.0f, 3.0f, 0.0f), 1.3f, 2.2f, 8, kBannerRed * 0.8f);
  }
  // Wall over the arch (the arch is the open space below it).
  AppendBox(out, base_ws + glm::vec3(0.0f, 4.6f, 0.0f), glm::vec3(0.8f, 1.4f, 1.3f), 0.0f, kDarkStone);
  AppendBox(out, base_ws + glm::vec3(0.0f, 3.05f, 0.0f), glm::vec3(0.85f, 0.15f, 1.3f), 0.0f, kWood);
  AppendBanner(out, base_ws + glm::vec3(0.9f, 6.2f, 0.0f), 0.8f);
}

}  // namespace

void AppendBox(std::vector<StaticVertex>& out, const glm::vec3& centre_ws, const glm::vec3& half_extents_m,
               float yaw_rad, const glm::vec3& color) {
  const glm::mat3 r = glm::mat3(glm::rotate(glm::mat4(1.0f), yaw_rad, glm::vec3(0.0f, 1.0f, 0.0f)));
  glm::vec3 p[8];
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner((i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f);
    p[i] = centre_ws + r * (corner * half_extents_m);
  }
  AppendQuad(out, p[0], p[4], p[6], p[2], color);  // -x
  AppendQuad(out, p[1], p[3], p[7], p[5], color);  // +x
  AppendQuad(out, p[0], p[1], p[5], p[4], color);  // -y
  AppendQuad(out, p[2], p[6], p[7], p[3], color);  // +y
  AppendQuad(out, p[0], p[2], p[3], p[1], color);  // -z
  AppendQuad(out, p[4], p[5], p[7], p[6], color);  // +z
}

void AppendBeam(std::vector<StaticVertex>& out, const glm::vec3& a_ws, const glm::vec3& b_ws, float radius_m,
                const glm::vec3& color) {
  const glm::vec3 axis = b_ws - a_ws;
  const float length = glm::length(axis);
  if (length < 1e-6f) return;
  const glm::vec3 d = axis / length;
  const glm::vec3 helper = std::fabs(d.y) < 0.9f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(1.0f, 0.0f, 0.0f);
  const glm::vec3 u = glm::normalize(glm::cross(d, helper)) * radius_m;
  const glm::vec3 v = glm::normalize(glm::cross(u, d)) * radius_m;
  const glm::vec3 ring_a[4] = {a_ws + u + v, a_ws - u + v, a_ws - u - v, a_ws + u - v};
  const glm::vec3 ring_b[4] = {b_ws + u + v, b_ws - u + v, b_ws - u - v, b_ws + u - v};
  for (int i = 0; i < 4; ++i) {
    const int j = (i + 1) % 4;
    AppendQuad(out, ring_a[i], ring_a[j], ring_b[j], ring_b[i], color);
  }
  AppendQuad(out, ring_a[3], ring_a[2], ring_a[1], ring_a[0], color);
  AppendQuad(out, ring_b[0], ring_b[1], ring_b[2], ring_b[3], color);
}

void AppendCone(std::vector<StaticVertex>& out, const glm::vec3& base_centre_ws, float radius_m, float height_m,
                int sides, const glm::vec3& color) {
  const glm::vec3 apex = base_centre_ws + glm::vec3(0.0f, height_m, 0.0f);
  for (int i = 0; i < sides; ++i) {
    const float a0 = 6.2831853f * i / sides, a1 = 6.2831853f * (i + 1) / sides;
    const glm::vec3 p0 = base_centre_ws + glm::vec3(std::cos(a0), 0.0f, -std::sin(a0)) * radius_m;
    const glm::vec3 p1 = base_centre_ws + glm::vec3(std::cos(a1), 0.0f, -std::sin(a1)) * radius_m;
    AppendTriangle(out, p0, p1, apex, color);
    AppendTriangle(out, p1, p0, base_centre_ws, color * 0.6f);
  }
}

std::vector<StaticVertex> BuildWorldMesh(const world::World& world) {
  std::vector<StaticVertex> out;
  const auto triangles = world.collision().triangles();
  out.reserve(triangles.size() * 3 + 20000);
  // 1. Collision surfaces, coloured by kind and slope.
  for (const world::CollisionTriangle& t : triangles) {
    glm::vec3 color = kEarth;
    switch (t.kind) {
      case world::SurfaceKind::kTerrain: {
        // Grass on gentle slopes, drier on steep ones, earth on the sides.
        const float up = t.normal_ws.y;
        color = up > 0.85f ? kGrass : (up > 0.55f ? kDryGrass : kEarth);
        // A little variation along x so long stretches are not flat colour.
        const float x = (t.v0_ws.x + t.v1_ws.x + t.v2_ws.x) / 3.0f;
        color *= 0.9f + 0.1f * std::sin(x * 0.37f) * std::sin(x * 0.11f + 1.0f);
        break;
      }
      case world::SurfaceKind::kStepFace: color = kEarth * 0.9f; break;
      case world::SurfaceKind::kPitWall: color = kEarth * 0.6f; break;
      case world::SurfaceKind::kPlatform: color = t.normal_ws.y > 0.7f ? kStone : kDarkStone; break;
      case world::SurfaceKind::kRock: color = kRock; break;
    }
    out.push_back({t.v0_ws, t.normal_ws, color});
    out.push_back({t.v1_ws, t.normal_ws, color});
    out.push_back({t.v2_ws, t.normal_ws, color});
  }
  // 2. Ladders: two rails and the rungs, exactly where the IK grips them.
  for (const world::Ladder& ladder : world.ladders()) {
    for (float side : {-1.0f, 1.0f}) AppendBeam(out, ladder.RailBottomWs(side), ladder.RailTopWs(side), 0.03f, kWood);
    const float half_width = 0.5f * ladder.desc().width;
    for (const glm::vec3& rung : ladder.rungs_ws()) {
      AppendBeam(out, rung - glm::vec3(0.0f, 0.0f, half_width), rung + glm::vec3(0.0f, 0.0f, half_width),
                 world::Ladder::kRungRadius, kWood * 1.2f);
    }
  }
  // 3. Props (scenery).
  for (const world::Prop& prop : world.level().props) {
    const float y = prop.y.value_or(world.GroundHeightOr(prop.x, prop.z));
    const glm::vec3 base(prop.x, y, prop.z);
    const float s = prop.scale;
    const float yaw = glm::radians(prop.yaw_deg);
    switch (prop.kind) {
      case world::PropKind::kTree: AppendTree(out, base, s); break;
      case world::PropKind::kBush: AppendCone(out, base - glm::vec3(0, 0.1f, 0), 0.6f * s, 0.8f * s, 6, kLeaves * 1.3f); break;
      case world::PropKind::kRock: AppendBox(out, base + glm::vec3(0, 0.2f * s, 0), glm::vec3(0.45f, 0.3f, 0.4f) * s, yaw, kRock); break;
      case world::PropKind::kBanner: AppendBanner(out, base, s); break;
      case world::PropKind::kCrate: AppendBox(out, base + glm::vec3(0, 0.35f * s, 0), glm::vec3(0.35f) * s, yaw, kWood); break;
      case world::PropKind::kBarrel: AppendBox(out, base + glm::vec3(0, 0.45f * s, 0), glm::vec3(0.3f, 0.45f, 0.3f) * s, yaw + 0.4f, kDarkWood * 1.5f); break;
      case world::PropKind::kTorch:
        AppendBeam(out, base, base + glm::vec3(0, 1.4f * s, 0), 0.04f * s, kDarkWood);
        AppendBox(out, base + glm::vec3(0, 1.5f * s, 0), glm::vec3(0.08f) * s, 0.0f, glm::vec3(1.0f, 0.6f, 0.1f) * 3.0f);
        break;
      case world::PropKind::kFence:
        for (float dx : {-1.0f, 0.0f, 1.0f}) AppendBeam(out, base + glm::vec3(dx * s, 0, 0), base + glm::vec3(dx * s, 0.9f * s, 0), 0.05f * s, kWood);
        AppendBeam(out, base + glm::vec3(-1.1f * s, 0.7f * s, 0), base + glm::vec3(1.1f * s, 0.7f * s, 0), 0.04f * s, kWood);
        AppendBeam(out, base + glm::vec3(-1.1f * s, 0.35f * s, 0), base + glm::vec3(1.1f * s, 0.35f * s, 0), 0.04f * s, kWood);
        break;
    }
  }
  // 4. The goal.
  const float goal_x = world.level().goal.x;
  const glm::vec3 goal_base(goal_x, world.GroundHeightOr(goal_x, 0.0f), 0.0f);
  if (world.level().goal.kind == world::GoalKind::kGate) {
    AppendGate(out, goal_base);
  } else {
    AppendBanner(out, goal_base + glm::vec3(0, 0, -1.0f), 1.3f);
  }
  return out;
}

}  // namespace knights::render
