#include "knights/render/scene_renderer.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "knights/anim/skeleton.h"
#include "knights/render/background_builder.h"
#include "knights/render/debug_line_renderer.h"
#include "knights/render/gpu_skinned_mesh.h"
#include "knights/render/post_pass.h"
#include "knights/render/scene_target.h"
#include "knights/render/shadow_map.h"
#include "knights/render/skinned_renderer.h"
#include "knights/render/sky_pass.h"
#include "knights/render/static_mesh_renderer.h"
#include "knights/render/world_mesh_builder.h"

namespace knights::render {
namespace {

// Matrix lerp between two sim steps 1/60 s apart: the poses differ by small
// rotations, for which the blended matrix is a good rigid approximation.
glm::mat4 Lerp(const glm::mat4& a, const glm::mat4& b, float t) { return a * (1.0f - t) + b * t; }

// A knight's bounds for culling: a box around its origin (feet), metres.
constexpr glm::vec3 kKnightBoundsLo{-1.2f, -0.3f, -1.2f};
constexpr glm::vec3 kKnightBoundsHi{1.2f, 2.3f, 1.2f};

}  // namespace

SceneGeometry BuildSceneGeometry(const world::World& world) {
  SceneGeometry geometry;
  const std::vector<bool> props_drawn = ChoosePropsToDraw(PropCovers(world));
  geometry.props_not_drawn = static_cast<int>(std::count(props_drawn.begin(), props_drawn.end(), false));
  geometry.world = ChunkStaticMesh(BuildWorldMesh(world, props_drawn));
  geometry.background = ChunkStaticMesh(BuildBackgroundMesh(world));
  geometry.moving = BuildMovingScenery(world);
  geometry.torches_ws = TorchFlamesWs(world, props_drawn);
  return geometry;
}

struct SceneRenderer::Impl {
  void Draw(const FrameView& view, std::span<const KnightInstance> knights, float alpha,
            const core::DebugLines& debug_lines, const SceneSettings& settings);
  void BlendPalettes(std::span<const KnightInstance> knights, float alpha);
  SceneLighting ShadowPass(const FrameView& view, const SceneSettings& settings);
  void ChooseTorches(const FrameView& view, SceneLighting& lighting) const;
  bool ScenePass(const FrameView& view, const SceneSettings& settings, const SceneLighting& lighting);
  void ResolveAndPost(const FrameView& view, const SceneSettings& settings);

  SkyPass sky_;
  StaticMeshRenderer world_;
  StaticMeshRenderer background_;
  SkinnedRenderer skinned_;
  DebugLineRenderer lines_;
  PostPass post_;
  SceneTarget target_;
  ShadowMap shadow_map_;
  ShadowFit shadow_fit_;
  SceneStats stats_;
  std::vector<GpuSkinnedMesh> looks_;
  std::vector<glm::vec3> torches_ws_;          // the level's torch flames (SceneGeometry::torches_ws)
  std::vector<glm::mat4> blended_palette_ms_;  // scratch, sized once
  std::vector<SkinnedDrawDesc> knight_draws_;  // scratch, grows with the knight count only
};

SceneRenderer::SceneRenderer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SceneRenderer::SceneRenderer(SceneRenderer&&) noexcept = default;
SceneRenderer& SceneRenderer::operator=(SceneRenderer&&) noexcept = default;
SceneRenderer::~SceneRenderer() = default;

void SceneRenderer::PlaceScenery(std::span<const ChunkPlacement> placements) { impl_->world_.Place(placements); }

const SceneStats& SceneRenderer::stats() const { return impl_->stats_; }
const ShadowFit& SceneRenderer::shadow_fit() const { return impl_->shadow_fit_; }

core::Expected<SceneRenderer> SceneRenderer::Create() {
  auto impl = std::make_unique<Impl>();
  Impl& r = *impl;
  auto sky = SkyPass::Create();
  if (!sky) return sky.status();
  r.sky_ = std::move(*sky);
  auto world_mesh = StaticMeshRenderer::Create();
  if (!world_mesh) return world_mesh.status();
  r.world_ = std::move(*world_mesh);
  auto background = StaticMeshRenderer::Create(StaticSurfaces::kDistantOnly);
  if (!background) return background.status();
  r.background_ = std::move(*background);
  auto skinned = SkinnedRenderer::Create();
  if (!skinned) return skinned.status();
  r.skinned_ = std::move(*skinned);
  auto lines = DebugLineRenderer::Create();
  if (!lines) return lines.status();
  r.lines_ = std::move(*lines);
  auto post = PostPass::Create();
  if (!post) return post.status();
  r.post_ = std::move(*post);
  r.blended_palette_ms_.resize(anim::Skeleton::kMaxJoints);
  return SceneRenderer(std::move(impl));
}

core::Expected<SceneRenderer> SceneRenderer::Create(const world::World& world,
                                                    std::span<const anim::SkinnedMesh* const> looks) {
  auto r = Create();
  if (!r) return r;
  r->UploadGeometry(BuildSceneGeometry(world), looks);
  return r;
}

void SceneRenderer::UploadGeometry(const SceneGeometry& geometry, std::span<const anim::SkinnedMesh* const> looks) {
  UploadScene(geometry);
  impl_->looks_.clear();
  for (const anim::SkinnedMesh* mesh : looks) impl_->looks_.push_back(GpuSkinnedMesh::Upload(*mesh));
}

void SceneRenderer::UploadScene(const SceneGeometry& geometry) {
  impl_->world_.Upload(geometry.world, geometry.moving.mesh);
  impl_->background_.Upload(geometry.background);
  impl_->torches_ws_ = geometry.torches_ws;
}

// 1. Palettes: blend the two sim states, one uniform buffer per knight.
void SceneRenderer::Impl::BlendPalettes(std::span<const KnightInstance> knights, float alpha) {
  knight_draws_.clear();
  for (size_t i = 0; i < knights.size(); ++i) {
    const KnightInstance& k = knights[i];
    if (k.look < 0 || k.look >= static_cast<int>(looks_.size())) continue;
    const size_t n = std::min({k.palette_ms.size(), k.previous_palette_ms.size(), blended_palette_ms_.size()});
    for (size_t j = 0; j < n; ++j) blended_palette_ms_[j] = Lerp(k.previous_palette_ms[j], k.palette_ms[j], alpha);
    const int slot = static_cast<int>(knight_draws_.size());
    skinned_.UploadPalette(slot, std::span<const glm::mat4>(blended_palette_ms_.data(), n));
    SkinnedDrawDesc desc;
    desc.mesh = &looks_[k.look];
    desc.palette_slot = slot;
    desc.palette_size = static_cast<int>(n);
    desc.model_to_world = Lerp(k.previous_model_to_world, k.model_to_world, alpha);
    desc.skinning = !k.bind_pose;
    desc.tint = k.tint;
    knight_draws_.push_back(desc);
  }
}

// 2. Shadow pass; the lighting the scene pass uses (fog, and the shadow map
// when there is one).
SceneLighting SceneRenderer::Impl::ShadowPass(const FrameView& view, const SceneSettings& settings) {
  SceneLighting lighting;
  lighting.fog_color = view.light.fog_color;
  lighting.fog_density_per_m = settings.fog_density_per_m * view.light.fog_density_scale;
  lighting.fog_start_m = settings.fog_start_m;
  lighting.fast_shading = settings.fast_shading;
  if (settings.shadows) {
    const int size = std::clamp(settings.shadow_map_size_px, 256, 8192);
    if (shadow_map_.size_px() != size) {
      auto map = ShadowMap::Create(size);
      if (map) shadow_map_ = std::move(*map);
    }
  }
  if (settings.shadows && shadow_map_.size_px() > 0) {
    // Focus: where the camera looks on the play plane (z = 0).
    const glm::vec3 forward_ws = -glm::vec3(view.view_ws[0][2], view.view_ws[1][2], view.view_ws[2][2]);
    const float t = std::fabs(forward_ws.z) > 1e-4f ? -view.eye_ws.z / forward_ws.z : 9.0f;
    glm::vec3 focus_ws = view.eye_ws + forward_ws * std::clamp(t, 0.0f, 30.0f);
    focus_ws.z = 0.0f;
    ShadowFitDesc fit_desc;
    fit_desc.sun_dir_ws = view.light.sun_dir_ws;
    fit_desc.focus_ws = focus_ws;
    fit_desc.map_size_px = shadow_map_.size_px();
    shadow_fit_ = FitShadowFrustum(fit_desc);
    // The map is written in this pass: it must not stay bound where the
    // lit programs (which also draw knights' depth) sample it.
    glActiveTexture(GL_TEXTURE0 + kShadowTextureUnit);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    shadow_map_.BeginPass();
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(1.5f, 2.0f);  // slope-scaled depth bias against acne
    world_.DrawDepth(shadow_fit_.view_proj);
    for (const SkinnedDrawDesc& desc : knight_draws_) {
      const glm::vec3 origin = glm::vec3(desc.model_to_world[3]);
      if (BoxOutsideFrustum(shadow_fit_.view_proj, origin + kKnightBoundsLo, origin + kKnightBoundsHi)) continue;
      skinned_.DrawDepth(shadow_fit_.view_proj, desc);
    }
    glDisable(GL_POLYGON_OFFSET_FILL);
    lighting.shadows = true;
    lighting.shadow_texture = shadow_map_.texture();
    lighting.world_to_shadow = shadow_fit_.world_to_shadow;
    lighting.shadow_texel_m = shadow_fit_.texel_size_m;
    stats_.shadows = true;
    stats_.shadow_texel_m = shadow_fit_.texel_size_m;
  }

  return lighting;
}

// The torches that light the frame when the light has them: the nearest
// to where the camera looks, by x (the play strip runs along it), within
// 25 m. No allocation.
void SceneRenderer::Impl::ChooseTorches(const FrameView& view, SceneLighting& lighting) const {
  lighting.point_light_count = 0;
  if (view.light.torch_color == glm::vec3(0.0f)) return;
  constexpr float kReachM = 25.0f;
  std::array<float, SceneLighting::kMaxPointLights> distance_m{};
  for (const glm::vec3& torch_ws : torches_ws_) {
    const float d = std::fabs(torch_ws.x - view.eye_ws.x);
    if (d > kReachM) continue;
    int i = lighting.point_light_count;
    if (i == SceneLighting::kMaxPointLights) {
      if (d >= distance_m[i - 1]) continue;
      --i;  // the farthest chosen one makes room
    } else {
      ++lighting.point_light_count;
    }
    // Insertion by distance.
    for (; i > 0 && distance_m[i - 1] > d; --i) {
      distance_m[i] = distance_m[i - 1];
      lighting.point_lights_ws[i] = lighting.point_lights_ws[i - 1];
    }
    distance_m[i] = d;
    lighting.point_lights_ws[i] = torch_ws;
  }
}

// 3. Scene pass into the offscreen target (the window's framebuffer when the
// target cannot be made); false in that case.
bool SceneRenderer::Impl::ScenePass(const FrameView& view, const SceneSettings& settings,
                                    const SceneLighting& lighting) {
  const float scale = std::clamp(settings.render_scale, 0.25f, 2.0f);
  const int scene_w = std::max(1, static_cast<int>(std::lround(view.width_px * scale)));
  const int scene_h = std::max(1, static_cast<int>(std::lround(view.height_px * scale)));
  const int samples = settings.anti_aliasing == AntiAliasing::kMsaa ? settings.msaa_samples : 0;
  const bool target_ok = target_.Ensure(scene_w, scene_h, samples);
  if (target_ok) {
    target_.BeginScene();
  } else {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, view.width_px, view.height_px);
  }
  glDisable(GL_FRAMEBUFFER_SRGB);  // the target is linear float; the post pass encodes
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_CULL_FACE);  // world meshes are open and seen from both sides
  glClearColor(lighting.fog_color.r, lighting.fog_color.g, lighting.fog_color.b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

  // The flushes hand the world and the background to the rasteriser's
  // threads while this one goes on: on a software rasteriser (llvmpipe) the
  // next draws' shaders are JIT-compiled here at their first use, so the
  // rasterising of what came before overlaps that compiling (~0.1 s less to
  // the first frame); the pixels are the same.
  world_.Draw(view, lighting, true);
  glFlush();
  stats_.world_chunks_drawn = world_.last_drawn_chunks();
  if (settings.background) background_.Draw(view, lighting, false);
  glFlush();
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  for (const SkinnedDrawDesc& desc : knight_draws_) {
    const glm::vec3 origin = glm::vec3(desc.model_to_world[3]);
    if (BoxOutsideFrustum(view.view_proj, origin + kKnightBoundsLo, origin + kKnightBoundsHi)) continue;
    skinned_.Draw(view, lighting, desc);
    ++stats_.knights_drawn;
  }
  // The sky last among opaque passes: it only fills pixels nothing covered.
  glDisable(GL_CULL_FACE);
  sky_.Draw(view);

  return target_ok;
}

// 4. Resolve and post-process into the window's framebuffer.
void SceneRenderer::Impl::ResolveAndPost(const FrameView& view, const SceneSettings& settings) {
  target_.Resolve();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  PostParams post;
  post.scene_texture = target_.resolved_texture();
  post.scene_width_px = target_.width_px();
  post.scene_height_px = target_.height_px();
  post.output_width_px = view.width_px;
  post.output_height_px = view.height_px;
  post.exposure = settings.exposure;
  post.fxaa = settings.anti_aliasing == AntiAliasing::kFxaa ||
              (settings.anti_aliasing == AntiAliasing::kMsaa && target_.samples() == 0);
  post.vignette = settings.vignette;
  post.fast = settings.fast_shading;
  post_.Draw(post);
  stats_.scene_width_px = target_.width_px();
  stats_.scene_height_px = target_.height_px();
  stats_.msaa_samples = target_.samples();
  stats_.fxaa = post.fxaa;
}

void SceneRenderer::Draw(const FrameView& view, std::span<const KnightInstance> knights, float alpha,
                         const core::DebugLines& debug_lines, const SceneSettings& settings) {
  impl_->Draw(view, knights, alpha, debug_lines, settings);
}

void SceneRenderer::Impl::Draw(const FrameView& view, std::span<const KnightInstance> knights, float alpha,
                               const core::DebugLines& debug_lines, const SceneSettings& settings) {
  stats_ = SceneStats{};
  BlendPalettes(knights, alpha);
  SceneLighting lighting = ShadowPass(view, settings);
  ChooseTorches(view, lighting);
  if (ScenePass(view, settings, lighting)) ResolveAndPost(view, settings);
  // 5. Debug lines on top.
  glViewport(0, 0, view.width_px, view.height_px);
  lines_.Draw(view, debug_lines);
  glDisable(GL_FRAMEBUFFER_SRGB);
  glDisable(GL_CULL_FACE);
}

}  // namespace knights::render
