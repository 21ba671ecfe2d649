#pragma once
// What the game needs to know about a humanoid character beyond its model:
// which clip plays each role and which joints form each IK chain. Loaded from
// a small JSON file (assets/characters/knight.json) by asset::LoadCharacterDesc
// so another humanoid can be used without code changes.

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

namespace knights::character {

// The clip roles the animation state machine plays. A character file may
// map any of them (knights/character/role_clips.h): every role it leaves
// out is retargeted from the knight's clips at load; with retargeting off
// ("retarget": false) the other locomotion and ladder roles get a fallback
// built from the base roles (idle, walk), and the fight roles left out are
// not played.
enum class ClipRole : int {
  kIdle,
  kWalk,
  kRun,
  kJumpUp,
  kFall,
  kLand,
  kClimbUp,
  kClimbDown,
  kLadderEnterBottom,
  kLadderExitTop,
  kTurn,
  kAttack1,    // the combo's first swing
  kAttack2,    // its second
  kAttack3,    // its third, the heavy blow
  kBlock,      // the shield raised, held (a loop)
  kBlockHit,   // a blow taken on the shield, back to the block pose
  kHit,        // a stagger from a blow, back to standing
  kKnockdown,  // knocked onto the back, ending lying
  kGetUp,      // from knockdown's last pose to standing
  kCount
};
inline constexpr int kClipRoleCount = static_cast<int>(ClipRole::kCount);
// The roles the fallbacks are built from (idle, walk).
inline constexpr int kBaseRoleCount = static_cast<int>(ClipRole::kRun);
inline constexpr bool IsBaseRole(ClipRole role) { return static_cast<int>(role) < kBaseRoleCount; }
// The roles that have a fallback when the file leaves them out (run to turn).
inline constexpr bool HasFallback(ClipRole role) { return role >= ClipRole::kRun && role <= ClipRole::kTurn; }
inline constexpr bool IsFightRole(ClipRole role) { return role >= ClipRole::kAttack1 && role < ClipRole::kCount; }
// JSON key of each role, in ClipRole order ("idle", "walk", ...).
const char* ClipRoleKey(ClipRole role);

// Joint names of one two-bone chain (hip/knee/ankle or shoulder/elbow/wrist)
// and the optional joint below the end (toe; empty when absent).
struct LimbChainDesc {
  std::string upper;
  std::string mid;
  std::string end;
  std::string tip;
};

// A prop (a sword, a shield): a joint whose mesh part is bound to it alone,
// and the two sockets it rides on (knights/anim/prop_placement_job.h).
struct PropDesc {
  std::string name;   // its key in "props" (for messages)
  std::string joint;  // the prop's joint
  std::string carry;  // the joint that holds it drawn (a hand, a forearm)
  std::string stow;   // the joint it rides on stowed (the chest for the back, the pelvis for a hip)
  // The prop's frame in the stow joint's frame when stowed: position
  // (metres, scaled as the offsets below) and rotation (degrees about x,
  // then y, then z). Unset (both): read from the climb_up clip, which must
  // then hold the prop still on the stow joint.
  std::optional<glm::vec3> stow_offset_m;
  std::optional<glm::vec3> stow_rotation_deg;
};
inline constexpr int kMaxProps = 8;

struct CharacterDesc {
  std::string file;  // the description's own path (for messages)
  std::string name;
  std::string model_path;  // .glb, relative to the data directory
  // Uniform scale applied to the model (1: as its file's scene has it, in
  // metres whatever the armature's scale), its clips' travel and speeds and
  // every offset below.
  float scale = 1.0f;
  // Which way the model faces and which way is up, in the file's model
  // space: unit axes (+-x, +-y or +-z), perpendicular. Unset: found from the
  // rest pose (knights/asset/character_facing.h). The game turns the model so that
  // they become its +X (forward) and +Y (up).
  std::optional<glm::vec3> forward_axis;
  std::optional<glm::vec3> up_axis;
  // Clip name for each role, indexed by ClipRole ("" for a role the file
  // does not map).
  std::array<std::string, kClipRoleCount> clips;
  // A single jump clip (take-off, flight, landing; "clips.jump"), split at
  // its apex for whichever of jump_up, fall and land the file leaves out;
  // "" when none.
  std::string jump_clip;
  // The four ladder roles from the procedural, IK-driven climb even where
  // the file maps clips for them (knights/character/procedural_climb.h), to compare the
  // two on one rig. It is used anyway when any of the four is unmapped.
  bool procedural_climb = false;
  // Where true ("retarget", the default), every role the file leaves out
  // (or maps to a clip that holds one pose) is the knight's clip for it
  // carried onto this rig (knights/character/retarget.h), fights included.
  // False: the roles left out are built from the file's own idle and walk
  // (knights/character/fallback_clips.h), which it must then map, and the
  // fight roles left out are not played.
  bool retarget = true;
  std::string pelvis_joint;
  LimbChainDesc leg_l, leg_r, arm_l, arm_r;
  // Offsets in a joint's space are metres along the joint's axes (the file
  // gives them for the model at scale 1; the loader multiplies them by
  // `scale`), whatever scale the armature or the bones carry: the model's
  // joint spaces are in metres once loaded (knights/asset/character_model.h).
  // Sole contact point (under the ankle, on the ground at rest) in the foot
  // joint's space, metres; the foot IK puts this point on the ground.
  glm::vec3 sole_offset_l_ls{0.0f};
  glm::vec3 sole_offset_r_ls{0.0f};
  // Ball of the foot (the point that stands on a ladder rung's centre line),
  // foot joint space, metres.
  glm::vec3 ball_offset_l_ls{0.0f};
  glm::vec3 ball_offset_r_ls{0.0f};
  // Back of the heel's sole, foot joint space, metres; unset: kHeelBehindSole
  // of the sole-to-ball length behind the sole (knights/character/rig.h).
  std::optional<glm::vec3> heel_offset_l_ls;
  std::optional<glm::vec3> heel_offset_r_ls;
  // Grip point of each hand (centre of the closed fist) in the hand joint's
  // space, metres; the ladder IK puts this point on the rung.
  glm::vec3 grip_offset_l_ls{0.0f};
  glm::vec3 grip_offset_r_ls{0.0f};
  // Which of the sole, ball and grip offsets the file gave; the loader
  // finds the others on the model (knights/asset/character_offsets.h) and
  // writes them in.
  struct GivenOffsets {
    bool sole = true;
    bool ball = true;
    bool grip = true;
  };
  GivenOffsets given_offsets;
  // Props and their sockets, in file order (at most kMaxProps). Empty: the
  // character carries none, or lets the skeleton's hierarchy carry them.
  std::vector<PropDesc> props;
  // Other looks of the same rig (same skeleton and clips), e.g. NPC colour
  // schemes: variant name -> .glb path. Empty when there are none.
  std::vector<std::pair<std::string, std::string>> variants;
};

}  // namespace knights::character
