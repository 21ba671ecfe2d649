#include "knights/asset/level_loader.h"

#include <cmath>
#include <set>
#include <string>

#include <nlohmann/json.hpp>
#include <gtest/gtest.h>

#include "knights/world/world.h"
#include "json_mutation.h"

namespace knights::asset {
namespace {

using nlohmann::json;

// A minimal level that uses every section once and passes validation:
// flat ground 0..10, a 2 m cliff at 10, plateau to 20, a ladder up the cliff.
const char* kMinimal = R"({
  "name": "mini",
  "terrain": {"points": [[0, 0], [10, 0], [10, 2], [20, 2]]},
  "spawn": {"x": 1},
  "goal": {"x": 18, "kind": "gate"},
  "kill_y": -5,
  "checkpoints": [3, 15],
  "pits": [{"x0": 6, "x1": 7}],
  "platforms": [{"x0": 12, "x1": 14, "top_y": 3.5}],
  "rocks": [{"x": 2, "size": [0.3, 0.2, 0.3]}],
  "ladders": [{"x": 9.85, "bottom_y": 0, "top_y": 2, "rung_spacing": 0.3}],
  "npcs": [{"x": 16, "patrol": [13, 19], "variant": "green"}],
  "props": [{"kind": "tree", "x": 4, "z": -2}]
})";

// kMinimal with the value at `pointer` replaced (or removed when value is null).
std::string Mutated(const std::string& pointer, const json* value) { return test::Mutated(kMinimal, pointer, value); }

std::string ErrorOf(const std::string& text) {
  const auto result = ParseLevel(text, "mini.json");
  return result.ok() ? std::string("(no error)") : result.status().message();
}

TEST(LevelLoader, MinimalLevelLoads) {
  const auto result = ParseLevel(kMinimal, "mini.json");
  ASSERT_TRUE(result.ok()) << result.status().message();
  const world::Level& level = *result;
  EXPECT_EQ(level.name, "mini");
  ASSERT_EQ(level.terrain.points.size(), 4u);
  EXPECT_FLOAT_EQ(level.terrain.points[2].y, 2.0f);
  EXPECT_FLOAT_EQ(level.terrain.z_min, -3.0f);  // default
  EXPECT_FLOAT_EQ(level.kill_y, -5.0f);
  EXPECT_EQ(level.ladders.size(), 1u);
  EXPECT_FLOAT_EQ(level.ladders[0].rung_spacing, 0.3f);
  EXPECT_FLOAT_EQ(level.ladders[0].width, 0.5f);
  EXPECT_EQ(level.ladders[0].exit_dir, 1);
  EXPECT_EQ(level.npcs[0].variant, world::NpcVariant::kGreen);
  EXPECT_EQ(level.npcs[0].role, world::NpcRole::kPatrol);  // default
  EXPECT_EQ(level.npcs[0].health, 3);
  EXPECT_FLOAT_EQ(level.npcs[0].aggression, 0.5f);
  EXPECT_FLOAT_EQ(level.npcs[0].patrol_x1, 19.0f);
  EXPECT_EQ(level.props[0].kind, world::PropKind::kTree);
  EXPECT_FALSE(level.props[0].y.has_value());
  EXPECT_FLOAT_EQ(level.rocks[0].size.y, 0.2f);
  EXPECT_FLOAT_EQ(level.platforms[0].thickness, 0.3f);
  EXPECT_EQ(level.goal.kind, world::GoalKind::kGate);
  EXPECT_EQ(level.mood, world::Mood{});  // no "mood": the day over a meadow
}

// "mood" picks the sky and the ground; either may be left out (its default).
TEST(LevelLoader, MoodPicksTheSkyAndTheGround) {
  const json dusk = {{"sky", "dusk"}, {"ground", "paving"}};
  auto result = ParseLevel(Mutated("/mood", &dusk), "mini.json");
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_EQ(result->mood.sky, world::SkyMood::kDusk);
  EXPECT_EQ(result->mood.ground, world::GroundMood::kPaving);
  const json paving_only = {{"ground", "paving"}};
  result = ParseLevel(Mutated("/mood", &paving_only), "mini.json");
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_EQ(result->mood.sky, world::SkyMood::kDay);
  EXPECT_EQ(result->mood.ground, world::GroundMood::kPaving);
  const json empty = json::object();
  result = ParseLevel(Mutated("/mood", &empty), "mini.json");
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_EQ(result->mood, world::Mood{});
}

struct MissingCase {
  const char* pointer;  // field removed from kMinimal
  const char* path;     // JSON path expected in the message
};

class MissingRequiredField : public ::testing::TestWithParam<MissingCase> {};

TEST_P(MissingRequiredField, NamesTheFileAndThePath) {
  const MissingCase& c = GetParam();
  EXPECT_EQ(ErrorOf(Mutated(c.pointer, nullptr)), std::string("mini.json: ") + c.path + ": missing required field");
}

INSTANTIATE_TEST_SUITE_P(
    AllRequired, MissingRequiredField,
    ::testing::Values(MissingCase{"/name", "name"}, MissingCase{"/terrain", "terrain"},
                      MissingCase{"/terrain/points", "terrain.points"}, MissingCase{"/spawn", "spawn"},
                      MissingCase{"/spawn/x", "spawn.x"}, MissingCase{"/goal", "goal"},
                      MissingCase{"/goal/x", "goal.x"}, MissingCase{"/pits/0/x0", "pits[0].x0"},
                      MissingCase{"/pits/0/x1", "pits[0].x1"}, MissingCase{"/platforms/0/x0", "platforms[0].x0"},
                      MissingCase{"/platforms/0/x1", "platforms[0].x1"},
                      MissingCase{"/platforms/0/top_y", "platforms[0].top_y"}, MissingCase{"/rocks/0/x", "rocks[0].x"},
                      MissingCase{"/rocks/0/size", "rocks[0].size"}, MissingCase{"/ladders/0/x", "ladders[0].x"},
                      MissingCase{"/ladders/0/bottom_y", "ladders[0].bottom_y"},
                      MissingCase{"/ladders/0/top_y", "ladders[0].top_y"},
                      MissingCase{"/ladders/0/rung_spacing", "ladders[0].rung_spacing"},
                      MissingCase{"/npcs/0/x", "npcs[0].x"}, MissingCase{"/npcs/0/patrol", "npcs[0].patrol"},
                      MissingCase{"/props/0/kind", "props[0].kind"}, MissingCase{"/props/0/x", "props[0].x"}));

struct WrongCase {
  const char* pointer;
  const char* value_json;  // replacement value
  const char* expected;    // the whole message after "mini.json: "
};

class WrongValue : public ::testing::TestWithParam<WrongCase> {};

TEST_P(WrongValue, GivesOneLineWithPathAndReason) {
  const WrongCase& c = GetParam();
  const json value = json::parse(c.value_json);
  EXPECT_EQ(ErrorOf(Mutated(c.pointer, &value)), std::string("mini.json: ") + c.expected);
}

INSTANTIATE_TEST_SUITE_P(
    Types, WrongValue,
    ::testing::Values(
        WrongCase{"/name", "5", "name: expected a string, got number"},
        WrongCase{"/name", "\"\"", "name: must not be empty"},
        WrongCase{"/terrain", "[]", "terrain: expected an object, got array"},
        WrongCase{"/terrain/points", "{}", "terrain.points: expected an array, got object"},
        WrongCase{"/terrain/points/3/0", "\"20\"", "terrain.points[3][0]: expected a number, got string"},
        WrongCase{"/terrain/points/1", "[10]",
                  "terrain.points[1]: expected 2 to 4 numbers [x, y, tilt_z, bump_z], got 1"},
        WrongCase{"/terrain/points/1", "7", "terrain.points[1]: expected an array, got number"},
        WrongCase{"/terrain/z_min", "null", "terrain.z_min: expected a number, got null"},
        WrongCase{"/spawn", "1", "spawn: expected an object, got number"},
        WrongCase{"/spawn/x", "true", "spawn.x: expected a number, got boolean"},
        WrongCase{"/goal/x", "[18]", "goal.x: expected a number, got array"},
        WrongCase{"/goal/kind", "\"gat\"", "goal.kind: \"gat\" is not one of: gate, banner"},
        WrongCase{"/kill_y", "\"low\"", "kill_y: expected a number, got string"},
        WrongCase{"/checkpoints", "5", "checkpoints: expected an array, got number"},
        WrongCase{"/checkpoints/1", "{}", "checkpoints[1]: expected a number, got object"},
        WrongCase{"/pits", "{}", "pits: expected an array, got object"},
        WrongCase{"/pits/0", "[6, 7]", "pits[0]: expected an object, got array"},
        WrongCase{"/platforms/0/thickness", "\"thick\"", "platforms[0].thickness: expected a number, got string"},
        WrongCase{"/rocks/0/size/1", "null", "rocks[0].size[1]: expected a number, got null"},
        WrongCase{"/rocks/0/size", "[0.3, 0.2]", "rocks[0].size: expected [x, y, z], got 2 values"},
        WrongCase{"/ladders", "3", "ladders: expected an array, got number"},
        WrongCase{"/ladders/0", "3", "ladders[0]: expected an object, got number"},
        WrongCase{"/ladders/0/rung_spacing", "\"0.3\"", "ladders[0].rung_spacing: expected a number, got string"},
        WrongCase{"/ladders/0/exit", "\"up\"", "ladders[0].exit: \"up\" is not one of: +x, -x"},
        WrongCase{"/npcs/0/patrol", "[13]", "npcs[0].patrol: expected [x0, x1], got 1 values"},
        WrongCase{"/npcs/0/patrol/0", "\"a\"", "npcs[0].patrol[0]: expected a number, got string"},
        WrongCase{"/npcs/0/variant", "\"blue\"", "npcs[0].variant: \"blue\" is not one of: red, green"},
        WrongCase{"/npcs/0/role", "\"boss\"", "npcs[0].role: \"boss\" is not one of: patrol, enemy"},
        WrongCase{"/npcs/0/health", "\"3\"", "npcs[0].health: expected a number, got string"},
        WrongCase{"/props/0/kind", "\"castle\"",
                  "props[0].kind: \"castle\" is not one of: tree, rock, banner, crate, bush, torch, barrel, fence"},
        WrongCase{"/props/0/scale", "false", "props[0].scale: expected a number, got boolean"},
        WrongCase{"/mood", "\"dusk\"", "mood: expected an object, got string"},
        WrongCase{"/mood", "{\"sky\": \"x\"}", "mood.sky: \"x\" is not one of: day, dusk"},
        WrongCase{"/mood", "{\"ground\": \"grass\"}", "mood.ground: \"grass\" is not one of: meadow, paving"},
        WrongCase{"/mood", "{\"sky\": 1}", "mood.sky: expected a string, got number"},
        WrongCase{"/mood", "{\"light\": \"dusk\"}", "mood.light: unknown field (expected one of: sky, ground)"}));

INSTANTIATE_TEST_SUITE_P(
    Ranges, WrongValue,
    ::testing::Values(
        WrongCase{"/ladders/0/rung_spacing", "0.5", "ladders[0].rung_spacing: 0.5 is outside 0.22..0.40 m"},
        WrongCase{"/npcs/0/health", "0", "npcs[0].health: 0 is outside 1..20 hit points"},
        WrongCase{"/npcs/0/health", "21", "npcs[0].health: 21 is outside 1..20 hit points"},
        WrongCase{"/npcs/0/health", "2.5", "npcs[0].health: 2.5 is not a whole number of hit points"},
        WrongCase{"/npcs/0/aggression", "1.5", "npcs[0].aggression: 1.5 is outside 0..1"},
        WrongCase{"/collectibles", "[{\"x\": 25}]", "collectibles[0].x: 25 is outside the terrain (0..20 m)"},
        WrongCase{"/collectibles", "[{\"x\": 5, \"height\": 0.1}]",
                  "collectibles[0].height: 0.1 is outside 0.2..12 m above the terrain"},
        WrongCase{"/collectibles", "[{\"x\": 5, \"gem\": 1}]",
                  "collectibles[0].gem: unknown field (expected one of: x, height)"},
        WrongCase{"/medals", "{\"gold\": 60, \"silver\": 50, \"bronze\": 90}",
                  "medals.silver: 50 must be longer than gold (60 s)"},
        WrongCase{"/medals", "{\"gold\": 0.5, \"silver\": 50, \"bronze\": 90}",
                  "medals.gold: 0.5 is outside 1..3600 s"},
        WrongCase{"/medals", "{\"gold\": 30, \"silver\": 50}", "medals.bronze: missing required field"},
        WrongCase{"/npcs/0/aggression", "-0.1", "npcs[0].aggression: -0.1 is outside 0..1"},
        WrongCase{"/ladders/0/rung_spacing", "0.2", "ladders[0].rung_spacing: 0.2 is outside 0.22..0.40 m"},
        WrongCase{"/ladders/0/lean_deg", "20", "ladders[0].lean_deg: 20 is outside -15..15 degrees"},
        WrongCase{"/ladders/0/top_y", "-1", "ladders[0].top_y: -1 must be above bottom_y (0)"},
        WrongCase{"/ladders/0/top_y", "0", "ladders[0].top_y: 0 must be above bottom_y (0)"},
        WrongCase{"/ladders/0/width", "2", "ladders[0].width: 2 is outside 0.3..1.0 m"},
        WrongCase{"/ladders/0/z", "2.8",
                  "ladders[0].z: 2.8 is outside the terrain's z_min + 0.3 .. z_max - 0.3 (the climber stands at the "
                  "ladder's depth)"},
        WrongCase{"/spawn/x", "1e300", "spawn.x: 1e+300 is too large (|value| must be <= 10000)"},
        WrongCase{"/spawn/x", "-20000", "spawn.x: -20000 is too large (|value| must be <= 10000)"},
        WrongCase{"/spawn/x", "25", "spawn.x: 25 is outside the terrain (0..20 m)"},
        WrongCase{"/spawn/x", "6.5", "spawn.x: 6.5 is over pits[0] (6..7 m)"},
        WrongCase{"/goal/x", "0.5", "goal.x: 0.5 must be beyond spawn.x (1)"},
        WrongCase{"/kill_y", "-0.5", "kill_y: -0.5 must be at least 1 m below the lowest terrain point (y = 0)"},
        WrongCase{"/checkpoints/1", "2", "checkpoints[1]: 2 is not greater than checkpoints[0] (3)"},
        WrongCase{"/pits/0/x1", "5", "pits[0].x1: 5 must be greater than x0 (6)"},
        WrongCase{"/terrain/z_min", "0",
                  "terrain.z_min: 0 is outside -50..-0.5 m (the play plane z = 0 needs ground on both sides)"},
        WrongCase{"/terrain/cell_x", "0", "terrain.cell_x: 0 is outside 0.05..2 m"},
        WrongCase{"/rocks/0/size/1", "5", "rocks[0].size[1]: 5 is outside 0.05..3 m"},
        WrongCase{"/npcs/0/patrol/1", "12", "npcs[0].patrol[1]: 12 must be greater than patrol[0] (13)"},
        WrongCase{"/npcs/0/x", "12", "npcs[0].x: 12 is outside its patrol 13..19"},
        WrongCase{"/platforms/0/x1", "11", "platforms[0].x1: 11 must be greater than x0 (12)"}));

INSTANTIATE_TEST_SUITE_P(
    Terrain, WrongValue,
    ::testing::Values(
        WrongCase{"/terrain/points/1/0", "-1",
                  "terrain.points[1][0]: x -1 is less than point 0's x 0 (x must not decrease)"},
        WrongCase{"/terrain/points/1", "[10, 9]",
                  "terrain.points[1]: slope of 41.9872 degrees from point 0 is steeper than 40 (use a vertical step: "
                  "two points with the same x)"},
        WrongCase{"/terrain/points/2", "[10, 0]",
                  "terrain.points[2]: repeats point 1 (a vertical step needs a different y)"},
        WrongCase{"/terrain/points/2", "[10, 9]", "terrain.points[2][1]: vertical step of 9 m is taller than 8 m"},
        WrongCase{"/terrain/points/2", "[10, 2, 0.1]",
                  "terrain.points[2]: tilt_z/bump_z differ from point 1's (both points of a vertical step share them)"},
        WrongCase{"/terrain/points/1", "[0, 1]", "terrain.points[1][0]: the profile cannot start with a vertical step"},
        WrongCase{"/terrain/points/2", "[10, 0, 0.5]",
                  "terrain.points[2][2]: 0.5 is outside -0.36..0.36 (tilt_z, about 20 degrees)"},
        WrongCase{"/terrain/points", "[[0, 0]]", "terrain.points: needs at least 2 points, got 1"}));

INSTANTIATE_TEST_SUITE_P(
    CrossChecks, WrongValue,
    ::testing::Values(
        WrongCase{"/ladders/0/bottom_y", "1",
                  "ladders[0].bottom_y: 1 is not on the ground: the terrain at x = 9.85 is 0 m and no platform top is "
                  "within 0.3 m"},
        WrongCase{"/ladders/0/top_y", "3",
                  "ladders[0].top_y: 3 does not meet a ledge: at the exit (x = 10.35) the terrain is 2 m and no "
                  "platform top is within 0.3 m"},
        WrongCase{"/npcs/0", R"({"x": 8, "patrol": [5, 9]})", "npcs[0].patrol: crosses pits[0] (6..7 m)"},
        WrongCase{"/npcs/0/patrol", "[8, 19]",
                  "npcs[0].patrol: crosses a 2 m step at x = 10 (NPCs cannot walk steps over 0.40 m)"},
        WrongCase{"/rocks/0/x", "6.5", "rocks[0].x: 6.5 is over pits[0] (6..7 m)"}));

// A patrol may cross a riser of exactly 0.40 m wherever it stands: the rise
// from y = 0.8 to 1.2 is 0.4000001 in floats, and used to be rejected.
TEST(LevelLoader, AnEnemyKeepsItsHealthAndAggression) {
  json j = json::parse(kMinimal);
  j["npcs"][0]["role"] = "enemy";
  j["npcs"][0]["health"] = 7;
  j["npcs"][0]["aggression"] = 0.9;
  const auto result = ParseLevel(j.dump(), "mini.json");
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_EQ(result->npcs[0].role, world::NpcRole::kEnemy);
  EXPECT_EQ(result->npcs[0].health, 7);
  EXPECT_FLOAT_EQ(result->npcs[0].aggression, 0.9f);
}

// An enemy fights only on gentle ground: its range and 1.5 m beyond it no
// steeper than 20 degrees, tilting and rippling across the path at most
// 0.18 and 0.10; a patrol may walk steeper.
TEST(LevelLoader, AnEnemyNeedsGroundASwordFightCanBeFoughtOn) {
  auto with = [](const char* terrain, float x, float x0, float x1) {
    json j = json::parse(kMinimal);
    j["terrain"] = json::parse(terrain);
    j["npcs"][0] = {{"x", x}, {"patrol", {x0, x1}}, {"role", "enemy"}};
    j.erase("pits");
    j.erase("platforms");
    j.erase("ladders");
    j.erase("rocks");
    return ErrorOf(j.dump());
  };
  // 20 degrees exactly (rise 7.279 over 20 m), then 21.
  EXPECT_EQ(with(R"({"points": [[0, 0], [20, 7.2794], [40, 7.2794]]})", 10, 5, 15), "(no error)");
  EXPECT_EQ(
      with(R"({"points": [[0, 0], [20, 7.6772], [40, 7.6772]]})", 10, 5, 15),
      "mini.json: npcs[0].patrol: an enemy fights on a 21.0 degree slope at x = 0..20 (at most 20 within 1.5 m of "
      "its range)");
  // The slope 1.5 m beyond the range counts (the player stands there); 2 m does not.
  EXPECT_NE(with(R"({"points": [[0, 0], [5, 4], [40, 4]]})", 10, 6.4f, 15), "(no error)");
  EXPECT_EQ(with(R"({"points": [[0, 0], [5, 4], [40, 4]]})", 10, 7, 15), "(no error)");
  EXPECT_EQ(with(R"({"points": [[0, 0, 0.2], [40, 0, 0.2]]})", 10, 5, 15),
            "mini.json: npcs[0].patrol: an enemy's ground tilts or ripples across the path more than 0.18 / 0.10 "
            "(terrain.points[0], within 1.5 m of the range)");
}

TEST(LevelLoader, PatrolsCrossRisersOfExactlyTheWalkableHeight) {
  nlohmann::json level = nlohmann::json::parse(kMinimal);
  level["terrain"]["points"] = nlohmann::json::parse("[[0, 0.8], [10, 0.8], [10, 1.2], [20, 1.2]]");
  level["ladders"] = nlohmann::json::array();
  level["npcs"][0]["patrol"] = nlohmann::json::parse("[8, 19]");
  const auto result = ParseLevel(level.dump(), "mini.json");
  EXPECT_TRUE(result.ok()) << result.status().message();
  level["terrain"]["points"] = nlohmann::json::parse("[[0, 0.8], [10, 0.8], [10, 1.21], [20, 1.21]]");
  EXPECT_NE(ErrorOf(level.dump()).find("crosses a 0.41 m step"), std::string::npos) << ErrorOf(level.dump());
}

// Limits written exactly are legal wherever they are: kill_y exactly 1 m
// below the lowest point, a slope of exactly tan 40 degrees far from x = 0;
// just past them is not.
TEST(LevelLoader, LimitsWrittenExactlyPassAnywhere) {
  nlohmann::json level = nlohmann::json::parse(kMinimal);
  level["ladders"] = nlohmann::json::array();
  level["npcs"] = nlohmann::json::array();
  level["platforms"] = nlohmann::json::array();
  level["terrain"]["points"] = nlohmann::json::parse("[[0, -15.998], [20, -15.998]]");
  level["kill_y"] = -16.998;
  EXPECT_EQ(ErrorOf(level.dump()), "(no error)");
  level["kill_y"] = -16.99;
  EXPECT_NE(ErrorOf(level.dump()).find("kill_y"), std::string::npos);

  const double tan40 = std::tan(40.0 * 3.14159265358979323846 / 180.0);
  level = nlohmann::json::parse(kMinimal);
  level["ladders"] = nlohmann::json::array();
  level["npcs"] = nlohmann::json::array();
  level["platforms"] = nlohmann::json::array();
  level["pits"] = nlohmann::json::array();
  level["checkpoints"] = nlohmann::json::array();
  level["rocks"] = nlohmann::json::array();
  level["props"] = nlohmann::json::array();
  level["spawn"]["x"] = 9001;
  level["goal"]["x"] = 9019;
  level["kill_y"] = -20;
  for (const double x0 : {0.0, 5000.0, 9000.0}) {
    level["terrain"]["points"] = {{x0, 0}, {x0 + 1.0, 0}, {x0 + 1.25, 0.25 * tan40}, {9020, 0.25 * tan40}};
    level["spawn"]["x"] = x0 + 0.5;
    EXPECT_EQ(ErrorOf(level.dump()), "(no error)") << "x0 " << x0;
    level["terrain"]["points"][2][1] = 0.25 * tan40 * 1.01;  // 2 mm more rise: beyond the rounding
    level["terrain"]["points"][3][1] = 0.25 * tan40 * 1.01;
    EXPECT_NE(ErrorOf(level.dump()).find("steeper than 40"), std::string::npos) << "x0 " << x0;
  }
}

// The cell cap counts the pieces every segment is cut into, so 1600 points
// packed into 2 m cannot make gigabytes of triangles on a deep strip.
TEST(LevelLoader, ManyShortSegmentsCountAgainstTheCellCap) {
  json j = json::parse(kMinimal);
  json points = json::array();
  for (int i = 0; i < 1600; ++i) points.push_back(json::array({0.00125 * i, 0}));
  points.push_back(json::array({20, 0}));
  j["terrain"] = json{{"points", points}, {"z_min", -50}, {"z_max", 50}, {"cell_x", 0.05}, {"cell_z", 0.05}};
  EXPECT_NE(ErrorOf(j.dump()).find("terrain: cell_x and cell_z make "), std::string::npos) << ErrorOf(j.dump());
  j["terrain"]["cell_z"] = 0.1;  // half the rows: 1,000,000 cells pass
  EXPECT_EQ(ErrorOf(j.dump()).find("collision cells"), std::string::npos) << ErrorOf(j.dump());
}

TEST(LevelLoader, UnknownFieldsAreRejected) {
  const json one = 1;
  EXPECT_EQ(ErrorOf(Mutated("/spwan", &one)),
            "mini.json: spwan: unknown field (expected one of: comment, name, terrain, spawn, goal, kill_y, "
            "checkpoints, pits, platforms, rocks, ladders, npcs, props, collectibles, medals, mood)");
  const json spacing = 0.3;
  const std::string message = ErrorOf(Mutated("/ladders/0/rung_spacng", &spacing));
  EXPECT_EQ(message.rfind("mini.json: ladders[0].rung_spacng: unknown field (expected one of: x, z, ", 0), 0u)
      << message;
  EXPECT_EQ(ErrorOf(Mutated("/terrain/cellx", &spacing)).rfind("mini.json: terrain.cellx: unknown field", 0), 0u);
}

TEST(LevelLoader, NotJsonGivesLineAndColumn) {
  EXPECT_EQ(ErrorOf("{\n  \"name\": \"x\",\n  \"terrain\": }\n"),
            "mini.json: line 3, column 14: not valid JSON (syntax error while parsing value - unexpected '}'; "
            "expected '[', '{', or a literal)");
  EXPECT_EQ(ErrorOf("").rfind("mini.json: line 1, column 1: not valid JSON (", 0), 0u);
  // NaN is not JSON.
  EXPECT_EQ(ErrorOf("{\"name\": NaN}").rfind("mini.json: line 1, column 10: not valid JSON (", 0), 0u);
  // A number too large for a double.
  EXPECT_EQ(ErrorOf("{\n\"name\": \"a\",\n\"kill_y\": 1e400}"),
            "mini.json: line 3, column 11: not valid JSON (number overflow parsing '1e400')");
  EXPECT_EQ(ErrorOf("[1, 2]"), "mini.json: (top level): expected an object, got array");
}

TEST(LevelLoader, EveryMessageIsOneLine) {
  for (const char* text : {"{", "[]", "{\"name\": 1}", "{\n\n\"a\"\n:\n}"}) {
    const std::string message = ErrorOf(text);
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.rfind("mini.json: ", 0), 0u) << message;
  }
}

TEST(LevelLoader, LoadLevelNamesAMissingFile) {
  const auto result = LoadLevel("/nonexistent/dir/level.json");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().message().rfind("/nonexistent/dir/level.json: cannot open file", 0), 0u)
      << result.status().message();
}

// --- The shipped levels. ----------------------------------------------------

std::string LevelPath(const char* name) { return std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels/" + name; }

class ShippedLevel : public ::testing::TestWithParam<const char*> {};

TEST_P(ShippedLevel, LoadsAndEveryDownwardRayHitsExceptOverPitsAndBridges) {
  const auto result = LoadLevel(LevelPath(GetParam()));
  ASSERT_TRUE(result.ok()) << result.status().message();
  const world::World world(*result);
  const world::Level& level = world.level();
  const world::CollisionMesh& mesh = world.collision();
  const float x0 = world::TerrainMinX(level.terrain), x1 = world::TerrainMaxX(level.terrain);
  // The seam test: a dense sweep of vertical rays, including rays exactly on
  // vertex columns (multiples of cell_x / 2) and rows (multiples of cell_z / 2).
  int rays = 0, misses_outside_pits = 0;
  const float z_step = level.terrain.cell_z * 0.5f;
  auto sweep = [&](float x) {
    for (float z = level.terrain.z_min; z <= level.terrain.z_max + 1e-4f; z += z_step) {
      const float zc = std::fmin(z, level.terrain.z_max);
      const std::optional<float> h = mesh.GroundHeight(x, zc);
      ++rays;
      if (world.InPit(x)) {
        // Nothing but a platform across the pit (a scaffold bridging it),
        // and then its top.
        const world::Platform* bridge = nullptr;
        for (const world::Platform& p : level.platforms) {
          if (x > p.x0 && x < p.x1 && zc > p.z0 && zc < p.z1) bridge = &p;
        }
        if (bridge != nullptr) {
          EXPECT_TRUE(h.has_value() && std::fabs(*h - bridge->top_y) < 1e-3f) << x << " " << zc;
        } else {
          EXPECT_FALSE(h.has_value()) << x << " " << zc;
        }
        continue;
      }
      if (!h) {
        ++misses_outside_pits;
        ADD_FAILURE() << "fell through at x = " << x << ", z = " << zc;
        continue;
      }
      // Never below the analytic terrain by more than the bump interpolation error.
      EXPECT_GE(*h, world::TerrainHeight(level.terrain, x, zc) - 0.01f) << x << " " << zc;
    }
  };
  for (float x = x0; x <= x1; x += level.terrain.cell_x * 0.5f) sweep(x);
  for (float x = x0 + 0.0137f; x < x1; x += 0.0731f) sweep(x);
  for (const world::TerrainPoint& p : level.terrain.points) sweep(p.x);
  EXPECT_EQ(misses_outside_pits, 0);
  EXPECT_GT(rays, 10000);
}

INSTANTIATE_TEST_SUITE_P(Files, ShippedLevel, ::testing::Values("demo.json", "test_terrain.json", "castle.json"));

TEST(DemoLevel, CoversTheDesignBrief) {
  const auto result = LoadLevel(LevelPath("demo.json"));
  ASSERT_TRUE(result.ok()) << result.status().message();
  const world::Level& level = *result;
  const auto& pts = level.terrain.points;
  const float length = world::TerrainMaxX(level.terrain) - world::TerrainMinX(level.terrain);
  EXPECT_GE(length, 150.0f);
  EXPECT_LE(length, 250.0f);

  // Slopes: gentle ones and at least one of 30..35 degrees (up and down); steps of 5..40 cm.
  float steepest_up = 0.0f, steepest_down = 0.0f;
  std::set<int> step_cm;
  for (size_t i = 1; i < pts.size(); ++i) {
    const float dx = pts[i].x - pts[i - 1].x, dy = pts[i].y - pts[i - 1].y;
    if (dx > 0.0f) {
      const float deg = std::atan(dy / dx) * 57.29578f;
      steepest_up = std::max(steepest_up, deg);
      steepest_down = std::min(steepest_down, deg);
      EXPECT_LE(std::fabs(deg), 35.5f) << "segment ending at x = " << pts[i].x;
    } else if (std::fabs(dy) <= 0.40f + 1e-4f) {
      step_cm.insert(static_cast<int>(std::lround(std::fabs(dy) * 100.0f)));
    }
  }
  EXPECT_GE(steepest_up, 30.0f);
  EXPECT_LE(steepest_down, -30.0f);
  EXPECT_TRUE(step_cm.count(5) && step_cm.count(40)) << "needs steps of 5 and 40 cm";
  EXPECT_GE(step_cm.size(), 4u);

  // Every step up taller than the walkable 0.40 m has a ladder leading above it
  // (within 8 m before it); every step down is a drop of at most 2 m.
  for (size_t i = 1; i < pts.size(); ++i) {
    if (pts[i].x != pts[i - 1].x) continue;
    const float dy = pts[i].y - pts[i - 1].y;
    if (dy < -2.0f) ADD_FAILURE() << "drop of " << -dy << " m at x = " << pts[i].x;
    if (dy <= 0.40f + 1e-4f) continue;
    bool climbable = false;
    for (const world::LadderDesc& l : level.ladders) {
      climbable = climbable || (l.x <= pts[i].x && l.x >= pts[i].x - 8.0f && l.top_y >= pts[i].y - 1e-3f);
    }
    EXPECT_TRUE(climbable) << "no ladder up the " << dy << " m wall at x = " << pts[i].x;
  }

  // Four or more ladders, 2..6 m, with the four spacings and one leaning 10..15 degrees;
  // each ledge is higher than a jump (1.2 m) above the ladder's foot.
  ASSERT_GE(level.ladders.size(), 4u);
  std::set<int> spacings_cm;
  float min_height = 100.0f, max_height = 0.0f;
  bool leaning = false;
  for (const world::LadderDesc& l : level.ladders) {
    spacings_cm.insert(static_cast<int>(std::lround(l.rung_spacing * 100.0f)));
    min_height = std::min(min_height, l.top_y - l.bottom_y);
    max_height = std::max(max_height, l.top_y - l.bottom_y);
    leaning = leaning || (std::fabs(l.lean_deg) >= 10.0f && std::fabs(l.lean_deg) <= 15.0f);
    EXPECT_GT(l.top_y - l.bottom_y, 1.2f);
  }
  EXPECT_TRUE(spacings_cm.count(22) && spacings_cm.count(28) && spacings_cm.count(33) && spacings_cm.count(40));
  EXPECT_NEAR(min_height, 2.0f, 0.05f);
  EXPECT_NEAR(max_height, 6.0f, 0.05f);
  EXPECT_TRUE(leaning);

  // Pits jumpable when running (gap <= 2 m), checkpoints, 3..5 knights on flat-ish ground.
  ASSERT_GE(level.pits.size(), 1u);
  for (const world::Pit& pit : level.pits) EXPECT_LE(pit.x1 - pit.x0, 2.0f);
  EXPECT_GE(level.checkpoints.size(), 3u);
  EXPECT_GE(level.npcs.size(), 3u);
  EXPECT_LE(level.npcs.size(), 5u);
  for (const world::Npc& npc : level.npcs) {
    for (float x = npc.patrol_x0; x + 0.5f <= npc.patrol_x1; x += 0.5f) {
      const float rise =
          std::fabs(world::ProfileHeight(level.terrain, x + 0.5f) - world::ProfileHeight(level.terrain, x));
      EXPECT_LE(rise, 0.5f * std::tan(10.0f / 57.29578f))
          << "patrol of the knight at " << npc.x << " is not flat near x = " << x;
    }
  }

  // Props of the kinds asked for, and a castle gate at the end.
  std::set<world::PropKind> kinds;
  for (const world::Prop& prop : level.props) kinds.insert(prop.kind);
  for (world::PropKind k :
       {world::PropKind::kTree, world::PropKind::kRock, world::PropKind::kBanner, world::PropKind::kCrate}) {
    EXPECT_TRUE(kinds.count(k)) << world::ToString(k);
  }
  EXPECT_EQ(level.goal.kind, world::GoalKind::kGate);
  EXPECT_GE(level.goal.x, world::TerrainMaxX(level.terrain) - 10.0f);
  EXPECT_GE(level.rocks.size(), 5u);
}

// The castle at dusk (castle.json) holds what its brief asks for.
TEST(CastleLevel, CoversTheDesignBrief) {
  const auto result = LoadLevel(LevelPath("castle.json"));
  ASSERT_TRUE(result.ok()) << result.status().message();
  const world::Level& level = *result;
  EXPECT_EQ(level.mood.sky, world::SkyMood::kDusk);
  EXPECT_EQ(level.mood.ground, world::GroundMood::kPaving);
  const float length = world::TerrainMaxX(level.terrain) - world::TerrainMinX(level.terrain);
  EXPECT_GE(length, 120.0f);
  EXPECT_LE(length, 180.0f);

  // Stone stairs: runs of at least three steps of 0.30-0.40 m (flat treads
  // between), up and down; every taller step up has a ladder.
  const auto& pts = level.terrain.points;
  int stairs_up = 0, stairs_down = 0, run = 0, run_sign = 0;
  for (size_t i = 1; i < pts.size(); ++i) {
    if (pts[i].x != pts[i - 1].x) continue;
    const float dy = pts[i].y - pts[i - 1].y;
    const int sign = dy > 0.0f ? 1 : -1;
    const bool stair = std::fabs(dy) >= 0.3f - 1e-4f && std::fabs(dy) <= 0.40f + 1e-4f;
    const bool follows = i >= 3 && pts[i - 2].x == pts[i - 3].x && pts[i - 1].x - pts[i - 2].x <= 0.8f;
    run = stair && (follows && sign == run_sign) ? run + 1 : (stair ? 1 : 0);
    run_sign = sign;
    if (run == 3) (sign > 0 ? stairs_up : stairs_down) += 1;
    EXPECT_GE(dy, -2.0f) << "a drop of more than 2 m at x = " << pts[i].x;
  }
  EXPECT_GE(stairs_up, 2);
  EXPECT_GE(stairs_down, 2);

  // Ladders: three or more, spacings 0.22-0.40 m, at least one leaning;
  // wooden scaffolds (platforms) each reached by a ladder's top.
  ASSERT_GE(level.ladders.size(), 3u);
  bool leaning = false;
  for (const world::LadderDesc& l : level.ladders) leaning = leaning || std::fabs(l.lean_deg) >= 5.0f;
  EXPECT_TRUE(leaning);
  ASSERT_GE(level.platforms.size(), 2u);
  for (const world::Platform& p : level.platforms) {
    bool reached = false;
    for (const world::LadderDesc& l : level.ladders) {
      reached = reached || (std::fabs(l.top_y - p.top_y) < 0.01f && l.x > p.x0 - 1.0f && l.x < p.x0 + 0.5f);
    }
    EXPECT_TRUE(reached) << "no ladder up to the scaffold at x = " << p.x0;
  }

  // A pit or two, checkpoints, a gate at the goal, the props asked for.
  EXPECT_GE(level.pits.size(), 1u);
  EXPECT_GE(level.checkpoints.size(), 4u);
  EXPECT_EQ(level.goal.kind, world::GoalKind::kGate);
  std::set<world::PropKind> kinds;
  for (const world::Prop& prop : level.props) kinds.insert(prop.kind);
  for (world::PropKind k :
       {world::PropKind::kTorch, world::PropKind::kBarrel, world::PropKind::kCrate, world::PropKind::kBanner}) {
    EXPECT_TRUE(kinds.count(k)) << world::ToString(k);
  }

  // Several enemies, each on a flat stretch of 6-10 m (no step at all).
  int enemies = 0;
  for (const world::Npc& npc : level.npcs) {
    if (npc.role != world::NpcRole::kEnemy) continue;
    ++enemies;
    EXPECT_GE(npc.patrol_x1 - npc.patrol_x0, 6.0f) << npc.x;
    EXPECT_LE(npc.patrol_x1 - npc.patrol_x0, 10.0f) << npc.x;
    for (float x = npc.patrol_x0; x <= npc.patrol_x1; x += 0.25f) {
      EXPECT_EQ(world::ProfileHeight(level.terrain, x), world::ProfileHeight(level.terrain, npc.x)) << x;
    }
  }
  EXPECT_GE(enemies, 3);

  // Gems on the path at 1 m, some needing a jump (2-2.5 m), some over a
  // scaffold's deck; and medal times.
  int walked = 0, jumped = 0, on_scaffold = 0;
  for (const world::Collectible& gem : level.collectibles) {
    const glm::vec3 at = world::CollectiblePositionWs(level.terrain, gem);
    bool over_deck = false;
    for (const world::Platform& p : level.platforms) {
      over_deck = over_deck || (at.x > p.x0 && at.x < p.x1 && at.y - p.top_y > 0.5f && at.y - p.top_y < 1.5f);
    }
    on_scaffold += over_deck ? 1 : 0;
    walked += !over_deck && gem.height_m == 1.0f ? 1 : 0;
    jumped += !over_deck && gem.height_m >= 2.0f && gem.height_m <= 2.5f ? 1 : 0;
  }
  EXPECT_GE(walked, 6);
  EXPECT_GE(jumped, 3);
  EXPECT_GE(on_scaffold, 3);
  EXPECT_NE(level.medals, world::Medals{});
}

TEST(DemoLevel, LedgesAtLadderTopsContinueAndComeDown) {
  const auto result = LoadLevel(LevelPath("demo.json"));
  ASSERT_TRUE(result.ok()) << result.status().message();
  const world::World world(*result);
  const world::CollisionMesh& mesh = world.collision();
  for (const world::Ladder& ladder : world.ladders()) {
    // Walk on from the exit point: for 3 m the ground stays within 0.45 m per 0.25 m
    // step of the ledge height (a walkable surface, not an immediate drop), and
    // the ladder can be found from its foot and from its exit.
    const glm::vec3 exit = ladder.ExitPointWs();
    float previous = exit.y;
    for (float dx = 0.25f; dx <= 3.0f; dx += 0.25f) {
      const world::RayHit ground =
          mesh.FindGround(exit.x + dx * ladder.ClimberFacingWs().x, previous + 0.45f, 0.0f, 2.0f);
      ASSERT_TRUE(ground.hit) << "no ground " << dx << " m past the ladder at x = " << ladder.desc().x;
      EXPECT_LE(std::fabs(ground.point_ws.y - previous), 0.45f);
      previous = ground.point_ws.y;
    }
    const glm::vec3 foot = ladder.bottom_ws() - ladder.ClimberFacingWs() * 0.3f;
    EXPECT_GE(world.FindLadderNear(foot), 0);
    EXPECT_GE(world.FindLadderNear(exit), 0);
  }
}

}  // namespace
}  // namespace knights::asset
