#pragma once
// Turns a world into drawable static geometry (world space triangles):
// - the collision surfaces with a material by what they are (grass on top,
//   earth on step faces and pit walls, stone platforms, rocks), terrain
//   normals smoothed across cells;
// - the ground's front face (a cut through the earth from the front edge
//   down to the pit floor depth), the pits' back walls and floors;
// - a meadow behind the play strip that starts at its back edge and rolls
//   away, with trees;
// - the ladders' rails and rungs (from the same rung data the IK uses);
// - the props, the goal's castle gate and the castle behind it.
// The far parallax layers are in background_builder.h, the shapes both are
// made of in static_shapes.h.

#include <vector>

#include "knights/render/prop_budget.h"
#include "knights/render/static_geometry.h"
#include "knights/world/world.h"

namespace knights::render {

// props_drawn: which of the level's props are drawn (ChoosePropsToDraw;
// empty: all).
std::vector<StaticVertex> BuildWorldMesh(const world::World& world, const std::vector<bool>& props_drawn = {});

// Each prop's place and the screen its geometry covers (for ChoosePropsToDraw).
std::vector<PropCover> PropCovers(const world::World& world);

// Where each drawn torch prop's flame burns, world space (the light of a
// dusk, SkyLight::torch_color).
std::vector<glm::vec3> TorchFlamesWs(const world::World& world, const std::vector<bool>& props_drawn = {});

}  // namespace knights::render
