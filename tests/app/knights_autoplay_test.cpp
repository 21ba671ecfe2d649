// The game as its done-when runs it: headless autoplay through each shipped
// level must reach the goal with the IK error bounds met over the whole run
// (every knight), and with IK off the same run must show the errors IK
// removes. Also the --character option with good and bad files.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace {

int RunKnights(const std::string& args, std::string* output = nullptr) {
  const std::string command = std::string(KNIGHTS_EXE) + " " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return -1;
  std::array<char, 512> buffer{};
  std::string text;
  while (fgets(buffer.data(), buffer.size(), pipe) != nullptr) text += buffer.data();
  const int status = pclose(pipe);
  if (output != nullptr) *output = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string TempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("knights_autoplay_" + std::to_string(getpid()) + "_" + name)).string();
}

nlohmann::json RunMetrics(const std::string& level, const std::string& ik, int frames, int seed) {
  const std::string path = TempPath(ik + ".json");
  std::string output;
  const int code = RunKnights("--headless --level " + level + " --frames " + std::to_string(frames) + " --ik " + ik +
                           " --seed " + std::to_string(seed) + " --metrics " + path,
                       &output);
  EXPECT_EQ(code, 0) << output;
  std::ifstream in(path);
  nlohmann::json metrics = nlohmann::json::parse(in, nullptr, false);
  std::filesystem::remove(path);
  return metrics;
}

struct LevelCase {
  const char* name;
  const char* path;
  int frames;  // enough sim steps to reach the goal with margin
};

class ShippedLevelAutoplay : public ::testing::TestWithParam<LevelCase> {};

TEST_P(ShippedLevelAutoplay, ReachesTheGoalWithinTheIkBounds) {
  for (int seed : {1, 42}) {
    const nlohmann::json m = RunMetrics(GetParam().path, "on", GetParam().frames, seed);
    ASSERT_TRUE(m.is_object()) << "seed " << seed;
    EXPECT_TRUE(m["ik"].get<bool>());
    EXPECT_TRUE(m["reached_goal"].get<bool>()) << "seed " << seed;
    EXPECT_EQ(m["nan_frames"].get<int>(), 0);
    EXPECT_GT(m["foot_ground_error_m"]["samples"].get<int>(), 1000);
    EXPECT_LE(m["foot_ground_error_m"]["max"].get<double>(), 0.01) << "seed " << seed;
    EXPECT_GT(m["hand_rung_error_m"]["samples"].get<int>(), 100) << "the run must climb";
    EXPECT_LE(m["hand_rung_error_m"]["max"].get<double>(), 0.01) << "seed " << seed;
    EXPECT_LE(m["foot_slide_m"]["max"].get<double>(), 0.02) << "seed " << seed;
  }
}

TEST_P(ShippedLevelAutoplay, WithoutIkTheSameRunShowsTheErrors) {
  const nlohmann::json m = RunMetrics(GetParam().path, "off", GetParam().frames, 1);
  ASSERT_TRUE(m.is_object());
  EXPECT_FALSE(m["ik"].get<bool>());
  EXPECT_TRUE(m["reached_goal"].get<bool>());  // gameplay does not depend on IK
  EXPECT_GT(m["foot_ground_error_m"]["max"].get<double>(), 0.05);
  EXPECT_GT(m["hand_rung_error_m"]["mean"].get<double>(), 0.02);
}

INSTANTIATE_TEST_SUITE_P(Levels, ShippedLevelAutoplay,
                         ::testing::Values(LevelCase{"Demo", "assets/levels/demo.json", 7000},
                                           LevelCase{"TestTerrain", "assets/levels/test_terrain.json", 2000}),
                         [](const ::testing::TestParamInfo<LevelCase>& info) { return std::string(info.param.name); });

TEST(KnightsCharacterOption, PlaysWithAnotherCharacterFile) {
  // The same rig with the red knight as the main model: no code change.
  const std::string file = TempPath("red_knight.json");
  std::ifstream in(std::string(KNIGHTS_SOURCE_DIR) + "/assets/characters/knight.json");
  nlohmann::json desc = nlohmann::json::parse(in);
  desc["name"] = "red knight";
  desc["model"] = "assets/knights/knight_npc_red.glb";
  std::ofstream(file) << desc.dump(2);
  std::string output;
  EXPECT_EQ(RunKnights("--headless --frames 30 --character " + file, &output), 0) << output;
  EXPECT_NE(output.find("knight_npc_red.glb"), std::string::npos) << output;
  std::filesystem::remove(file);
}

TEST(KnightsCharacterOption, BadCharacterFilesExitTwoNamingFileAndField) {
  const std::string file = TempPath("bad_knight.json");
  std::ifstream in(std::string(KNIGHTS_SOURCE_DIR) + "/assets/characters/knight.json");
  nlohmann::json desc = nlohmann::json::parse(in);
  desc["legs"]["left"]["mid"] = "no_such_joint";
  std::ofstream(file) << desc.dump(2);
  std::string output;
  EXPECT_EQ(RunKnights("--headless --frames 30 --character " + file, &output), 2);
  EXPECT_NE(output.find(file), std::string::npos) << output;
  EXPECT_NE(output.find("legs.left.mid"), std::string::npos) << output;
  std::filesystem::remove(file);
  EXPECT_EQ(RunKnights("--headless --frames 30 --character /nonexistent/knight.json", &output), 2);
  EXPECT_NE(output.find("/nonexistent/knight.json"), std::string::npos) << output;
  EXPECT_EQ(RunKnights("--headless --frames 30 --level /nonexistent/level.json", &output), 2);
  EXPECT_NE(output.find("/nonexistent/level.json"), std::string::npos) << output;
}

}  // namespace
