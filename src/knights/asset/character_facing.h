#pragma once
// Which way a character faces, which way is up and where its ground is, so
// that any humanoid
// (glTF's +Z forward, the knight's +X, a Z-up export, a hips-rooted rig)
// plays facing the way it runs, its root on the ground. The character file may say (`forward`, `up`); the rest pose
// always tells: up from the feet to the pelvis, forward from the ankles
// towards the toes. Each is snapped to the nearest axis of the file's model
// space.
//
//   std::vector<std::string> warnings;
//   const asset::Facing facing = asset::ChooseFacing(desc, model.skeleton, &warnings);
//   model = *asset::LoadCharacterModel(path, {asset::TurnToGameAxes(facing)});

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/anim/skeleton.h"
#include "knights/character/character_desc.h"

namespace knights::asset {

struct Facing {
  glm::vec3 forward_axis{0.0f, 0.0f, 1.0f};  // the file's model space, unit axis
  glm::vec3 up_axis{0.0f, 1.0f, 0.0f};       // the file's model space, unit axis, perpendicular to forward
};

// The facing the rest pose shows, or nullopt when it cannot tell (a joint
// the description names is missing, the pelvis is level with the feet, the
// toes point straight up or down).
std::optional<Facing> FacingFromRestPose(const character::CharacterDesc& desc, const anim::Skeleton& skeleton);

// The facing the game uses: the file's axes where it gives them, the rest
// pose's where it does not, glTF's (+Z forward, +Y up) where neither tells.
// Appends one line to *warnings (which may be null) for each axis the file
// gives that the rest pose contradicts, and when it has to guess.
Facing ChooseFacing(const character::CharacterDesc& desc, const anim::Skeleton& skeleton,
                    std::vector<std::string>* warnings);

// The rotation taking forward to +X and up to +Y (identity for the knight).
glm::quat TurnToGameAxes(const Facing& facing);

// Where a rig whose joint 0 is not on the ground (the hips of a Rigify or
// Mixamo rig: more than a quarter of the hips' height above the soles)
// gets a ground joint (ModelImportOptions::ground_root_ms): under joint 0,
// at the soles' height, in the game's model space (after TurnToGameAxes).
// nullopt when joint 0 stands on the ground, or the rest pose cannot tell.
std::optional<glm::vec3> GroundRootMs(const character::CharacterDesc& desc, const anim::Skeleton& skeleton,
                                      const Facing& facing);

// "+x", "-z", ...: an axis as the character file writes it.
std::string AxisName(const glm::vec3& axis);

}  // namespace knights::asset
