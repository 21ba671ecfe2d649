// A standing knight steps a planted foot into the stance its clip asks for
// (Knight::StartStanceSteps): stopped a short walk from where it stood and
// swinging at once, the foot left behind by the walk lifts and is carried
// to the blow's stance, rather than gliding there while the clip says it
// is planted. Measured from outside, as the metrics measure a plant: the
// drawn sole against the world while the contact is on.

#include <algorithm>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "knights/asset/level_loader.h"
#include "knights/game/knight/knight.h"
#include "tests/asset/game_character.h"
#include "tests/game/game_test_util.h"

namespace knights::game {
namespace {

struct Walked {
  double most_drift_m = 0.0;    // the largest drift of a sole within one plant
  double highest_step_m = 0.0;  // the highest a stepping sole rose over the flat ground
  int steps = 0;                // stance steps begun
  // At the end, standing: how far each drawn ankle is from where the clip
  // stands it, horizontally, in leg lengths (hip to ankle).
  double most_off_stance_legs = 0.0;
};

// The horizontal distance of the drawn ankle from the clip's, in leg lengths.
double OffStanceLegs(const Knight& knight, const character::LimbChain& leg) {
  const auto animated_ms = knight.AnimatedJointsMs();
  const double leg_m = glm::length(animated_ms[leg.mid] - animated_ms[leg.upper]) +
                       glm::length(animated_ms[leg.end] - animated_ms[leg.mid]);
  const glm::vec3 off_ms = glm::vec3(knight.ModelsMs()[leg.end][3]) - animated_ms[leg.end];
  return glm::length(glm::vec2(off_ms.x, off_ms.z)) / leg_m;
}

// Stands and swings (the blow's stance), walks `walk_steps` sim steps to
// the right, swings again at once and stands for two seconds; both feet
// watched every step.
Walked WalkThenSwing(const knights::test::GameCharacter& c, int walk_steps) {
  auto level = asset::ParseLevel(test::kTestLevelJson, "controller_test.json");
  EXPECT_TRUE(level.ok()) << level.status().message();
  const world::World world(std::move(*level));
  Knight knight;
  knight.Init(c.model.skeleton, c.clips, c.rig, 0);
  knight.Spawn(glm::vec3(3.0f, 0.0f, 0.0f), +1);
  const ik::IkSwitches ik;
  Walked out;
  std::array<bool, 2> planted{false, false};
  std::array<glm::vec3, 2> plant_start_ws{};
  std::array<bool, 2> stepping{false, false};
  const int foot_joint[2] = {c.rig.leg_l.end, c.rig.leg_r.end};
  const glm::vec3 sole_ls[2] = {c.rig.sole_offset_l_ls, c.rig.sole_offset_r_ls};
  constexpr int kWalkFrom = 90;
  for (int i = 0; i < kWalkFrom + walk_steps + 120; ++i) {
    core::InputState input = test::Input(i >= kWalkFrom && i < kWalkFrom + walk_steps ? 1.0f : 0.0f);
    input.attack_pressed = i == 20 || i == kWalkFrom + walk_steps;
    knight.Step(input, world, ik, test::kDt, nullptr);
    for (int side = 0; side < 2; ++side) {
      const anim::Limb limb = side == 0 ? anim::kFootL : anim::kFootR;
      const glm::vec3 sole_ws =
          glm::vec3(knight.ModelToWorld() * knight.ModelsMs()[foot_joint[side]] * glm::vec4(sole_ls[side], 1.0f));
      const bool now_planted = knight.controller.Grounded() && knight.anim.ContactWeight(limb) >= 0.5f;
      if (now_planted && !planted[side]) plant_start_ws[side] = sole_ws;
      if (now_planted)
        out.most_drift_m = std::max<double>(out.most_drift_m, glm::length(sole_ws - plant_start_ws[side]));
      planted[side] = now_planted;
      const bool now_stepping = knight.anim.StepProgress(limb) >= 0.0f;
      if (now_stepping && !stepping[side]) ++out.steps;
      if (now_stepping) out.highest_step_m = std::max<double>(out.highest_step_m, sole_ws.y);
      stepping[side] = now_stepping;
    }
  }
  out.most_off_stance_legs = std::max(OffStanceLegs(knight, c.rig.leg_l), OffStanceLegs(knight, c.rig.leg_r));
  return out;
}

struct SteppingCharacter {
  const char* file;
  // Some walk leaves a foot far enough from the blow's stance to step: a
  // fist's stance (the knight's weapon and its own clips leave none).
  bool steps;
};

// Knight::StartStanceSteps' threshold: a foot this far from its stance, in
// leg lengths, steps.
constexpr double kStanceStepLegs = 0.3;

class StanceStepTest : public ::testing::TestWithParam<SteppingCharacter> {};

// Over walks of every length up to a stride: no planted sole drifts more
// than 2 cm, each step lifts the sole off the ground on its way, and the
// knight ends standing in the blow's stance (each ankle within the step's
// threshold of the clip's), not stretched where the walk left a foot.
TEST_P(StanceStepTest, AFootLeftBehindByAWalkStepsIntoTheBlowsStanceWithoutSliding) {
  const auto c = knights::test::LoadGameCharacter(GetParam().file);
  ASSERT_NE(c, nullptr);
  ASSERT_NE(c->clips[static_cast<int>(character::ClipRole::kAttack1)], nullptr);
  int walks_with_a_step = 0;
  for (int walk_steps = 4; walk_steps <= 40; walk_steps += 4) {
    SCOPED_TRACE(walk_steps);
    const Walked walked = WalkThenSwing(*c, walk_steps);
    EXPECT_LE(walked.most_drift_m, 0.02);
    EXPECT_LE(walked.most_off_stance_legs, kStanceStepLegs);
    if (walked.steps > 0) {
      ++walks_with_a_step;
      EXPECT_GE(walked.highest_step_m, 0.01);
    }
  }
  if (GetParam().steps) {
    EXPECT_GE(walks_with_a_step, 1);
  }
}

// The file's name without folder or extension, as the test's name.
std::string FileStem(const std::string& path) {
  const size_t start = path.find_last_of('/') + 1;  // npos + 1 == 0
  return path.substr(start, path.find('.', start) - start);
}

INSTANTIATE_TEST_SUITE_P(
    Characters, StanceStepTest,
    ::testing::Values(SteppingCharacter{"squire.json", true}, SteppingCharacter{"knight.json", false},
                      SteppingCharacter{"tests/data/characters/mixamo_inplace/mixamo_inplace.json", true}),
    [](const auto& info) { return FileStem(info.param.file); });

}  // namespace
}  // namespace knights::game
