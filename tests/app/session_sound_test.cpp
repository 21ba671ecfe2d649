// The sounds a run makes, on the shipped demo with the shipped knights and
// the autopilot: footsteps fire on the steps a planted foot lands, with
// the sole on the ground (measured against the world's collision), every
// landing of the player's feet is heard once, the surface picks the sound
// (grass, stone on platforms and rocks, wood on rungs), and the jumps,
// landings, rung grabs, five checkpoints and the goal are all heard.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>

#include "knights/app/loaded_assets.h"
#include "knights/app/startup_choices.h"
#include "knights/core/file_io.h"
#include "knights/game/session/game_session.h"
#include "knights/game/session/sound_cues.h"

namespace knights::app {
namespace {

bool IsFootstep(game::SoundId id) {
  return id == game::SoundId::kStepGrass || id == game::SoundId::kStepStone || id == game::SoundId::kStepWood;
}

// Height of a point over the collision surface under it, metres (a large
// value when there is none).
float HeightOverGround(const world::World& world, const glm::vec3& p_ws) {
  const world::RayHit hit = world.collision().FindGround(p_ws.x, p_ws.y + 0.5f, p_ws.z, 1.5f);
  return hit.hit ? p_ws.y - hit.point_ws.y : 1e9f;
}

TEST(SessionSound, FootstepsFireOnTheStepsAPlantedFootLands) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  auto assets = LoadAssets(app::AppOptions{}, /*title_screen=*/false);
  ASSERT_TRUE(assets.ok()) << assets.status().message();
  game::GameSession session(MakeSessionDesc(*assets, app::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  const game::Knight& player = session.player();
  std::array<float, 2> last_contact{};
  int landings = 0, player_steps = 0, off_ground = 0;
  std::map<game::SoundId, int> heard;
  for (int step = 0; step < 20000 && !session.reached_goal(); ++step) {
    session.ClearSounds();
    session.Step(no_keys);
    // Landings of the player's feet, from the clip's contacts and the mover.
    std::array<bool, 2> landed{};
    for (int side = 0; side < 2; ++side) {
      const float w = player.anim.ContactWeight(side == 0 ? anim::kFootL : anim::kFootR);
      landed[side] = step > 0 && last_contact[side] < 0.5f && w >= 0.5f && player.controller.Grounded();
      last_contact[side] = w;
      landings += landed[side] ? 1 : 0;
    }
    for (const game::SoundEvent& e : session.sounds().Events()) {
      ++heard[e.id];
      if (!IsFootstep(e.id) || e.id == game::SoundId::kStepWood) continue;
      for (int side = 0; side < 2; ++side) {
        if (glm::distance(e.position_ws, game::SoundCues::SoleWs(player, side)) > 1e-4f) continue;
        ++player_steps;
        EXPECT_TRUE(landed[side]) << "step " << step << ": a footstep with no landing";
        if (HeightOverGround(session.world(), e.position_ws) > 0.03f) ++off_ground;
      }
    }
  }
  ASSERT_TRUE(session.reached_goal());
  EXPECT_GT(landings, 100);
  EXPECT_EQ(player_steps, landings) << "every landing of the player's feet heard once";
  EXPECT_EQ(off_ground, 0) << "footsteps with the sole more than 3 cm over the ground";
  EXPECT_GT(heard[game::SoundId::kStepGrass], 100);
  EXPECT_GT(heard[game::SoundId::kStepStone], 0) << "the demo's platforms and rocks";
  EXPECT_GT(heard[game::SoundId::kStepWood], 10) << "boots on the rungs";
  EXPECT_GT(heard[game::SoundId::kRungGrab], 10);
  EXPECT_EQ(heard[game::SoundId::kArmourClank], heard[game::SoundId::kStepGrass] + heard[game::SoundId::kStepStone]);
  EXPECT_GT(heard[game::SoundId::kJump], 2);
  EXPECT_GT(heard[game::SoundId::kLand], 2);
  EXPECT_EQ(heard[game::SoundId::kCheckpoint], static_cast<int>(session.world().level().checkpoints.size()));
  EXPECT_EQ(heard[game::SoundId::kLevelComplete], 1);
}

}  // namespace
}  // namespace knights::app
