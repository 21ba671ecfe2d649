// Fights with the shipped knight (its fight clips, its sword): a session
// on a flat field with one enemy, the player driven step by step. Here, not
// in tests/game, because loading the assets needs the asset layer.

#include <algorithm>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_model.h"
#include "knights/asset/level_loader.h"
#include "knights/core/file_io.h"
#include "knights/game/session/game_session.h"
#include "knights/character/rig.h"
#include "knights/character/rig_props.h"

namespace knights::game {
namespace {

std::string RepoPath(const std::string& relative) { return std::string(KNIGHTS_SOURCE_DIR) + "/" + relative; }

// A 40 m flat field; the enemy walks 6..14 from x = 10, facing away (+x).
const char* const kFieldJson = R"({
  "name": "field",
  "terrain": {"points": [[0, 0], [40, 0]]},
  "spawn": {"x": 3},
  "goal": {"x": 38},
  "npcs": [{"x": 10, "patrol": [6, 14], "variant": "red", "role": "enemy", "health": 3, "aggression": 0.5}]
})";

struct Cast {
  character::CharacterDesc desc;
  asset::CharacterModel model;
  character::Rig rig;
  ClipSet clips{};
};

class KnightFightTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    core::SetDataDir(KNIGHTS_SOURCE_DIR);
    auto desc = asset::LoadCharacterDesc(RepoPath("assets/characters/knight.json"));
    ASSERT_TRUE(desc.ok()) << desc.status().message();
    auto model = asset::LoadCharacterModel(desc->model_path);
    ASSERT_TRUE(model.ok()) << model.status().message();
    cast_ = new Cast{*desc, std::move(*model), {}, {}};
    auto rig = character::ResolveRig(cast_->desc, cast_->model.skeleton);
    ASSERT_TRUE(rig.ok()) << rig.status().message();
    cast_->rig = *rig;
    for (int role = 0; role < character::kClipRoleCount; ++role) {
      const int index = cast_->model.FindClip(cast_->desc.clips[role]);
      ASSERT_GE(index, 0) << character::ClipRoleKey(static_cast<character::ClipRole>(role))
                          << ": the knight maps every role";
      cast_->clips[role] = &cast_->model.clips[index];
    }
    auto props =
        character::ResolveProps(cast_->desc, cast_->model.skeleton, cast_->rig,
                                cast_->clips[static_cast<int>(character::ClipRole::kClimbUp)], &cast_->model.mesh);
    ASSERT_TRUE(props.ok()) << props.status().message();
    cast_->rig.props = *props;
  }
  static void TearDownTestSuite() {
    delete cast_;
    cast_ = nullptr;
  }
  void SetUp() override {
    ASSERT_NE(cast_, nullptr);
    auto level = asset::ParseLevel(kFieldJson, "field.json");
    ASSERT_TRUE(level.ok()) << level.status().message();
    world_ = std::make_unique<world::World>(std::move(*level));
  }
  std::unique_ptr<GameSession> NewSession(uint32_t seed = 1) const {
    SessionDesc desc;
    desc.world = world_.get();
    desc.cast = {CastMember{"knight", &cast_->model.skeleton, cast_->clips, &cast_->rig}};
    desc.skip_title = true;
    desc.seed = seed;
    return std::make_unique<GameSession>(desc);
  }
  // Walks the player to x (at a walk), then lets him stand.
  static void WalkTo(GameSession& s, float x) {
    core::InputState walk;
    walk.move_x = 1.0f;
    for (int i = 0; i < 600 && s.player().controller.FeetWs().x < x; ++i) s.Step(walk);
  }

  static Cast* cast_;
  std::unique_ptr<world::World> world_;
};
Cast* KnightFightTest::cast_ = nullptr;

TEST_F(KnightFightTest, TheKnightsAttackClipsHaveHurtWindowsInsideTheirSwings) {
  const FightClips clips = ReadFightClips(cast_->model.skeleton, cast_->clips, cast_->rig);
  ASSERT_EQ(clips.combo_length, 3);
  EXPECT_GE(clips.weapon_prop, 0) << "the sword in the right hand";
  for (int i = 0; i < clips.combo_length; ++i) {
    const AttackWindow& w = clips.attacks[static_cast<size_t>(i)];
    EXPECT_GT(w.active_from_s, 0.05f) << i << ": a wind-up first";
    EXPECT_GT(w.active_to_s, w.active_from_s + 0.05f) << i;
    EXPECT_LT(w.active_to_s, w.duration_s - 0.1f) << i << ": a recovery after";
    EXPECT_GT(w.peak_speed_mps, 5.0f) << i << ": a swing, not a wave";
    std::printf("attack %d: %.3f s, hurts %.3f-%.3f s, peak %.1f m/s\n", i + 1, w.duration_s, w.active_from_s,
                w.active_to_s, w.peak_speed_mps);
  }
  EXPECT_TRUE(clips.can_block);
  EXPECT_GT(clips.knockdown_s, 0.5f);
  EXPECT_GT(clips.get_up_s, 0.5f);
}

// Standing behind it, then beside it: the enemy notices, turns, winds up
// (the tell) and strikes; it never leaves its patrol range.
TEST_F(KnightFightTest, AnEnemySeesTurnsWindsUpAndStrikesAStandingPlayer) {
  auto s = NewSession();
  WalkTo(*s, 8.6f);
  std::vector<EnemyState> seen;
  float min_x = 1e9f, max_x = -1e9f;
  bool tell_before_swing = false;
  for (int i = 0; i < 900 && s->fight_stats().blows_taken == 0; ++i) {
    s->Step({});
    const EnemyState state = s->enemy_ai(1).state();
    if (state != EnemyState::kPatrol && (seen.empty() || seen.back() != state)) seen.push_back(state);
    if (state == EnemyState::kWindUp && s->enemy_ai(1).WindUpProgress() > 0.5f) tell_before_swing = true;
    min_x = std::min(min_x, s->knights()[1].controller.FeetWs().x);
    max_x = std::max(max_x, s->knights()[1].controller.FeetWs().x);
  }
  ASSERT_GE(seen.size(), 4u);
  EXPECT_EQ(seen[0], EnemyState::kNotice);
  EXPECT_EQ(seen[1], EnemyState::kApproach);
  EXPECT_TRUE(std::find(seen.begin(), seen.end(), EnemyState::kWindUp) != seen.end());
  EXPECT_TRUE(tell_before_swing);
  EXPECT_EQ(s->fight_stats().blows_taken, 1);
  EXPECT_EQ(s->player().fight.health(), s->player().fight.tuning.max_health - 1);
  // Inside the range, give or take the stopping distance of a walk and the
  // step in which the patrol sees it has reached an end.
  const KnightTuning& t = s->knights()[1].controller.tuning;
  const float braking_m =
      t.walk_speed_mps * t.walk_speed_mps / (2.0f * t.ground_decel_mps2) + t.walk_speed_mps * s->step_s() + 1e-3f;
  EXPECT_GE(min_x, 6.0f - braking_m);
  EXPECT_LE(max_x, 14.0f + braking_m);
}

TEST_F(KnightFightTest, TheRaisedShieldStopsTheEnemysBlowsFromTheFront) {
  auto s = NewSession();
  WalkTo(*s, 8.6f);
  // Face the enemy (it stands at a greater x) and hold the shield up.
  core::InputState guard;
  guard.block_held = true;
  for (int i = 0; i < 1200; ++i) s->Step(guard);
  EXPECT_GE(s->fight_stats().blocked_by_player, 1);
  EXPECT_EQ(s->fight_stats().blows_taken, 0);
  EXPECT_EQ(s->player().fight.health(), s->player().fight.tuning.max_health);
}

// The autopilot fights its way past: the enemy falls, blinks out, and the
// swings and blows were heard.
TEST_F(KnightFightTest, TheAutopilotDefeatsTheEnemyWhichThenBlinksOut) {
  auto s = NewSession();
  s->autoplay = true;
  std::multiset<SoundId> heard;
  int defeated_step = -1;
  for (int i = 0; i < 3000 && defeated_step < 0; ++i) {
    s->Step({});
    for (const SoundEvent& e : s->sounds().Events()) heard.insert(e.id);
    s->ClearSounds();
    if (s->knights()[1].fight.Defeated()) defeated_step = i;
  }
  ASSERT_GE(defeated_step, 0);
  EXPECT_EQ(s->fight_stats().enemies_defeated, 1);
  EXPECT_GE(s->fight_stats().blows_dealt, 2);
  EXPECT_GT(heard.count(SoundId::kSwordSwing) + heard.count(SoundId::kSwordSwingHeavy), 0u);
  EXPECT_GE(heard.count(SoundId::kSwordHit), static_cast<size_t>(s->fight_stats().blows_dealt));
  EXPECT_EQ(heard.count(SoundId::kEnemyNotice), 1u);
  EXPECT_TRUE(s->Shown(1));
  const int vanish_steps = static_cast<int>(GameSession::kFallenGoneS / s->step_s()) + 60;
  for (int i = 0; i < vanish_steps; ++i) s->Step({});
  EXPECT_FALSE(s->Shown(1));
  EXPECT_TRUE(s->Shown(0));
}

TEST_F(KnightFightTest, AFightIsTheSameForTheSameSeed) {
  auto a = NewSession(5);
  auto b = NewSession(5);
  a->autoplay = b->autoplay = true;
  for (int i = 0; i < 1500; ++i) {
    a->Step({});
    b->Step({});
    ASSERT_EQ(a->player().controller.FeetWs(), b->player().controller.FeetWs()) << i;
    ASSERT_EQ(a->knights()[1].fight.health(), b->knights()[1].fight.health()) << i;
  }
  EXPECT_GE(a->fight_stats().blows_dealt + a->fight_stats().blocked_by_enemies, 1);
}

}  // namespace
}  // namespace knights::game
