#pragma once
// Imports a skinned, animated character (glTF 2.0 .glb) with assimp into the
// runtime's immutable structures: Skeleton, Clips and SkinnedMesh.
//
//   auto model = asset::LoadCharacterModel("assets/knights/knight_player.glb");
//   if (!model) { puts(model.status().message().c_str()); return 2; }
//
// How assimp 5.2's glTF quirks are handled:
// - Key times are in ticks (mTicksPerSecond, 1000 for glTF: milliseconds);
//   they are converted to seconds, and Clip::Create shifts a clip that starts
//   late (Blender's frame 1) to t = 0; the duration is the real key range.
//   A path the glTF does not animate gets one default key at t = 0 from
//   assimp; such constant channels do not count when finding the start.
// - The skeleton is the root of the skin holding the most of its joints;
//   other roots (control bones) are left out where no vertex is bound to
//   them (CharacterModel::dropped_roots). A mesh parented to a joint and
//   not skinned is bound wholly to that joint (knights/asset/character_mesh.h).
// - Every mesh lists all of the skin's joints as bones, unused ones with a
//   dummy zero weight, in an order that is not the glTF joint order: bones are
//   mapped BY NAME onto the skeleton built from the node tree, and zero
//   weights are dropped before keeping the 4 largest (renormalised).
// - Skinned position = sum w * Global(bone node) * offset * v: the mesh node's
//   own transform is ignored, and the transform above the skeleton's root
//   (the armature object) is folded into the root joint.
// - ModelImportOptions::turn_ms turns the whole model about its origin (the
//   root's rest pose and keys, the inverse bind matrices, the mesh), so a
//   rig authored facing +Z faces +X, the game's forward, as if made so.
// - Model space is the file's scene space (glTF: metres) times
//   ModelImportOptions::scale, whatever scale the armature or the bones
//   carry: each joint's uniform scale is taken out of its frame (a
//   centimetre bone under a 0.01 armature becomes a metre bone), and the
//   mesh's vertices are moved into model space by the bind pose of its
//   first skinned joint. Every joint space is then in model-space metres,
//   so the character file's offsets are metres whatever the export.
// - ModelImportOptions::ground_root_ms gives a hips-rooted rig a joint on
//   the ground (named "root", or "ground_root" when "root" is taken).
// - Per-clip gameplay data (loop flag, contacts, speed) lives in each glTF
//   animation's `extras`, which assimp drops: it is read from the .glb's JSON
//   chunk directly.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "knights/anim/clip.h"
#include "knights/anim/skeleton.h"
#include "knights/anim/skinned_mesh.h"
#include "knights/core/status.h"

namespace knights::asset {

// Which of a clip's gameplay data its glTF extras gave; the rest is found
// from its motion (knights/asset/character_clips.h).
struct GivenExtras {
  bool loop = false;
  bool contacts = false;
  bool speed = false;  // speed_mps or climb_m_per_cycle
  bool rungs = false;  // rung_spacing_m or rung_x_m (the climb's ladder)
};

struct CharacterModel {
  std::string path;  // where it was loaded from (for messages)
  anim::Skeleton skeleton;
  std::vector<anim::Clip> clips;
  std::vector<GivenExtras> given_extras;  // one per clip
  anim::SkinnedMesh mesh;
  // Other roots of the skin the skeleton leaves out, no vertex bound to
  // them (control bones beside the deform hierarchy): "name (N joints)".
  std::vector<std::string> dropped_roots;

  // Index of the clip called `name`, or -1.
  int FindClip(const std::string& name) const;
};

// The assimp post-processing flags the game imports with: never
// PreTransformVertices (drops skins), never SortByPType with
// PopulateArmatureData, never LimitBoneWeights (it drops the joints no vertex
// is bound to; the loader keeps each vertex's strongest four itself).
unsigned CharacterImportFlags();

struct ModelImportOptions {
  // A rotation of the file's model space into the game's (+X forward, +Y
  // up), applied to everything the model holds; identity: as authored.
  glm::quat turn_ms = glm::identity<glm::quat>();
  // Set for a rig whose root joint is its hips: a new joint 0 here (the
  // game's model space, after the turn, on the ground under the hips)
  // becomes the root, and each clip's travel of the hips moves into it
  // (knights/asset/ground_root.h).
  std::optional<glm::vec3> ground_root_ms;
  // The character file's uniform scale (1: as the file's scene has it),
  // applied with the turn about the model's origin: to the skeleton, the
  // clips' keys and the extras' lengths and speeds, and the mesh.
  float scale = 1.0f;
};

core::Expected<CharacterModel> LoadCharacterModel(const std::string& path, const ModelImportOptions& options = {});
// Same from bytes in memory (a .glb); `name` is used in messages.
core::Expected<CharacterModel> LoadCharacterModelFromMemory(std::span<const uint8_t> bytes, const std::string& name,
                                                            const ModelImportOptions& options = {});

}  // namespace knights::asset
