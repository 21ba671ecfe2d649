// The whole frame on Mesa llvmpipe (headless), checked by properties rather
// than exact pixels: the knight is in frame where the camera projects it,
// the sky is above and the ground below, and the knight's shadow is darker
// than the lit ground next to it (and only because of the shadow map).
//
// The knight is a procedural stand-in (a 0.5 x 1.8 x 0.4 m red box with one
// joint) so the test needs no asset import; the level is a flat meadow.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <glm/glm.hpp>

#include "knights/core/file_io.h"
#include "knights/platform/window.h"
#include "knights/render/frame_capture.h"
#include "knights/render/frame_view.h"
#include "knights/render/scene_renderer.h"
#include "knights/world/world.h"
#include "headless_window.h"

namespace knights::render {
namespace {

constexpr int kWidth = 480;
constexpr int kHeight = 270;

// A box knight: feet at the origin, 0.5 m wide (x), 1.8 m tall, 0.4 m deep.
anim::SkinnedMesh BoxKnight() {
  anim::SkinnedMesh mesh;
  const glm::vec3 lo(-0.25f, 0.0f, -0.2f), hi(0.25f, 1.8f, 0.2f);
  const glm::vec3 normals[6] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
  for (int f = 0; f < 6; ++f) {
    const glm::vec3 n = normals[f];
    // Two axes spanning the face, ordered so (u x v) = n (counter-clockwise).
    const glm::vec3 u = std::fabs(n.y) > 0.5f ? glm::vec3(0, 0, n.y) : glm::vec3(-n.z, 0, n.x);
    const glm::vec3 v = glm::cross(n, u);
    const glm::vec3 centre = (lo + hi) * 0.5f + n * ((hi - lo) * 0.5f);
    const glm::vec3 half = (hi - lo) * 0.5f;
    const uint32_t base = static_cast<uint32_t>(mesh.vertices.size());
    for (int k = 0; k < 4; ++k) {
      const float su = (k == 1 || k == 2) ? 1.0f : -1.0f;
      const float sv = (k >= 2) ? 1.0f : -1.0f;
      anim::SkinnedVertex vert;
      vert.position_ms = centre + u * su * glm::dot(glm::abs(u), half) + v * sv * glm::dot(glm::abs(v), half);
      vert.normal_ms = n;
      mesh.vertices.push_back(vert);
    }
    for (uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) mesh.indices.push_back(base + i);
  }
  anim::MeshMaterial red;
  red.name = "red";
  red.base_color = glm::vec4(0.8f, 0.05f, 0.05f, 1.0f);
  mesh.materials.push_back(red);
  mesh.parts.push_back({0, static_cast<uint32_t>(mesh.indices.size()), 0});
  return mesh;
}

world::Level FlatLevel() {
  world::Level level;
  level.name = "flat";
  level.terrain.points = {{-40.0f, 0.0f}, {40.0f, 0.0f}};
  level.terrain.z_min = -3.0f;
  level.terrain.z_max = 3.0f;
  level.goal.x = 1000.0f;  // far away: no gate in the pictures
  level.goal.kind = world::GoalKind::kBanner;
  level.kill_y = -8.0f;
  return level;
}

struct Rgb {
  float r = 0, g = 0, b = 0;
  float Luma() const { return 0.2126f * r + 0.7152f * g + 0.0722f * b; }
};

class SceneRendererTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    core::SetDataDir(KNIGHTS_SOURCE_DIR);
    std::string why;
    window_ = test::OpenHeadlessWindow(kWidth, kHeight, &why).release();
    ASSERT_NE(window_, nullptr) << why;
    world_ = new world::World(FlatLevel());
    mesh_ = new anim::SkinnedMesh(BoxKnight());
    const anim::SkinnedMesh* looks[] = {mesh_};
    auto scene = SceneRenderer::Create(*world_, looks);
    ASSERT_TRUE(scene.ok()) << scene.status().message();
    scene_ = new SceneRenderer(std::move(*scene));
  }
  static void TearDownTestSuite() {
    delete scene_;
    delete mesh_;
    delete world_;
    delete window_;
  }

  // Draws one frame with an optional knight at the origin; returns pixels.
  std::vector<uint8_t> Render(const FrameView& view, bool with_knight, const SceneSettings& settings) {
    KnightInstance knight;  // empty palettes: the bind pose
    std::span<const KnightInstance> knights;
    if (with_knight) knights = std::span<const KnightInstance>(&knight, 1);
    scene_->Draw(view, knights, 1.0f, core::DebugLines{}, settings);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    return ReadPixelsTopDown(kWidth, kHeight);
  }

  // With KNIGHTS_RENDER_TEST_DUMP=DIR set, writes the frame as DIR/NAME.ppm
  // (to look at when a property fails).
  static void Dump(const std::vector<uint8_t>& px, const char* name) {
    const char* dir = std::getenv("KNIGHTS_RENDER_TEST_DUMP");
    if (dir == nullptr) return;
    const std::string path = std::string(dir) + "/" + name + ".ppm";
    if (FILE* f = std::fopen(path.c_str(), "wb")) {
      std::fprintf(f, "P6\n%d %d\n255\n", kWidth, kHeight);
      for (size_t i = 0; i < px.size(); i += 4) std::fwrite(&px[i], 1, 3, f);
      std::fclose(f);
    }
  }

  static Rgb Pixel(const std::vector<uint8_t>& px, int x, int y) {
    const size_t i = (static_cast<size_t>(y) * kWidth + x) * 4;
    return {px[i] / 255.0f, px[i + 1] / 255.0f, px[i + 2] / 255.0f};
  }
  // Mean over a (2r+1)^2 window.
  static Rgb Mean(const std::vector<uint8_t>& px, int cx, int cy, int r) {
    Rgb sum;
    int n = 0;
    for (int y = cy - r; y <= cy + r; ++y) {
      for (int x = cx - r; x <= cx + r; ++x) {
        const Rgb p = Pixel(px, x, y);
        sum.r += p.r;
        sum.g += p.g;
        sum.b += p.b;
        ++n;
      }
    }
    return {sum.r / n, sum.g / n, sum.b / n};
  }
  // Pixel (top-down rows) where a world point lands.
  static glm::ivec2 Project(const FrameView& view, const glm::vec3& p_ws) {
    const glm::vec4 clip = view.view_proj * glm::vec4(p_ws, 1.0f);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {static_cast<int>((ndc.x * 0.5f + 0.5f) * kWidth), static_cast<int>((0.5f - ndc.y * 0.5f) * kHeight)};
  }

  static platform::Window* window_;
  static world::World* world_;
  static anim::SkinnedMesh* mesh_;
  static SceneRenderer* scene_;
};
platform::Window* SceneRendererTest::window_ = nullptr;
world::World* SceneRendererTest::world_ = nullptr;
anim::SkinnedMesh* SceneRendererTest::mesh_ = nullptr;
SceneRenderer* SceneRendererTest::scene_ = nullptr;

TEST_F(SceneRendererTest, KnightIsInFrameWhereTheCameraProjectsIt) {
  ASSERT_NE(scene_, nullptr);
  const FrameView view = MakeFrameView({0.0f, 2.7f, 9.0f}, {0.0f, 1.1f, 0.0f}, 40.0f, kWidth, kHeight);
  SceneSettings settings;
  settings.shadows = false;  // only the knight itself changes pixels
  const auto without = Render(view, false, settings);
  const auto with = Render(view, true, settings);
  Dump(with, "knight");
  // Pixels the knight changed.
  long count = 0;
  double sum_x = 0, sum_y = 0;
  int min_x = kWidth, max_x = -1, min_y = kHeight, max_y = -1;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const Rgb a = Pixel(without, x, y), b = Pixel(with, x, y);
      if (std::fabs(a.r - b.r) + std::fabs(a.g - b.g) + std::fabs(a.b - b.b) < 0.1f) continue;
      ++count;
      sum_x += x;
      sum_y += y;
      min_x = std::min(min_x, x);
      max_x = std::max(max_x, x);
      min_y = std::min(min_y, y);
      max_y = std::max(max_y, y);
    }
  }
  // Expected footprint from the camera: the box's projected corners.
  const glm::ivec2 top = Project(view, {0.0f, 1.8f, 0.2f});
  const glm::ivec2 feet = Project(view, {0.0f, 0.0f, 0.2f});
  const glm::ivec2 left = Project(view, {-0.25f, 0.9f, 0.2f});
  const glm::ivec2 right = Project(view, {0.25f, 0.9f, 0.2f});
  const int expected_area = (feet.y - top.y) * (right.x - left.x);
  ASSERT_GT(expected_area, 200);
  EXPECT_GT(count, expected_area * 7 / 10);
  EXPECT_LT(count, expected_area * 14 / 10);
  EXPECT_NEAR(min_y, top.y, 4);
  EXPECT_NEAR(max_y, feet.y, 4);
  EXPECT_NEAR(min_x, left.x, 4);
  EXPECT_NEAR(max_x, right.x, 4);
  const glm::ivec2 centre = Project(view, {0.0f, 0.9f, 0.2f});
  EXPECT_NEAR(sum_x / count, centre.x, 3.0);
  EXPECT_NEAR(sum_y / count, centre.y, 4.0);
  // It is the red knight: red dominates at its centre.
  const Rgb c = Mean(with, centre.x, centre.y, 2);
  EXPECT_GT(c.r, 2.0f * c.g);
  EXPECT_GT(c.r, 2.0f * c.b);
}

TEST_F(SceneRendererTest, SkyIsAboveAndGroundBelow) {
  ASSERT_NE(scene_, nullptr);
  // Looking slightly up from standing height: the upper part of the picture
  // is sky, the lower part is the meadow and the ground's front face.
  const FrameView view = MakeFrameView({0.0f, 1.6f, 9.0f}, {0.0f, 2.6f, 0.0f}, 40.0f, kWidth, kHeight);
  const auto px = Render(view, false, SceneSettings{});
  Dump(px, "sky");
  int sky_rows = 0, ground_rows = 0;
  const int band = kHeight / 6;
  for (int y = 0; y < band; ++y) {
    for (int x = 4; x < kWidth - 4; x += 8) {
      const Rgb p = Pixel(px, x, y);
      // Sky (blue or white clouds): blue at least as strong as red and
      // green, and bright.
      sky_rows += (p.b >= p.r && p.b >= p.g - 0.01f && p.Luma() > 0.45f) ? 1 : 0;
    }
  }
  for (int y = kHeight - band; y < kHeight; ++y) {
    for (int x = 4; x < kWidth - 4; x += 8) {
      const Rgb p = Pixel(px, x, y);
      // Ground: grass (green) or earth (red-brown) dominates blue.
      ground_rows += (p.b < std::max(p.r, p.g)) ? 1 : 0;
    }
  }
  const int samples = band * ((kWidth - 8 + 7) / 8);
  EXPECT_GT(sky_rows, samples * 95 / 100);
  EXPECT_GT(ground_rows, samples * 95 / 100);
  // On average the top band is much bluer than the bottom band.
  float top_blueness = 0.0f, bottom_blueness = 0.0f;
  for (int x = 4; x < kWidth - 4; x += 8) {
    const Rgb t = Mean(px, x, band / 2, 2), b = Mean(px, x, kHeight - band / 2, 2);
    top_blueness += t.b - std::max(t.r, t.g);
    bottom_blueness += b.b - std::max(b.r, b.g);
  }
  EXPECT_GT(top_blueness, bottom_blueness + 0.1f * (kWidth / 8));
}

TEST_F(SceneRendererTest, ShadowUnderKnightIsDarkerThanLitGroundNextToIt) {
  ASSERT_NE(scene_, nullptr);
  // Sun low from the left (towards the sun: -x, up): the knight's shadow
  // falls along +x on the ground at z in [-0.2, 0.2], from x = 0.25 to
  // 0.25 + 1.8 / tan(elevation). Camera in front, a little above.
  FrameView view = MakeFrameView({0.8f, 3.0f, 7.0f}, {0.8f, 0.3f, 0.0f}, 40.0f, kWidth, kHeight);
  view.light.sun_dir_ws = glm::normalize(glm::vec3(-1.0f, 1.0f, 0.0f));
  const glm::vec3 shadowed_ws(1.0f, 0.0f, 0.0f);  // under the shadow of the knight's chest (height 0.75 m)
  const glm::vec3 lit_ws(1.0f, 0.0f, 0.9f);       // same ground, in front of the shadow
  const glm::ivec2 s = Project(view, shadowed_ws);
  const glm::ivec2 l = Project(view, lit_ws);
  // The two sample points are on screen, apart, and not covered by the knight.
  ASSERT_GT(s.x, Project(view, {0.25f, 1.8f, 0.2f}).x + 3);
  ASSERT_GT(l.y, s.y + 6);

  SceneSettings settings;
  settings.shadows = true;
  const auto on = Render(view, true, settings);
  Dump(on, "shadow");
  const float shadow_luma = Mean(on, s.x, s.y, 2).Luma();
  const float lit_luma = Mean(on, l.x, l.y, 2).Luma();
  EXPECT_LT(shadow_luma, 0.7f * lit_luma) << "shadow " << shadow_luma << " lit " << lit_luma;
  EXPECT_TRUE(scene_->stats().shadows);

  // Control: without the shadow map the same two points are about as bright,
  // so the darkness above is the shadow, not the texture or the camera.
  settings.shadows = false;
  const auto off = Render(view, true, settings);
  const float no_shadow_luma = Mean(off, s.x, s.y, 2).Luma();
  EXPECT_GT(no_shadow_luma, 0.8f * Mean(off, l.x, l.y, 2).Luma());
  EXPECT_GT(no_shadow_luma, shadow_luma * 1.3f);
}

// Fast shading (a software rasteriser's default) keeps the picture: the
// knight's shadow, and the frame's mean colour within 3% of full shading's
// in each channel; yet it is another program (the pixels differ).
TEST_F(SceneRendererTest, FastShadingKeepsTheShadowAndTheLook) {
  ASSERT_NE(scene_, nullptr);
  FrameView view = MakeFrameView({0.8f, 3.0f, 7.0f}, {0.8f, 0.3f, 0.0f}, 40.0f, kWidth, kHeight);
  view.light.sun_dir_ws = glm::normalize(glm::vec3(-1.0f, 1.0f, 0.0f));
  const glm::ivec2 s = Project(view, {1.0f, 0.0f, 0.0f});
  const glm::ivec2 l = Project(view, {1.0f, 0.0f, 0.9f});
  SceneSettings settings;
  const auto full = Render(view, true, settings);
  settings.fast_shading = true;
  const auto fast = Render(view, true, settings);
  Dump(fast, "fast_shading");
  EXPECT_LT(Mean(fast, s.x, s.y, 2).Luma(), 0.7f * Mean(fast, l.x, l.y, 2).Luma());
  double sum_full[3] = {0, 0, 0}, sum_fast[3] = {0, 0, 0};
  size_t differing = 0;
  for (size_t i = 0; i < full.size(); i += 4) {
    for (int c = 0; c < 3; ++c) {
      sum_full[c] += full[i + c];
      sum_fast[c] += fast[i + c];
    }
    differing += full[i] != fast[i] || full[i + 1] != fast[i + 1] || full[i + 2] != fast[i + 2];
  }
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(sum_fast[c] / sum_full[c], 1.0, 0.03) << "channel " << c;
  EXPECT_GT(differing, full.size() / 4 / 10);
}

TEST_F(SceneRendererTest, MsaaOrFxaaAndRenderScaleAreApplied) {
  ASSERT_NE(scene_, nullptr);
  const FrameView view = MakeFrameView({0.0f, 2.7f, 9.0f}, {0.0f, 1.1f, 0.0f}, 40.0f, kWidth, kHeight);
  SceneSettings settings;
  settings.anti_aliasing = AntiAliasing::kMsaa;
  settings.msaa_samples = 4;
  settings.render_scale = 0.5f;
  Render(view, true, settings);
  EXPECT_EQ(scene_->stats().scene_width_px, kWidth / 2);
  EXPECT_EQ(scene_->stats().scene_height_px, kHeight / 2);
  // llvmpipe supports 4x multisampled float targets; elsewhere FXAA takes over.
  EXPECT_TRUE(scene_->stats().msaa_samples == 4 || scene_->stats().fxaa);
  settings.anti_aliasing = AntiAliasing::kFxaa;
  settings.render_scale = 1.0f;
  Render(view, true, settings);
  EXPECT_EQ(scene_->stats().msaa_samples, 0);
  EXPECT_TRUE(scene_->stats().fxaa);
  EXPECT_EQ(scene_->stats().scene_width_px, kWidth);
  EXPECT_EQ(scene_->stats().knights_drawn, 1);
}

// The dusk light (world::SkyMood::kDusk): the sky is warmer and darker than
// the day's, the sun is low enough that the knight's shadow reaches where
// the day's does not, and the knight and the ground he stands on stay lit
// (a player must see the fight).
TEST_F(SceneRendererTest, DuskIsWarmerDarkerWithLongerShadowsAndTheKnightStaysLit) {
  ASSERT_NE(scene_, nullptr);
  SceneSettings settings;
  // The sky: looking slightly up from standing height; the top band.
  FrameView sky_view = MakeFrameView({0.0f, 1.6f, 9.0f}, {0.0f, 2.6f, 0.0f}, 40.0f, kWidth, kHeight);
  const auto day_sky = Render(sky_view, false, settings);
  Dump(day_sky, "day_sky");
  sky_view.light = DuskSkyLight();
  const auto dusk_sky = Render(sky_view, false, settings);
  Dump(dusk_sky, "dusk_sky");
  Rgb day_top, dusk_top;
  int n = 0;
  for (int y = 2; y < kHeight / 6; y += 4) {
    for (int x = 4; x < kWidth - 4; x += 8) {
      const Rgb d = Pixel(day_sky, x, y), k = Pixel(dusk_sky, x, y);
      day_top = {day_top.r + d.r, day_top.g + d.g, day_top.b + d.b};
      dusk_top = {dusk_top.r + k.r, dusk_top.g + k.g, dusk_top.b + k.b};
      ++n;
    }
  }
  day_top = {day_top.r / n, day_top.g / n, day_top.b / n};
  dusk_top = {dusk_top.r / n, dusk_top.g / n, dusk_top.b / n};
  EXPECT_LT(dusk_top.Luma(), 0.8f * day_top.Luma()) << "dusk " << dusk_top.Luma() << " day " << day_top.Luma();
  EXPECT_GT(dusk_top.r - dusk_top.b, day_top.r - day_top.b + 0.15f)
      << "dusk r-b " << dusk_top.r - dusk_top.b << " day r-b " << day_top.r - day_top.b;

  // The shadow: 3.5 m from the knight along the dusk sun's ground direction
  // (+x, back), where the knight's middle shades the ground at 14 degrees,
  // beside the day's shadow (31 degrees up, 45 degrees further round).
  FrameView view = MakeFrameView({2.5f, 3.2f, 7.5f}, {2.0f, 0.3f, -0.5f}, 40.0f, kWidth, kHeight);
  const glm::vec3 sun_dusk = DuskSkyLight().sun_dir_ws;
  const glm::vec2 away = -glm::normalize(glm::vec2(sun_dusk.x, sun_dusk.z));  // along the ground, from the sun
  const glm::vec2 side(-away.y, away.x);
  const glm::vec2 p_xz = away * 3.5f, q_xz = p_xz + side * 0.9f;
  const glm::ivec2 p = Project(view, {p_xz.x, 0.0f, p_xz.y}), q = Project(view, {q_xz.x, 0.0f, q_xz.y});
  const auto day = Render(view, true, settings);
  Dump(day, "day");
  view.light = DuskSkyLight();
  const auto dusk = Render(view, true, settings);
  Dump(dusk, "dusk");
  EXPECT_LT(Mean(dusk, p.x, p.y, 2).Luma(), 0.7f * Mean(dusk, q.x, q.y, 2).Luma()) << "no long dusk shadow";
  EXPECT_GT(Mean(day, p.x, p.y, 2).Luma(), 0.8f * Mean(day, q.x, q.y, 2).Luma()) << "a day shadow there";

  // Lit: the ground in front of the knight and the knight himself (red).
  const glm::ivec2 front = Project(view, {0.7f, 0.0f, 0.6f});
  EXPECT_GT(Mean(dusk, front.x, front.y, 2).Luma(), 0.15f);
  const glm::ivec2 chest = Project(view, {0.0f, 1.2f, 0.2f});
  const Rgb knight = Mean(dusk, chest.x, chest.y, 2);
  EXPECT_GT(knight.r, 0.25f);
  EXPECT_GT(knight.r, 2.0f * knight.b);
}

// A level whose ground is paving (world::GroundMood::kPaving) draws grey
// flagstones with dark joints where the meadow is green, in the full and
// the fast shading alike (the fast path handles the material: the frame's
// mean colour within 4% of the full's in each channel).
TEST_F(SceneRendererTest, PavingIsFlagstonesInFullAndFastShading) {
  ASSERT_NE(scene_, nullptr);
  world::Level level = FlatLevel();
  level.mood.ground = world::GroundMood::kPaving;
  const world::World paved(level);
  const anim::SkinnedMesh* looks[] = {mesh_};
  scene_->UploadGeometry(BuildSceneGeometry(paved), looks);
  const FrameView view = MakeFrameView({0.0f, 4.0f, 6.0f}, {0.0f, 0.0f, -0.5f}, 40.0f, kWidth, kHeight);
  SceneSettings settings;
  const auto full = Render(view, false, settings);
  Dump(full, "paving");
  settings.fast_shading = true;
  const auto fast = Render(view, false, settings);
  Dump(fast, "paving_fast");
  scene_->UploadGeometry(BuildSceneGeometry(*world_), looks);  // the fixture's meadow again
  const auto meadow = Render(view, false, SceneSettings{});

  const glm::ivec2 c = Project(view, {0.0f, 0.0f, 0.0f});
  const Rgb grass = Mean(meadow, c.x, c.y, 6), stone = Mean(full, c.x, c.y, 6);
  EXPECT_GT(grass.g, grass.r);
  EXPECT_LT(stone.g, stone.r * 1.05f) << "not green";
  EXPECT_LT(stone.b, stone.r) << "lit warm, not blue";
  // The joints: in a patch of the paving, the darkest pixels (one in
  // twenty) are much darker than the typical one, full and fast.
  for (const auto* px : {&full, &fast}) {
    std::vector<float> patch;
    for (int y = c.y - 30; y <= c.y + 30; ++y) {
      for (int x = c.x - 80; x <= c.x + 80; ++x) patch.push_back(Pixel(*px, x, y).Luma());
    }
    std::sort(patch.begin(), patch.end());
    EXPECT_LT(patch[patch.size() / 20], 0.75f * patch[patch.size() / 2]) << (px == &full ? "full" : "fast");
  }
  double sum_full[3] = {0, 0, 0}, sum_fast[3] = {0, 0, 0};
  for (size_t i = 0; i < full.size(); i += 4) {
    for (int k = 0; k < 3; ++k) {
      sum_full[k] += full[i + k];
      sum_fast[k] += fast[i + k];
    }
  }
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(sum_fast[k] / sum_full[k], 1.0, 0.04) << "channel " << k;
}

// At dusk the torches light the ground round them (the sky light's
// torch_color); farther than their reach, and without it, nothing changes.
TEST_F(SceneRendererTest, DuskTorchesLightTheGroundAroundThem) {
  ASSERT_NE(scene_, nullptr);
  world::Level level = FlatLevel();
  level.props.push_back({world::PropKind::kTorch, 3.5f, -1.0f, std::nullopt, 1.0f, 0.0f});
  const world::World lit(level);
  const anim::SkinnedMesh* looks[] = {mesh_};
  scene_->UploadGeometry(BuildSceneGeometry(lit), looks);
  FrameView view = MakeFrameView({0.0f, 3.0f, 7.0f}, {0.0f, 0.3f, 0.0f}, 40.0f, kWidth, kHeight);
  view.light = DuskSkyLight();
  const auto with_torch = Render(view, false, SceneSettings{});
  Dump(with_torch, "dusk_torch");
  view.light.torch_color = glm::vec3(0.0f);
  const auto without = Render(view, false, SceneSettings{});
  Dump(without, "dusk_no_torch");
  scene_->UploadGeometry(BuildSceneGeometry(*world_), looks);  // the fixture's level again

  const glm::ivec2 near = Project(view, {3.5f, 0.0f, -0.2f});  // 1.5 m under the flame, 0.8 m in front
  const glm::ivec2 far = Project(view, {-3.5f, 0.0f, 1.0f});   // 7.4 m away: out of its reach
  ASSERT_TRUE(far.x > 4 && far.y < kHeight - 4 && near.x < kWidth - 4 && near.y < kHeight - 4);
  EXPECT_GT(Mean(with_torch, near.x, near.y, 2).Luma(), 1.15f * Mean(without, near.x, near.y, 2).Luma());
  EXPECT_NEAR(Mean(with_torch, far.x, far.y, 2).Luma(), Mean(without, far.x, far.y, 2).Luma(), 0.01f);
}

TEST_F(SceneRendererTest, KnightBehindTheCameraIsCulled) {
  ASSERT_NE(scene_, nullptr);
  const FrameView view = MakeFrameView({30.0f, 2.7f, 9.0f}, {30.0f, 1.1f, 0.0f}, 40.0f, kWidth, kHeight);
  Render(view, true, SceneSettings{});  // the knight stands at x = 0, out of view
  EXPECT_EQ(scene_->stats().knights_drawn, 0);
}

}  // namespace
}  // namespace knights::render
