#pragma once
// The scenery of a level whose ground is paving (world::GroundMood::kPaving):
// the courtyard inside the castle walls. Wooden scaffolds under the
// platforms, half-timbered houses and the courtyard's clutter behind the
// walking strip, the masonry of the strip's front face. The far curtain
// wall and towers are in background_builder.h. Every position is world
// space, metres; triangles counter-clockwise seen from the front.

#include <functional>
#include <vector>

#include <glm/glm.hpp>

#include "knights/render/static_geometry.h"
#include "knights/world/world.h"

namespace knights::render {

// A platform drawn as a wooden scaffold: posts from under its deck down to
// the ground (or to floor_y over a pit), cross braces between them and a
// rail along its back edge. The deck itself is the platform's collision
// box, drawn with the other collision surfaces.
void AppendScaffold(const world::World& world, const world::Platform& platform, float floor_y,
                    std::vector<StaticVertex>& out);

// A half-timbered house standing on base_ws (the middle of its front
// wall's foot; the house reaches size_m.z back from it, towards -z):
// plastered walls in dark timber frames, a steep gabled roof along x, a
// door and windows (lit from inside when `lit`: kEmissive). `seed` varies
// its plaster and roof.
void AppendHouse(std::vector<StaticVertex>& out, const glm::vec3& base_ws, const glm::vec3& size_m, bool lit, int seed);

// The masonry under one piece of the strip's front (facing +1: the face
// looks towards +z) or back (-1) edge, from (x0, top0_y) to (x1, top1_y)
// at depth z_ws, down to floor_y: a pale coping course standing out of the
// face, then the wall (kStone bricks).
void AppendMasonryFacePiece(float z_ws, float facing, float floor_y, float x0, float top0_y, float x1, float top1_y,
                            std::vector<StaticVertex>& out);

// The courtyard floor's height at x, world metres: below the walking
// strip's profile everywhere near x (the lowest point within 8 m, less
// kCourtyardDropM, smoothed over 8 m), so the strip runs through the
// courtyard as a raised causeway walled in masonry.
inline constexpr float kCourtyardDropM = 0.6f;
float CourtyardFloorY(const world::Terrain& terrain, float x);

// The courtyard floor (flagstones) over x_lo..x_hi and z_back..z_front,
// world metres, in columns 2 m wide, at CourtyardFloorY.
void AppendCourtyardFloor(const world::Terrain& terrain, float x_lo, float x_hi, float z_back, float z_front,
                          std::vector<StaticVertex>& out);

// The courtyard's clutter along x_lo..x_hi behind the strip: houses
// against the back, with barrels, crates and carts between them, none
// inside `keep_out` (the castle behind a gate goal: x and z ranges).
struct CourtyardDesc {
  float x_lo = 0.0f, x_hi = 0.0f;                   // world x range to fill, metres
  float z_front = -6.0f;                            // nothing nearer the strip than this world z, metres
  float z_back = -36.0f;                            // the houses' backs stand in front of this world z, metres
  glm::vec2 keep_out_lo{0.0f}, keep_out_hi{-1.0f};  // world (x, z), metres; empty when hi < lo
  bool lit = false;                                 // windows lit from inside (dusk)
  std::function<float(float, float)> ground_y;      // the courtyard's world y at world (x, z), metres
};
void AppendCourtyardClutter(const CourtyardDesc& desc, std::vector<StaticVertex>& out);

}  // namespace knights::render
