#pragma once
// World geometry (terrain, platforms, ladders, props, background layers)
// uploaded once in world space and drawn lit, shadowed and fogged with a
// procedural texture per material (shaders/static_mesh.frag). The triangles
// are binned into chunks along x, each with its bounding box, so a frame
// draws only the chunks inside the camera's (or the sun's) frustum.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/core/status.h"
#include "knights/render/frame_view.h"
#include "knights/render/moving_scenery.h"
#include "knights/render/gl_object.h"
#include "knights/render/scene_lighting.h"
#include "knights/render/shader_program.h"
#include "knights/render/static_geometry.h"

namespace knights::render {

// Which surfaces a StaticMeshRenderer draws, i.e. which fragment program it
// compiles: a software rasteriser runs every material's code for every pixel
// (both sides of each branch for its SIMD lanes), so the background layers,
// all StaticMaterial::kDistant or kPlain and never shadowed, get a program
// with only those (3x faster to draw, half the time to compile); it gives
// them the same pixels (tests/render/static_mesh_distant_test.cpp).
enum class StaticSurfaces {
  kAllMaterials,  // shaders/static_mesh.frag, shadowed; has a depth pass
  kDistantOnly,   // shaders/static_mesh_distant.frag: kDistant and kPlain, unshadowed; no depth pass
};

class StaticMeshRenderer {
 public:
  // Length of one chunk along x, metres.
  static constexpr float kChunkLengthM = 12.0f;

  static core::Expected<StaticMeshRenderer> Create(StaticSurfaces surfaces = StaticSurfaces::kAllMaterials);
  // Replaces the geometry (triangle list, counter-clockwise front faces).
  // Triangles are reordered into chunks by their centroid's x.
  void Upload(std::span<const StaticVertex> triangles);
  // The same with the chunks already made (ChunkStaticMesh), and moving
  // pieces after them (BuildMovingScenery: one chunk each, placed by Place).
  void Upload(const StaticMeshChunks& mesh, const StaticMeshChunks& moving = {});
  // Lit pass. receive_shadows: false for geometry outside the shadow map
  // (kDistantOnly never receives shadows).
  void Draw(const FrameView& view, const SceneLighting& lighting, bool receive_shadows) const;
  // Depth-only pass into the bound shadow map, culled against light_view_proj
  // (nothing for kDistantOnly).
  void DrawDepth(const glm::mat4& light_view_proj) const;

  // Where each moving piece is drawn from now on (placements[i] for the
  // i-th chunk of Upload's `moving`); pieces beyond `placements` keep
  // theirs (at first: where built, visible). No allocation.
  void Place(std::span<const ChunkPlacement> placements);

  int chunk_count() const { return static_cast<int>(chunks_.size()); }
  // Chunks drawn by the last Draw (for tests and statistics).
  int last_drawn_chunks() const { return last_drawn_chunks_; }

 private:
  // A chunk as drawn: its indices and bounding box (world; a moving piece's
  // as built, before its placement).
  struct Chunk {
    int first_index = 0;
    int index_count = 0;
    int base_vertex = 0;  // added to every index (the moving pieces follow the world)
    glm::vec3 lo_ws{0.0f};
    glm::vec3 hi_ws{0.0f};
  };
  void DrawVisibleChunks(const glm::mat4& cull_view_proj, const ShaderProgram& program) const;

  ShaderProgram program_;
  ShaderProgram fast_program_;   // SceneLighting::fast_shading; invalid for kDistantOnly
  ShaderProgram depth_program_;  // invalid for kDistantOnly
  GlVertexArray vao_;
  GlBuffer vbo_;
  GlBuffer ebo_;  // indices (IndexStaticChunks)
  std::vector<Chunk> chunks_;
  size_t first_moving_ = 0;                 // chunks_[first_moving_..] are the moving pieces
  std::vector<ChunkPlacement> placements_;  // one per moving piece
  mutable int last_drawn_chunks_ = 0;
};

}  // namespace knights::render
