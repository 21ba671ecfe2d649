// A character's textures against the GL's GL_MAX_TEXTURE_SIZE: the asset
// caps allow 8192 px a side, a GL may allow less, and a texture it cannot
// hold is refused at load with one line naming it.

#include <gtest/gtest.h>

#include <string>

#include "knights/anim/skinned_mesh.h"
#include "knights/render/gpu_skinned_mesh.h"
#include "headless_window.h"

namespace knights::render {
namespace {

anim::SkinnedMesh MeshWithTextures(std::initializer_list<std::pair<int, int>> sizes_px) {
  anim::SkinnedMesh mesh;
  int index = 0;
  for (const auto& [width, height] : sizes_px) {
    anim::TextureImage image;
    image.name = "hero.glb#texture" + std::to_string(index++);
    image.width = width;
    image.height = height;
    mesh.textures.push_back(std::move(image));  // the check reads sizes only
  }
  return mesh;
}

TEST(CheckTexturesFit, AcceptsTexturesUpToTheLimit) {
  EXPECT_TRUE(CheckTexturesFit(MeshWithTextures({}), 1024).ok());
  EXPECT_TRUE(CheckTexturesFit(MeshWithTextures({{1024, 1024}, {1, 1024}, {1024, 3}}), 1024).ok());
}

TEST(CheckTexturesFit, RefusesAWideOrTallTextureNamingItAndTheLimit) {
  for (const auto& [width, height] : {std::pair{1025, 16}, std::pair{16, 1025}}) {
    const core::Status fit = CheckTexturesFit(MeshWithTextures({{64, 64}, {width, height}}), 1024);
    ASSERT_FALSE(fit.ok());
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    EXPECT_NE(fit.message().find("hero.glb#texture1"), std::string::npos) << fit.message();
    EXPECT_NE(fit.message().find(size), std::string::npos) << fit.message();
    EXPECT_NE(fit.message().find("GL_MAX_TEXTURE_SIZE of 1024"), std::string::npos) << fit.message();
    EXPECT_EQ(fit.message().find('\n'), std::string::npos);
  }
}

TEST(MaxTextureSidePx, IsAtLeastWhatOpenGl33Guarantees) {
  std::string why;
  auto window = test::OpenHeadlessWindow(16, 16, &why);
  ASSERT_NE(window, nullptr) << why;
  EXPECT_GE(MaxTextureSidePx(), 1024);  // the GL 3.3 minimum
  EXPECT_TRUE(CheckTexturesFit(MeshWithTextures({{1024, 1024}}), MaxTextureSidePx()).ok());
}

}  // namespace
}  // namespace knights::render
