// game::BodyContacts, the fights' outside measure: the deepest overlap of
// two bodies (negative while apart), the longest run of steps a blade's
// point stays in another body, knights that take no part left out, and
// no samples until two knights take part.

#include "knights/game/session/body_contacts.h"

#include <gtest/gtest.h>

#include <vector>

namespace knights::game {
namespace {

BodyContactSample Standing(float x, float blade_x) {
  BodyContactSample s;
  s.body_ws = {glm::vec3(x, 0.35f, 0.0f), glm::vec3(x, 1.9f, 0.0f), 0.24f};
  s.blade_point_ws = glm::vec3(blade_x, 1.2f, 0.0f);
  s.fighting = true;
  return s;
}

TEST(BodyContacts, TheDeepestOverlapOfTwoBodies) {
  BodyContacts contacts;
  contacts.Reset(2);
  std::vector<BodyContactSample> knights = {Standing(0.0f, 0.5f), Standing(1.0f, 2.0f)};
  contacts.Sample(knights);
  EXPECT_NEAR(contacts.stats().body_overlap_max_m, -0.52f, 1e-5f) << "apart: 1 m less two radii";
  knights[1] = Standing(0.4f, 2.0f);
  contacts.Sample(knights);
  EXPECT_NEAR(contacts.stats().body_overlap_max_m, 0.08f, 1e-5f);
  knights[1] = Standing(1.0f, 2.0f);
  contacts.Sample(knights);
  EXPECT_NEAR(contacts.stats().body_overlap_max_m, 0.08f, 1e-5f) << "the deepest is kept";
  EXPECT_EQ(contacts.stats().body_pairs_sampled, 3);
}

TEST(BodyContacts, TheLongestRunOfABladeInABody) {
  BodyContacts contacts;
  contacts.Reset(2);
  // Knight 0's point inside knight 1 (at x 1, radius 0.24) for 3 steps,
  // out, then in for 2.
  for (float blade_x : {0.9f, 1.0f, 1.1f, 0.5f, 0.95f, 1.05f, 0.3f}) {
    const std::vector<BodyContactSample> knights = {Standing(0.0f, blade_x), Standing(1.0f, 2.0f)};
    contacts.Sample(knights);
  }
  EXPECT_EQ(contacts.stats().blade_in_body_max_steps, 3);
  EXPECT_EQ(contacts.stats().blade_pairs_sampled, 14);
}

TEST(BodyContacts, KnightsThatTakeNoPartAreLeftOut) {
  BodyContacts contacts;
  contacts.Reset(3);
  std::vector<BodyContactSample> knights = {Standing(0.0f, 1.0f), Standing(1.0f, 2.0f), Standing(0.1f, 0.1f)};
  knights[2].fighting = false;  // defeated, blinking out
  contacts.Sample(knights);
  EXPECT_NEAR(contacts.stats().body_overlap_max_m, -0.52f, 1e-5f) << "the third one overlaps but is left out";
  EXPECT_EQ(contacts.stats().blade_in_body_max_steps, 1);
  knights[1].fighting = false;
  contacts.Sample(knights);  // a run ends when its victim leaves
  knights[1].fighting = true;
  contacts.Sample(knights);
  EXPECT_EQ(contacts.stats().blade_in_body_max_steps, 1);
}

TEST(BodyContacts, OnlyFightingKnightsAreMeasured) {
  BodyContacts contacts;
  contacts.Reset(2);
  std::vector<BodyContactSample> knights = {Standing(0.0f, 0.2f), Standing(0.2f, 0.0f)};
  knights[1].fighting = false;  // a patrol passing
  contacts.Sample(knights);
  EXPECT_EQ(contacts.stats().body_pairs_sampled, 0);
  EXPECT_EQ(contacts.stats().blade_pairs_sampled, 0);
}

TEST(BodyContacts, NoSamplesUntilTwoKnightsTakePart) {
  BodyContacts contacts;
  contacts.Reset(2);
  std::vector<BodyContactSample> knights = {Standing(0.0f, 1.0f), Standing(1.0f, 2.0f)};
  knights[1].fighting = false;
  contacts.Sample(knights);
  EXPECT_EQ(contacts.stats().body_pairs_sampled, 0);
  EXPECT_EQ(contacts.stats().blade_pairs_sampled, 0);
}

}  // namespace
}  // namespace knights::game
