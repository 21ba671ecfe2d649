// ui::FightMarkSizesFor: the fight's marks (the player's hearts, an
// enemy's "!" and hit-point pips) stand at least 2% of the window's height
// at every size a window is played at.

#include "knights/ui/fight_hud.h"

#include <gtest/gtest.h>

namespace knights::ui {
namespace {

TEST(FightMarkSizes, EachMarkIsAtLeastTwoPercentOfTheWindowsHeight) {
  for (const int height_px : {480, 720, 1080, 1440, 2160}) {
    SCOPED_TRACE(height_px);
    const FightMarkSizes sizes = FightMarkSizesFor(height_px);
    const float two_percent = 0.02f * static_cast<float>(height_px);
    EXPECT_GE(2.3f * sizes.heart_radius_px, two_percent);  // a heart is about 2.3 lobes tall
    EXPECT_GE(sizes.pip_px, two_percent);
    EXPECT_GE(sizes.tell_px, two_percent);
    EXPECT_GT(sizes.tell_swell, 0.0f);
  }
  // Larger windows, larger marks.
  EXPECT_GT(FightMarkSizesFor(1080).pip_px, FightMarkSizesFor(720).pip_px);
}

}  // namespace
}  // namespace knights::ui
