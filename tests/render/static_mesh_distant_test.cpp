// The far background layers are drawn with a program that only has the
// distant material (shaders/static_mesh_distant.frag, anything else drawn
// as kPlain) instead of the every-material program: it must give them
// exactly the pixels the full program gives a kDistant or kPlain surface that
// receives no shadow, and every background triangle must be one of those two
// for that to be the whole picture.

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include <glad/gl.h>

#include "knights/core/file_io.h"
#include "knights/platform/window.h"
#include "knights/render/background_builder.h"
#include "knights/render/frame_view.h"
#include "knights/render/scene_lighting.h"
#include "knights/render/static_mesh_renderer.h"
#include "knights/world/world.h"
#include "headless_window.h"

namespace knights::render {
namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 180;

// Rolling ground over 120 m, so the layers' crests follow a real mean height.
world::Level RollingLevel() {
  world::Level level;
  level.name = "rolling";
  for (int i = 0; i <= 12; ++i) level.terrain.points.push_back({-20.0f + 10.0f * i, 1.5f * ((i * 7) % 5) - 2.0f});
  level.goal.x = 1000.0f;
  level.goal.kind = world::GoalKind::kBanner;
  level.kill_y = -8.0f;
  return level;
}

TEST(StaticMeshDistant, EveryBackgroundTriangleIsDistantOrPlain) {
  const world::World world(RollingLevel());
  const std::vector<StaticVertex> mesh = BuildBackgroundMesh(world);
  ASSERT_GT(mesh.size(), 1000u);
  int distant = 0, plain = 0;
  for (size_t i = 0; i < mesh.size(); ++i) {
    const float m = mesh[i].material;
    ASSERT_TRUE(m == static_cast<float>(StaticMaterial::kDistant) || m == static_cast<float>(StaticMaterial::kPlain))
        << "vertex " << i << " has material " << m;
    distant += m == static_cast<float>(StaticMaterial::kDistant);
    plain += m == static_cast<float>(StaticMaterial::kPlain);
  }
  EXPECT_GT(distant, 0);
  EXPECT_GT(plain, 0);  // the castle towers' roofs
}

// Draws `renderer` into a float colour buffer and returns the linear RGBA
// values, bottom row first.
std::vector<float> DrawToFloats(const StaticMeshRenderer& renderer, const FrameView& view,
                                const SceneLighting& lighting) {
  GlTexture colour = CreateTexture();
  glBindTexture(GL_TEXTURE_2D, colour.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, kWidth, kHeight, 0, GL_RGBA, GL_FLOAT, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  GlRenderbuffer depth = CreateRenderbuffer();
  glBindRenderbuffer(GL_RENDERBUFFER, depth.id());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, kWidth, kHeight);
  GlFramebuffer fbo = CreateFramebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, fbo.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour.id(), 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth.id());
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, kWidth, kHeight);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_CULL_FACE);
  glClearColor(-1.0f, -1.0f, -1.0f, -1.0f);  // not a colour any surface gives
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  renderer.Draw(view, lighting, false);
  std::vector<float> pixels(static_cast<size_t>(kWidth) * kHeight * 4);
  glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_FLOAT, pixels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  return pixels;
}

TEST(StaticMeshDistant, DistantProgramGivesTheFullProgramsPixels) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  std::string why;
  const std::unique_ptr<platform::Window> window = test::OpenHeadlessWindow(kWidth, kHeight, &why);
  ASSERT_NE(window, nullptr) << why;
  {
    auto full = StaticMeshRenderer::Create(StaticSurfaces::kAllMaterials);
    ASSERT_TRUE(full.ok()) << full.status().message();
    auto distant = StaticMeshRenderer::Create(StaticSurfaces::kDistantOnly);
    ASSERT_TRUE(distant.ok()) << distant.status().message();
    const world::World world(RollingLevel());
    const std::vector<StaticVertex> mesh = BuildBackgroundMesh(world);
    // The castle towers' roofs alone (kPlain), so their pixels are compared
    // even where a distant layer would cover them.
    std::vector<StaticVertex> roofs;
    for (const StaticVertex& v : mesh) {
      if (v.material == static_cast<float>(StaticMaterial::kPlain)) roofs.push_back(v);
    }

    // The game's camera height and distance, looking along the strip at the
    // layers (and a castle on the ridge); the game's fog.
    const FrameView view = MakeFrameView({30.0f, 2.7f, 9.0f}, {30.0f, 4.0f, -40.0f}, 40.0f, kWidth, kHeight);
    SceneLighting lighting;
    lighting.fog_color = glm::vec3(0.52f, 0.62f, 0.76f);
    lighting.fog_density_per_m = 0.007f;
    lighting.fog_start_m = 16.0f;
    const std::vector<StaticVertex>* const meshes[] = {&mesh, &roofs};
    for (const std::vector<StaticVertex>* triangles : meshes) {
      const bool only_roofs = triangles == &roofs;
      full->Upload(*triangles);
      distant->Upload(*triangles);
      const std::vector<float> expected = DrawToFloats(*full, view, lighting);
      const std::vector<float> got = DrawToFloats(*distant, view, lighting);
      long covered = 0, different = 0, covered_by_distant = 0;
      for (size_t i = 0; i < expected.size(); i += 4) {
        covered_by_distant += got[i + 3] >= 0.0f;
        if (expected[i + 3] < 0.0f) continue;  // the clear colour: nothing drawn
        ++covered;
        for (int c = 0; c < 4; ++c) {
          if (got[i + c] != expected[i + c]) {
            ++different;
            break;
          }
        }
      }
      // The layers fill the lower part of the view; some roofs are in it.
      EXPECT_GT(covered, only_roofs ? 20 : kWidth * kHeight / 4) << (only_roofs ? "roofs" : "layers");
      EXPECT_EQ(different, 0) << (only_roofs ? "roofs" : "layers") << ": of " << covered << " covered pixels";
      EXPECT_EQ(covered_by_distant, covered) << (only_roofs ? "roofs" : "layers");
    }
  }
}

}  // namespace
}  // namespace knights::render
