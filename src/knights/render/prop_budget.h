#pragma once
// The level of detail of a level's props (scenery): at load, the props that
// would make a frame cost more than a budget of screen coverage are left
// undrawn, the ones covering the most screen first. A level may place 1024
// props at 20 times their size (the level format's caps); 1024 bushes that
// size around the course made one frame on a software rasteriser cost three
// minutes, every pixel shaded hundreds of times over. docs/rendering.md.

#include <array>
#include <span>
#include <vector>

#include "knights/render/static_geometry.h"

namespace knights::render {

// The views a prop's cover is measured from: the follow camera's eye, from
// along the course either side of the prop (an eye inside a crate sees
// none of it, one beside it a wall), from either side of the play plane
// (the finale's camera swings round behind), looking straight across it.
struct PropCoverView {
  std::array<float, 5> eyes_along_m = {-6.0f, -3.0f, 0.0f, 3.0f, 6.0f};  // the eyes' x from the prop's, metres
  float eye_z_m = 9.0f;          // |z| of the eye, world metres (FollowCamera's distance)
  float eye_over_base_m = 2.5f;  // the eye over the prop's base, metres
  float fov_y_deg = 40.0f;       // FollowCamera's vertical field of view
  float aspect = 16.0f / 9.0f;   // width over height
  float near_m = 0.1f;           // nearer than this nothing is drawn, metres
};

// How many screens a prop's triangles (world space, counter-clockwise seen
// from outside) cover, front faces summed, seen from the worse side: 1 is
// the whole screen once; a bush around the eye, several.
float PropScreenCover(std::span<const StaticVertex> triangles, const glm::vec3& base_ws,
                      const PropCoverView& view = {});

// A prop's place along the course and its cover (PropScreenCover).
struct PropCover {
  float x_m = 0.0f;
  float screens = 0.0f;
};

struct PropBudget {
  float neighbourhood_m = 12.0f;  // props within this far along x of each other are seen together, metres
  float max_screens = 1.0f;       // what those may cover, in screens (the shipped levels: 0.6 at most)
};

// Which props are drawn: the most with, around every drawn prop, the drawn
// props within neighbourhood_m along x covering at most max_screens;
// chosen smallest cover first (ties: in file order). Load time.
std::vector<bool> ChoosePropsToDraw(std::span<const PropCover> props, const PropBudget& budget = {});

}  // namespace knights::render
