#pragma once
// Turns a world into drawable static geometry (world space triangles): the
// collision surfaces coloured by what they are (grass on top, earth and rock
// on the sides, stone platforms, rocks), the ladders' rails and rungs (from
// the same rung data the IK uses), the props and the goal's castle gate.

#include <vector>

#include "render/static_mesh_renderer.h"
#include "world/world.h"

namespace knights::render {

std::vector<StaticVertex> BuildWorldMesh(const world::World& world);

// Appends an axis-aligned box (centre, half extents) rotated by yaw about +y.
void AppendBox(std::vector<StaticVertex>& out, const glm::vec3& centre_ws, const glm::vec3& half_extents_m,
               float yaw_rad, const glm::vec3& color);
// Appends a box spanning the segment a_ws..b_ws with a square section of
// half width `radius_m` (rails, rungs, poles).
void AppendBeam(std::vector<StaticVertex>& out, const glm::vec3& a_ws, const glm::vec3& b_ws, float radius_m,
                const glm::vec3& color);
// Appends a cone/pyramid with `sides` faces (foliage, roofs).
void AppendCone(std::vector<StaticVertex>& out, const glm::vec3& base_centre_ws, float radius_m, float height_m,
                int sides, const glm::vec3& color);

}  // namespace knights::render
