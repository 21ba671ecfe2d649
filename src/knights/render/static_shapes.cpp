#include "knights/render/static_shapes.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <glm/gtc/matrix_transform.hpp>

#include "knights/render/palette.h"

namespace knights::render {
namespace {

using namespace palette;  // NOLINT(google-build-using-namespace): the scenery's colours

constexpr float kTwoPi = 6.2831853f;

}  // namespace

void AppendVertex(std::vector<StaticVertex>& out, const glm::vec3& p_ws, const glm::vec3& n_ws, const glm::vec3& color,
                  StaticMaterial material) {
  out.push_back({p_ws, n_ws, color, static_cast<float>(material)});
}

float HashToUnit(int n) {
  // Integer hash (a variant of Thomas Wang's / "lowbias32" by C. Wellons).
  uint32_t x = static_cast<uint32_t>(n) * 0x9E3779B9u + 0x7F4A7C15u;
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return static_cast<float>(x >> 8) / 16777216.0f;
}

void AppendTriangle(std::vector<StaticVertex>& out, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                    const glm::vec3& color, StaticMaterial material) {
  const glm::vec3 cross = glm::cross(b - a, c - a);
  const float len = glm::length(cross);
  if (!(len > 1e-9f)) return;
  const glm::vec3 n = cross / len;
  AppendVertex(out, a, n, color, material);
  AppendVertex(out, b, n, color, material);
  AppendVertex(out, c, n, color, material);
}

void AppendQuad(std::vector<StaticVertex>& out, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                const glm::vec3& d, const glm::vec3& color, StaticMaterial material) {
  AppendTriangle(out, a, b, c, color, material);
  AppendTriangle(out, a, c, d, color, material);
}

namespace {

// One tier of a pine: a cone whose rim alternates long drooping points and
// short ones, turned by `turn_rad`, so its outline is ragged like a
// branch tier rather than a smooth cone; the underside darker.
void AppendPineTier(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float radius_m, float height_m,
                    float turn_rad, const glm::vec3& color) {
  constexpr int kPoints = 12;
  const glm::vec3 apex = base_ws + glm::vec3(0.0f, height_m, 0.0f);
  const glm::vec3 hub = base_ws + glm::vec3(0.0f, 0.15f * height_m, 0.0f);
  auto rim = [&](int i) {
    const float a = turn_rad + kTwoPi * static_cast<float>(i) / kPoints;
    const bool tip = i % 2 == 0;
    const float r = radius_m * (tip ? 1.0f : 0.7f);
    return base_ws + glm::vec3(std::cos(a) * r, tip ? -0.12f * height_m : 0.0f, -std::sin(a) * r);
  };
  for (int i = 0; i < kPoints; ++i) {
    const glm::vec3 p0 = rim(i), p1 = rim((i + 1) % kPoints);
    AppendTriangle(out, p0, p1, apex, color, StaticMaterial::kFoliage);
    AppendTriangle(out, p1, p0, hub, color * 0.55f, StaticMaterial::kFoliage);
  }
}

}  // namespace

void AppendTree(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale, float variation) {
  const glm::vec3 leaves = kLeaves * (0.85f + 0.4f * variation);
  AppendBeam(out, base_ws, base_ws + glm::vec3(0.0f, 1.6f * scale, 0.0f), 0.12f * scale, kDarkWood * 1.5f,
             StaticMaterial::kWood);
  // Four tiers, narrower and lighter upwards, each turned a little.
  constexpr float kTierY[4] = {0.8f, 1.55f, 2.25f, 2.9f};
  constexpr float kTierR[4] = {1.2f, 0.95f, 0.7f, 0.45f};
  constexpr float kTierH[4] = {1.5f, 1.35f, 1.15f, 0.95f};
  for (int t = 0; t < 4; ++t) {
    AppendPineTier(out, base_ws + glm::vec3(0.0f, kTierY[t] * scale, 0.0f), kTierR[t] * scale, kTierH[t] * scale,
                   variation * 3.0f + 0.7f * static_cast<float>(t), leaves * (1.0f + 0.1f * static_cast<float>(t)));
  }
}

void AppendBoulder(std::vector<StaticVertex>& out, const glm::vec3& base_ws, const glm::vec3& half_extents_m,
                   float yaw_rad, int seed, const glm::vec3& color) {
  // Rings of kSides points (ground, belly, shoulder) and a top, each point
  // pushed in or out a little by the hash: a lumpy, faceted stone.
  constexpr int kSides = 7;
  constexpr float kRingY[3] = {0.0f, 0.55f, 1.5f};  // in half heights
  constexpr float kRingR[3] = {0.95f, 1.05f, 0.7f};
  const glm::mat3 yaw(glm::rotate(glm::mat4(1.0f), yaw_rad, glm::vec3(0.0f, 1.0f, 0.0f)));
  auto point = [&](int ring, int i) {
    const float a = kTwoPi * (static_cast<float>(i) + 0.3f * HashToUnit(seed * 31 + ring * 7 + i)) / kSides;
    const float r = kRingR[ring] * (0.8f + 0.35f * HashToUnit(seed * 17 + ring * 11 + i));
    const glm::vec3 local(std::cos(a) * r * half_extents_m.x, kRingY[ring] * half_extents_m.y,
                          -std::sin(a) * r * half_extents_m.z);
    return base_ws + yaw * local;
  };
  const glm::vec3 top = base_ws + glm::vec3(0.0f, 1.9f * half_extents_m.y, 0.0f);
  for (int i = 0; i < kSides; ++i) {
    const int j = (i + 1) % kSides;
    for (int ring = 0; ring < 2; ++ring) {
      AppendQuad(out, point(ring, i), point(ring, j), point(ring + 1, j), point(ring + 1, i), color,
                 StaticMaterial::kRock);
    }
    AppendTriangle(out, point(2, i), point(2, j), top, color, StaticMaterial::kRock);
  }
}

namespace {

// One leafy clump: a lumpy sphere of kRings latitude rings of kSides points
// round `centre_ws`, every point pushed in or out by the hash, with smooth
// normals (from the centre) so the clump shades round, not faceted. Points
// below `floor_y_ws` are pressed onto it, so the clump sits on the ground.
void AppendFoliageClump(std::vector<StaticVertex>& out, const glm::vec3& centre_ws, const glm::vec3& radii_m,
                        float floor_y_ws, int seed, const glm::vec3& color) {
  constexpr int kSides = 9;
  constexpr int kRings = 5;  // latitude rings between the poles
  const auto material = static_cast<float>(StaticMaterial::kFoliage);
  auto vertex = [&](int ring, int i) {
    // ring 0 and kRings + 1 are the poles.
    const float lat = 3.14159265f * (static_cast<float>(ring) / (kRings + 1) - 0.5f);
    const float lon = kTwoPi * (static_cast<float>(i) + 0.5f * static_cast<float>(ring % 2)) / kSides;
    const glm::vec3 dir(std::cos(lat) * std::cos(lon), std::sin(lat), -std::cos(lat) * std::sin(lon));
    const bool pole = ring == 0 || ring == kRings + 1;
    const float lump = pole ? 0.95f : 0.82f + 0.3f * HashToUnit(seed * 131 + ring * 17 + i);
    glm::vec3 p = centre_ws + dir * radii_m * lump;
    p.y = std::max(p.y, floor_y_ws);
    const glm::vec3 n = glm::normalize(dir / radii_m);
    return StaticVertex{p, n, color * (0.85f + 0.3f * (dir.y * 0.5f + 0.5f)), material};
  };
  for (int ring = 0; ring <= kRings; ++ring) {
    for (int i = 0; i < kSides; ++i) {
      const int j = (i + 1) % kSides;
      const StaticVertex a = vertex(ring, i), b = vertex(ring, j), c = vertex(ring + 1, j), d = vertex(ring + 1, i);
      // Counter-clockwise seen from outside: longitude runs counter-clockwise
      // seen from above, latitude upwards.
      if (ring > 0) out.insert(out.end(), {a, b, c});
      if (ring < kRings) out.insert(out.end(), {a, c, d});
    }
  }
}

}  // namespace

void AppendBarrel(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float radius_m, float height_m,
                  const glm::vec3& wood_color) {
  constexpr int kSides = 12;
  // Rings up the barrel: (height fraction, radius factor); the belly bulges.
  constexpr float kRings[][2] = {{0.0f, 1.0f}, {0.25f, 1.1f}, {0.5f, 1.14f}, {0.75f, 1.1f}, {1.0f, 1.0f}};
  constexpr int kRingCount = 5;
  const glm::vec3 iron(0.05f, 0.045f, 0.04f);
  for (int r = 0; r + 1 < kRingCount; ++r) {
    for (int i = 0; i < kSides; ++i) {
      const float a0 = kTwoPi * i / kSides, a1 = kTwoPi * (i + 1) / kSides;
      const glm::vec3 d0(std::cos(a0), 0.0f, -std::sin(a0)), d1(std::cos(a1), 0.0f, -std::sin(a1));
      auto at = [&](const glm::vec3& d, int ring) {
        return base_ws + d * (radius_m * kRings[ring][1]) + glm::vec3(0.0f, height_m * kRings[ring][0], 0.0f);
      };
      const float wood = static_cast<float>(StaticMaterial::kWood);
      const StaticVertex v[4] = {{at(d0, r), d0, wood_color, wood},
                                 {at(d1, r), d1, wood_color, wood},
                                 {at(d1, r + 1), d1, wood_color, wood},
                                 {at(d0, r + 1), d0, wood_color, wood}};
      out.insert(out.end(), {v[0], v[1], v[2], v[0], v[2], v[3]});
    }
  }
  // The hoops, just above the bottom and below the top (where the staves
  // stand out by about 6%).
  for (const float h : {0.12f, 0.88f}) {
    constexpr float bulge = 1.06f;
    for (int i = 0; i < kSides; ++i) {
      const float a0 = kTwoPi * i / kSides, a1 = kTwoPi * (i + 1) / kSides;
      const glm::vec3 d0(std::cos(a0), 0.0f, -std::sin(a0)), d1(std::cos(a1), 0.0f, -std::sin(a1));
      const glm::vec3 lo(0.0f, height_m * (h - 0.03f), 0.0f), hi(0.0f, height_m * (h + 0.03f), 0.0f);
      const float rr = radius_m * bulge + 0.01f;
      const StaticVertex v[4] = {{base_ws + d0 * rr + lo, d0, iron, static_cast<float>(StaticMaterial::kPlain)},
                                 {base_ws + d1 * rr + lo, d1, iron, static_cast<float>(StaticMaterial::kPlain)},
                                 {base_ws + d1 * rr + hi, d1, iron, static_cast<float>(StaticMaterial::kPlain)},
                                 {base_ws + d0 * rr + hi, d0, iron, static_cast<float>(StaticMaterial::kPlain)}};
      out.insert(out.end(), {v[0], v[1], v[2], v[0], v[2], v[3]});
    }
  }
  // The lid, a hair above the rim.
  AppendCone(out, base_ws + glm::vec3(0.0f, height_m, 0.0f), radius_m * 0.98f, 0.01f, kSides, wood_color * 0.8f,
             StaticMaterial::kWood);
}

void AppendBush(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale, int seed) {
  // Three to five clumps of leaves, the biggest in the middle, the others
  // leaning out round it: a rounded, uneven silhouette.
  const int clumps = 3 + static_cast<int>(HashToUnit(seed * 7 + 1) * 2.99f);
  const glm::vec3 leaves = kLeaves * (1.25f + 0.3f * HashToUnit(seed * 7 + 2));
  AppendFoliageClump(out, base_ws + glm::vec3(0.0f, 0.45f * scale, 0.0f), glm::vec3(0.62f, 0.55f, 0.58f) * scale,
                     base_ws.y, seed, leaves);
  for (int k = 1; k < clumps; ++k) {
    const float a = kTwoPi * (static_cast<float>(k) / static_cast<float>(clumps) + 0.2f * HashToUnit(seed * 7 + k));
    const float r = (0.32f + 0.12f * HashToUnit(seed * 11 + k)) * scale;
    const float size = (0.36f + 0.14f * HashToUnit(seed * 13 + k)) * scale;
    const glm::vec3 centre = base_ws + glm::vec3(std::cos(a) * r * 1.3f, 0.7f * size, -std::sin(a) * r);
    AppendFoliageClump(out, centre, glm::vec3(size, 0.85f * size, size), base_ws.y, seed * 5 + k,
                       leaves * (0.9f + 0.25f * HashToUnit(seed * 17 + k)));
  }
}

void AppendTower(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float radius_m, float height_m,
                 const glm::vec3& wall_color, const glm::vec3& roof_color, StaticMaterial material) {
  constexpr int kSides = 10;
  for (int i = 0; i < kSides; ++i) {
    const float a0 = kTwoPi * i / kSides, a1 = kTwoPi * (i + 1) / kSides;
    const glm::vec3 d0(std::cos(a0), 0.0f, -std::sin(a0)), d1(std::cos(a1), 0.0f, -std::sin(a1));
    const glm::vec3 b0 = base_ws + d0 * radius_m, b1 = base_ws + d1 * radius_m;
    const glm::vec3 up(0.0f, height_m, 0.0f);
    // Counter-clockwise seen from outside; smooth normals around the tower.
    const StaticVertex v[4] = {{b0, d0, wall_color, static_cast<float>(material)},
                               {b1, d1, wall_color, static_cast<float>(material)},
                               {b1 + up, d1, wall_color, static_cast<float>(material)},
                               {b0 + up, d0, wall_color, static_cast<float>(material)}};
    out.insert(out.end(), {v[0], v[1], v[2], v[0], v[2], v[3]});
  }
  // Crenellated rim and a pointed roof.
  const glm::vec3 top = base_ws + glm::vec3(0.0f, height_m, 0.0f);
  AppendCone(out, top, radius_m * 1.2f, 0.01f, kSides, wall_color * 0.8f, material);
  for (int i = 0; i < kSides; i += 2) {
    const float a = kTwoPi * (i + 0.5f) / kSides;
    AppendBox(out, top + glm::vec3(std::cos(a), 0.0f, -std::sin(a)) * radius_m * 1.05f + glm::vec3(0.0f, 0.3f, 0.0f),
              glm::vec3(0.25f, 0.3f, 0.25f) * (radius_m / 1.5f), -a, wall_color, material);
  }
  AppendCone(out, top + glm::vec3(0.0f, 0.6f, 0.0f), radius_m * 1.15f, radius_m * 1.6f, kSides, roof_color);
}

void AppendBox(std::vector<StaticVertex>& out, const glm::vec3& centre_ws, const glm::vec3& half_extents_m,
               float yaw_rad, const glm::vec3& color, StaticMaterial material) {
  const glm::mat3 r = glm::mat3(glm::rotate(glm::mat4(1.0f), yaw_rad, glm::vec3(0.0f, 1.0f, 0.0f)));
  glm::vec3 p[8];
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner((i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f);
    p[i] = centre_ws + r * (corner * half_extents_m);
  }
  AppendQuad(out, p[0], p[4], p[6], p[2], color, material);  // -x
  AppendQuad(out, p[1], p[3], p[7], p[5], color, material);  // +x
  AppendQuad(out, p[0], p[1], p[5], p[4], color, material);  // -y
  AppendQuad(out, p[2], p[6], p[7], p[3], color, material);  // +y
  AppendQuad(out, p[0], p[2], p[3], p[1], color, material);  // -z
  AppendQuad(out, p[4], p[5], p[7], p[6], color, material);  // +z
}

void AppendBeam(std::vector<StaticVertex>& out, const glm::vec3& a_ws, const glm::vec3& b_ws, float radius_m,
                const glm::vec3& color, StaticMaterial material) {
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
    AppendQuad(out, ring_a[i], ring_a[j], ring_b[j], ring_b[i], color, material);
  }
  AppendQuad(out, ring_a[3], ring_a[2], ring_a[1], ring_a[0], color, material);
  AppendQuad(out, ring_b[0], ring_b[1], ring_b[2], ring_b[3], color, material);
}

void AppendCone(std::vector<StaticVertex>& out, const glm::vec3& base_centre_ws, float radius_m, float height_m,
                int sides, const glm::vec3& color, StaticMaterial material) {
  const glm::vec3 apex = base_centre_ws + glm::vec3(0.0f, height_m, 0.0f);
  for (int i = 0; i < sides; ++i) {
    const float a0 = kTwoPi * i / sides, a1 = kTwoPi * (i + 1) / sides;
    const glm::vec3 p0 = base_centre_ws + glm::vec3(std::cos(a0), 0.0f, -std::sin(a0)) * radius_m;
    const glm::vec3 p1 = base_centre_ws + glm::vec3(std::cos(a1), 0.0f, -std::sin(a1)) * radius_m;
    AppendTriangle(out, p0, p1, apex, color, material);
    AppendTriangle(out, p1, p0, base_centre_ws, color * 0.6f, material);
  }
}

}  // namespace knights::render
