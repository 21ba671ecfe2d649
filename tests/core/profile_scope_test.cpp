// core::ProfileScope: a block's wall time where asked, 0 (and no clock read)
// where not.

#include "knights/core/profile_scope.h"

#include <gtest/gtest.h>

namespace knights::core {
namespace {

TEST(ProfileScope, WritesTheBlocksTimeWhenEnabled) {
  double seconds = -1.0;
  {
    const ProfileScope scope(true, &seconds);
    EXPECT_EQ(seconds, -1.0);  // written when the block ends, not before
  }
  EXPECT_GE(seconds, 0.0);
  EXPECT_LT(seconds, 60.0);
}

TEST(ProfileScope, WritesZeroWhenDisabled) {
  double seconds = 5.0;
  { const ProfileScope scope(false, &seconds); }
  EXPECT_EQ(seconds, 0.0);
}

TEST(ProfileScope, TheMacroTimesItsBlock) {
  double seconds = -1.0;
  { KNIGHTS_PROFILE_SCOPE(true, &seconds); }
#if defined(KNIGHTS_PROFILE_OFF)
  EXPECT_EQ(seconds, -1.0);  // compiled out: nothing written
#else
  EXPECT_GE(seconds, 0.0);
#endif
}

}  // namespace
}  // namespace knights::core
