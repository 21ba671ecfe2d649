// ui::CreditsLines and CreditsRollProgress: the roll names each level of
// the run with its time, gems and medal, then the totals, and ends on the
// closing card naming the confirm control; the roll moves up steadily from
// 0 to 1 and comes to rest at the card without a jump in speed.

#include "knights/ui/credits_roll.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace knights::ui {
namespace {

bool HasLine(const std::vector<CreditsLine>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(), [&](const CreditsLine& line) { return line.text == text; });
}

TEST(CreditsRoll, TellsTheRunLevelByLevelAndEndsOnTheClosingCard) {
  game::Campaign campaign({"demo.json", "castle.json"});
  campaign.Begin(0);
  campaign.Record({"Demo", 91.12, 16, 17, game::Medal::kSilver});
  campaign.Advance();
  campaign.Record({"Castle", 72.5, 13, 19, game::Medal::kNone});
  const std::vector<CreditsLine> lines = CreditsLines(campaign, "Return or A");
  EXPECT_TRUE(HasLine(lines, "Demo   1:31.12   gems 16 / 17   silver"));
  EXPECT_TRUE(HasLine(lines, "Castle   1:12.50   gems 13 / 19"));
  EXPECT_TRUE(HasLine(lines, "in all 2:43.62   gems 29 / 36"));
  EXPECT_TRUE(HasLine(lines, "medals: 1 silver"));
  ASSERT_GE(lines.size(), static_cast<size_t>(kClosingCardLines));
  EXPECT_EQ(lines[lines.size() - kClosingCardLines].text, "THE END");
  EXPECT_EQ(lines.back().text, "Press Return or A for the title");
  EXPECT_EQ(lines.front().text, "KNIGHTS");
}

TEST(CreditsRoll, ARunWithNoMedalsOrGemsSaysSo) {
  game::Campaign campaign({"plain.json"});
  campaign.Begin(0);
  campaign.Record({"Plain", 30.0, 0, 0, game::Medal::kNone});
  const std::vector<CreditsLine> lines = CreditsLines(campaign, "J");
  EXPECT_TRUE(HasLine(lines, "Plain   0:30.00"));
  EXPECT_TRUE(HasLine(lines, "in all 0:30.00"));
  EXPECT_TRUE(HasLine(lines, "no medals"));
}

TEST(CreditsRoll, RollsSteadilyAndComesToRestAtTheCard) {
  EXPECT_EQ(CreditsRollProgress(0.0), 0.0f);
  EXPECT_EQ(CreditsRollProgress(kCreditsRollS), 1.0f);
  EXPECT_EQ(CreditsRollProgress(kCreditsRollS + 30.0), 1.0f);
  EXPECT_EQ(CreditsRollProgress(-1.0), 0.0f);
  constexpr double kStepS = 1.0 / 60.0;
  const float steady = CreditsRollProgress(kStepS) - CreditsRollProgress(0.0);
  float last = 0.0f, last_speed = steady;
  for (double t = kStepS; t <= kCreditsRollS; t += kStepS) {
    const float p = CreditsRollProgress(t);
    const float speed = p - last;
    EXPECT_GE(speed, -1e-7f) << "never rolls back, t = " << t;
    EXPECT_LE(speed, steady * 1.05f) << "never faster than the steady roll, t = " << t;
    EXPECT_LE(std::abs(speed - last_speed), steady * 0.05f) << "no jump in speed, t = " << t;
    last = p;
    last_speed = speed;
  }
  EXPECT_LT(last_speed, steady * 0.05f) << "at rest at the end";
}

}  // namespace
}  // namespace knights::ui
