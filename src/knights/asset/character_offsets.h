#pragma once
// The sole, ball and grip points a character file leaves out, found on the
// model's rest pose and bind-pose mesh, so that a file naming joints only
// plays (docs/characters.md, "The character file"):
// - sole: on the floor (the mesh's lowest vertex along up) under the ankle;
// - ball: on the floor under the toe joint, else 0.7 of the way from the
//   ankle to the foot's foremost vertex;
// - grip: the centre of the vertices the hand and its fingers carry (not
//   a prop it holds), else a fifth of the forearm past the wrist.
// Each is written into the description in its joint's space (metres along
// the joint's axes, as the file would give it), one note line each.
//
//   FindMissingOffsets(facing.up_axis, facing.forward_axis, model, &desc, &notes);

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "knights/asset/character_model.h"
#include "knights/character/character_desc.h"

namespace knights::asset {

// up_ms, forward_ms: the model's up and forward in its own space (unit).
void FindMissingOffsets(const glm::vec3& up_ms, const glm::vec3& forward_ms, const CharacterModel& model,
                        character::CharacterDesc* desc, std::vector<std::string>* notes);

}  // namespace knights::asset
