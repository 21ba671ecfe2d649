#pragma once
// Completes a character's clips with what their glTF extras did not give:
// the loop flag, contact ranges and speeds found from each clip's motion
// (knights/asset/clip_features.h), for clips exported without the knight's extras.
// Extras, where present, win. Runs on the model as the game plays it
// (turned to +X and rooted on the ground).
//
//   std::vector<std::string> notes, warnings;
//   asset::CompleteCharacterClips(desc, model, &notes, &warnings);

#include <string>
#include <vector>

#include "knights/asset/character_model.h"
#include "knights/asset/clip_features.h"
#include "knights/core/status.h"
#include "knights/character/character_desc.h"

namespace knights::asset {

// What each role's limbs hold on to: feet on the ground, hands and feet on
// a ladder, nothing in a fall.
ContactKind ContactKindOf(character::ClipRole role);

// The limb points a clip of `kind` is measured by: soles on the ground,
// balls of the feet and grips of the hands on a ladder (joint -1 where the
// skeleton lacks the description's joint).
std::array<LimbPoint, anim::kLimbCount> LimbPointsFor(const character::CharacterDesc& desc,
                                                      const anim::Skeleton& skeleton, ContactKind kind);

// "foot_l 0.00-0.47, foot_r 0.47-0.93" (seconds): a clip's contact ranges
// per limb; "none" without any.
std::string DescribeContacts(const anim::Clip& clip);

// Whether a clip holds one pose (a rest or T-pose exported as a clip):
// no joint moves 1 mm in model space, the root's travel included, over its
// length.
bool ClipHoldsStill(const anim::Skeleton& skeleton, const anim::Clip& clip);

// The description as the game plays it: each role whose clip holds still
// left out (a pose is not a walk; the block's raised shield may hold), one
// warning line each naming the file, the role and the clip, so that the
// role is retargeted or falls back like one the file leaves out.
character::CharacterDesc WithoutStillClips(const character::CharacterDesc& desc, const CharacterModel& model,
                                           std::vector<std::string>* warnings);

// Rebuilds every clip the description names whose extras leave something
// out. *notes gets one line per completed clip saying what was found;
// *warnings one line per clip that should plant a limb (idle, walk, run,
// the climbs) and has no contact at all. Either may be null. Fails only
// when a rebuilt clip is refused (never expected: the ranges are the
// clip's own).
core::Status CompleteCharacterClips(const character::CharacterDesc& desc, CharacterModel& model,
                                    std::vector<std::string>* notes, std::vector<std::string>* warnings);

}  // namespace knights::asset
