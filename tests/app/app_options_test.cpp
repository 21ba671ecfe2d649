#include "knights/app/app_options.h"

#include <gtest/gtest.h>

namespace knights::app {
namespace {

ParseResult Parse(std::initializer_list<std::string_view> args) { return ParseAppOptions(args); }

TEST(AppOptions, DefaultsWithNoArguments) {
  const ParseResult r = Parse({});
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r.options.headless);
  EXPECT_EQ(r.options.max_frames, 0);
  EXPECT_EQ(r.options.width, 1280);
  EXPECT_EQ(r.options.height, 720);
  EXPECT_TRUE(r.options.screenshot_path.empty());
}

TEST(AppOptions, ParsesEveryOptionWithSeparateAndInlineValues) {
  const ParseResult r =
      Parse({"--headless", "--frames", "60", "--screenshot=out.png", "--size", "640x360", "--vsync", "off"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.options.headless);
  EXPECT_EQ(r.options.max_frames, 60);
  EXPECT_EQ(r.options.screenshot_path, "out.png");
  EXPECT_EQ(r.options.width, 640);
  EXPECT_EQ(r.options.height, 360);
  EXPECT_FALSE(r.options.vsync);
}

TEST(AppOptions, DynamicResolutionIsOnOffOrLeftToTheRenderer) {
  EXPECT_EQ(Parse({}).options.dynamic_resolution, "");
  EXPECT_EQ(Parse({"--dynamic-resolution", "on"}).options.dynamic_resolution, "on");
  EXPECT_EQ(Parse({"--dynamic-resolution=off"}).options.dynamic_resolution, "off");
}

TEST(AppOptions, ShadingIsFullFastOrLeftToTheRenderer) {
  EXPECT_EQ(Parse({}).options.shading, "");
  EXPECT_EQ(Parse({"--shading", "fast"}).options.shading, "fast");
  EXPECT_EQ(Parse({"--shading=full"}).options.shading, "full");
}

TEST(AppOptions, VersionIsAFlagThatSetsOnlyItself) {
  const ParseResult r = Parse({"--version"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.options.show_version);
  EXPECT_FALSE(r.options.show_help);
  EXPECT_FALSE(Parse({}).options.show_version);
  EXPECT_FALSE(Parse({"--version=1"}).ok());
}

struct BadCase {
  std::string name;  // test name suffix
  std::vector<std::string_view> args;
  std::string expected_fragment;
};

class AppOptionsBad : public ::testing::TestWithParam<BadCase> {};

TEST_P(AppOptionsBad, GivesOneLineNamingTheProblem) {
  const ParseResult r = ParseAppOptions(GetParam().args);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.find(GetParam().expected_fragment), std::string::npos) << r.error;
  EXPECT_EQ(r.error.find('\n'), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, AppOptionsBad,
    ::testing::Values(
        BadCase{"UnknownOption", {"--bogus"}, "unknown option '--bogus'"},
        BadCase{"BareWord", {"frames"}, "unknown option 'frames'"},
        BadCase{"FramesMissingValue", {"--frames"}, "--frames: missing value N"},
        BadCase{"FramesNotANumber", {"--frames", "abc"}, "--frames: expected a whole number"},
        BadCase{"FramesZero", {"--frames", "0"}, "--frames: expected a whole number >= 1"},
        BadCase{"FramesNegative", {"--frames", "-5"}, "--frames"},
        BadCase{"FramesTrailingJunk", {"--frames", "12x"}, "--frames"},
        BadCase{"SizeNoSeparator", {"--size", "1280"}, "--size: expected WxH"},
        BadCase{"SizeTooSmall", {"--size", "10x10"}, "--size"},
        BadCase{"SizeMissingHeight", {"--size", "1280x"}, "--size"},
        BadCase{"SizeTooLarge", {"--size", "99999x720"}, "--size"},
        BadCase{"ScreenshotNotPng", {"--screenshot", "out.jpg"}, "--screenshot: expected a file name ending in .png"},
        BadCase{"VsyncNotOnOff", {"--vsync", "maybe"}, "--vsync: expected on or off"},
        BadCase{
            "DynamicResolutionNotOnOff", {"--dynamic-resolution", "auto"}, "--dynamic-resolution: expected on or off"},
        BadCase{"ShadingNotFullFast", {"--shading", "cheap"}, "--shading: expected full or fast"},
        BadCase{"FlagWithValue", {"--headless=yes"}, "--headless: takes no value"},
        BadCase{"CampaignWithALevel", {"--campaign", "--level", "x.json"}, "--campaign: plays the title's levels"},
        BadCase{"CampaignWithFrames", {"--frames", "60", "--campaign"}, "not with --frames"},
        BadCase{"AudioNotOnOff", {"--audio", "loud"}, "--audio: expected on or off"},
        BadCase{"MenuUnknown", {"--menu", "credits"}, "--menu: expected title, options or pause, got 'credits'"}),
    [](const ::testing::TestParamInfo<BadCase>& info) { return info.param.name; });

// --audio: unset by default (on in a window, off headless), else as given;
// --menu names the screen a screenshot shows.
TEST(AppOptions, AudioAndMenu) {
  EXPECT_FALSE(Parse({}).options.audio.has_value());
  EXPECT_EQ(Parse({"--audio", "on"}).options.audio, std::optional(true));
  EXPECT_EQ(Parse({"--audio=off"}).options.audio, std::optional(false));
  EXPECT_EQ(Parse({"--menu", "pause"}).options.menu, "pause");
  EXPECT_TRUE(Parse({}).options.menu.empty());
}

TEST(AppOptions, CampaignIsAFlagThatStartsAtOnce) {
  EXPECT_FALSE(Parse({}).options.campaign);
  const ParseResult r = Parse({"--headless", "--campaign", "--seed", "7"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.options.campaign);
  EXPECT_FALSE(r.options.level_given);
}

TEST(AppOptions, HelpListsEveryOption) {
  const std::string help = HelpText();
  for (const char* name :
       {"--help", "--version", "--headless", "--frames N", "--screenshot FILE.png", "--size WxH", "--vsync"}) {
    EXPECT_NE(help.find(name), std::string::npos) << name;
  }
}

}  // namespace
}  // namespace knights::app
