// game::Campaign: a run from New Game (or a level chosen on the title)
// through the title's levels in order to the ending, each level's result
// kept once (a replay's replaces it) and totalled for the credits; and the
// level select's choices from the levels completed.

#include "knights/game/session/campaign.h"

#include <gtest/gtest.h>

namespace knights::game {
namespace {

const std::vector<std::string> kLevels = {"demo.json", "castle.json", "keep.json"};

LevelResult Result(const char* name, double time_s, int taken, int total, Medal medal) {
  return {name, time_s, taken, total, medal};
}

TEST(Campaign, NewGameGoesThroughEveryLevelInOrderToTheEnding) {
  Campaign campaign(kLevels);
  EXPECT_FALSE(campaign.Running());
  EXPECT_EQ(campaign.Next(), -1);
  campaign.Begin(0);
  ASSERT_TRUE(campaign.Running());
  for (int level = 0; level < 3; ++level) {
    EXPECT_EQ(campaign.current(), level);
    EXPECT_EQ(campaign.Next(), level < 2 ? level + 1 : -1) << "after the last level the ending comes";
    campaign.Record(Result("L", 60.0 + level, level, 5, Medal::kNone));
    if (level < 2) campaign.Advance();
  }
  EXPECT_EQ(campaign.results().size(), 3u);
  campaign.Advance();
  EXPECT_FALSE(campaign.Running());
}

TEST(Campaign, AReplayReplacesTheLevelsResultAndTheTotalsAddUp) {
  Campaign campaign(kLevels);
  campaign.Begin(1);  // the castle chosen on the title
  campaign.Record(Result("Castle", 90.0, 3, 10, Medal::kBronze));
  campaign.Record(Result("Castle", 80.5, 7, 10, Medal::kSilver));  // replayed
  ASSERT_EQ(campaign.results().size(), 1u);
  EXPECT_DOUBLE_EQ(campaign.results()[0].time_s, 80.5);
  campaign.Advance();
  campaign.Record(Result("Keep", 40.25, 2, 4, Medal::kGold));
  EXPECT_DOUBLE_EQ(campaign.TotalTimeS(), 120.75);
  EXPECT_EQ(campaign.GemsTaken(), 9);
  EXPECT_EQ(campaign.GemsTotal(), 14);
  EXPECT_EQ(campaign.MedalCount(Medal::kSilver), 1);
  EXPECT_EQ(campaign.MedalCount(Medal::kGold), 1);
  EXPECT_EQ(campaign.MedalCount(Medal::kBronze), 0);
  campaign.Begin(0);  // New Game: the results start again
  EXPECT_TRUE(campaign.results().empty());
}

TEST(Campaign, ALevelOutsideTheListBeginsNoRun) {
  Campaign campaign(kLevels);
  for (int index : {-1, 3, 99}) {
    campaign.Begin(index);
    EXPECT_FALSE(campaign.Running()) << index;
    campaign.Record(Result("X", 1.0, 0, 0, Medal::kNone));
    EXPECT_TRUE(campaign.results().empty());
  }
  Campaign none;
  none.Begin(0);
  EXPECT_FALSE(none.Running());
}

TEST(LevelsReached, TheFirstTheCompletedAndEachOneAfterACompletedOne) {
  EXPECT_EQ(LevelsReached(kLevels, {}), (std::vector<int>{0}));
  EXPECT_EQ(LevelsReached(kLevels, {"demo.json"}), (std::vector<int>{0, 1}));
  EXPECT_EQ(LevelsReached(kLevels, {"demo.json", "castle.json"}), (std::vector<int>{0, 1, 2}));
  // Completed out of order (a level played with --level is not recorded,
  // but a list may change between versions): each completed level and
  // the one after it.
  EXPECT_EQ(LevelsReached(kLevels, {"castle.json"}), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(LevelsReached(kLevels, {"gone.json"}), (std::vector<int>{0}));
  EXPECT_TRUE(LevelsReached({}, {"demo.json"}).empty());
}

TEST(RunTimeText, MinutesSecondsAndHundredths) {
  EXPECT_EQ(RunTimeText(92.5), "1:32.50");
  EXPECT_EQ(RunTimeText(5.0), "0:05.00");
  EXPECT_EQ(RunTimeText(3600.0), "60:00.00");
}

}  // namespace
}  // namespace knights::game
