#pragma once
// A character's size and where its contact points are in its rest pose,
// model space, metres: what --inspect-character prints and what loading
// checks the character file's offsets against (a sole offset given in the
// wrong units puts the sole centimetres or metres off the floor).
//
//   const character::RestMeasures m = character::MeasureRest(rig, skeleton, mesh);
//   character::WarnPointsOffTheFloor(m, desc, &warnings);

#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "knights/anim/skeleton.h"
#include "knights/anim/skinned_mesh.h"
#include "knights/character/character_desc.h"
#include "knights/character/rig.h"

namespace knights::character {

struct RestMeasures {
  float height_m = 0.0f;    // the bind pose's mesh, lowest vertex to highest
  float floor_y_ms = 0.0f;  // its lowest vertex: the floor the rest pose stands on
  // Hip to knee to ankle and shoulder to elbow to wrist, metres, [left, right].
  std::array<float, 2> leg_length_m{};
  std::array<float, 2> arm_length_m{};
  // Where the rig's points are in the rest pose, model space, [left, right].
  std::array<glm::vec3, 2> sole_ms{};
  std::array<glm::vec3, 2> heel_ms{};
  std::array<glm::vec3, 2> ball_ms{};
  std::array<glm::vec3, 2> grip_ms{};
};

// How far a sole or heel point may lie from the rest pose's floor before
// loading warns, metres.
inline constexpr float kSoleOffTheFloorWarnM = 0.03f;

RestMeasures MeasureRest(const Rig& rig, const anim::Skeleton& skeleton, const anim::SkinnedMesh& mesh);

// One warning line, naming the file and the field, for each sole point (and
// heel point the file gives) more than kSoleOffTheFloorWarnM above or below
// the floor.
void WarnPointsOffTheFloor(const RestMeasures& measures, const CharacterDesc& desc, std::vector<std::string>* warnings);

}  // namespace knights::character
