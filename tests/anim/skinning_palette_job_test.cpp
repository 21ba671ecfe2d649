#include "knights/anim/skinning_palette_job.h"

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "knights/anim/local_to_model_job.h"
#include "anim_test_util.h"
#include "knights/math/approx.h"

namespace knights::anim {
namespace {

std::vector<glm::mat4> ModelsAt(const Skeleton& skeleton, std::span<const math::Transform> locals_ls) {
  std::vector<glm::mat4> models_ms(static_cast<size_t>(skeleton.JointCount()));
  LocalToModelJob job;
  job.parents = skeleton.Parents();
  job.locals_ls = locals_ls;
  job.models_ms = models_ms;
  EXPECT_TRUE(job.Run());
  return models_ms;
}

TEST(SkinningPaletteJobTest, IdentityAtBindPose) {
  // MakeSkeleton's inverse binds are the inverses of the rest-pose model matrices.
  const Skeleton skeleton = test::MakeSkeleton(test::BranchingParents());
  const std::vector<glm::mat4> models_ms = ModelsAt(skeleton, skeleton.RestPose());
  std::vector<glm::mat4> palette(models_ms.size());
  SkinningPaletteJob job;
  job.models_ms = models_ms;
  job.inverse_bind_ms = skeleton.InverseBind();
  job.palette_ms = palette;
  ASSERT_TRUE(job.Run());
  for (size_t i = 0; i < palette.size(); ++i) {
    EXPECT_TRUE(math::ApproxEqual(palette[i], glm::mat4(1.0f), 1e-4f)) << "joint " << i;
  }
}

TEST(SkinningPaletteJobTest, MovesBindVerticesWithTheirJoint) {
  const Skeleton skeleton = test::MakeSkeleton(test::BranchingParents());
  const std::vector<glm::mat4> bind_ms = ModelsAt(skeleton, skeleton.RestPose());
  std::vector<math::Transform> posed(skeleton.RestPose().begin(), skeleton.RestPose().end());
  posed[3].rotation = test::AxisAngle(1.0f, {0, 0, 1}) * posed[3].rotation;
  const std::vector<glm::mat4> models_ms = ModelsAt(skeleton, posed);
  std::vector<glm::mat4> palette(models_ms.size());
  SkinningPaletteJob job;
  job.models_ms = models_ms;
  job.inverse_bind_ms = skeleton.InverseBind();
  job.palette_ms = palette;
  ASSERT_TRUE(job.Run());
  // A vertex rigidly attached to joint i: fixed in joint space, so its posed
  // position is models[i] * (inverse(bind[i]) * v_bind) = palette[i] * v_bind.
  const glm::vec4 offset_js(0.1f, 0.4f, -0.2f, 1.0f);
  for (size_t i = 0; i < palette.size(); ++i) {
    const glm::vec4 v_bind_ms = bind_ms[i] * offset_js;
    EXPECT_TRUE(math::ApproxEqual(palette[i] * v_bind_ms, models_ms[i] * offset_js, 1e-4f));
    EXPECT_TRUE(math::ApproxEqual(palette[i], models_ms[i] * skeleton.InverseBind()[i], 1e-4f));
  }
}

TEST(SkinningPaletteJobTest, ValidateRejectsMismatchedSizes) {
  std::vector<glm::mat4> models(3, glm::mat4(1.0f)), inverse_bind(2, glm::mat4(1.0f)), palette(3);
  SkinningPaletteJob job;
  job.models_ms = models;
  job.inverse_bind_ms = inverse_bind;
  job.palette_ms = palette;
  EXPECT_FALSE(job.Run());
  inverse_bind.push_back(glm::mat4(1.0f));
  job.inverse_bind_ms = inverse_bind;
  job.palette_ms = std::span<glm::mat4>(palette).first(2);
  EXPECT_FALSE(job.Run());
  job.palette_ms = palette;
  EXPECT_TRUE(job.Run());
}

}  // namespace
}  // namespace knights::anim
