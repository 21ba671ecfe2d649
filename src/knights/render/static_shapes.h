#pragma once
// The shapes static scenery is made of, appended to a vertex list in world
// space (triangles, counter-clockwise seen from the front): boxes, beams,
// cones, trees, towers; and a deterministic hash to scatter them.

#include <vector>

#include <glm/glm.hpp>

#include "knights/render/static_geometry.h"

namespace knights::render {

// Appends one vertex (position and normal in world space).
void AppendVertex(std::vector<StaticVertex>& out, const glm::vec3& p_ws, const glm::vec3& n_ws, const glm::vec3& color,
                  StaticMaterial material);
// Appends an axis-aligned box (centre, half extents) rotated by yaw about +y.
void AppendBox(std::vector<StaticVertex>& out, const glm::vec3& centre_ws, const glm::vec3& half_extents_m,
               float yaw_rad, const glm::vec3& color, StaticMaterial material = StaticMaterial::kPlain);
// Appends a box spanning the segment a_ws..b_ws with a square section of
// half width `radius_m` (rails, rungs, poles).
void AppendBeam(std::vector<StaticVertex>& out, const glm::vec3& a_ws, const glm::vec3& b_ws, float radius_m,
                const glm::vec3& color, StaticMaterial material = StaticMaterial::kPlain);
// Appends a cone/pyramid with `sides` faces (foliage, roofs).
void AppendCone(std::vector<StaticVertex>& out, const glm::vec3& base_centre_ws, float radius_m, float height_m,
                int sides, const glm::vec3& color, StaticMaterial material = StaticMaterial::kPlain);
// Appends a triangle / quad (counter-clockwise seen from the front) with a
// flat normal.
void AppendTriangle(std::vector<StaticVertex>& out, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                    const glm::vec3& color, StaticMaterial material = StaticMaterial::kPlain);
void AppendQuad(std::vector<StaticVertex>& out, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                const glm::vec3& d, const glm::vec3& color, StaticMaterial material = StaticMaterial::kPlain);
// A stylised pine (trunk and four ragged foliage tiers), a castle tower.
void AppendTree(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale, float variation);
void AppendTower(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float radius_m, float height_m,
                 const glm::vec3& wall_color, const glm::vec3& roof_color, StaticMaterial material);

// A lumpy stone standing on base_ws, about 2 x half_extents_m across and
// as high, turned by yaw; `seed` picks its shape.
void AppendBoulder(std::vector<StaticVertex>& out, const glm::vec3& base_ws, const glm::vec3& half_extents_m,
                   float yaw_rad, int seed, const glm::vec3& color);

// A wooden barrel standing on base_ws, radius_m at its ends and a little
// more at its belly, height_m tall: staves smooth-shaded round it, two dark
// iron hoops and a lid.
void AppendBarrel(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float radius_m, float height_m,
                  const glm::vec3& wood_color);

// A leafy bush of three to five rounded clumps standing on base_ws, about
// 1.6 x scale metres across and 1 x scale high; `seed` picks its shape.
void AppendBush(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale, int seed);

// Deterministic pseudo-random number in [0, 1) from an integer (for
// scattering scenery the same way on every run).
float HashToUnit(int n);

}  // namespace knights::render
