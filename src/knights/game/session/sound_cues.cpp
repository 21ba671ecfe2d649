#include "knights/game/session/sound_cues.h"

#include "knights/ik/ik_math.h"

namespace knights::game {
namespace {

constexpr float kPlanted = 0.5f;         // a contact weight this high is a plant (as the IK and metrics count it)
constexpr float kGroundAboveM = 0.3f;    // the surface under a sole is looked for from this far above it
constexpr float kGroundBelowM = 0.6f;    // ... down to this far below
constexpr float kClankGain = 0.5f;       // the armour, beside its footstep
constexpr float kLadderStepGain = 0.7f;  // a boot on a rung, quieter than on the ground

}  // namespace

glm::vec3 SoundCues::SoleWs(const Knight& knight, int side) {
  const character::Rig& rig = knight.rig();
  const int foot = side == 0 ? rig.leg_l.end : rig.leg_r.end;
  const glm::vec3 offset_ls = side == 0 ? rig.sole_offset_l_ls : rig.sole_offset_r_ls;
  return ik::PointWs(knight.ModelToWorld(), knight.ModelsMs()[foot], offset_ls);
}

SoundId SoundCues::StepOn(const world::World& world, const glm::vec3& sole_ws) {
  const float top_y = sole_ws.y + kGroundAboveM;
  const world::RayHit hit = world.collision().FindGround(sole_ws.x, top_y, sole_ws.z, kGroundAboveM + kGroundBelowM);
  if (hit.hit && (hit.kind == world::SurfaceKind::kPlatform || hit.kind == world::SurfaceKind::kRock)) {
    return SoundId::kStepStone;
  }
  return SoundId::kStepGrass;
}

void SoundCues::Footsteps(const Knight& knight, const world::World& world, SoundEventQueue& out) {
  const KnightController& c = knight.controller;
  const bool ladder = OnLadder(c.mode());
  for (int limb = anim::kFootL; limb <= anim::kHandR; ++limb) {
    const float weight = knight.anim.ContactWeight(static_cast<anim::Limb>(limb));
    const bool starts = primed_ && contact_[limb] < kPlanted && weight >= kPlanted;
    contact_[limb] = weight;
    if (!starts) continue;
    const bool foot = limb == anim::kFootL || limb == anim::kFootR;
    if (foot && c.Grounded() && !ladder) {
      const glm::vec3 sole_ws = SoleWs(knight, limb);
      out.Push({StepOn(world, sole_ws), sole_ws, 1.0f});
      out.Push({SoundId::kArmourClank, sole_ws, kClankGain});
    } else if (foot && ladder) {
      out.Push({SoundId::kStepWood, SoleWs(knight, limb), kLadderStepGain});
    } else if (!foot && ladder) {
      out.Push({SoundId::kRungGrab, c.FeetWs() + glm::vec3(0.0f, 1.6f, 0.0f), 1.0f});
    }
  }
}

void SoundCues::Update(const Knight& knight, const world::World& world, SoundEventQueue& out) {
  const KnightController& c = knight.controller;
  Footsteps(knight, world, out);
  const KnightMode mode = c.mode();
  if (primed_ && mode != mode_) {
    if (mode_ == KnightMode::kGround && mode == KnightMode::kAir && c.VelocityMps().y > 0.0f) {
      out.Push({SoundId::kJump, c.FeetWs(), 1.0f});
    } else if (mode_ == KnightMode::kAir && mode == KnightMode::kGround && fall_speed_mps_ >= kLandSpeedMps) {
      out.Push({SoundId::kLand, c.FeetWs(), 1.0f});
    }
  }
  mode_ = mode;
  fall_speed_mps_ = -c.VelocityMps().y;
  primed_ = true;
}

}  // namespace knights::game
