// The game as its done-when runs it: headless autoplay through each shipped
// level must reach the goal with the IK error bounds met over the whole run
// (every knight), and with IK off the same run must show the errors IK
// removes. Also the --character option with good and bad files.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

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

// Every level in the repository: the shipped ones and the torture levels
// built to the limits of the level format.
std::vector<std::string> AllLevels() {
  std::vector<std::string> levels;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels")) {
    if (entry.path().extension() == ".json") levels.push_back(entry.path().string());
  }
  std::sort(levels.begin(), levels.end());
  return levels;
}

constexpr int kFrames = 12000;  // enough sim steps to reach the goal of every level with margin

// The IK's done-when bounds, measured from outside (game::IkMetrics) up to the
// goal, for every knight.
void ExpectIkBounds(const nlohmann::json& m, const std::string& where) {
  ASSERT_TRUE(m.is_object()) << where;
  EXPECT_TRUE(m["ik"].get<bool>()) << where;
  EXPECT_TRUE(m["reached_goal"].get<bool>()) << where;
  EXPECT_EQ(m["nan_frames"].get<int>(), 0) << where;
  EXPECT_GT(m["foot_ground_error_m"]["samples"].get<int>(), 100) << where;
  EXPECT_EQ(m["knee_reversed_deg"]["frames_over_5deg"].get<int>(), 0) << where;
  EXPECT_EQ(m["elbow_reversed_deg"]["frames_over_5deg"].get<int>(), 0) << where;
  EXPECT_LE(m["foot_ground_error_m"]["max"].get<double>(), 0.01) << where;
  EXPECT_LE(m["foot_slide_m"]["max"].get<double>(), 0.02) << where;
}

TEST(EveryLevelAutoplay, ReachesTheGoalWithinTheIkBounds) {
  const std::vector<std::string> levels = AllLevels();
  ASSERT_GE(levels.size(), 2u);
  for (const std::string& level : levels) {
    for (int seed : {1, 7}) {
      ExpectIkBounds(RunMetrics(level, "on", kFrames, seed), level + " seed " + std::to_string(seed));
    }
  }
}

TEST(EveryLevelAutoplay, WithoutIkTheSameRunShowsTheErrors) {
  for (const std::string& level : AllLevels()) {
    const nlohmann::json m = RunMetrics(level, "off", kFrames, 1);
    ASSERT_TRUE(m.is_object()) << level;
    EXPECT_FALSE(m["ik"].get<bool>()) << level;
    EXPECT_TRUE(m["reached_goal"].get<bool>()) << level;  // gameplay does not depend on IK
    EXPECT_GT(m["foot_ground_error_m"]["max"].get<double>(), 0.05) << level;
    EXPECT_GT(m["foot_penetration_m"]["frames_over_2cm"].get<int>(), 0) << level;
  }
}

TEST(ShippedLevelAutoplay, TheDemoClimbsEveryLadderAndTheMetricsStopAtTheGoal) {
  const nlohmann::json m = RunMetrics("assets/levels/demo.json", "on", 7000, 1);
  ASSERT_TRUE(m.is_object());
  EXPECT_GT(m["hand_rung_error_m"]["samples"].get<int>(), 1000) << "the run must climb";
  EXPECT_GT(m["foot_rung_error_m"]["samples"].get<int>(), 1000) << "the run must climb";
  // Only steps up to the goal are sampled: the player's knees once per step
  // per knight, no more.
  const int knights = 1 + 4;  // the demo's NPCs
  EXPECT_EQ(m["knee_reversed_deg"]["samples"].get<int>(), 2 * knights * m["goal_frame"].get<int>());
  EXPECT_EQ(m["frames"].get<int>(), 7000);
}

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
