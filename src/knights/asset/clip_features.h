#pragma once
// What a clip's motion shows about itself, for clips exported without the
// knight's extras (any marketplace, Mixamo or plain Blender export): whether
// it loops, when each foot (and on a ladder each hand) holds still on what
// it stands on or grips, and how fast the ground or the ladder moves under
// it in place.
//
// Method, from the final model-space pose sampled at 120 Hz:
// - Loop: the last pose equals the first (every joint within 5 mm, the
//   root's travel aside).
// - The contact velocity: a held limb point moves with what holds it, which
//   for an in-place clip is the ground sliding back at the clip's speed (or
//   the ladder's rungs moving down at the climb speed), and for a clip that
//   travels is nothing. It is the velocity most of the limb points' samples
//   share (within 0.12 m/s), averaged over those.
// - Contacts: a limb is held while its point moves at the contact velocity
//   (and, on the ground, lies within 3 cm of the rest pose's soles; a hand
//   takes hold above the hips), with
//   hysteresis (enters within 0.12 m/s and 3 cm, leaves beyond 0.24 m/s or
//   5 cm), for 0.05 s at least. Ranges of a looping clip that meet at the
//   seam are one wrapping range.
// - Speed: the contact velocity's size; for a clip that travels, its root's
//   average horizontal speed.
//
//   asset::ClipFeatures f = asset::FindClipFeatures(skeleton, clip, limbs, asset::ContactKind::kGround);

#include <array>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "knights/anim/clip.h"
#include "knights/anim/skeleton.h"

namespace knights::asset {

// What a clip's limbs hold on to.
enum class ContactKind {
  kNone,    // in the air (fall): no contacts
  kGround,  // feet on the ground (idle, walk, run, jump_up, land, turn)
  kLadder,  // hands and feet on rungs or a ledge (climbs, ladder enter and exit)
};

// A limb's contact point: a joint and the point in its space (the sole or
// ball of a foot, the grip of a hand), metres. joint -1: the limb is absent.
struct LimbPoint {
  int joint = -1;
  glm::vec3 offset_ls{0.0f};
};

struct ClipFeatures {
  bool loop = false;
  std::array<std::vector<anim::ContactRange>, anim::kLimbCount> contacts;
  // How fast the ground (or ladder) moves under a held limb in place, or the
  // root travels, m/s; unset when neither moves.
  std::optional<float> speed_mps;
  // Height climbed per cycle (the contact velocity's vertical part times the
  // duration), metres; set for ladder clips that climb.
  std::optional<float> climb_m_per_cycle;
  glm::vec3 contact_velocity_ms{0.0f};  // model space, m/s
};

// limbs: indexed by anim::Limb (kFootL, kFootR, kHandL, kHandR); on the
// ground only the feet count. hips: the pelvis joint (or -1); on a ladder a
// hand takes hold only above the hips (it may stay held as the body climbs
// past it), so a hand hanging still at the side is no grip. never_loops:
// the clip is a one-shot even if it ends in its first pose (a jump from
// standing back to standing).
ClipFeatures FindClipFeatures(const anim::Skeleton& skeleton, const anim::Clip& clip,
                              const std::array<LimbPoint, anim::kLimbCount>& limbs, ContactKind kind, int hips = -1,
                              bool never_loops = false);

// The spacing of the rungs a climb clip holds: over the samples where two or
// more limbs grip (by the clip's contacts), the smallest vertical gap of
// more than 0.1 m between their points; the smallest of those gaps that
// three samples share within 2 cm (where only a hand and the opposite foot
// grip, their gap spans several rungs); nullopt when no two limbs ever grip
// together.
std::optional<float> RungSpacingM(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                  const std::array<LimbPoint, anim::kLimbCount>& limbs);

// How far in front of the root (model +X) a climb clip holds its rungs: the
// median forward distance of its gripping hands and feet (by the clip's
// contacts); nullopt when nothing grips.
std::optional<float> RungReachM(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                const std::array<LimbPoint, anim::kLimbCount>& limbs);

}  // namespace knights::asset
