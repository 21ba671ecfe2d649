#include "knights/render/castle_scenery.h"

#include <algorithm>
#include <cmath>

#include "knights/render/palette.h"
#include "knights/render/static_shapes.h"

namespace knights::render {
namespace {

using namespace palette;  // NOLINT(google-build-using-namespace): the scenery's colours

constexpr float kPostHalfM = 0.07f;     // a scaffold post's half width, metres
constexpr float kPostInsetM = 0.12f;    // posts stand this far inside the deck's edges, metres
constexpr float kMaxBayM = 2.6f;        // posts at most this far apart along x, metres
constexpr float kRailHeightM = 1.0f;    // the back rail above the deck, metres
constexpr float kBraceHeightM = 1.8f;   // the braces reach this far down from under the deck, metres
constexpr float kCopingM = 0.16f;       // the coping course's height on the front face, metres
constexpr float kCopingProudM = 0.06f;  // ... and how far it stands out of the face, metres

const glm::vec3 kPlaster{0.46f, 0.41f, 0.33f};
const glm::vec3 kTimber = kDarkWood * 1.3f;
const glm::vec3 kSlate{0.16f, 0.15f, 0.17f};
const glm::vec3 kScaffoldWood{0.20f, 0.14f, 0.09f};                  // weathered timber
const glm::vec3 kWindowGlow = glm::vec3(1.0f, 0.58f, 0.22f) * 2.2f;  // lit from inside, linear (kEmissive)
const glm::vec3 kWindowDark{0.03f, 0.03f, 0.04f};

// A gabled roof over [x0, x1] x [z0, z1]: eaves at eaves_y, the ridge
// along x at ridge_y, and the two gable ends in `gable` colour.
void AppendGableRoof(std::vector<StaticVertex>& out, float x0, float x1, float z0, float z1, float eaves_y,
                     float ridge_y, const glm::vec3& roof, const glm::vec3& gable) {
  const float zm = 0.5f * (z0 + z1);
  AppendQuad(out, {x0, eaves_y, z1}, {x1, eaves_y, z1}, {x1, ridge_y, zm}, {x0, ridge_y, zm}, roof);
  AppendQuad(out, {x1, eaves_y, z0}, {x0, eaves_y, z0}, {x0, ridge_y, zm}, {x1, ridge_y, zm}, roof * 0.8f);
  AppendTriangle(out, {x0, eaves_y, z0}, {x0, eaves_y, z1}, {x0, ridge_y, zm}, gable);
  AppendTriangle(out, {x1, eaves_y, z1}, {x1, eaves_y, z0}, {x1, ridge_y, zm}, gable);
}

// A pile of the courtyard's clutter at base_ws: barrels and crates, or a
// cart; `seed` picks which and turns it.
void AppendPile(std::vector<StaticVertex>& out, const glm::vec3& base_ws, int seed) {
  const float pick = HashToUnit(seed * 13 + 1);
  const float yaw = 6.2831853f * HashToUnit(seed * 13 + 2);
  if (pick < 0.5f) {
    for (int i = 0; i < 3; ++i) {
      const glm::vec3 at = base_ws + glm::vec3(0.7f * i - 0.7f, 0.0f, 0.3f * HashToUnit(seed * 13 + 3 + i));
      AppendBarrel(out, at, 0.32f, 0.95f, kDarkWood * 2.0f);
    }
    AppendBox(out, base_ws + glm::vec3(0.4f, 0.4f, -0.9f), glm::vec3(0.4f), yaw, kWood * 1.2f, StaticMaterial::kWood);
    return;
  }
  // A cart: a bed on two wheels, shafts to the ground.
  const glm::mat3 turn = glm::mat3(glm::vec3(std::cos(yaw), 0.0f, -std::sin(yaw)), glm::vec3(0.0f, 1.0f, 0.0f),
                                   glm::vec3(std::sin(yaw), 0.0f, std::cos(yaw)));
  AppendBox(out, base_ws + glm::vec3(0.0f, 0.85f, 0.0f), glm::vec3(1.1f, 0.25f, 0.7f), yaw, kWood,
            StaticMaterial::kWood);
  for (float side : {-1.0f, 1.0f}) {
    const glm::vec3 hub = base_ws + turn * glm::vec3(0.0f, 0.55f, side * 0.8f);
    AppendBox(out, hub, glm::vec3(0.52f, 0.52f, 0.05f), yaw, kDarkWood * 1.5f, StaticMaterial::kWood);
    AppendBeam(out, base_ws + turn * glm::vec3(1.1f, 0.75f, side * 0.5f),
               base_ws + turn * glm::vec3(2.6f, 0.05f, side * 0.4f), 0.05f, kDarkWood * 1.5f, StaticMaterial::kWood);
  }
}

}  // namespace

void AppendScaffold(const world::World& world, const world::Platform& platform, float floor_y,
                    std::vector<StaticVertex>& out) {
  const float deck_bottom_y = platform.top_y - platform.thickness;
  const float x0 = platform.x0 + kPostInsetM, x1 = platform.x1 - kPostInsetM;
  const float z_back = platform.z0 + kPostInsetM, z_front = platform.z1 - kPostInsetM;
  const int bays = std::max(1, static_cast<int>(std::ceil((x1 - x0) / kMaxBayM)));
  auto foot_y = [&](float x, float z) { return world.InPit(x) ? floor_y : world.GroundHeightOr(x, z) - 0.05f; };
  for (int i = 0; i <= bays; ++i) {
    const float x = x0 + (x1 - x0) * static_cast<float>(i) / bays;
    for (const float z : {z_back, z_front}) {
      AppendBeam(out, {x, foot_y(x, z), z}, {x, deck_bottom_y, z}, kPostHalfM, kScaffoldWood, StaticMaterial::kWood);
    }
    AppendBeam(out, {x, platform.top_y, z_back}, {x, platform.top_y + kRailHeightM, z_back}, 0.045f, kScaffoldWood,
               StaticMaterial::kWood);
    if (i == bays) break;
    // An X of braces in the bay along the back row, under the deck.
    const float xn = x0 + (x1 - x0) * static_cast<float>(i + 1) / bays;
    const float low_y = std::max({deck_bottom_y - kBraceHeightM, foot_y(x, z_back) + 0.3f, foot_y(xn, z_back) + 0.3f});
    if (low_y < deck_bottom_y - 0.4f) {
      AppendBeam(out, {x, low_y, z_back + 0.1f}, {xn, deck_bottom_y - 0.1f, z_back + 0.1f}, 0.04f, kScaffoldWood * 0.8f,
                 StaticMaterial::kWood);
      AppendBeam(out, {x, deck_bottom_y - 0.1f, z_back + 0.1f}, {xn, low_y, z_back + 0.1f}, 0.04f, kScaffoldWood * 0.8f,
                 StaticMaterial::kWood);
    }
  }
  for (const float rail_y : {platform.top_y + kRailHeightM, platform.top_y + 0.5f * kRailHeightM}) {
    AppendBeam(out, {platform.x0, rail_y, z_back}, {platform.x1, rail_y, z_back}, 0.035f, kWood, StaticMaterial::kWood);
  }
}

void AppendHouse(std::vector<StaticVertex>& out, const glm::vec3& base_ws, const glm::vec3& size_m, bool lit,
                 int seed) {
  const float w = size_m.x, h = size_m.y, d = size_m.z;
  const float x0 = base_ws.x - 0.5f * w, x1 = base_ws.x + 0.5f * w;
  const float y0 = base_ws.y, z_front = base_ws.z, z_back = base_ws.z - d;
  const float storey = 0.45f * h;
  const float jetty = 0.25f;  // the upper storey stands out over the lower
  const glm::vec3 plaster = kPlaster * (0.85f + 0.3f * HashToUnit(seed * 7 + 1));
  // The stone ground floor, the plastered upper floor over it.
  AppendBox(out, base_ws + glm::vec3(0.0f, 0.5f * storey, -0.5f * d), glm::vec3(0.5f * w, 0.5f * storey, 0.5f * d),
            0.0f, kStone * 0.9f, StaticMaterial::kStone);
  const glm::vec3 upper_c = base_ws + glm::vec3(0.0f, storey + 0.5f * (h - storey), -0.5f * d + 0.5f * jetty);
  AppendBox(out, upper_c, glm::vec3(0.5f * w + 0.1f, 0.5f * (h - storey), 0.5f * (d + jetty)), 0.0f, plaster);
  // The frame on the upper floor's front: posts, rails and braces.
  const float zf = z_front + jetty + 0.03f;
  const int bays = std::max(2, static_cast<int>(w / 1.4f));
  for (int i = 0; i <= bays; ++i) {
    const float x = x0 + w * static_cast<float>(i) / bays;
    AppendBeam(out, {x, y0 + storey, zf}, {x, y0 + h, zf}, 0.07f, kTimber, StaticMaterial::kWood);
    if (i < bays && i % 2 == 0) {
      const float xn = x0 + w * static_cast<float>(i + 1) / bays;
      AppendBeam(out, {x, y0 + storey + 0.1f, zf}, {xn, y0 + h - 0.1f, zf}, 0.05f, kTimber, StaticMaterial::kWood);
    }
  }
  for (const float y : {y0 + storey, y0 + h}) {
    AppendBeam(out, {x0, y, zf}, {x1, y, zf}, 0.08f, kTimber, StaticMaterial::kWood);
  }
  // A door and windows.
  AppendBox(out, {base_ws.x - 0.25f * w, base_ws.y + 0.95f, z_front + 0.02f}, {0.45f, 0.95f, 0.04f}, 0.0f,
            kDarkWood * 1.2f, StaticMaterial::kWood);
  const glm::vec3 window = lit ? kWindowGlow : kWindowDark;
  const StaticMaterial glass = lit ? StaticMaterial::kEmissive : StaticMaterial::kPlain;
  AppendBox(out, {base_ws.x + 0.25f * w, base_ws.y + 1.3f, z_front + 0.02f}, {0.3f, 0.35f, 0.04f}, 0.0f, window, glass);
  for (const float fx : {-0.28f, 0.28f}) {
    AppendBox(out, {base_ws.x + fx * w, base_ws.y + 0.5f * (storey + h), zf + 0.02f}, {0.28f, 0.38f, 0.03f}, 0.0f,
              window, glass);
  }
  const glm::vec3 roof = HashToUnit(seed * 7 + 2) < 0.5f ? kRoof * 0.9f : kSlate;
  AppendGableRoof(out, x0 - 0.3f, x1 + 0.3f, z_back - 0.3f, z_front + jetty + 0.35f, base_ws.y + h,
                  base_ws.y + h + 0.6f * d, roof, plaster);
}

void AppendMasonryFacePiece(float z_ws, float facing, float floor_y, float x0, float top0_y, float x1, float top1_y,
                            std::vector<StaticVertex>& out) {
  const float zc = z_ws + facing * kCopingProudM;
  const glm::vec3 coping = kStone * 1.1f, wall = kStone * 0.72f;
  // Each quad is wound counter-clockwise seen from the side it faces: the
  // corners in x order for the front, the reverse for the back.
  auto quad = [&](glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, const glm::vec3& color) {
    if (facing > 0.0f) {
      AppendQuad(out, a, b, c, d, color, StaticMaterial::kStone);
    } else {
      AppendQuad(out, b, a, d, c, color, StaticMaterial::kStone);
    }
  };
  // The coping: its face, its top (level with the paving) and its underside.
  quad({x0, top0_y - kCopingM, zc}, {x1, top1_y - kCopingM, zc}, {x1, top1_y, zc}, {x0, top0_y, zc}, coping);
  quad({x0, top0_y, zc}, {x1, top1_y, zc}, {x1, top1_y, z_ws}, {x0, top0_y, z_ws}, coping);
  quad({x0, top0_y - kCopingM, z_ws}, {x1, top1_y - kCopingM, z_ws}, {x1, top1_y - kCopingM, zc},
       {x0, top0_y - kCopingM, zc}, coping * 0.6f);
  quad({x0, floor_y, z_ws}, {x1, floor_y, z_ws}, {x1, top1_y - kCopingM, z_ws}, {x0, top0_y - kCopingM, z_ws}, wall);
}

float CourtyardFloorY(const world::Terrain& terrain, float x) {
  constexpr float kWindowM = 8.0f, kSmoothM = 4.0f;
  auto lowest_near = [&](float at) {
    float lowest = world::ProfileHeight(terrain, at);
    for (float dx = -kWindowM; dx <= kWindowM; dx += 0.5f)
      lowest = std::min(lowest, world::ProfileHeight(terrain, at + dx));
    return lowest;
  };
  float sum = 0.0f;
  for (int k = -2; k <= 2; ++k) sum += lowest_near(x + 0.5f * kSmoothM * static_cast<float>(k));
  return sum / 5.0f - kCourtyardDropM;
}

void AppendCourtyardFloor(const world::Terrain& terrain, float x_lo, float x_hi, float z_back, float z_front,
                          std::vector<StaticVertex>& out) {
  constexpr float kColumnM = 2.0f;
  for (float x = x_lo; x < x_hi; x += kColumnM) {
    const float xn = std::min(x + kColumnM, x_hi);
    const float y0 = CourtyardFloorY(terrain, x), y1 = CourtyardFloorY(terrain, xn);
    const glm::vec3 n = glm::normalize(glm::vec3(y0 - y1, xn - x, 0.0f));
    const glm::vec3 color = kPaving * (0.8f + 0.08f * HashToUnit(static_cast<int>(x * 3.0f)));
    const glm::vec3 p[4] = {{x, y0, z_front}, {xn, y1, z_front}, {xn, y1, z_back}, {x, y0, z_back}};
    for (const int i : {0, 1, 2, 0, 2, 3}) AppendVertex(out, p[i], n, color, StaticMaterial::kFlagstone);
  }
}

void AppendCourtyardClutter(const CourtyardDesc& desc, std::vector<StaticVertex>& out) {
  auto kept_out = [&](float x, float z, float margin_m) {
    return x > desc.keep_out_lo.x - margin_m && x < desc.keep_out_hi.x + margin_m &&
           z > desc.keep_out_lo.y - margin_m && z < desc.keep_out_hi.y + margin_m;
  };
  // Houses along the back, 14-20 m apart (the curtain wall and the sky
  // show between them), each 5-7.5 m wide.
  for (int i = 0;; ++i) {
    const float x = desc.x_lo + 4.0f + 17.0f * i + 3.0f * HashToUnit(i * 5 + 700);
    if (x > desc.x_hi) break;
    const glm::vec3 size(5.0f + 2.5f * HashToUnit(i * 5 + 701), 4.0f + 1.5f * HashToUnit(i * 5 + 702),
                         4.5f + 1.0f * HashToUnit(i * 5 + 703));
    const float z_front = desc.z_back + size.z + 2.0f * HashToUnit(i * 5 + 704);
    if (kept_out(x, z_front - 0.5f * size.z, 0.5f * size.x + 1.0f)) continue;
    AppendHouse(out, {x, desc.ground_y(x, z_front), z_front}, size, desc.lit, i);
  }
  // Barrels, crates and carts between the strip and the houses.
  for (int i = 0;; ++i) {
    const float x = desc.x_lo + 6.0f + 13.0f * i + 5.0f * HashToUnit(i * 5 + 800);
    if (x > desc.x_hi) break;
    const float z = desc.z_front - 3.0f - 14.0f * HashToUnit(i * 5 + 801);
    if (kept_out(x, z, 3.0f)) continue;
    AppendPile(out, {x, desc.ground_y(x, z), z}, i);
  }
}

}  // namespace knights::render
