// The sun's shadow frustum fit (knights/render/shadow_map.h): pure math, no GL.
// Stability means a static world point lands on the same place within a
// shadow texel however the camera's focus moves; coverage means the focus
// and the box around it are inside the map.

#include <gtest/gtest.h>

#include <cmath>

#include <glm/glm.hpp>

#include "knights/render/shadow_map.h"

namespace knights::render {
namespace {

glm::vec3 ToShadow(const ShadowFit& fit, const glm::vec3& p_ws) {
  const glm::vec4 p = fit.world_to_shadow * glm::vec4(p_ws, 1.0f);
  return glm::vec3(p) / p.w;
}

float FractionalPart(float v) { return v - std::floor(v); }

ShadowFitDesc Desc(const glm::vec3& focus_ws) {
  ShadowFitDesc desc;
  desc.sun_dir_ws = glm::normalize(glm::vec3(-0.42f, 0.78f, 0.46f));
  desc.focus_ws = focus_ws;
  desc.map_size_px = 2048;
  return desc;
}

TEST(ShadowFit, StaticPointKeepsItsSubTexelPositionWhenTheFocusMoves) {
  const ShadowFit a = FitShadowFrustum(Desc({3.123f, 1.0f, 0.0f}));
  const ShadowFit b = FitShadowFrustum(Desc({3.9871f, 1.37f, 0.0f}));
  const ShadowFit c = FitShadowFrustum(Desc({-7.31f, 0.2f, 0.0f}));
  for (const glm::vec3& p_ws :
       {glm::vec3(2.0f, 0.5f, 0.3f), glm::vec3(4.1f, 1.9f, -1.2f), glm::vec3(-3.0f, 0.0f, 2.0f)}) {
    const glm::vec2 ta = glm::vec2(ToShadow(a, p_ws)) * 2048.0f;
    const glm::vec2 tb = glm::vec2(ToShadow(b, p_ws)) * 2048.0f;
    const glm::vec2 tc = glm::vec2(ToShadow(c, p_ws)) * 2048.0f;
    for (int axis = 0; axis < 2; ++axis) {
      // Same position inside its texel (compared modulo one texel).
      const float dab = FractionalPart(ta[axis] - tb[axis] + 0.5f) - 0.5f;
      const float dac = FractionalPart(ta[axis] - tc[axis] + 0.5f) - 0.5f;
      EXPECT_NEAR(dab, 0.0f, 2e-2f) << "axis " << axis;
      EXPECT_NEAR(dac, 0.0f, 2e-2f) << "axis " << axis;
    }
    // ...and it did move by whole texels (the focus moved by more than one).
    EXPECT_GT(std::fabs(ta.x - tb.x) + std::fabs(ta.y - tb.y), 1.0f);
  }
}

TEST(ShadowFit, SubTexelFocusShiftMovesTheMapByWholeTexels) {
  // The property above is not automatic: a focus shift of a third of a
  // texel along the light's x axis moves a point by a third of a texel in an
  // unsnapped projection; the snapped one moves it by 0 or 1 texel.
  const ShadowFit a = FitShadowFrustum(Desc({0.0f, 0.0f, 0.0f}));
  const glm::vec3 light_x_ws = glm::vec3(glm::transpose(a.world_to_light)[0]);
  const ShadowFit b = FitShadowFrustum(Desc(light_x_ws * (a.texel_size_m / 3.0f)));
  const glm::vec3 p_ws(1.0f, 0.5f, 0.0f);
  const float moved_texels = (ToShadow(a, p_ws).x - ToShadow(b, p_ws).x) * 2048.0f;
  EXPECT_TRUE(std::fabs(moved_texels) < 0.02f || std::fabs(std::fabs(moved_texels) - 1.0f) < 0.02f) << moved_texels;
}

TEST(ShadowFit, FocusAndBoxCornersAreInsideTheMap) {
  const ShadowFitDesc desc = Desc({55.5f, 2.0f, 0.0f});
  const ShadowFit fit = FitShadowFrustum(desc);
  for (int i = 0; i < 9; ++i) {
    glm::vec3 p_ws = desc.focus_ws;
    if (i < 8) {
      const glm::vec3 corner((i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f);
      p_ws += corner * desc.half_extents_m * 0.99f;
    }
    const glm::vec3 t = ToShadow(fit, p_ws);
    EXPECT_GE(t.x, 0.0f);
    EXPECT_LE(t.x, 1.0f);
    EXPECT_GE(t.y, 0.0f);
    EXPECT_LE(t.y, 1.0f);
    EXPECT_GE(t.z, 0.0f);
    EXPECT_LE(t.z, 1.0f);
  }
  // Texel size: the box's light-space footprint over the map's texels; the
  // box is at least 2 * 16 m wide, so texels are at least 32 / 2048 m.
  EXPECT_GE(fit.texel_size_m, 32.0f / 2048.0f);
  EXPECT_LT(fit.texel_size_m, 0.05f);
}

TEST(ShadowFit, CloserToTheSunMeansSmallerDepth) {
  const ShadowFitDesc desc = Desc({0.0f, 0.0f, 0.0f});
  const ShadowFit fit = FitShadowFrustum(desc);
  const glm::vec3 ground(0.0f, 0.0f, 0.0f);
  const glm::vec3 above = ground + desc.sun_dir_ws * 2.0f;  // between the ground and the sun
  EXPECT_LT(ToShadow(fit, above).z, ToShadow(fit, ground).z);
  // Same texel (a caster straight towards the sun shades that point).
  EXPECT_NEAR(ToShadow(fit, above).x, ToShadow(fit, ground).x, 1e-5f);
  EXPECT_NEAR(ToShadow(fit, above).y, ToShadow(fit, ground).y, 1e-5f);
}

}  // namespace
}  // namespace knights::render
