#pragma once
// A character's meshes as one skinned mesh in model space: every material
// with its embedded base colour texture; each skinned part's vertices with
// their strongest kMaxInfluences joints (renormalised); and each rigid part
// (a mesh parented to a joint instead of skinned: a helmet on the head
// bone, a hand on the wrist) bound wholly to that joint.
//
//   MeshSpaces spaces{skinned_to_model_ms, scene_to_model_ms};
//   if (auto s = ImportCharacterMesh(scene, skeleton, spaces, path, model.mesh); !s.ok()) return s;

#include <string>

#include <glm/glm.hpp>

#include "knights/anim/skeleton.h"
#include "knights/anim/skinned_mesh.h"
#include "knights/core/status.h"

struct aiScene;

namespace knights::asset {

// Where the scene's vertices go in model space.
struct MeshSpaces {
  // A skinned part's vertices (the space its bones' offset matrices start
  // from) into model space.
  glm::mat4 skinned_to_model_ms{1.0f};
  // The scene's space (a node's global transform) into model space: the
  // turn to the game's axes and the character's scale.
  glm::mat4 scene_to_model_ms{1.0f};
};

// Errors name the file and the mesh: a part neither skinned nor parented to
// a joint, a vertex with no weight, a skin naming a joint the skeleton lacks
// with weight on it, no triangles at all.
core::Status ImportCharacterMesh(const aiScene* scene, const anim::Skeleton& skeleton, const MeshSpaces& spaces,
                                 const std::string& file, anim::SkinnedMesh& out);

}  // namespace knights::asset
