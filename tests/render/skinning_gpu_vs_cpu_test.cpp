// The skinning shader's maths against a CPU reference: a synthetic mesh
// whose vertices each blend four random joints with random weights, posed by
// random palettes (rotation, translation, uniform scale), drawn by the real
// skinning shader into a depth target with an orthographic projection. At the
// pixel inside a CPU-skinned triangle, the GPU depth must be that triangle's
// (or a nearer one's) to 1e-4.

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>

#include "knights/anim/skinned_mesh.h"
#include "knights/platform/window.h"
#include "knights/render/gpu_skinned_mesh.h"
#include "knights/render/skinned_renderer.h"
#include "headless_window.h"

namespace knights::render {
namespace {

constexpr int kSize = 256;  // depth target, pixels
constexpr int kJoints = 6;
constexpr int kPoints = 120;         // skinned points, each drawn as a tiny triangle
constexpr float kHalfExtent = 2.0f;  // the orthographic box is [-2, 2]^3

struct Fixture {
  anim::SkinnedMesh mesh;
  std::vector<glm::mat4> palette_ms;
  std::vector<glm::vec3> points_ms;  // bind positions of the points
  std::vector<glm::u8vec4> joints;
  std::vector<glm::vec4> weights;
};

Fixture MakeFixture(uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::uniform_real_distribution<float> positive(0.05f, 1.0f);
  Fixture f;
  for (int j = 0; j < kJoints; ++j) {
    const glm::vec3 axis = glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + glm::vec3(0.0f, 0.0f, 1e-3f));
    const float scale = 0.8f + 0.4f * positive(rng);
    glm::mat4 m = glm::translate(glm::mat4(1.0f), 0.3f * glm::vec3(unit(rng), unit(rng), unit(rng)));
    m = glm::rotate(m, 1.2f * unit(rng), axis);
    f.palette_ms.push_back(glm::scale(m, glm::vec3(scale)));
  }
  for (int p = 0; p < kPoints; ++p) {
    const glm::vec3 point(0.9f * unit(rng), 0.9f * unit(rng), 0.9f * unit(rng));
    glm::u8vec4 joints;
    glm::vec4 weights;
    float total = 0.0f;
    for (int i = 0; i < 4; ++i) {
      joints[i] = static_cast<uint8_t>((p + i * 2) % kJoints);  // four different joints
      weights[i] = positive(rng);
      total += weights[i];
    }
    weights /= total;
    f.points_ms.push_back(point);
    f.joints.push_back(joints);
    f.weights.push_back(weights);
    // A tiny triangle around the point (all corners with the point's skin),
    // so its pixel is covered; its depth varies by at most ~0.004 m.
    const uint32_t base = static_cast<uint32_t>(f.mesh.vertices.size());
    for (const glm::vec3& corner :
         {glm::vec3(-0.03f, -0.03f, 0.0f), glm::vec3(0.03f, -0.03f, 0.0f), glm::vec3(0.0f, 0.04f, 0.0f)}) {
      anim::SkinnedVertex v;
      v.position_ms = point + corner;
      v.joints = joints;
      v.weights = weights;
      f.mesh.vertices.push_back(v);
    }
    f.mesh.indices.insert(f.mesh.indices.end(), {base, base + 1, base + 2});
  }
  f.mesh.parts.push_back({0, static_cast<uint32_t>(f.mesh.indices.size()), 0});
  f.mesh.materials.push_back({});
  return f;
}

// CPU linear blend skinning of a mesh vertex: sum of w * palette[j] * v.
glm::vec3 SkinOnCpu(const Fixture& f, const anim::SkinnedVertex& v) {
  glm::vec4 p(0.0f);
  for (int i = 0; i < 4; ++i) p += v.weights[i] * (f.palette_ms[v.joints[i]] * glm::vec4(v.position_ms, 1.0f));
  return glm::vec3(p);
}

// Depth (0..1) of the CPU-skinned triangle of `point` at the centre of
// pixel (px, py), by barycentric interpolation; false when the pixel centre
// is outside the triangle.
bool CpuDepthAtPixel(const Fixture& f, int point, const glm::mat4& view_proj, int px, int py, float* depth) {
  glm::vec3 ndc[3];
  for (int k = 0; k < 3; ++k) {
    const glm::vec4 clip = view_proj * glm::vec4(SkinOnCpu(f, f.mesh.vertices[point * 3 + k]), 1.0f);
    ndc[k] = glm::vec3(clip) / clip.w;
  }
  const glm::vec2 c((px + 0.5f) / kSize * 2.0f - 1.0f, (py + 0.5f) / kSize * 2.0f - 1.0f);
  const glm::vec2 a(ndc[0]), b(ndc[1]), d(ndc[2]);
  const float area = (b.x - a.x) * (d.y - a.y) - (d.x - a.x) * (b.y - a.y);
  if (std::fabs(area) < 1e-9f) return false;
  const float w1 = ((c.x - a.x) * (d.y - a.y) - (d.x - a.x) * (c.y - a.y)) / area;
  const float w2 = ((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / area;
  const float w0 = 1.0f - w1 - w2;
  const float margin = 0.02f;  // keep off the edges, where coverage rules decide
  if (w0 < margin || w1 < margin || w2 < margin) return false;
  *depth = (w0 * ndc[0].z + w1 * ndc[1].z + w2 * ndc[2].z) * 0.5f + 0.5f;
  return true;
}

class SkinningGpuVsCpu : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string why;
    window_ = test::OpenHeadlessWindow(64, 64, &why).release();
    ASSERT_NE(window_, nullptr) << why;
  }
  static void TearDownTestSuite() {
    delete window_;
    window_ = nullptr;
  }
  static platform::Window* window_;
};
platform::Window* SkinningGpuVsCpu::window_ = nullptr;

TEST_F(SkinningGpuVsCpu, DepthAtEveryCpuSkinnedPointMatchesTheShader) {
  ASSERT_NE(window_, nullptr);
  auto renderer = SkinnedRenderer::Create();
  ASSERT_TRUE(renderer.ok()) << renderer.status().message();

  for (uint32_t seed : {1u, 2u, 3u}) {
    const Fixture f = MakeFixture(seed);
    const GpuSkinnedMesh gpu_mesh = GpuSkinnedMesh::Upload(f.mesh);

    // A depth-only target, cleared to the far plane.
    GlTexture depth = CreateTexture();
    glBindTexture(GL_TEXTURE_2D, depth.id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, kSize, kSize, 0, GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
    GlFramebuffer fbo = CreateFramebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, fbo.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth.id(), 0);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    glViewport(0, 0, kSize, kSize);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);
    glClearDepth(1.0);
    glClear(GL_DEPTH_BUFFER_BIT);

    // Looking down -z at the box: depth is linear in z.
    const glm::mat4 view_proj =
        glm::ortho(-kHalfExtent, kHalfExtent, -kHalfExtent, kHalfExtent, -kHalfExtent, kHalfExtent);
    renderer->UploadPalette(0, f.palette_ms);
    SkinnedDrawDesc draw;
    draw.mesh = &gpu_mesh;
    draw.palette_slot = 0;
    draw.palette_size = kJoints;
    renderer->DrawDepth(view_proj, draw);
    std::vector<float> depths(kSize * kSize);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, kSize, kSize, GL_DEPTH_COMPONENT, GL_FLOAT, depths.data());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

    // Every pixel whose centre lies inside a CPU-skinned triangle must hold
    // that triangle's depth, or a nearer one's (another triangle in front).
    int exact = 0, in_front = 0, checked = 0;
    for (int p = 0; p < kPoints; ++p) {
      const glm::vec4 centre = view_proj * glm::vec4(SkinOnCpu(f, f.mesh.vertices[p * 3]), 1.0f);
      const int cx = static_cast<int>((centre.x * 0.5f + 0.5f) * kSize);
      const int cy = static_cast<int>((centre.y * 0.5f + 0.5f) * kSize);
      for (int py = cy - 3; py <= cy + 3; ++py) {
        for (int px = cx - 3; px <= cx + 3; ++px) {
          if (px < 0 || py < 0 || px >= kSize || py >= kSize) continue;
          float cpu_depth = 0.0f;
          if (!CpuDepthAtPixel(f, p, view_proj, px, py, &cpu_depth)) continue;
          ++checked;
          const float gpu_depth = depths[py * kSize + px];
          EXPECT_LE(gpu_depth, cpu_depth + 1e-4f) << "seed " << seed << " point " << p << " pixel " << px << "," << py;
          if (std::fabs(gpu_depth - cpu_depth) <= 1e-4f) {
            ++exact;
          } else {
            ++in_front;
          }
        }
      }
    }
    EXPECT_GT(checked, kPoints);
    // Overlaps are rare in this scatter: most covered pixels show their own
    // triangle at exactly the CPU's depth.
    EXPECT_GT(exact, checked * 8 / 10) << "seed " << seed << ": " << in_front << " of " << checked << " hidden";
  }
}

}  // namespace
}  // namespace knights::render
