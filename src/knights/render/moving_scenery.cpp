#include "knights/render/moving_scenery.h"

#include <algorithm>
#include <cmath>

#include "knights/render/palette.h"
#include "knights/render/static_shapes.h"

namespace knights::render {
namespace {

using palette::kBannerRed;
using palette::kDarkWood;
using palette::kGold;

constexpr float kPoleDepthZ = -1.0f;    // the pole stands this far behind the path, metres
constexpr float kFlagHalfW = 0.42f;     // a flag's half width along x, metres
constexpr float kFlagHalfH = 0.28f;     // and half height
constexpr float kFlagFootM = 0.35f;     // a flag's centre over the pole's foot when down, metres
constexpr float kGateArchHalfZ = 1.1f;  // the arch's half width across the path, metres
constexpr float kGateArchH = 3.0f;      // its height, metres
constexpr float kGateLiftM = 2.9f;      // the portcullis lifts this far, into the wall over the arch
const glm::vec3 kPaleCloth{0.62f, 0.60f, 0.55f};
const glm::vec3 kIron{0.10f, 0.10f, 0.11f};
const glm::vec3 kGemGreen{0.10f, 0.80f, 0.38f};
constexpr float kGemHalfH = 0.16f;  // a gem's half height, metres
constexpr float kGemHalfW = 0.11f;  // and its half width
constexpr float kGemBobM = 0.07f;   // how far it bobs up and down, metres
constexpr float kGemBobHz = 0.6f;   // how often

// A gem at centre_ws: an octahedron, taller than wide, its faces shaded in
// two tones so its facets read.
void AppendGem(std::vector<StaticVertex>& out, const glm::vec3& centre_ws) {
  const glm::vec3 top = centre_ws + glm::vec3(0.0f, kGemHalfH, 0.0f);
  const glm::vec3 bottom = centre_ws - glm::vec3(0.0f, kGemHalfH, 0.0f);
  const glm::vec3 ring[4] = {centre_ws + glm::vec3(kGemHalfW, 0.0f, 0.0f), centre_ws + glm::vec3(0.0f, 0.0f, kGemHalfW),
                             centre_ws - glm::vec3(kGemHalfW, 0.0f, 0.0f),
                             centre_ws - glm::vec3(0.0f, 0.0f, kGemHalfW)};
  for (int i = 0; i < 4; ++i) {
    const glm::vec3& a = ring[i];
    const glm::vec3& b = ring[(i + 1) % 4];
    const glm::vec3 tone = i % 2 == 0 ? kGemGreen : kGemGreen * 0.75f;
    AppendTriangle(out, a, b, top, tone);
    AppendTriangle(out, b, a, bottom, tone * 0.8f);
  }
}

// A flag on the pole at base_ws, its centre `centre_up_m` over the foot:
// the cloth with an emblem, both faces.
void AppendFlag(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float centre_up_m, const glm::vec3& cloth,
                const glm::vec3& emblem) {
  const glm::vec3 centre = base_ws + glm::vec3(kFlagHalfW + 0.05f, centre_up_m, 0.0f);
  AppendBox(out, centre, glm::vec3(kFlagHalfW, kFlagHalfH, 0.015f), 0.0f, cloth);
  AppendBox(out, centre + glm::vec3(0.0f, 0.0f, 0.02f), glm::vec3(0.12f, 0.12f, 0.006f), 0.0f, emblem);
}

// The gate's grille in its arch at base_ws (the goal on the ground): iron
// bars across the path and down it, pointed at the foot.
void AppendPortcullis(std::vector<StaticVertex>& out, const glm::vec3& base_ws) {
  for (float z = -kGateArchHalfZ + 0.1f; z <= kGateArchHalfZ - 0.05f; z += 0.27f) {
    const glm::vec3 foot = base_ws + glm::vec3(0.0f, 0.12f, z);
    AppendBeam(out, foot, base_ws + glm::vec3(0.0f, kGateArchH, z), 0.035f, kIron, StaticMaterial::kPlain);
    AppendCone(out, foot - glm::vec3(0.0f, 0.12f, 0.0f), 0.05f, 0.12f, 4, kIron);
  }
  for (float y = 0.45f; y < kGateArchH; y += 0.55f) {
    AppendBeam(out, base_ws + glm::vec3(0.0f, y, -kGateArchHalfZ), base_ws + glm::vec3(0.0f, y, kGateArchHalfZ), 0.03f,
               kDarkWood, StaticMaterial::kWood);
  }
}

// Appends `triangles` as one more chunk of mesh, its bounding box included.
void AddChunk(StaticMeshChunks& mesh, const std::vector<StaticVertex>& triangles) {
  StaticMeshChunks::Chunk chunk;
  chunk.first_vertex = static_cast<int>(mesh.vertices.size());
  chunk.vertex_count = static_cast<int>(triangles.size());
  chunk.lo_ws = glm::vec3(1e30f);
  chunk.hi_ws = glm::vec3(-1e30f);
  for (const StaticVertex& v : triangles) {
    chunk.lo_ws = glm::min(chunk.lo_ws, v.position_ws);
    chunk.hi_ws = glm::max(chunk.hi_ws, v.position_ws);
  }
  mesh.vertices.insert(mesh.vertices.end(), triangles.begin(), triangles.end());
  mesh.chunks.push_back(chunk);
}

}  // namespace

glm::vec3 CheckpointPoleBaseWs(const world::World& world, float checkpoint_x) {
  return {checkpoint_x, world.GroundHeightOr(checkpoint_x, kPoleDepthZ), kPoleDepthZ};
}

MovingScenery BuildMovingScenery(const world::World& world) {
  MovingScenery scenery;
  const world::Level& level = world.level();
  std::vector<StaticVertex> triangles;
  const float travel_m = kCheckpointPoleM - kFlagHalfH - 0.05f - kFlagFootM;
  for (size_t i = 0; i < level.checkpoints.size(); ++i) {
    const glm::vec3 base_ws = CheckpointPoleBaseWs(world, level.checkpoints[i]);
    triangles.clear();
    AppendFlag(triangles, base_ws, kFlagFootM, kPaleCloth, kPaleCloth * 0.7f);
    AddChunk(scenery.mesh, triangles);
    scenery.pieces.push_back({SceneryPieceKind::kFlagDown, static_cast<int>(i), 0.0f});
    triangles.clear();
    AppendFlag(triangles, base_ws, kFlagFootM, kBannerRed, kGold);
    AddChunk(scenery.mesh, triangles);
    scenery.pieces.push_back({SceneryPieceKind::kFlagRaised, static_cast<int>(i), travel_m});
  }
  if (level.goal.kind == world::GoalKind::kGate) {
    triangles.clear();
    AppendPortcullis(triangles, glm::vec3(level.goal.x, world.GroundHeightOr(level.goal.x, 0.0f), 0.0f));
    AddChunk(scenery.mesh, triangles);
    scenery.pieces.push_back({SceneryPieceKind::kPortcullis, -1, kGateLiftM});
  }
  for (size_t i = 0; i < level.collectibles.size(); ++i) {
    triangles.clear();
    AppendGem(triangles, world::CollectiblePositionWs(level.terrain, level.collectibles[i]));
    AddChunk(scenery.mesh, triangles);
    scenery.pieces.push_back({SceneryPieceKind::kGem, -1, 0.0f, static_cast<int>(i)});
  }
  return scenery;
}

void PlaceMovingScenery(std::span<const SceneryPiece> pieces, const SceneryState& state,
                        std::span<ChunkPlacement> out) {
  const size_t n = std::min(out.size(), pieces.size());
  for (size_t i = 0; i < n; ++i) {
    const SceneryPiece& piece = pieces[i];
    if (piece.kind == SceneryPieceKind::kGem) {
      const auto gem = static_cast<size_t>(piece.gem);
      const float phase = 6.2831853f * kGemBobHz * state.time_s + static_cast<float>(piece.gem);
      out[i].offset_ws = glm::vec3(0.0f, kGemBobM * std::sin(phase), 0.0f);
      out[i].visible = gem >= state.gems_taken.size() || state.gems_taken[gem] == 0;
      continue;
    }
    float raise = state.gate_open;
    if (piece.kind != SceneryPieceKind::kPortcullis) {
      const auto index = static_cast<size_t>(piece.checkpoint);
      raise = index < state.flag_raise.size() ? state.flag_raise[index] : 0.0f;
    }
    out[i].offset_ws = glm::vec3(0.0f, raise * piece.travel_m, 0.0f);
    // The pale flag is taken down as the red one goes up.
    out[i].visible =
        piece.kind == SceneryPieceKind::kPortcullis || (piece.kind == SceneryPieceKind::kFlagRaised) == (raise > 0.0f);
  }
}

}  // namespace knights::render
