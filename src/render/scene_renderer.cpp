#include "render/scene_renderer.h"

#include <algorithm>

#include "anim/skeleton.h"
#include "render/world_mesh_builder.h"

namespace knights::render {
namespace {

// Matrix lerp between two sim steps 1/60 s apart: the poses differ by small
// rotations, for which the blended matrix is a good rigid approximation.
glm::mat4 Lerp(const glm::mat4& a, const glm::mat4& b, float t) {
  return a * (1.0f - t) + b * t;
}

}  // namespace

core::Expected<SceneRenderer> SceneRenderer::Create(const world::World& world,
                                                    std::span<const anim::SkinnedMesh* const> looks) {
  SceneRenderer r;
  auto sky = SkyPass::Create();
  if (!sky) return sky.status();
  r.sky_ = std::move(*sky);
  auto static_mesh = StaticMeshRenderer::Create();
  if (!static_mesh) return static_mesh.status();
  r.world_ = std::move(*static_mesh);
  auto skinned = SkinnedRenderer::Create();
  if (!skinned) return skinned.status();
  r.skinned_ = std::move(*skinned);
  auto lines = DebugLineRenderer::Create();
  if (!lines) return lines.status();
  r.lines_ = std::move(*lines);
  const std::vector<StaticVertex> geometry = BuildWorldMesh(world);
  r.world_.Upload(geometry);
  for (const anim::SkinnedMesh* mesh : looks) r.looks_.push_back(GpuSkinnedMesh::Upload(*mesh));
  r.blended_palette_ms_.resize(anim::Skeleton::kMaxJoints);
  return r;
}

void SceneRenderer::Draw(const FrameView& view, std::span<const KnightInstance> knights, float alpha,
                         const core::DebugLines& debug_lines, const SceneSettings& settings) {
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  glEnable(GL_FRAMEBUFFER_SRGB);
  glClearColor(settings.fog_color.r, settings.fog_color.g, settings.fog_color.b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

  world_.Draw(view, settings.fog_color, settings.fog_density_per_m);
  for (const KnightInstance& k : knights) {
    if (k.look < 0 || k.look >= static_cast<int>(looks_.size())) continue;
    const size_t n = std::min({k.palette_ms.size(), k.previous_palette_ms.size(), blended_palette_ms_.size()});
    for (size_t i = 0; i < n; ++i) blended_palette_ms_[i] = Lerp(k.previous_palette_ms[i], k.palette_ms[i], alpha);
    SkinnedDrawDesc desc;
    desc.mesh = &looks_[k.look];
    desc.palette_ms = std::span<const glm::mat4>(blended_palette_ms_.data(), n);
    desc.model_to_world = Lerp(k.previous_model_to_world, k.model_to_world, alpha);
    desc.skinning = !k.bind_pose;
    desc.tint = k.tint;
    skinned_.Draw(view, desc);
  }
  // The sky last among opaque passes: it only fills pixels nothing covered.
  glDisable(GL_CULL_FACE);
  sky_.Draw(glm::vec3(0.85f, 0.82f, 0.76f), glm::vec3(0.22f, 0.40f, 0.72f), glm::vec2(0.55f, 0.55f));
  lines_.Draw(view, debug_lines);
  glDisable(GL_FRAMEBUFFER_SRGB);
}

}  // namespace knights::render
