#include "knights/asset/settings_file.h"

#include "knights/core/file_io.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace knights::asset {
namespace {

namespace fs = std::filesystem;

class SettingsFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("knights_settings_" + std::to_string(getpid()));
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path() const { return (dir_ / "nested" / "settings.json").string(); }
  fs::path dir_;
};

TEST_F(SettingsFileTest, MissingFileGivesDefaultsWithoutWarning) {
  const LoadedSettings loaded = LoadSettingsFile(Path());
  EXPECT_TRUE(loaded.warning.empty());
  EXPECT_EQ(loaded.settings.window_width, game::Settings{}.window_width);
  EXPECT_TRUE(loaded.settings.ik.master);
}

TEST_F(SettingsFileTest, SaveCreatesTheDirectoryAndRoundTrips) {
  game::Settings s;
  s.window_width = 1600;
  s.window_height = 900;
  s.fullscreen = true;
  s.vsync = false;
  s.ik.master = false;
  s.ik.foot_lock = false;
  s.keys.keys[static_cast<int>(core::KeyAction::kJump)] = {"J", "Space"};
  s.hero = "squire";
  s.patrols = "knight";
  s.level = "castle.json";
  s.best_times_s = {{"Demo: the road to the castle", 74.25}, {"Stairs", 12.5}};
  s.best_gems = {{"Demo: the road to the castle", 12}, {"Stairs", 0}};
  s.levels_completed = {"demo.json", "castle.json"};
  s.volumes.master = 0.5f;
  s.volumes.effects = 0.25f;
  s.volumes.music = 0.0f;
  s.volumes.ambience = 0.4f;
  ASSERT_TRUE(SaveSettingsFile(Path(), s).ok());
  const LoadedSettings loaded = LoadSettingsFile(Path());
  EXPECT_TRUE(loaded.warning.empty()) << loaded.warning;
  EXPECT_EQ(loaded.settings.window_width, 1600);
  EXPECT_EQ(loaded.settings.window_height, 900);
  EXPECT_TRUE(loaded.settings.fullscreen);
  EXPECT_FALSE(loaded.settings.vsync);
  EXPECT_FALSE(loaded.settings.ik.master);
  EXPECT_FALSE(loaded.settings.ik.foot_lock);
  EXPECT_TRUE(loaded.settings.ik.pelvis);
  EXPECT_EQ(loaded.settings.keys.keys[static_cast<int>(core::KeyAction::kJump)],
            (std::vector<std::string>{"J", "Space"}));
  EXPECT_EQ(loaded.settings.hero, "squire");
  EXPECT_EQ(loaded.settings.patrols, "knight");
  EXPECT_EQ(loaded.settings.level, "castle.json");
  EXPECT_EQ(loaded.settings.best_times_s, s.best_times_s);
  EXPECT_EQ(loaded.settings.best_gems, s.best_gems);
  EXPECT_EQ(loaded.settings.levels_completed, s.levels_completed);
  EXPECT_EQ(loaded.settings.volumes.master, 0.5f);
  EXPECT_EQ(loaded.settings.volumes.effects, 0.25f);
  EXPECT_EQ(loaded.settings.volumes.music, 0.0f);
  EXPECT_EQ(loaded.settings.volumes.ambience, 0.4f);
}

TEST_F(SettingsFileTest, AVolumeOutside0To1KeepsItsDefault) {
  const LoadedSettings loaded =
      ParseSettings(R"({"audio": {"master": 1.5, "effects": -0.1, "music": "loud"}})", "s.json");
  // One line, naming the first bad field.
  EXPECT_NE(loaded.warning.find("s.json: audio.master: expected a volume 0..1"), std::string::npos) << loaded.warning;
  EXPECT_EQ(loaded.warning.find('\n'), std::string::npos) << loaded.warning;
  const game::Settings defaults;
  EXPECT_EQ(loaded.settings.volumes.master, defaults.volumes.master);
  EXPECT_EQ(loaded.settings.volumes.effects, defaults.volumes.effects);
  EXPECT_EQ(loaded.settings.volumes.music, defaults.volumes.music);
  EXPECT_EQ(ParseSettings(R"({"audio": {"music": 0.3}})", "s.json").settings.volumes.music, 0.3f);
}

// The Options screen's fields: the pad's buttons (an action may have none)
// and the graphics the player chose, each read back as saved.
TEST_F(SettingsFileTest, PadButtonsAndGraphicsChoicesRoundTrip) {
  game::Settings s;
  s.pad.buttons[static_cast<int>(core::KeyAction::kJump)] = {"y"};
  s.pad.buttons[static_cast<int>(core::KeyAction::kRun)] = {"lefttrigger"};
  s.pad.buttons[static_cast<int>(core::KeyAction::kPause)] = {};
  s.pad.buttons[static_cast<int>(core::KeyAction::kScreenshot)] = {"misc1", "touchpad"};
  s.graphics.anti_aliasing = game::AntiAliasingChoice::kFxaa;
  s.graphics.shadows = false;
  s.graphics.render_scale = 0.75f;
  ASSERT_TRUE(SaveSettingsFile(Path(), s).ok());
  const LoadedSettings loaded = LoadSettingsFile(Path());
  EXPECT_TRUE(loaded.warning.empty()) << loaded.warning;
  EXPECT_EQ(loaded.settings.pad.buttons, s.pad.buttons);
  EXPECT_EQ(loaded.settings.graphics, s.graphics);
  EXPECT_EQ(loaded.settings.pad.buttons[static_cast<int>(core::KeyAction::kConfirm)],
            std::vector<std::string>{"a"});  // untouched: the default
  for (const auto aa : {game::AntiAliasingChoice::kOff, game::AntiAliasingChoice::kMsaa}) {
    s.graphics.anti_aliasing = aa;
    s.graphics.shadows = true;
    EXPECT_EQ(ParseSettings(SettingsToJson(s), "s.json").settings.graphics, s.graphics);
  }
}

// A graphics choice the player never made is not written, so it reads back
// unmade (the machine's default), and the file says nothing about it.
TEST_F(SettingsFileTest, UnchosenGraphicsAreNotWritten) {
  game::Settings s;
  s.graphics.shadows = true;
  const std::string text = SettingsToJson(s);
  EXPECT_EQ(text.find("anti_aliasing"), std::string::npos) << text;
  EXPECT_EQ(text.find("render_scale"), std::string::npos) << text;
  const LoadedSettings loaded = ParseSettings(text, "s.json");
  EXPECT_TRUE(loaded.warning.empty()) << loaded.warning;
  EXPECT_FALSE(loaded.settings.graphics.anti_aliasing.has_value());
  EXPECT_FALSE(loaded.settings.graphics.render_scale.has_value());
  EXPECT_EQ(loaded.settings.graphics.shadows, std::optional<bool>(true));
  EXPECT_EQ(ParseSettings("{}", "s.json").settings.graphics, game::GraphicsChoices{});
}

// Each bad graphics field: one warning line naming the file and the field;
// that field stays unchosen, the others are read.
TEST_F(SettingsFileTest, BadGraphicsFieldsStayUnchosen) {
  struct Case {
    const char* text;
    const char* field;
  };
  for (const Case& c : {Case{R"({"graphics": {"anti_aliasing": "ssaa", "shadows": false}})", "graphics.anti_aliasing"},
                        Case{R"({"graphics": {"anti_aliasing": 2, "shadows": false}})", "graphics.anti_aliasing"},
                        Case{R"({"graphics": {"shadows": "no", "render_scale": 0.5}})", "graphics.shadows"},
                        Case{R"({"graphics": {"render_scale": 3, "shadows": false}})", "graphics.render_scale"},
                        Case{R"({"graphics": {"render_scale": 0.1, "shadows": false}})", "graphics.render_scale"},
                        Case{R"({"graphics": {"render_scale": "1", "shadows": false}})", "graphics.render_scale"},
                        Case{R"({"graphics": [1], "audio": {"music": 0.3}})", "graphics"}}) {
    const LoadedSettings loaded = ParseSettings(c.text, "s.json");
    EXPECT_EQ(loaded.warning.rfind(std::string("s.json: ") + c.field + ": ", 0), 0u)
        << c.text << " -> " << loaded.warning;
    EXPECT_EQ(loaded.warning.find('\n'), std::string::npos) << loaded.warning;
    const game::GraphicsChoices& g = loaded.settings.graphics;
    const std::string field = c.field;
    EXPECT_FALSE(g.anti_aliasing.has_value()) << c.text;  // bad, or not given
    if (field == "graphics.render_scale") {
      EXPECT_FALSE(g.render_scale.has_value()) << c.text;
    }
    if (field == "graphics") {
      EXPECT_EQ(g, game::GraphicsChoices{});
      EXPECT_EQ(loaded.settings.volumes.music, 0.3f) << "the rest of the file is read";
    } else if (field == "graphics.shadows") {
      EXPECT_FALSE(g.shadows.has_value()) << c.text;
      EXPECT_EQ(g.render_scale, std::optional<float>(0.5f)) << "the rest is read";
    } else if (field != "graphics") {
      EXPECT_EQ(g.shadows, std::optional<bool>(false)) << "the rest is read: " << c.text;
    }
  }
}

// A pad binding with a name that is no gamepad button (or not a list of
// names): one warning naming the file and pad.<action>; that action keeps
// its default buttons and the others are read.
TEST_F(SettingsFileTest, UnknownPadButtonsKeepTheActionsDefault) {
  const core::PadBindings defaults = core::PadBindings::Defaults();
  const int jump = static_cast<int>(core::KeyAction::kJump);
  const int attack = static_cast<int>(core::KeyAction::kAttack);
  for (const char* bad :
       {R"("jump": ["y", "z"])", R"("jump": "a")", R"("jump": [3])", R"("jump": ["A"])", R"("jump": ["leftx"])"}) {
    const LoadedSettings loaded = ParseSettings(std::string(R"({"pad": {)") + bad + R"(, "attack": ["b"]}})", "s.json");
    EXPECT_EQ(loaded.warning.rfind("s.json: pad.jump: ", 0), 0u) << bad << " -> " << loaded.warning;
    EXPECT_EQ(loaded.warning.find('\n'), std::string::npos) << loaded.warning;
    EXPECT_EQ(loaded.settings.pad.buttons[jump], defaults.buttons[jump]) << bad;
    EXPECT_EQ(loaded.settings.pad.buttons[attack], std::vector<std::string>{"b"}) << bad;
  }
  EXPECT_NE(ParseSettings(R"({"pad": {"jump": ["z"]}})", "s.json").warning.find("'z'"), std::string::npos);
  EXPECT_EQ(ParseSettings(R"({"pad": ["a"]})", "s.json").warning.rfind("s.json: pad: ", 0), 0u);
  const LoadedSettings none = ParseSettings(R"({"pad": {"jump": []}})", "s.json");
  EXPECT_TRUE(none.warning.empty()) << none.warning;
  EXPECT_TRUE(none.settings.pad.buttons[jump].empty()) << "an action may be left off the pad";
}

TEST_F(SettingsFileTest, SaveReplacesAtomicallyAndLeavesNoTemporaryFile) {
  game::Settings a;
  a.window_width = 800;
  ASSERT_TRUE(SaveSettingsFile(Path(), a).ok());
  game::Settings b;
  b.window_width = 1024;
  ASSERT_TRUE(SaveSettingsFile(Path(), b).ok());
  EXPECT_EQ(LoadSettingsFile(Path()).settings.window_width, 1024);
  int files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(Path()).parent_path())) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1);
}

TEST_F(SettingsFileTest, CorruptFileFallsBackToDefaultsWithOneWarningNamingTheFile) {
  fs::create_directories(fs::path(Path()).parent_path());
  std::ofstream(Path()) << "{\"window\": {\"width\": 1600, ";  // cut off mid-write
  const LoadedSettings loaded = LoadSettingsFile(Path());
  EXPECT_NE(loaded.warning.find(Path()), std::string::npos) << loaded.warning;
  EXPECT_NE(loaded.warning.find("defaults"), std::string::npos) << loaded.warning;
  EXPECT_EQ(loaded.warning.find('\n'), std::string::npos);
  EXPECT_EQ(loaded.settings.window_width, game::Settings{}.window_width);
}

TEST_F(SettingsFileTest, BadFieldKeepsItsDefaultAndTheRestIsRead) {
  const LoadedSettings loaded = ParseSettings(
      R"({"window": {"width": "wide", "height": 900}, "ik": {"master": 0, "pelvis": false},
          "keys": {"jump": [], "run": ["Q"]}})",
      "s.json");
  EXPECT_NE(loaded.warning.find("s.json: window.width"), std::string::npos) << loaded.warning;
  EXPECT_EQ(loaded.settings.window_width, game::Settings{}.window_width);
  EXPECT_EQ(loaded.settings.window_height, 900);
  EXPECT_TRUE(loaded.settings.ik.master);  // 0 is not a boolean: default kept
  EXPECT_FALSE(loaded.settings.ik.pelvis);
  EXPECT_EQ(loaded.settings.keys.keys[static_cast<int>(core::KeyAction::kJump)],
            core::KeyBindings::Defaults().keys[static_cast<int>(core::KeyAction::kJump)]);
  EXPECT_EQ(loaded.settings.keys.keys[static_cast<int>(core::KeyAction::kRun)], std::vector<std::string>{"Q"});
}

// A saved cast name that is not a string keeps the default (none) with a
// warning naming the field; the other name is still read.
TEST_F(SettingsFileTest, ACastNameThatIsNotANameIsIgnored) {
  const LoadedSettings loaded = ParseSettings(R"({"cast": {"hero": 7, "patrols": "squire"}})", "s.json");
  EXPECT_NE(loaded.warning.find("s.json: cast.hero"), std::string::npos) << loaded.warning;
  EXPECT_EQ(loaded.settings.hero, "");
  EXPECT_EQ(loaded.settings.patrols, "squire");
  EXPECT_NE(ParseSettings(R"({"cast": ["squire"]})", "s.json").warning.find("s.json: cast"), std::string::npos);
}

// The title's last level: a name, else the default ("") with a warning.
TEST_F(SettingsFileTest, ALevelThatIsNotANameIsIgnored) {
  EXPECT_EQ(ParseSettings(R"({"level": "castle.json"})", "s.json").settings.level, "castle.json");
  const LoadedSettings loaded = ParseSettings(R"({"level": 2, "cast": {"hero": "squire"}})", "s.json");
  EXPECT_NE(loaded.warning.find("s.json: level: expected a level's file name"), std::string::npos) << loaded.warning;
  EXPECT_EQ(loaded.settings.level, "");
  EXPECT_EQ(loaded.settings.hero, "squire");
}

// Best times: finite, positive, under a day, named; a bad entry is dropped
// with a warning naming it and the others are kept.
TEST_F(SettingsFileTest, BadBestTimesAreDroppedOneByOne) {
  const LoadedSettings loaded =
      ParseSettings(R"({"best_times": {"a": 61.5, "b": -1, "c": "fast", "d": 1e9, "": 3, "e": 0.5}})", "s.json");
  EXPECT_NE(loaded.warning.find("s.json: best_times."), std::string::npos) << loaded.warning;
  EXPECT_EQ(loaded.settings.best_times_s, (std::map<std::string, double>{{"a", 61.5}, {"e", 0.5}}));
  EXPECT_NE(ParseSettings(R"({"best_times": [1]})", "s.json").warning.find("s.json: best_times:"), std::string::npos);
}

TEST_F(SettingsFileTest, BadBestGemsAreDroppedOneByOne) {
  const LoadedSettings loaded =
      ParseSettings(R"({"best_gems": {"a": 7, "b": -1, "c": 2.5, "d": 513, "": 3, "e": 0, "f": "9"}})", "s.json");
  EXPECT_NE(loaded.warning.find("s.json: best_gems."), std::string::npos) << loaded.warning;
  EXPECT_EQ(loaded.settings.best_gems, (std::map<std::string, int>{{"a", 7}, {"e", 0}}));
  EXPECT_NE(ParseSettings(R"({"best_gems": 3})", "s.json").warning.find("s.json: best_gems:"), std::string::npos);
}

TEST_F(SettingsFileTest, BadCompletedLevelsAreDroppedOneByOne) {
  const LoadedSettings loaded =
      ParseSettings(R"({"levels_completed": ["demo.json", 3, "", null, "castle.json", ["x"]]})", "s.json");
  EXPECT_NE(loaded.warning.find("s.json: levels_completed[1]: expected a level's file name"), std::string::npos)
      << loaded.warning;
  EXPECT_EQ(loaded.settings.levels_completed, (std::set<std::string>{"demo.json", "castle.json"}));
  for (const char* bad : {R"({"levels_completed": "demo.json"})", R"({"levels_completed": {"demo.json": 1}})"}) {
    const LoadedSettings whole = ParseSettings(bad, "s.json");
    EXPECT_NE(whole.warning.find("s.json: levels_completed: expected a list"), std::string::npos) << whole.warning;
    EXPECT_TRUE(whole.settings.levels_completed.empty());
  }
  std::string many = R"({"levels_completed": [)";
  for (size_t i = 0; i <= game::kMaxLevelsCompleted; ++i)
    many += (i > 0 ? ",\"" : "\"") + std::to_string(i) + ".json\"";
  many += "]}";
  EXPECT_TRUE(ParseSettings(many, "s.json").settings.levels_completed.empty()) << "one more than the title may list";
}

// A file the game cannot read as a whole is kept for the player to mend:
// the run uses the defaults, warns once, and never saves over it.
TEST_F(SettingsFileTest, AnUnreadableFileIsKeptAndNeverSavedOver) {
  fs::create_directories(fs::path(Path()).parent_path());
  const std::string huge(core::kSettingsFileCap.max_bytes + 1, ' ');
  for (const std::string& text :
       {std::string(R"({"audio": {"master": 1e400}})"), std::string(R"({"ik": {}, "ik": {}})"),
        std::string("{\"window\": "), "{" + huge + "}"}) {
    std::ofstream(Path(), std::ios::binary | std::ios::trunc) << text;
    const LoadedSettings loaded = LoadSettingsFile(Path());
    EXPECT_TRUE(loaded.keep_file) << text.substr(0, 40);
    EXPECT_NE(loaded.warning.find("using the defaults (the file is kept as it is, not saved over)"), std::string::npos)
        << loaded.warning;
  }
  std::ofstream(Path(), std::ios::trunc) << R"({"audio": {"master": 7}})";  // a bad field: read, and saved over
  EXPECT_FALSE(LoadSettingsFile(Path()).keep_file);
}

// A 990 KB file the reader accepted was saved back as 1.65 MB and then
// refused as too large. Now the writer keeps only what the reader keeps,
// and every cap together bounds the text: the largest settings there can
// be save under the file cap and read back whole.
TEST_F(SettingsFileTest, TheLargestSettingsSaveUnderTheCapAndReadBack) {
  game::Settings s;
  const std::string control_name(256, '\x01');  // written as \u0001: 6 bytes each
  for (size_t i = 0; i < game::kMaxBestTimes + 50; ++i) {
    std::string level = control_name;
    level.replace(0, 4, std::to_string(1000 + i));
    s.best_times_s[level] = 1.0 + static_cast<double>(i);
    s.best_gems[level] = 7;
    s.levels_completed.insert(level);
  }
  s.best_times_s[std::string(300, 'x')] = 5.0;  // a name the reader refuses: left out
  s.hero = control_name;
  s.patrols = std::string(1 << 20, 'p');  // likewise
  s.level = control_name;
  for (auto& keys : s.keys.keys) keys.assign(8, std::string(64, '\x02'));
  s.keys.keys[0].assign(100, "A");  // more than 8: left out, reads as the default
  ASSERT_TRUE(SaveSettingsFile(Path(), s).ok());
  const uintmax_t size = fs::file_size(Path());
  EXPECT_LE(size, core::kSettingsFileCap.max_bytes);
  EXPECT_GT(size, 600000u);  // the worst case is near the cap, not trivially under it
  const LoadedSettings loaded = LoadSettingsFile(Path());
  EXPECT_TRUE(loaded.warning.empty()) << loaded.warning.substr(0, 200);
  EXPECT_EQ(loaded.settings.best_times_s.size(), game::kMaxBestTimes);
  EXPECT_EQ(loaded.settings.levels_completed.size(), game::kMaxLevelsCompleted);
  EXPECT_EQ(loaded.settings.hero, control_name);
  EXPECT_EQ(loaded.settings.patrols, game::Settings{}.patrols);
  EXPECT_EQ(loaded.settings.keys.keys[0], game::Settings{}.keys.keys[0]);
  EXPECT_EQ(loaded.settings.keys.keys[1], s.keys.keys[1]);
}

TEST_F(SettingsFileTest, KeyListsLongerThanEightKeepTheirDefault) {
  const LoadedSettings loaded = ParseSettings(
      R"({"keys": {"jump": ["a","b","c","d","e","f","g","h","i"]}, "pad": {"jump": ["a","a","a","a","a","a","a","a","a"]}})",
      "s.json");
  EXPECT_NE(loaded.warning.find("keys.jump"), std::string::npos) << loaded.warning;
  EXPECT_EQ(loaded.settings.keys.keys[static_cast<int>(core::KeyAction::kJump)],
            game::Settings{}.keys.keys[static_cast<int>(core::KeyAction::kJump)]);
  EXPECT_EQ(loaded.settings.pad.buttons[static_cast<int>(core::KeyAction::kJump)],
            game::Settings{}.pad.buttons[static_cast<int>(core::KeyAction::kJump)]);
}

TEST(RecordLevelCompleted, KeepsEachLevelOnceUpToTheCap) {
  game::Settings s;
  EXPECT_TRUE(game::RecordLevelCompleted(s, "demo.json"));
  EXPECT_FALSE(game::RecordLevelCompleted(s, "demo.json"));
  for (size_t i = 1; i < game::kMaxLevelsCompleted; ++i) game::RecordLevelCompleted(s, std::to_string(i) + ".json");
  EXPECT_EQ(s.levels_completed.size(), game::kMaxLevelsCompleted);
  EXPECT_FALSE(game::RecordLevelCompleted(s, "one_more.json"));
}

TEST(RecordBestGems, KeepsTheMostPerLevel) {
  game::Settings s;
  EXPECT_TRUE(game::RecordBestGems(s, "demo", 5));
  EXPECT_FALSE(game::RecordBestGems(s, "demo", 5));  // a tie is not a new best
  EXPECT_FALSE(game::RecordBestGems(s, "demo", 3));
  EXPECT_TRUE(game::RecordBestGems(s, "demo", 9));
  EXPECT_EQ(s.best_gems.at("demo"), 9);
}

TEST(RecordBestTime, KeepsTheFastestPerLevel) {
  game::Settings s;
  EXPECT_TRUE(game::RecordBestTime(s, "demo", 80.0));   // the first
  EXPECT_FALSE(game::RecordBestTime(s, "demo", 81.0));  // slower
  EXPECT_FALSE(game::RecordBestTime(s, "demo", 80.0));  // a tie is not a new best
  EXPECT_TRUE(game::RecordBestTime(s, "demo", 79.5));
  EXPECT_TRUE(game::RecordBestTime(s, "stairs", 20.0));
  EXPECT_EQ(s.best_times_s, (std::map<std::string, double>{{"demo", 79.5}, {"stairs", 20.0}}));
  for (size_t i = s.best_times_s.size(); i < game::kMaxBestTimes; ++i) {
    EXPECT_TRUE(game::RecordBestTime(s, "level " + std::to_string(i), 1.0));
  }
  EXPECT_FALSE(game::RecordBestTime(s, "one level too many", 1.0));  // the file stays bounded
  EXPECT_TRUE(game::RecordBestTime(s, "demo", 70.0));                // known levels still improve
}

TEST_F(SettingsFileTest, UnwritableLocationIsAnErrorNotACrash) {
  const core::Status s = SaveSettingsFile("/proc/knights/settings.json", game::Settings{});
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("/proc/knights/settings.json"), std::string::npos) << s.message();
}

TEST(SettingsPath, FollowsXdgConfigHome) {
  const char* old = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = old ? old : "";
  setenv("XDG_CONFIG_HOME", "/tmp/xdg_test", 1);
  EXPECT_EQ(DefaultSettingsPath(), "/tmp/xdg_test/knights/settings.json");
  if (old) {
    setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_CONFIG_HOME");
  }
}

}  // namespace
}  // namespace knights::asset
