// render::PropScreenCover and ChoosePropsToDraw: how much screen a prop's
// triangles cover from the follow camera's eyes, and which props a level
// draws within the budget.

#include "knights/render/prop_budget.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace knights::render {
namespace {

constexpr float kPi = 3.14159265f;

// A square of side `side_m` in the plane z = z_m, centred on (x_m, y_m),
// facing +z (counter-clockwise seen from +z) or -z.
void AppendSquare(std::vector<StaticVertex>& out, float x_m, float y_m, float z_m, float side_m, bool faces_plus_z) {
  const float h = 0.5f * side_m;
  const glm::vec3 a(x_m - h, y_m - h, z_m), b(x_m + h, y_m - h, z_m), c(x_m + h, y_m + h, z_m),
      d(x_m - h, y_m + h, z_m);
  for (const glm::vec3& p :
       faces_plus_z ? std::vector<glm::vec3>{a, b, c, a, c, d} : std::vector<glm::vec3>{a, c, b, a, d, c}) {
    StaticVertex v;
    v.position_ws = p;
    out.push_back(v);
  }
}

// One eye, straight across from the square's centre.
PropCoverView OneEye() {
  PropCoverView view;
  view.eyes_along_m = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  return view;
}

TEST(PropScreenCover, ASmallSquareFacingTheEyeCoversItsProjectedShare) {
  const PropCoverView view = OneEye();
  std::vector<StaticVertex> square;
  const float base_y = 0.0f;
  AppendSquare(square, 0.0f, base_y + view.eye_over_base_m, 0.0f, 1.0f, true);
  const float tan_y = std::tan(0.5f * view.fov_y_deg * kPi / 180.0f);
  const float expected = (1.0f / (view.eye_z_m * tan_y * view.aspect)) * (1.0f / (view.eye_z_m * tan_y)) / 4.0f;
  EXPECT_NEAR(PropScreenCover(square, glm::vec3(0.0f, base_y, 0.0f), view), expected, expected * 1e-3f);
}

TEST(PropScreenCover, ABackFaceIsCulledFromOneSideAndSeenFromTheOther) {
  const PropCoverView view = OneEye();
  std::vector<StaticVertex> front, back;
  AppendSquare(front, 0.0f, view.eye_over_base_m, 0.0f, 1.0f, true);
  AppendSquare(back, 0.0f, view.eye_over_base_m, 0.0f, 1.0f, false);
  // Either way one side's eye sees its front: the worse side counts.
  EXPECT_NEAR(PropScreenCover(front, glm::vec3(0.0f), view), PropScreenCover(back, glm::vec3(0.0f), view), 1e-6f);
  // Both faces: each eye sees one.
  std::vector<StaticVertex> both = front;
  both.insert(both.end(), back.begin(), back.end());
  EXPECT_NEAR(PropScreenCover(both, glm::vec3(0.0f), view), PropScreenCover(front, glm::vec3(0.0f), view), 1e-6f);
}

TEST(PropScreenCover, WallsBiggerThanTheScreenCoverItOnceEachLayer) {
  const PropCoverView view = OneEye();
  std::vector<StaticVertex> walls;
  AppendSquare(walls, 0.0f, view.eye_over_base_m, 0.0f, 200.0f, true);
  EXPECT_NEAR(PropScreenCover(walls, glm::vec3(0.0f), view), 1.0f, 1e-4f);
  AppendSquare(walls, 0.0f, view.eye_over_base_m, 1.0f, 200.0f, true);
  AppendSquare(walls, 0.0f, view.eye_over_base_m, 2.0f, 200.0f, true);
  EXPECT_NEAR(PropScreenCover(walls, glm::vec3(0.0f), view), 3.0f, 1e-3f);
  // A wall behind the eye is not seen; one straddling the near plane is
  // clipped, not flipped.
  std::vector<StaticVertex> behind;
  AppendSquare(behind, 0.0f, view.eye_over_base_m, view.eye_z_m + 1.0f, 200.0f, true);
  EXPECT_EQ(PropScreenCover(behind, glm::vec3(0.0f), view), 0.0f);
}

TEST(PropScreenCover, AnEyeBesideTheCourseSeesABoxItsOtherEyeIsInside) {
  std::vector<StaticVertex> box_face;  // the box's face towards +x, 20 m square
  const PropCoverView one = OneEye();
  PropCoverView along;
  // A wall along the course's direction, seen edge on from straight across
  // and face on from an eye to its side.
  for (const glm::vec3& p : {glm::vec3(1, -10, -10), glm::vec3(1, 10, -10), glm::vec3(1, 10, 10),
                             glm::vec3(1, -10, -10), glm::vec3(1, 10, 10), glm::vec3(1, -10, 10)}) {
    StaticVertex v;
    v.position_ws = p;
    box_face.push_back(v);
  }
  EXPECT_LT(PropScreenCover(box_face, glm::vec3(0.0f), one), 0.01f);
  EXPECT_GT(PropScreenCover(box_face, glm::vec3(0.0f), along), 0.2f);
}

TEST(ChoosePropsToDraw, EveryNeighbourhoodStaysWithinTheBudgetTheSmallestFirst) {
  PropBudget budget;
  std::vector<PropCover> props;
  for (int i = 0; i < 40; ++i) props.push_back(PropCover{0.5f * static_cast<float>(i), 0.05f + 0.01f * (i % 7)});
  props.push_back(PropCover{5.0f, 0.001f});
  const std::vector<bool> drawn = ChoosePropsToDraw(props, budget);
  ASSERT_EQ(drawn.size(), props.size());
  EXPECT_TRUE(drawn.back());  // the smallest goes first
  int drawn_count = 0;
  for (size_t i = 0; i < props.size(); ++i) {
    if (!drawn[i]) continue;
    ++drawn_count;
    float around = 0.0f;
    for (size_t k = 0; k < props.size(); ++k) {
      if (drawn[k] && std::fabs(props[k].x_m - props[i].x_m) <= budget.neighbourhood_m) around += props[k].screens;
    }
    EXPECT_LE(around, budget.max_screens + 1e-5f) << i;
  }
  EXPECT_GT(drawn_count, 10);
  EXPECT_LT(drawn_count, 41);
  // Every prop left out would break the budget of its own neighbourhood
  // or of a drawn neighbour's.
  auto drawn_around = [&](size_t i) {
    float around = 0.0f;
    for (size_t k = 0; k < props.size(); ++k) {
      if (drawn[k] && std::fabs(props[k].x_m - props[i].x_m) <= budget.neighbourhood_m) around += props[k].screens;
    }
    return around;
  };
  for (size_t i = 0; i < props.size(); ++i) {
    if (drawn[i]) continue;
    bool breaks = drawn_around(i) + props[i].screens > budget.max_screens;
    for (size_t k = 0; k < props.size(); ++k) {
      if (drawn[k] && std::fabs(props[k].x_m - props[i].x_m) <= budget.neighbourhood_m)
        breaks = breaks || drawn_around(k) + props[i].screens > budget.max_screens;
    }
    EXPECT_TRUE(breaks) << i;
  }
}

TEST(ChoosePropsToDraw, FarApartPropsAreAllDrawnAndOneOverTheBudgetNever) {
  std::vector<PropCover> props = {{0.0f, 0.9f},
                                  {30.0f, 0.9f},
                                  {60.0f, 0.9f},
                                  {90.0f, 1.5f},
                                  {std::numeric_limits<float>::quiet_NaN(), 0.1f},
                                  {120.0f, std::nanf("")}};
  const std::vector<bool> drawn = ChoosePropsToDraw(props);
  EXPECT_EQ(drawn, (std::vector<bool>{true, true, true, false, false, false}));
}

}  // namespace
}  // namespace knights::render
