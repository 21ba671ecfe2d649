// Fuzz target: .glb bytes in memory -> assimp -> asset::LoadCharacterModelFromMemory
// -> our Skeleton, Clips and SkinnedMesh -> sampling, local-to-model and the
// skinning palette, as the game runs them every frame.
//
// Invariants checked on every input:
// - a rejected file has a message that starts with the name given;
// - an accepted model is self-consistent: every vertex's joints are joints
//   of the skeleton and its weights sum to 1; every index names a vertex;
//   every part's triangles and material exist; every texture is as big as
//   it says;
// - every clip samples (with and without a SamplingCache, which must not
//   change the result, knights/anim/sampling_cache.h) at a spread of times including
//   negative and far-out ones, and local-to-model and the palette jobs accept
//   the buffers the skeleton sizes.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "knights/anim/local_to_model_job.h"
#include "knights/anim/sampling_cache.h"
#include "knights/anim/sampling_job.h"
#include "knights/anim/skinning_palette_job.h"
#include "knights/asset/character_model.h"
#include "knights/core/log.h"
#include "fuzz_check.h"

namespace {

using knights::anim::Clip;
using knights::asset::CharacterModel;
using knights::math::Transform;

const std::string kName = "fuzz.glb";

// Equal up to rounding: the cache may pick the neighbouring segment at a key's
// exact time, whose interpolation can differ in the last bits.
bool Near(float a, float b) {
  if (a == b || (std::isnan(a) && std::isnan(b))) return true;
  const float scale = std::max({1.0f, std::fabs(a), std::fabs(b)});
  return std::fabs(a - b) <= 1e-4f * scale;
}

bool SameTransform(const Transform& a, const Transform& b) {
  for (int i = 0; i < 3; ++i) {
    if (!Near(a.translation[i], b.translation[i]) || !Near(a.scale[i], b.scale[i])) return false;
  }
  for (int i = 0; i < 4; ++i) {
    if (!Near(a.rotation[i], b.rotation[i])) return false;
  }
  return true;
}

void CheckMesh(const CharacterModel& model) {
  const int joints = model.skeleton.JointCount();
  const auto& mesh = model.mesh;
  for (const knights::anim::SkinnedVertex& v : mesh.vertices) {
    float total = 0.0f;
    for (int i = 0; i < knights::anim::kMaxInfluences; ++i) {
      KNIGHTS_FUZZ_CHECK(v.joints[i] < joints);
      KNIGHTS_FUZZ_CHECK(v.weights[i] >= 0.0f);
      total += v.weights[i];
    }
    KNIGHTS_FUZZ_CHECK(std::fabs(total - 1.0f) < 1e-3f);
  }
  KNIGHTS_FUZZ_CHECK(mesh.indices.size() % 3 == 0);
  for (uint32_t index : mesh.indices) KNIGHTS_FUZZ_CHECK(index < mesh.vertices.size());
  for (const knights::anim::MeshPart& part : mesh.parts) {
    KNIGHTS_FUZZ_CHECK(part.first_index + static_cast<uint64_t>(part.index_count) <= mesh.indices.size());
    KNIGHTS_FUZZ_CHECK(part.material >= 0 && part.material < static_cast<int>(mesh.materials.size()));
  }
  for (const knights::anim::MeshMaterial& material : mesh.materials) {
    KNIGHTS_FUZZ_CHECK(material.base_color_texture >= -1 &&
                       material.base_color_texture < static_cast<int>(mesh.textures.size()));
  }
  for (const knights::anim::TextureImage& texture : mesh.textures) {
    KNIGHTS_FUZZ_CHECK(texture.width > 0 && texture.height > 0);
    KNIGHTS_FUZZ_CHECK(texture.rgba.size() == static_cast<size_t>(texture.width) * texture.height * 4);
  }
}

void CheckClips(const CharacterModel& model) {
  const knights::anim::Skeleton& skeleton = model.skeleton;
  const size_t n = static_cast<size_t>(skeleton.JointCount());
  std::vector<Transform> cached_ls(n), fresh_ls(n);
  std::vector<glm::mat4> models_ms(n), palette_ms(n);
  knights::anim::SamplingCache cache(skeleton.JointCount());
  for (const Clip& clip : model.clips) {
    KNIGHTS_FUZZ_CHECK(clip.JointCount() == skeleton.JointCount());
    KNIGHTS_FUZZ_CHECK(std::isfinite(clip.DurationS()) && clip.DurationS() >= 0.0f);
    const float d = clip.DurationS();
    for (float t : {0.0f, 0.25f * d, 0.5f * d, 0.75f * d, d, 1.5f * d, 1.0f / 60.0f, -0.3f * d, -1.0f, 1.0e6f}) {
      knights::anim::SamplingJob sample;
      sample.clip = &clip;
      sample.time_s = t;
      sample.rest_pose_ls = skeleton.RestPose();
      sample.output_ls = fresh_ls;
      KNIGHTS_FUZZ_CHECK(sample.Run());
      sample.cache = &cache;
      sample.output_ls = cached_ls;
      KNIGHTS_FUZZ_CHECK(sample.Run());
      for (size_t j = 0; j < n; ++j) KNIGHTS_FUZZ_CHECK(SameTransform(fresh_ls[j], cached_ls[j]));

      knights::anim::LocalToModelJob l2m;
      l2m.parents = skeleton.Parents();
      l2m.locals_ls = fresh_ls;
      l2m.models_ms = models_ms;
      KNIGHTS_FUZZ_CHECK(l2m.Run());
      // Restarting at the last joint (the IK pass's partial update) is accepted too.
      l2m.from = skeleton.JointCount() - 1;
      KNIGHTS_FUZZ_CHECK(l2m.Run());

      knights::anim::SkinningPaletteJob palette;
      palette.models_ms = models_ms;
      palette.inverse_bind_ms = skeleton.InverseBind();
      palette.palette_ms = palette_ms;
      KNIGHTS_FUZZ_CHECK(palette.Run());

      for (int limb = 0; limb < knights::anim::kLimbCount; ++limb) {
        const auto l = static_cast<knights::anim::Limb>(limb);
        if (const auto phase = clip.ContactPhase(l, t)) KNIGHTS_FUZZ_CHECK(*phase >= 0.0f && *phase <= 1.0f);
        (void)clip.IsInContact(l, t);
        (void)clip.ContactTimeLeftS(l, t);
      }
      const float wrapped = clip.WrapTime(t);
      KNIGHTS_FUZZ_CHECK(wrapped >= 0.0f && wrapped <= d);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool quiet = (knights::core::SetLogLevel(knights::core::LogLevel::kNone), true);
  (void)quiet;
  auto model = knights::asset::LoadCharacterModelFromMemory(std::span<const uint8_t>(data, size), kName);
  if (!model.ok()) {
    KNIGHTS_FUZZ_CHECK(model.status().message().rfind(kName, 0) == 0);
    return 0;
  }
  KNIGHTS_FUZZ_CHECK(model->skeleton.JointCount() > 0);
  KNIGHTS_FUZZ_CHECK(model->FindClip("") == -1 || !model->clips.empty());
  CheckMesh(*model);
  CheckClips(*model);
  return 0;
}
