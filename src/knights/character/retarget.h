#pragma once
// Carries a source character's clips (the knight's) onto another rig at
// load, for the roles its character file leaves out: a character file with
// a model and the joint map only plays the whole game.
//
// Per frame of the source clip, three steps, as an IK retargeter does:
// 1. chains, forward kinematics: each mapped joint (root, pelvis, chest,
//    each leg's hip, knee and ankle, each arm's collarbone, shoulder, elbow
//    and wrist) turns in model space as the source's joint turns from its
//    rest pose, after its rest bone is first aligned with the source's (a
//    T-pose arm is brought down to the source's A-pose); the spine and the
//    neck spread over the source's by how far along them each joint is,
//    whatever either rig's joint count; everything else (fingers, toes,
//    helpers) rides on its parent as at rest;
// 2. the body and the travel: the root's travel, the pelvis's motion, the
//    speeds and the ladder's facts scaled by leg length (the target's over
//    the source's), each about the rig's own rest pose;
// 3. IK goals: each sole (on a ladder each ball of the foot and each
//    hand's grip) goes where the source's goes, scaled the same way about
//    the rig's own stance, and the game's two-bone IK solves the limbs
//    (knights/character/clip_baker.h), so the source's contacts (kept, with
//    its loop) hold on the new rig, as ContactMissM measures.
//
//   const Retargeter retargeter(source_baker, target_baker);
//   core::Expected<anim::Clip> walk = retargeter.Retarget(knight_walk, "walk");

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/anim/clip.h"
#include "knights/core/status.h"
#include "knights/character/clip_baker.h"

namespace knights::character {

class Retargeter {
 public:
  // Both bakers (skeleton and rig) must outlive the retargeter.
  Retargeter(const ClipBaker& source, const ClipBaker& target);

  // The source's clip on the target rig, named `name`; a ladder clip
  // (`ladder`) also places the hands' grips and the balls of the feet where
  // the source's go, scaled.
  core::Expected<anim::Clip> Retarget(const anim::Clip& source_clip, const std::string& name,
                                      bool ladder = false) const;

  // Whether the source's ladder clips fit the rig: a climb is made for its
  // rungs, which a level does not scale, and for arms that reach them, so
  // it is carried only onto a rig within kClimbMostScaleChange of the
  // source's size whose arms are within kClimbMostArmRatioChange of the
  // source's for their legs (the procedural climb, made for the rig's own
  // reach, plays on others: a child's, short arms on long legs).
  bool ClimbFits() const;
  static constexpr float kClimbMostScaleChange = 0.25f;
  static constexpr float kClimbMostArmRatioChange = 0.10f;

  // The target's leg length over the source's: how travel, heights and
  // speeds scale.
  float Scale() const { return scale_; }

 private:
  // What drives a target joint: the turn of source joint `from` blended
  // towards source joint `to`'s by `weight` (a spine or neck of another
  // joint count); from -1: it rides on its parent as at rest.
  struct Drive {
    int from = -1;
    int to = -1;
    float weight = 0.0f;
  };

  void MapChains();
  void MapLimbs(int s_chest, int t_chest);
  void Map(int target_joint, int source_joint, const glm::vec3& target_dir_ms, const glm::vec3& source_dir_ms);
  // Target joints `inner` spread along the source chain `along` (its ends
  // included) by how far along their own chain they are, `ends` being how
  // many of the target chain's ends lie beyond them (1: the top only, 2:
  // both).
  void Spread(const std::vector<int>& inner, const std::vector<int>& along, int ends);
  // Steps 1 and 2's root: the target's locals for the source's pose (its
  // joints' model matrices).
  void BasePose(const std::vector<glm::mat4>& source_ms, std::span<math::Transform> locals_ls) const;
  // Step 2's pelvis and step 3: where the target's pelvis and soles go.
  BakeFrame Goals(const std::vector<glm::mat4>& source_ms, const glm::mat4& target_root_ms, bool ladder) const;
  // A source point's motion from its rest place, in its root's frame,
  // scaled and put on the target's point at rest, in the target root's
  // frame: model space.
  glm::vec3 ScaledPointMs(const std::vector<glm::mat4>& source_ms, const glm::mat4& target_root_ms,
                          const glm::vec3& source_point_ms, const glm::vec3& source_rest_point_ms,
                          const glm::vec3& target_rest_point_ms) const;

  const ClipBaker* source_;
  const ClipBaker* target_;
  float scale_ = 1.0f;
  // By target joint: what drives it, and the rotation that first turns its
  // rest bone onto the source's rest bone, model space.
  std::vector<Drive> drive_;
  std::vector<glm::quat> align_ms_;
};

}  // namespace knights::character
