#include "knights/render/prop_budget.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace knights::render {
namespace {

// A convex polygon on the screen (normalised device coordinates), at most
// a triangle clipped by the near plane and the screen's four edges.
struct ScreenPolygon {
  std::array<glm::vec3, 12> points{};  // view space before projection, x y depth
  int count = 0;
};

// Keeps the part of `in` where inside(p) >= 0 (Sutherland-Hodgman).
template <typename Inside>
ScreenPolygon ClipPolygon(const ScreenPolygon& in, Inside inside) {
  ScreenPolygon out;
  for (int i = 0; i < in.count; ++i) {
    const glm::vec3& a = in.points[i];
    const glm::vec3& b = in.points[(i + 1) % in.count];
    const float da = inside(a), db = inside(b);
    if (da >= 0.0f && out.count < 12) out.points[out.count++] = a;
    if ((da >= 0.0f) != (db >= 0.0f) && out.count < 12) out.points[out.count++] = a + (b - a) * (da / (da - db));
  }
  return out;
}

// The screen fraction a triangle covers seen from the eye (view space: x
// right, y up, z the depth ahead).
float TriangleCover(const std::array<glm::vec3, 3>& view_points, const PropCoverView& view) {
  ScreenPolygon polygon;
  for (const glm::vec3& p : view_points) polygon.points[polygon.count++] = p;
  polygon = ClipPolygon(polygon, [&](const glm::vec3& p) { return p.z - view.near_m; });
  const float tan_y = std::tan(0.5f * view.fov_y_deg * 3.14159265f / 180.0f);
  const float tan_x = tan_y * view.aspect;
  for (int i = 0; i < polygon.count; ++i) {
    glm::vec3& p = polygon.points[i];
    p = glm::vec3(p.x / (p.z * tan_x), p.y / (p.z * tan_y), 0.0f);
  }
  polygon = ClipPolygon(polygon, [](const glm::vec3& p) { return 1.0f - p.x; });
  polygon = ClipPolygon(polygon, [](const glm::vec3& p) { return p.x + 1.0f; });
  polygon = ClipPolygon(polygon, [](const glm::vec3& p) { return 1.0f - p.y; });
  polygon = ClipPolygon(polygon, [](const glm::vec3& p) { return p.y + 1.0f; });
  float twice_area = 0.0f;
  for (int i = 0; i < polygon.count; ++i) {
    const glm::vec3& a = polygon.points[i];
    const glm::vec3& b = polygon.points[(i + 1) % polygon.count];
    twice_area += a.x * b.y - b.x * a.y;
  }
  return std::fabs(twice_area) / 8.0f;  // the screen is 2 x 2
}

}  // namespace

float PropScreenCover(std::span<const StaticVertex> triangles, const glm::vec3& base_ws, const PropCoverView& view) {
  float worst = 0.0f;
  for (const float side : {1.0f, -1.0f}) {
    for (const float along_m : view.eyes_along_m) {
      // The eye at z = side * eye_z_m looking towards -side z: right is side x.
      const glm::vec3 eye_ws(base_ws.x + along_m, base_ws.y + view.eye_over_base_m, side * view.eye_z_m);
      auto to_view = [&](const glm::vec3& p_ws) {
        return glm::vec3(side * (p_ws.x - eye_ws.x), p_ws.y - eye_ws.y, side * (eye_ws.z - p_ws.z));
      };
      float screens = 0.0f;
      for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
        const glm::vec3& p0 = triangles[t].position_ws;
        const glm::vec3& p1 = triangles[t + 1].position_ws;
        const glm::vec3& p2 = triangles[t + 2].position_ws;
        if (glm::dot(glm::cross(p1 - p0, p2 - p0), eye_ws - p0) <= 0.0f) continue;  // a back face, culled
        screens += TriangleCover({to_view(p0), to_view(p1), to_view(p2)}, view);
      }
      worst = std::max(worst, screens);
    }
  }
  return worst;
}

std::vector<bool> ChoosePropsToDraw(std::span<const PropCover> props, const PropBudget& budget) {
  const size_t count = props.size();
  std::vector<size_t> order(count);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return props[a].screens < props[b].screens; });
  std::vector<bool> drawn(count, false);
  std::vector<float> around(count, 0.0f);  // a drawn prop's neighbourhood's cover, itself included
  std::vector<size_t> near;
  for (const size_t i : order) {
    if (!std::isfinite(props[i].x_m) || !(props[i].screens <= budget.max_screens)) continue;
    // Drawn, it adds its cover to its own neighbourhood and to each drawn
    // neighbour's: every one must stay within the budget.
    near.clear();
    float sum = props[i].screens;
    bool fits = true;
    for (size_t k = 0; k < count && fits; ++k) {
      if (!drawn[k] || std::fabs(props[k].x_m - props[i].x_m) > budget.neighbourhood_m) continue;
      near.push_back(k);
      sum += props[k].screens;
      fits = around[k] + props[i].screens <= budget.max_screens;
    }
    if (!fits || sum > budget.max_screens) continue;
    drawn[i] = true;
    around[i] = sum;
    for (const size_t k : near) around[k] += props[i].screens;
  }
  return drawn;
}

}  // namespace knights::render
