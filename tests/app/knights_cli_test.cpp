// End-to-end checks of the knights executable as a user runs it: exit codes
// for good and bad command lines, a headless screenshot that is a real
// rendered frame (not blank), and a headless campaign played through every
// title level to the credits.

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "knights/asset/image.h"
#include "knights/asset/level_list.h"
#include "run_knights.h"

namespace knights {
namespace {

using test::RunKnights;
using test::RunResult;

std::string TempPath(const std::string& name) { return test::TempPath("knights_cli_", name); }

TEST(KnightsCli, HelpListsOptionsAndExitsZero) {
  const RunResult r = RunKnights("--help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("--headless"), std::string::npos);
  EXPECT_NE(r.output.find("--screenshot FILE.png"), std::string::npos);
}

TEST(KnightsCli, UnknownOptionPrintsUsageAndExitsTwo) {
  const RunResult r = RunKnights("--no-such-option");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("unknown option '--no-such-option'"), std::string::npos);
  EXPECT_NE(r.output.find("usage: knights"), std::string::npos);
}

TEST(KnightsCli, BadValuesExitTwo) {
  for (const char* args : {"--frames zero", "--frames", "--size 12", "--screenshot out.bmp", "--vsync sometimes"}) {
    const RunResult r = RunKnights(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("usage: knights"), std::string::npos) << args;
  }
}

TEST(KnightsCli, InspectCharacterPrintsWhatItFindsAndExitsZero) {
  const RunResult r = RunKnights("--inspect-character assets/characters/knight.json");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (const char* line :
       {"facing:  forward +x, up +y (rest pose: forward +x, up +y)", "ground:  joint 0 'root' stands on the ground",
        "walk                 walk                                0.93 s yes  1.50 m/s   foot_l 0.00-0.37",
        "foot_r 0.47-0.83 [clip, extras]",
        "climb:   0.60 m per cycle, rungs 0.30 m apart (2.0 rungs per cycle), 0.35 m in front of the root [extras]",
        "warnings: 0"}) {
    EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
  }
}

// A character file with only idle, walk, run and a single jump clip: every
// other role says which fallback plays it.
TEST(KnightsCli, InspectCharacterSaysWhereEachRolesClipComesFrom) {
  const RunResult r = RunKnights("--inspect-character assets/characters/squire_common.json");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (const char* line :
       {"run                  run                                 0.60 s yes  3.59 m/s",
        "jump_up              jump_up (jump split)", "[fallback: the jump clip split at its apex]",
        "turn                 turn (procedural)", "[fallback: procedural turn, the feet stepping round]",
        "climb_up             climb_up (procedural)               1.20 s yes  0.50 m/s",
        "[procedural climb (IK on the rungs)]",
        "attack_1             -                                  (not mapped: optional)", "(jump)               jump ",
        "[procedural]", "procedural climb: legs 0.67 m"}) {
    EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
  }
}

TEST(KnightsCli, InspectCharacterWithARoleItCannotFillExitsTwoWithOneLine) {
  const std::string path = TempPath("hips.json");
  std::ifstream in(std::string(KNIGHTS_SOURCE_DIR) + "/assets/characters/knight.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.replace(text.find("\"pelvis\": \"pelvis\""), 18, "\"pelvis\": \"hips\"");
  std::ofstream(path) << text;
  const RunResult r = RunKnights("--inspect-character " + path);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  // The model is named as the loader found it: a full path under the data folder.
  EXPECT_NE(r.output.find(path + ": pelvis: joint 'hips' is not in /"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("/assets/knights/knight_player.glb\n"), std::string::npos) << r.output;
}

// --inspect-character reads a character in the data folder as --character
// does: one that is a link to a file outside it is refused, never read.
TEST(KnightsCli, InspectCharacterThroughALinkOutOfTheDataFolderExitsTwo) {
  namespace fs = std::filesystem;
  const fs::path scratch = TempPath("inspect_link");
  fs::remove_all(scratch);
  fs::create_directories(scratch / "data/assets/characters");
  fs::copy_file(fs::path(KNIGHTS_SOURCE_DIR) / "assets/characters/knight.json", scratch / "knight_outside.json");
  fs::create_symlink(scratch / "knight_outside.json", scratch / "data/assets/characters/knight.json");
  const RunResult r = RunKnights("--inspect-character assets/characters/knight.json",
                                 "KNIGHTS_DATA_DIR=" + (scratch / "data").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("knight.json: lies outside the data folder"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("roles:"), std::string::npos) << r.output;
  fs::remove_all(scratch);
}

TEST(KnightsCli, ScreenshotIntoMissingDirectoryExitsTwoWithOneLine) {
  const RunResult r = RunKnights("--headless --frames 1 --size 160x90 --screenshot /nonexistent-dir/x.png");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/nonexistent-dir/x.png"), std::string::npos) << r.output;
}

TEST(KnightsCli, NoUsableGlExitsThreeNamingWhatWasTried) {
  // SDL's dummy video driver has no OpenGL at all; an unknown driver fails
  // to start. Both must end in one line and exit code 3, never a crash.
  for (const std::string driver : {"dummy", "no_such_driver"}) {
    const RunResult r = RunKnights("--headless --frames 1 --size 64x64", "SDL_VIDEODRIVER=" + driver);
    EXPECT_EQ(r.exit_code, 3) << driver << ": " << r.output;
    EXPECT_NE(r.output.find("no usable OpenGL 3.3 context"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(driver), std::string::npos) << r.output;
  }
}

TEST(KnightsCli, HeadlessScreenshotIsARenderedFrame) {
  const std::string png = TempPath("shot.png");
  std::filesystem::remove(png);
  const RunResult r = RunKnights("--headless --frames 60 --size 320x180 --screenshot " + png);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(png, std::ios::binary);
  ASSERT_TRUE(in.good()) << "no file at " << png;
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto image = knights::asset::DecodeImage(bytes, png);
  ASSERT_TRUE(image.ok()) << image.status().message();
  EXPECT_EQ(image->width, 320);
  EXPECT_EQ(image->height, 180);
  // A rendered frame has many distinct colours; a cleared or blank one has one.
  std::set<uint32_t> colours;
  for (size_t i = 0; i + 3 < image->rgba.size(); i += 4) {
    colours.insert(image->rgba[i] | image->rgba[i + 1] << 8 | image->rgba[i + 2] << 16);
  }
  EXPECT_GT(colours.size(), 50u);
  std::filesystem::remove(png);
}

// The pixels of a headless screenshot taken with these options (empty when
// the run failed).
std::vector<uint8_t> ScreenshotPixels(const std::string& options, const std::string& name) {
  const std::string png = TempPath(name);
  std::filesystem::remove(png);
  const RunResult r = RunKnights("--headless --size 1280x720 --screenshot " + png + " " + options);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(png, std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(png);
  auto image = knights::asset::DecodeImage(bytes, png);
  return image.ok() ? image->rgba : std::vector<uint8_t>{};
}

// Pixels of the titles' ivory text (warm white: red over blue, unlike the
// sky's blue-white) in a 1280x720 frame's rows [top, bottom).
int IvoryPixels(const std::vector<uint8_t>& rgba, int top, int bottom) {
  int count = 0;
  for (int y = top; y < bottom; ++y) {
    for (int x = 320; x < 960; ++x) {
      const uint8_t* p = &rgba[4 * (static_cast<size_t>(y) * 1280 + x)];
      count += p[0] > 225 && p[1] > 210 && p[2] > 170 && p[0] >= p[2] + 20;
    }
  }
  return count;
}

// --menu shows the title (its name in the serif, large), its Options, or
// the pause menu over the last frame; without it the same frame has no
// such text. A value it does not know is one line and exit 2.
TEST(KnightsCli, MenuShowsTheTitleOptionsOrPauseForAScreenshot) {
  const std::vector<uint8_t> plain = ScreenshotPixels("--frames 30", "plain.png");
  const std::vector<uint8_t> title = ScreenshotPixels("--frames 30 --menu title", "title.png");
  const std::vector<uint8_t> options = ScreenshotPixels("--frames 30 --menu options", "options.png");
  ASSERT_EQ(plain.size(), 1280u * 720u * 4u);
  ASSERT_EQ(title.size(), plain.size());
  ASSERT_EQ(options.size(), plain.size());
  EXPECT_LT(IvoryPixels(plain, 100, 300), 50) << "no panel in play";
  EXPECT_GT(IvoryPixels(title, 100, 200), 800) << "KNIGHTS, large, near the top";
  EXPECT_GT(IvoryPixels(options, 240, 320), 500) << "OPTIONS, over the middle";
  const std::vector<uint8_t> pause = ScreenshotPixels("--frames 200 --autoplay --menu pause", "pause.png");
  ASSERT_EQ(pause.size(), plain.size());
  EXPECT_GT(IvoryPixels(pause, 200, 300), 500) << "PAUSED";
  const RunResult bad = RunKnights("--headless --menu credits");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.output.find("--menu: expected title, options or pause, got 'credits'"), std::string::npos)
      << bad.output;
}

// --campaign plays the title's levels in order, one result line each, and
// ends after the credits with the run's totals.
TEST(KnightsCli, HeadlessCampaignPlaysEveryTitleLevelInOrderToTheCredits) {
  const auto levels = asset::LoadLevelList(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels/title_levels.txt");
  ASSERT_TRUE(levels.ok()) << levels.status().message();
  const int count = static_cast<int>(levels->size());
  const RunResult r = RunKnights("--headless --campaign --size 160x90");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  size_t at = 0;
  for (int i = 1; i <= count; ++i) {
    const std::string line = "level " + std::to_string(i) + "/" + std::to_string(count) + " ";
    const size_t found = r.output.find(line, at);
    ASSERT_NE(found, std::string::npos) << "no result for level " << i << ", in order:\n" << r.output;
    EXPECT_NE(r.output.find(": goal in ", found), std::string::npos);
    at = found;
  }
  EXPECT_NE(r.output.find("campaign: " + std::to_string(count) + " levels in ", at), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("the credits rolled", at), std::string::npos) << r.output;
}

// A title list that cannot be read leaves nothing to play: one line
// naming it, exit 2, before any window opens.
TEST(KnightsCli, CampaignWithABrokenTitleListExitsTwoWithOneLine) {
  const std::filesystem::path data = TempPath("campaign_data");
  std::filesystem::create_directories(data / "assets" / "levels");
  std::ofstream(data / "assets" / "levels" / "title_levels.txt") << "../outside.json\n";
  const RunResult r = RunKnights("--headless --campaign", "KNIGHTS_DATA_DIR=" + data.string());
  std::filesystem::remove_all(data);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("title_levels.txt: line 1"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace knights
