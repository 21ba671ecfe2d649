#pragma once
// Scenery that moves with the player's progress (GL-free): each
// checkpoint's flag, which rises up its pole once passed, and the castle
// gate's portcullis, which lifts into the wall over the arch as the player
// comes near. Each piece is built once, in world space where it stands
// when shut or lowered, as one chunk of its own; a frame places each chunk
// with an offset (PlaceMovingScenery) rather than rebuilding anything.

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/render/static_geometry.h"
#include "knights/world/world.h"

namespace knights::render {

enum class SceneryPieceKind {
  kFlagDown,    // a checkpoint not yet passed: a pale flag furled at the pole's foot
  kFlagRaised,  // the same checkpoint's red flag, rising to the top once passed
  kPortcullis,  // the gate's grille, lifted into the wall over the arch
  kGem,         // a collectible, bobbing over the course until taken
};

struct SceneryPiece {
  SceneryPieceKind kind = SceneryPieceKind::kFlagDown;
  int checkpoint = -1;    // the checkpoint of a flag; -1 for the portcullis
  float travel_m = 0.0f;  // how far up it moves at a state of 1, metres
  int gem = -1;           // the collectible of a gem (its index in the level)
};

// The pieces' triangles (mesh.chunks[i] is pieces[i]) and what they are.
struct MovingScenery {
  StaticMeshChunks mesh;
  std::vector<SceneryPiece> pieces;
};

// Where each chunk of a StaticMeshRenderer is drawn this frame.
struct ChunkPlacement {
  glm::vec3 offset_ws{0.0f};  // added to every vertex, world metres
  bool visible = true;
};

// The state the pieces are posed from (game::CourseMarkers eased): each
// checkpoint's flag 0 (down) .. 1 (top), the gate 0 (shut) .. 1 (lifted).
struct SceneryState {
  std::span<const float> flag_raise;
  float gate_open = 0.0f;
  std::span<const uint8_t> gems_taken;  // per gem, 1: taken (hidden); beyond the span: in place
  float time_s = 0.0f;                  // the gems' bob, seconds of play
};

// Height of a checkpoint's pole, metres.
inline constexpr float kCheckpointPoleM = 3.0f;

// The checkpoint poles belong to the static world (BuildWorldMesh); the
// flags, the portcullis and the gems are built here.
MovingScenery BuildMovingScenery(const world::World& world);
// Each piece's placement for `state` into out (one per piece; a checkpoint
// beyond state.flag_raise counts as not passed).
void PlaceMovingScenery(std::span<const SceneryPiece> pieces, const SceneryState& state, std::span<ChunkPlacement> out);
// Where a checkpoint's pole stands: behind the path, on the ground, world.
glm::vec3 CheckpointPoleBaseWs(const world::World& world, float checkpoint_x);

}  // namespace knights::render
