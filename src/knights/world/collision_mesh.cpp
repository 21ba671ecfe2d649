#include "knights/world/collision_mesh.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

namespace knights::world {
namespace {

// Barycentric tolerance of the triangle test: rays through a shared edge hit
// at least one neighbour despite rounding (the overlap is ~1e-7 of an edge).
constexpr double kBaryEpsilon = 1e-7;
// Triangles are listed in every grid cell their (x, z) box touches, grown by
// this much, so a ray running exactly along a cell boundary still sees them.
constexpr float kCellPadding = 1e-4f;
// Where the grid starts before the mesh bounds, as a fraction of a cell.
constexpr float kGridOffset = 0.1234f;
// The most grid cells we allocate; larger levels get coarser cells.
constexpr long kMaxGridCells = 4L * 1024L * 1024L;
// The most triangle copies the grid may hold: kCopiesPerTriangle per
// triangle plus kCopiesSlack. A triangle is copied into every cell its box
// touches, so a few huge triangles (a level's 20 km platform: the loader
// bounds coordinates, not extents) on a fine grid made millions of copies
// each (two such platforms: 0.7 GB and 10 s to build; more: out of memory).
// Terrain cells give about 1.5 copies per triangle, so real levels never
// reach the bound; past it the grid gets coarser until it fits.
constexpr double kCopiesPerTriangle = 4.0;
constexpr double kCopiesSlack = 1024.0 * 1024.0;

// Keeps a triangle's hit at t = t_scaled / det (det > 0) when it is nearer
// than the best so far; ties go to the lower triangle index, so the result
// does not depend on the order the grid lists triangles in.
inline void KeepNearest(double t_scaled, double det, uint32_t triangle, double& best_t, int& best_triangle) {
  if (t_scaled < 0.0 || t_scaled > best_t * det) return;
  const double t = t_scaled / det;
  if (t > best_t) return;
  if (t == best_t && best_triangle >= 0 && triangle > static_cast<uint32_t>(best_triangle)) return;
  best_t = t;
  best_triangle = static_cast<int>(triangle);
}

}  // namespace

namespace {

// The copies of the triangles a grid of cell size `cell` starting at
// lo - kGridOffset * cell holds (as FillCells will count them, up to
// rounding): the cells each triangle's padded box touches.
double GridCopies(std::span<const CollisionTriangle> triangles, const glm::vec3& lo, float cell) {
  const double x_origin = lo.x - kGridOffset * cell;
  const double z_origin = lo.z - kGridOffset * cell;
  double total = 0.0;
  for (const CollisionTriangle& tri : triangles) {
    const double x0 = std::min({tri.v0_ws.x, tri.v1_ws.x, tri.v2_ws.x}) - kCellPadding;
    const double x1 = std::max({tri.v0_ws.x, tri.v1_ws.x, tri.v2_ws.x}) + kCellPadding;
    const double z0 = std::min({tri.v0_ws.z, tri.v1_ws.z, tri.v2_ws.z}) - kCellPadding;
    const double z1 = std::max({tri.v0_ws.z, tri.v1_ws.z, tri.v2_ws.z}) + kCellPadding;
    total += (std::floor((x1 - x_origin) / cell) - std::floor((x0 - x_origin) / cell) + 1.0) *
             (std::floor((z1 - z_origin) / cell) - std::floor((z0 - z_origin) / cell) + 1.0);
  }
  return total;
}

}  // namespace

CollisionMesh CollisionMesh::FromTriangles(const std::vector<CollisionTriangle>& triangles,
                                           const BuildOptions& options) {
  CollisionMesh mesh;
  // 1. Keep the non-degenerate triangles and make their normals unit.
  mesh.triangles_.reserve(triangles.size());
  for (CollisionTriangle tri : triangles) {
    const glm::dvec3 n =
        glm::cross(glm::dvec3(tri.v1_ws) - glm::dvec3(tri.v0_ws), glm::dvec3(tri.v2_ws) - glm::dvec3(tri.v0_ws));
    const double len = glm::length(n);
    if (!(len > 1e-12) || !std::isfinite(len)) continue;
    tri.normal_ws = glm::vec3(n / len);
    mesh.triangles_.push_back(tri);
  }
  if (mesh.triangles_.empty()) return mesh;
  mesh.ChooseGrid(options);
  mesh.FillCells();
  return mesh;
}

// 2. Bounds; 3. grid dimensions (coarser if the level is huge, or if the
// triangles would be copied into too many cells).
void CollisionMesh::ChooseGrid(const BuildOptions& options) {
  glm::vec3 lo(std::numeric_limits<float>::max());
  glm::vec3 hi(-std::numeric_limits<float>::max());
  for (const CollisionTriangle& tri : triangles_) {
    for (const glm::vec3& v : {tri.v0_ws, tri.v1_ws, tri.v2_ws}) {
      lo = glm::min(lo, v);
      hi = glm::max(hi, v);
    }
  }
  bounds_min_ws_ = lo;
  bounds_max_ws_ = hi;
  float cell = std::max(options.grid_cell, 0.05f);
  const float span_x = hi.x - lo.x + 2.0f * kCellPadding;
  const float span_z = hi.z - lo.z + 2.0f * kCellPadding;
  while (static_cast<long>(std::ceil(span_x / cell)) * static_cast<long>(std::ceil(span_z / cell)) > kMaxGridCells) {
    cell *= 2.0f;
  }
  const double max_copies = kCopiesPerTriangle * static_cast<double>(triangles_.size()) + kCopiesSlack;
  while (GridCopies(triangles_, lo, cell) > max_copies) cell *= 2.0f;
  cell_size_ = cell;
  // The grid starts at an odd fraction of a cell before the bounds, so the
  // terrain's regular cell edges (multiples of cell_x from the first point)
  // do not fall on grid lines and triangles are seldom listed twice.
  const float offset = kGridOffset * cell;
  grid_x0_ = lo.x - offset;
  grid_z0_ = lo.z - offset;
  nx_ = std::max(1, static_cast<int>(std::ceil((span_x + offset) / cell)));
  nz_ = std::max(1, static_cast<int>(std::ceil((span_z + offset) / cell)));
}

// The grid cells a triangle's padded box touches, inclusive ranges.
void CollisionMesh::CellRange(const CollisionTriangle& tri, int* ix0, int* ix1, int* iz0, int* iz1) const {
  const float x0 = std::min({tri.v0_ws.x, tri.v1_ws.x, tri.v2_ws.x}) - kCellPadding;
  const float x1 = std::max({tri.v0_ws.x, tri.v1_ws.x, tri.v2_ws.x}) + kCellPadding;
  const float z0 = std::min({tri.v0_ws.z, tri.v1_ws.z, tri.v2_ws.z}) - kCellPadding;
  const float z1 = std::max({tri.v0_ws.z, tri.v1_ws.z, tri.v2_ws.z}) + kCellPadding;
  const float cell = cell_size_;
  auto index = [cell](float v, float origin, int n) {
    return std::clamp(static_cast<int>(std::floor((v - origin) / cell)), 0, n - 1);
  };
  *ix0 = index(x0, grid_x0_, nx_);
  *ix1 = index(x1, grid_x0_, nx_);
  *iz0 = index(z0, grid_z0_, nz_);
  *iz1 = index(z1, grid_z0_, nz_);
}

// 4. Two passes: count the triangles per cell (and each cell's height
// range), then fill the cells' lists (compressed rows).
void CollisionMesh::FillCells() {
  const size_t cell_count = static_cast<size_t>(nx_) * static_cast<size_t>(nz_);
  std::vector<uint32_t> counts(cell_count, 0);
  cell_y_min_.assign(cell_count, std::numeric_limits<float>::max());
  cell_y_max_.assign(cell_count, -std::numeric_limits<float>::max());
  for (const CollisionTriangle& tri : triangles_) {
    int ix0, ix1, iz0, iz1;
    CellRange(tri, &ix0, &ix1, &iz0, &iz1);
    const float y0 = std::min({tri.v0_ws.y, tri.v1_ws.y, tri.v2_ws.y});
    const float y1 = std::max({tri.v0_ws.y, tri.v1_ws.y, tri.v2_ws.y});
    for (int iz = iz0; iz <= iz1; ++iz) {
      for (int ix = ix0; ix <= ix1; ++ix) {
        const size_t c = static_cast<size_t>(iz) * static_cast<size_t>(nx_) + static_cast<size_t>(ix);
        ++counts[c];
        cell_y_min_[c] = std::min(cell_y_min_[c], y0);
        cell_y_max_[c] = std::max(cell_y_max_[c], y1);
      }
    }
  }
  cell_start_.assign(cell_count + 1, 0);
  for (size_t c = 0; c < cell_count; ++c) cell_start_[c + 1] = cell_start_[c] + counts[c];
  cell_triangles_.resize(cell_start_[cell_count]);
  std::vector<uint32_t> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (size_t t = 0; t < triangles_.size(); ++t) {
    int ix0, ix1, iz0, iz1;
    CellRange(triangles_[t], &ix0, &ix1, &iz0, &iz1);
    for (int iz = iz0; iz <= iz1; ++iz) {
      for (int ix = ix0; ix <= ix1; ++ix) {
        const size_t c = static_cast<size_t>(iz) * static_cast<size_t>(nx_) + static_cast<size_t>(ix);
        const CollisionTriangle& tri = triangles_[t];
        cell_triangles_[fill[c]++] =
            CellTriangle{tri.v0_ws, tri.v1_ws, tri.v2_ws, tri.normal_ws.y, static_cast<uint32_t>(t), 0u};
      }
    }
  }
}

RayHit CollisionMesh::HitOn(int triangle, const glm::dvec3& origin_ws, const glm::dvec3& dir_ws, double t) const {
  const CollisionTriangle& tri = triangles_[static_cast<size_t>(triangle)];
  RayHit result;
  result.hit = true;
  result.distance = static_cast<float>(t);
  result.point_ws = glm::vec3(origin_ws + dir_ws * t);
  result.normal_ws = glm::dot(glm::dvec3(tri.normal_ws), dir_ws) > 0.0 ? -tri.normal_ws : tri.normal_ws;
  result.triangle = triangle;
  result.kind = tri.kind;
  return result;
}

// 1. The ray's stretch [*t_enter, *t_exit] inside the grid's box (slabs in
// x, y, z); false when it misses the box.
inline bool CollisionMesh::ClipToGrid(const glm::dvec3& o, const glm::dvec3& d, double* t_enter, double* t_exit) const {
  const double box_lo[3] = {grid_x0_, bounds_min_ws_.y - kCellPadding, grid_z0_};
  const double box_hi[3] = {grid_x0_ + static_cast<double>(nx_) * cell_size_, bounds_max_ws_.y + kCellPadding,
                            grid_z0_ + static_cast<double>(nz_) * cell_size_};
  for (int axis = 0; axis < 3; ++axis) {
    if (std::fabs(d[axis]) < 1e-15) {
      if (o[axis] < box_lo[axis] || o[axis] > box_hi[axis]) return false;
      continue;
    }
    double ta = (box_lo[axis] - o[axis]) / d[axis];
    double tb = (box_hi[axis] - o[axis]) / d[axis];
    if (ta > tb) std::swap(ta, tb);
    *t_enter = std::max(*t_enter, ta);
    *t_exit = std::min(*t_exit, tb);
    if (*t_enter > *t_exit) return false;
  }
  return true;
}

// 2. The starting cell and the DDA state (Amanatides and Woo) of a ray
// entering the grid at t_enter.
inline CollisionMesh::GridWalk CollisionMesh::StartWalk(const glm::dvec3& o, const glm::dvec3& d,
                                                        double t_enter) const {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  GridWalk w;
  const double px = o.x + d.x * t_enter;
  const double pz = o.z + d.z * t_enter;
  w.ix = std::clamp(static_cast<int>(std::floor((px - grid_x0_) / cell_size_)), 0, nx_ - 1);
  w.iz = std::clamp(static_cast<int>(std::floor((pz - grid_z0_) / cell_size_)), 0, nz_ - 1);
  w.step_x = d.x > 0.0 ? 1 : -1;
  w.step_z = d.z > 0.0 ? 1 : -1;
  w.t_max_x = w.t_delta_x = w.t_max_z = w.t_delta_z = kInf;
  if (std::fabs(d.x) >= 1e-15) {
    const double next = grid_x0_ + static_cast<double>(w.ix + (w.step_x > 0 ? 1 : 0)) * cell_size_;
    w.t_max_x = (next - o.x) / d.x;
    w.t_delta_x = cell_size_ / std::fabs(d.x);
  }
  if (std::fabs(d.z) >= 1e-15) {
    const double next = grid_z0_ + static_cast<double>(w.iz + (w.step_z > 0 ? 1 : 0)) * cell_size_;
    w.t_max_z = (next - o.z) / d.z;
    w.t_delta_z = cell_size_ / std::fabs(d.z);
  }
  return w;
}

// The triangles of cell c the filter lets through, against the ray
// (Moller-Trumbore, two-sided, division-free); the nearest hit so far in
// *best_t and *best_triangle. Forced inline into Raycast's cell loop:
// called, it cost arbitrary rays 5% and long ones 8% (BM_World*Ray).
[[gnu::always_inline]] inline void CollisionMesh::TestCell(size_t c, const glm::dvec3& o, const glm::dvec3& d,
                                                           const RayFilter& filter, double* best_t_out,
                                                           int* best_triangle_out) const {
  // Locals, not the outputs, in the loop: the compiler keeps them in registers.
  double best_t = *best_t_out;
  int best_triangle = *best_triangle_out;
  for (uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
    const CellTriangle& tri = cell_triangles_[k];
    if (tri.normal_y < filter.min_normal_y || tri.normal_y > filter.max_normal_y) continue;
    const glm::dvec3 v0(tri.v0_ws);
    const glm::dvec3 e1 = glm::dvec3(tri.v1_ws) - v0;
    const glm::dvec3 e2 = glm::dvec3(tri.v2_ws) - v0;
    const glm::dvec3 p = glm::cross(d, e2);
    double det = glm::dot(e1, p);
    // Scale u, v, t by |det| and compare against it (the sign flip makes
    // the test two-sided).
    const double sign = det < 0.0 ? -1.0 : 1.0;
    det *= sign;
    if (det < 1e-14) continue;  // ray parallel to the plane
    const glm::dvec3 s = o - v0;
    const double u = glm::dot(s, p) * sign;
    const double tolerance = kBaryEpsilon * det;
    if (u < -tolerance || u > det + tolerance) continue;
    const glm::dvec3 q = glm::cross(s, e1);
    const double v = glm::dot(d, q) * sign;
    if (v < -tolerance || u + v > det + tolerance) continue;
    KeepNearest(glm::dot(e2, q) * sign, det, tri.index, best_t, best_triangle);
  }
  *best_t_out = best_t;
  *best_triangle_out = best_triangle;
}

RayHit CollisionMesh::Raycast(const glm::vec3& origin_ws, const glm::vec3& dir_ws, float max_distance,
                              const RayFilter& filter) const {
  RayHit result;
  if (triangles_.empty() || !(max_distance > 0.0f) || !std::isfinite(max_distance)) return result;
  const glm::dvec3 o(origin_ws);
  glm::dvec3 d(dir_ws);
  const double dir_len = glm::length(d);
  if (!(dir_len > 1e-12) || !std::isfinite(dir_len) || !std::isfinite(o.x + o.y + o.z)) return result;
  d /= dir_len;
  // Straight up or down (ground probes, the foot IK's rays): one grid column.
  if (d.x == 0.0 && d.z == 0.0) return RaycastVertical(o, d.y, max_distance, filter);
  double t_enter = 0.0, t_exit = max_distance;
  if (!ClipToGrid(o, d, &t_enter, &t_exit)) return result;
  GridWalk w = StartWalk(o, d, t_enter);
  // 3. Walk the cells whose height range the ray's stretch overlaps.
  double best_t = t_exit;
  int best_triangle = -1;
  double t_cell_start = t_enter;
  for (;;) {
    const double t_cell_end = std::min({w.t_max_x, w.t_max_z, t_exit});
    const size_t c = static_cast<size_t>(w.iz) * static_cast<size_t>(nx_) + static_cast<size_t>(w.ix);
    const double ya = o.y + d.y * t_cell_start;
    const double yb = o.y + d.y * t_cell_end;
    if (std::max(ya, yb) >= cell_y_min_[c] - kCellPadding && std::min(ya, yb) <= cell_y_max_[c] + kCellPadding) {
      TestCell(c, o, d, filter, &best_t, &best_triangle);
    }
    // A hit inside this cell's stretch of the ray cannot be beaten later.
    if (best_triangle >= 0 && best_t <= t_cell_end) break;
    if (t_cell_end >= t_exit) break;
    if (w.t_max_x < w.t_max_z) {
      w.ix += w.step_x;
      t_cell_start = w.t_max_x;
      w.t_max_x += w.t_delta_x;
      if (w.ix < 0 || w.ix >= nx_) break;
    } else {
      w.iz += w.step_z;
      t_cell_start = w.t_max_z;
      w.t_max_z += w.t_delta_z;
      if (w.iz < 0 || w.iz >= nz_) break;
    }
  }
  if (best_triangle < 0) return result;
  return HitOn(best_triangle, o, d, best_t);
}

// Raycast for d = (0, dy, 0), dy = +-1: the same result, bit for bit (the
// terms it leaves out are products with the direction's zero x and z), in
// a fraction of the work: no grid walk (the ray stays in one cell), a box
// test that skips the cell's triangles away from the column, and the
// Moller-Trumbore test without the products by zero.
RayHit CollisionMesh::RaycastVertical(const glm::dvec3& o, double dy, float max_distance,
                                      const RayFilter& filter) const {
  RayHit result;
  // 1. Clip to the grid's box: the column must be inside it in x and z.
  if (o.x < grid_x0_ || o.x > grid_x0_ + static_cast<double>(nx_) * cell_size_ || o.z < grid_z0_ ||
      o.z > grid_z0_ + static_cast<double>(nz_) * cell_size_) {
    return result;
  }
  double ta = (static_cast<double>(bounds_min_ws_.y - kCellPadding) - o.y) / dy;
  double tb = (static_cast<double>(bounds_max_ws_.y + kCellPadding) - o.y) / dy;
  if (ta > tb) std::swap(ta, tb);
  const double t_enter = std::max(0.0, ta);
  const double t_exit = std::min(static_cast<double>(max_distance), tb);
  if (t_enter > t_exit) return result;

  // 2. The column's cell and its triangles.
  const int ix = std::clamp(static_cast<int>(std::floor((o.x - grid_x0_) / cell_size_)), 0, nx_ - 1);
  const int iz = std::clamp(static_cast<int>(std::floor((o.z - grid_z0_) / cell_size_)), 0, nz_ - 1);
  const size_t c = static_cast<size_t>(iz) * static_cast<size_t>(nx_) + static_cast<size_t>(ix);
  const double ya = o.y + dy * t_enter;
  const double yb = o.y + dy * t_exit;
  if (std::max(ya, yb) < cell_y_min_[c] - kCellPadding || std::min(ya, yb) > cell_y_max_[c] + kCellPadding) {
    return result;
  }
  const float x = static_cast<float>(o.x), z = static_cast<float>(o.z);
  double best_t = t_exit;
  int best_triangle = -1;
  for (uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
    const CellTriangle& tri = cell_triangles_[k];
    const uint32_t ti = tri.index;
    if (tri.normal_y < filter.min_normal_y || tri.normal_y > filter.max_normal_y) continue;
    // Most of a cell's triangles do not cover the column: reject them by
    // their (x, z) box first, grown by kCellPadding, far more than the test's
    // barycentric tolerance reaches outside a triangle (1e-7 of its size).
    if (x < std::min({tri.v0_ws.x, tri.v1_ws.x, tri.v2_ws.x}) - kCellPadding ||
        x > std::max({tri.v0_ws.x, tri.v1_ws.x, tri.v2_ws.x}) + kCellPadding ||
        z < std::min({tri.v0_ws.z, tri.v1_ws.z, tri.v2_ws.z}) - kCellPadding ||
        z > std::max({tri.v0_ws.z, tri.v1_ws.z, tri.v2_ws.z}) + kCellPadding) {
      continue;
    }
    const glm::dvec3 v0(tri.v0_ws);
    const glm::dvec3 e1 = glm::dvec3(tri.v1_ws) - v0;
    const glm::dvec3 e2 = glm::dvec3(tri.v2_ws) - v0;
    // p = d x e2 = (dy e2.z, 0, -dy e2.x).
    const double p_x = dy * e2.z, p_z = -(e2.x * dy);
    double det = e1.x * p_x + e1.z * p_z;
    const double sign = det < 0.0 ? -1.0 : 1.0;
    det *= sign;
    if (det < 1e-14) continue;  // ray parallel to the plane
    const glm::dvec3 s = o - v0;
    const double u = (s.x * p_x + s.z * p_z) * sign;
    const double tolerance = kBaryEpsilon * det;
    if (u < -tolerance || u > det + tolerance) continue;
    const glm::dvec3 q = glm::cross(s, e1);
    const double v = dy * q.y * sign;  // d . q
    if (v < -tolerance || u + v > det + tolerance) continue;
    KeepNearest(glm::dot(e2, q) * sign, det, ti, best_t, best_triangle);
  }
  if (best_triangle < 0) return result;
  return HitOn(best_triangle, o, glm::dvec3(0.0, dy, 0.0), best_t);
}

RayHit CollisionMesh::SegmentCast(const glm::vec3& a_ws, const glm::vec3& b_ws, const RayFilter& filter) const {
  const glm::vec3 delta = b_ws - a_ws;
  return Raycast(a_ws, delta, glm::length(delta), filter);
}

std::optional<float> CollisionMesh::GroundHeight(float x, float z) const {
  if (triangles_.empty()) return std::nullopt;
  const float top = bounds_max_ws_.y + 1.0f;
  const RayHit hit = FindGround(x, top, z, top - bounds_min_ws_.y + 1.0f);
  if (!hit.hit) return std::nullopt;
  return hit.point_ws.y;
}

RayHit CollisionMesh::FindGround(float x, float y_from, float z, float max_drop) const {
  RayFilter ground;
  ground.min_normal_y = 1e-3f;  // upward-facing surfaces only
  return Raycast(glm::vec3(x, y_from, z), glm::vec3(0.0f, -1.0f, 0.0f), max_drop, ground);
}

RayHit CollisionMesh::CastWall(const WallProbe& probe) const {
  RayHit best;
  if (probe.ray_count < 1 || probe.direction_x == 0.0f) return best;
  RayFilter walls;
  walls.min_normal_y = -probe.max_abs_normal_y;
  walls.max_normal_y = probe.max_abs_normal_y;
  const glm::vec3 dir(probe.direction_x > 0.0f ? 1.0f : -1.0f, 0.0f, 0.0f);
  for (int i = 0; i < probe.ray_count; ++i) {
    const float f = probe.ray_count == 1 ? 0.0f : static_cast<float>(i) / static_cast<float>(probe.ray_count - 1);
    const float y = probe.y_bottom + (probe.y_top - probe.y_bottom) * f;
    const RayHit hit = Raycast(glm::vec3(probe.x, y, probe.z), dir, probe.max_distance, walls);
    if (hit.hit && (!best.hit || hit.distance < best.distance)) best = hit;
  }
  return best;
}

bool RaycastJob::Run() const {
  if (!Validate()) return false;
  for (size_t i = 0; i < rays.size(); ++i) {
    hits[i] = mesh->Raycast(rays[i].origin_ws, rays[i].dir_ws, rays[i].max_distance, filter);
  }
  return true;
}

}  // namespace knights::world
