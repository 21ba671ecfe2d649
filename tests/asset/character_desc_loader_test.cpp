// Character descriptions (assets/characters/*.json): table-driven errors (a
// field removed or mistyped, an unknown field at any level) each give one
// line "<file>: <json path>: <problem>"; CheckCharacterDesc catches a clip or
// joint the model lacks; the shipped knight.json loads and resolves against
// the shipped model.

#include "knights/asset/character_desc_loader.h"

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "knights/asset/character_model.h"
#include "knights/core/file_io.h"
#include "knights/character/rig.h"
#include "knights/character/role_clips.h"
#include "knights/character/rig_props.h"
#include "json_mutation.h"

namespace knights::asset {
namespace {

using nlohmann::json;
bool StartsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }
bool Contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A complete valid description (the shipped knight's, inlined so the test
// does not change with the asset).
const char* const kValid = R"({
  "name": "knight",
  "model": "assets/knights/knight_player.glb",
  "scale": 1.0,
  "forward": "+x",
  "clips": {"idle": "idle", "walk": "walk", "run": "run", "jump_up": "jump_up", "fall": "fall", "land": "land",
            "climb_up": "climb_up", "climb_down": "climb_down", "ladder_enter_bottom": "ladder_enter_bottom",
            "ladder_exit_top": "ladder_exit_top", "turn": "turn"},
  "pelvis": "pelvis",
  "legs": {
    "left": {"upper": "thigh_l", "mid": "shin_l", "end": "foot_l", "tip": "toe_l"},
    "right": {"upper": "thigh_r", "mid": "shin_r", "end": "foot_r", "tip": "toe_r"}
  },
  "arms": {
    "left": {"upper": "upper_arm_l", "mid": "forearm_l", "end": "hand_l"},
    "right": {"upper": "upper_arm_r", "mid": "forearm_r", "end": "hand_r"}
  },
  "sole_offset_m": {"left": [-0.0323, 0.0356, -0.0701], "right": [-0.0323, 0.0356, -0.0702]},
  "ball_offset_m": {"left": [-0.00951, 0.15365, -0.02061], "right": [-0.00951, 0.15365, -0.02062]},
  "grip_offset_m": {"left": [0.0, 0.065, 0.0], "right": [0.0, 0.066, 0.0]},
  "props": {"sword": {"joint": "sword", "carry": "hand_r", "stow": "chest"},
            "shield": {"joint": "shield", "carry": "forearm_l", "stow": "chest",
                       "stow_offset_m": [-0.3, -0.07, 0.0], "stow_rotation_deg": [0, 90, -45]}},
  "variants": {"red": "assets/knights/knight_npc_red.glb", "green": "assets/knights/knight_npc_green.glb"}
})";

std::string RepoPath(const std::string& relative) { return std::string(KNIGHTS_SOURCE_DIR) + "/" + relative; }

// kValid with the value at `pointer` replaced (or removed when value is null).
std::string Mutated(const std::string& pointer, const json* value) { return test::Mutated(kValid, pointer, value); }

TEST(CharacterDescLoader, ValidDescriptionParses) {
  const auto desc = ParseCharacterDesc(kValid, "knight.json");
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  EXPECT_EQ(desc->file, "knight.json");
  EXPECT_EQ(desc->name, "knight");
  EXPECT_EQ(desc->model_path, "assets/knights/knight_player.glb");
  EXPECT_FLOAT_EQ(desc->scale, 1.0f);
  const int first_fight_role = static_cast<int>(character::ClipRole::kAttack1);
  for (int role = 0; role < first_fight_role; ++role) {
    EXPECT_EQ(desc->clips[role], character::ClipRoleKey(static_cast<character::ClipRole>(role)));
  }
  // kValid maps no fight role: those are optional and stay empty.
  for (int role = first_fight_role; role < character::kClipRoleCount; ++role) EXPECT_EQ(desc->clips[role], "");
  EXPECT_EQ(desc->jump_clip, "");
  EXPECT_FALSE(desc->procedural_climb);
  EXPECT_EQ(desc->pelvis_joint, "pelvis");
  EXPECT_EQ(desc->leg_l.upper, "thigh_l");
  EXPECT_EQ(desc->leg_r.tip, "toe_r");
  EXPECT_EQ(desc->arm_r.end, "hand_r");
  EXPECT_EQ(desc->arm_l.tip, "");
  // Left and right read from their own arrays.
  EXPECT_FLOAT_EQ(desc->sole_offset_l_ls.z, -0.0701f);
  EXPECT_FLOAT_EQ(desc->sole_offset_r_ls.z, -0.0702f);
  EXPECT_FLOAT_EQ(desc->ball_offset_r_ls.z, -0.02062f);
  EXPECT_FLOAT_EQ(desc->grip_offset_l_ls.y, 0.065f);
  EXPECT_FLOAT_EQ(desc->grip_offset_r_ls.y, 0.066f);
  ASSERT_EQ(desc->variants.size(), 2u);
  EXPECT_EQ(desc->variants[0].first, "red");  // in the file's order
  EXPECT_EQ(desc->variants[1].second, "assets/knights/knight_npc_green.glb");
}

TEST(CharacterDescLoader, PropsKeepFileOrderAndTheirOffsets) {
  const auto desc = ParseCharacterDesc(kValid, "knight.json");
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  ASSERT_EQ(desc->props.size(), 2u);
  EXPECT_EQ(desc->props[0].name, "sword");
  EXPECT_EQ(desc->props[0].carry, "hand_r");
  EXPECT_FALSE(desc->props[0].stow_offset_m.has_value());  // read from the climb clip
  EXPECT_EQ(desc->props[1].name, "shield");
  EXPECT_EQ(desc->props[1].stow, "chest");
  EXPECT_EQ(desc->props[1].stow_offset_m, glm::vec3(-0.3f, -0.07f, 0.0f));
  EXPECT_EQ(desc->props[1].stow_rotation_deg, glm::vec3(0.0f, 90.0f, -45.0f));
}

TEST(CharacterDescLoader, OptionalFieldsMayBeLeftOut) {
  json j = json::parse(kValid);
  j.erase("props");
  j.erase("scale");
  j.erase("forward");
  j.erase("variants");
  j["legs"]["left"].erase("tip");
  const auto desc = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  EXPECT_FLOAT_EQ(desc->scale, 1.0f);
  EXPECT_TRUE(desc->variants.empty());
  EXPECT_EQ(desc->leg_l.tip, "");
  EXPECT_EQ(desc->leg_r.tip, "toe_r");
  EXPECT_TRUE(desc->props.empty());
  EXPECT_FALSE(desc->forward_axis.has_value());  // found from the rest pose
  EXPECT_FALSE(desc->up_axis.has_value());
}

// Only idle and walk are required: every other role has a fallback
// (knights/character/role_clips.h); a single jump clip and the climb switch are read.
TEST(CharacterDescLoader, EveryRoleIsOptional) {
  json j = json::parse(kValid);
  j["clips"] = json{{"idle", "stand"}, {"walk", "stroll"}, {"jump", "leap"}};
  j["procedural_climb"] = true;
  const auto desc = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  EXPECT_EQ(desc->clips[static_cast<int>(character::ClipRole::kIdle)], "stand");
  EXPECT_EQ(desc->clips[static_cast<int>(character::ClipRole::kWalk)], "stroll");
  for (int role = static_cast<int>(character::ClipRole::kRun); role < character::kClipRoleCount; ++role) {
    EXPECT_EQ(desc->clips[role], "") << character::ClipRoleKey(static_cast<character::ClipRole>(role));
  }
  EXPECT_EQ(desc->jump_clip, "leap");
  EXPECT_TRUE(desc->procedural_climb);
  // Without idle (or walk, or any clip) the loader retargets the knight's.
  j["clips"].erase("idle");
  const auto no_idle = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(no_idle.ok()) << no_idle.status().message();
  EXPECT_EQ(no_idle->clips[static_cast<int>(character::ClipRole::kIdle)], "");
  EXPECT_TRUE(character::NeedsRetargeting(*no_idle));
  EXPECT_FALSE(character::NeedsRetargeting(*desc));
  j.erase("clips");
  const auto none = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(none.ok()) << none.status().message();
  EXPECT_TRUE(character::NeedsRetargeting(*none));
  j["clips"] = json{{"walk", ""}};
  EXPECT_EQ(ParseCharacterDesc(j.dump(), "knight.json").status().message(),
            "knight.json: clips.walk: expected a non-empty string");
}

// "retarget" (default true): whether the roles a file leaves out are the
// knight's retargeted, which needs the knight loaded as the source only
// where some role is left out (a file's single jump counts for its pieces).
TEST(CharacterDescLoader, RetargetSaysWhetherTheRolesLeftOutAreTheKnights) {
  json j = json::parse(kValid);
  for (const char* fight : {"attack_1", "attack_2", "attack_3", "block", "block_hit", "hit", "knockdown", "get_up"}) {
    j["clips"][fight] = fight;
  }
  const auto all = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(all.ok()) << all.status().message();
  EXPECT_TRUE(all->retarget);
  EXPECT_FALSE(character::RetargetsLeftOutRoles(*all));
  j["clips"] = json{{"idle", "stand"}, {"walk", "stroll"}};
  const auto some = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(some.ok()) << some.status().message();
  EXPECT_TRUE(character::RetargetsLeftOutRoles(*some));
  j["retarget"] = false;
  const auto off = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(off.ok()) << off.status().message();
  EXPECT_FALSE(off->retarget);
  EXPECT_FALSE(character::RetargetsLeftOutRoles(*off));
  j["retarget"] = "no";
  EXPECT_EQ(ParseCharacterDesc(j.dump(), "knight.json").status().message(),
            "knight.json: retarget: expected true or false");
}

TEST(CharacterDescLoader, PointsLeftOutAreMarkedForTheLoaderToFind) {
  json j = json::parse(kValid);
  const auto given = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(given.ok());
  EXPECT_TRUE(given->given_offsets.sole && given->given_offsets.ball && given->given_offsets.grip);
  j.erase("sole_offset_m");
  j.erase("grip_offset_m");
  const auto left_out = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(left_out.ok()) << left_out.status().message();
  EXPECT_FALSE(left_out->given_offsets.sole);
  EXPECT_TRUE(left_out->given_offsets.ball);
  EXPECT_FALSE(left_out->given_offsets.grip);
  EXPECT_EQ(left_out->sole_offset_l_ls, glm::vec3(0.0f));
}

TEST(CharacterDescLoader, FightRolesAreReadWhenMapped) {
  json j = json::parse(kValid);
  j["clips"]["attack_1"] = "slash";
  j["clips"]["knockdown"] = "fall_back";
  const auto desc = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  EXPECT_EQ(desc->clips[static_cast<int>(character::ClipRole::kAttack1)], "slash");
  EXPECT_EQ(desc->clips[static_cast<int>(character::ClipRole::kKnockdown)], "fall_back");
  EXPECT_EQ(desc->clips[static_cast<int>(character::ClipRole::kBlock)], "");
}

TEST(CharacterDescLoader, HeelOffsetsAreOptional) {
  EXPECT_FALSE(ParseCharacterDesc(kValid, "knight.json")->heel_offset_l_ls.has_value());
  json j = json::parse(kValid);
  j["heel_offset_m"] = {{"left", {0.0, 0.02, 0.08}}, {"right", {0.0, 0.02, 0.07}}};
  const auto desc = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  EXPECT_EQ(desc->heel_offset_l_ls, glm::vec3(0.0f, 0.02f, 0.08f));
  EXPECT_EQ(desc->heel_offset_r_ls, glm::vec3(0.0f, 0.02f, 0.07f));
}

TEST(CharacterDescLoader, ForwardAndUpAreAxesOfTheModelSpace) {
  json j = json::parse(kValid);
  j["forward"] = "-z";
  j["up"] = "+x";
  const auto desc = ParseCharacterDesc(j.dump(), "knight.json");
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  EXPECT_EQ(desc->forward_axis, glm::vec3(0, 0, -1));
  EXPECT_EQ(desc->up_axis, glm::vec3(1, 0, 0));
}

struct BadField {
  const char* pointer;  // where kValid is changed
  const char* value;    // JSON text of the new value; nullptr: the field is removed
  const char* message;  // the whole expected line
};
void PrintTo(const BadField& c, std::ostream* os) { *os << c.pointer << " = " << (c.value ? c.value : "(removed)"); }

class CharacterDescError : public ::testing::TestWithParam<BadField> {};

TEST_P(CharacterDescError, IsOneLineNamingTheFileAndThePath) {
  const BadField& c = GetParam();
  json value;
  if (c.value != nullptr) value = json::parse(c.value);
  const auto desc = ParseCharacterDesc(Mutated(c.pointer, c.value ? &value : nullptr), "knight.json");
  ASSERT_FALSE(desc.ok());
  EXPECT_EQ(desc.status().message(), c.message);
  EXPECT_EQ(desc.status().message().find('\n'), std::string::npos);
}

const BadField kBadFields[] = {
    {"/name", nullptr, "knight.json: name: missing required field"},
    {"/name", "5", "knight.json: name: expected a non-empty string"},
    {"/name", "\"\"", "knight.json: name: expected a non-empty string"},
    {"/model", nullptr, "knight.json: model: missing required field"},
    {"/model", "[\"a.glb\"]", "knight.json: model: expected a non-empty string"},
    {"/scale", "\"big\"", "knight.json: scale: expected a number"},
    {"/clips", "[]", "knight.json: clips: expected an object"},
    {"/clips/jump", "7", "knight.json: clips.jump: expected a non-empty string"},
    {"/procedural_climb", "1", "knight.json: procedural_climb: expected true or false"},
    {"/clips/idle", "3", "knight.json: clips.idle: expected a non-empty string"},
    {"/clips/swim", "\"swim\"", "knight.json: clips.swim: unknown field"},
    {"/clips/attack_1", "\"\"", "knight.json: clips.attack_1: expected a non-empty string"},
    {"/clips/get_up", "[\"get_up\"]", "knight.json: clips.get_up: expected a non-empty string"},
    {"/pelvis", nullptr, "knight.json: pelvis: missing required field"},
    {"/legs", nullptr, "knight.json: legs: missing required field"},
    {"/legs", "\"thigh\"", "knight.json: legs: expected an object"},
    {"/legs/left", nullptr, "knight.json: legs.left: missing required field"},
    {"/legs/right/mid", nullptr, "knight.json: legs.right.mid: missing required field"},
    {"/legs/left/upper", "null", "knight.json: legs.left.upper: expected a non-empty string"},
    {"/legs/left/tip", "1", "knight.json: legs.left.tip: expected a non-empty string"},
    {"/legs/left/tipp", "\"toe_l\"", "knight.json: legs.left.tipp: unknown field"},
    {"/legs/middle", "{}", "knight.json: legs.middle: unknown field"},
    {"/arms", nullptr, "knight.json: arms: missing required field"},
    {"/arms/right/end", nullptr, "knight.json: arms.right.end: missing required field"},
    {"/arms/left/tip", "\"finger\"", "knight.json: arms.left.tip: unknown field"},
    {"/sole_offset_m/left", nullptr, "knight.json: sole_offset_m.left: missing required field"},
    {"/sole_offset_m/right", "[1, 2]", "knight.json: sole_offset_m.right: expected [x, y, z]"},
    {"/sole_offset_m/centre", "[0, 0, 0]", "knight.json: sole_offset_m.centre: unknown field"},
    {"/ball_offset_m/right/2", "11",
     "knight.json: ball_offset_m.right[2]: expected a finite number of metres (|v| <= 10)"},
    {"/grip_offset_m/left/1", "\"a\"",
     "knight.json: grip_offset_m.left[1]: expected a finite number of metres (|v| <= 10)"},
    {"/variants", "[]", "knight.json: variants: expected an object of name: path"},
    {"/variants/red", "1", "knight.json: variants.red: expected a non-empty string"},
    {"/skin", "\"blue\"", "knight.json: skin: unknown field"},
    {"/forward", "\"z\"", "knight.json: forward: expected one of \"+x\", \"-x\", \"+y\", \"-y\", \"+z\", \"-z\""},
    {"/up", "[0, 1, 0]", "knight.json: up: expected one of \"+x\", \"-x\", \"+y\", \"-y\", \"+z\", \"-z\""},
    {"/up", "\"-x\"", "knight.json: up: must be perpendicular to forward"},
    {"/heel_offset_m", "[0, 0, 0]", "knight.json: heel_offset_m: expected an object"},
    {"/heel_offset_m", "{\"left\": [0, 0, 0]}", "knight.json: heel_offset_m.right: missing required field"},
    {"/heel_offset_m", "{\"left\": [0, 0, 0], \"right\": [0, 0, 0], \"mid\": [0, 0, 0]}",
     "knight.json: heel_offset_m.mid: unknown field"},
    {"/props", "[]", "knight.json: props: expected an object"},
    {"/props/sword", "\"sword\"", "knight.json: props.sword: expected an object"},
    {"/props/sword/carry", nullptr, "knight.json: props.sword.carry: missing required field"},
    {"/props/sword/stow", "\"\"", "knight.json: props.sword.stow: expected a non-empty string"},
    {"/props/sword/hilt", "\"hand_r\"", "knight.json: props.sword.hilt: unknown field"},
    {"/props/sword/stow_offset_m", "[0, 0, 0]",
     "knight.json: props.sword.stow_rotation_deg: missing: give stow_offset_m and stow_rotation_deg together, or "
     "neither"},
    {"/props/shield/stow_offset_m", nullptr,
     "knight.json: props.shield.stow_offset_m: missing: give stow_offset_m and stow_rotation_deg together, or "
     "neither"},
    {"/props/shield/stow_rotation_deg/1", "400",
     "knight.json: props.shield.stow_rotation_deg[1]: expected a finite number of degrees (|v| <= 360)"},
    {"/props/shield/stow_offset_m/0", "-12",
     "knight.json: props.shield.stow_offset_m[0]: expected a finite number of metres (|v| <= 10)"},
    {"/props", R"({"a": {}, "b": {}, "c": {}, "d": {}, "e": {}, "f": {}, "g": {}, "h": {}, "i": {}})",
     "knight.json: props: 9 props, at most 8"},
};

INSTANTIATE_TEST_SUITE_P(Fields, CharacterDescError, ::testing::ValuesIn(kBadFields));

TEST(CharacterDescLoader, ScaleOutOfRangeNamesTheRange) {
  const json zero = 0.0;
  const auto desc = ParseCharacterDesc(Mutated("/scale", &zero), "knight.json");
  ASSERT_FALSE(desc.ok());
  EXPECT_TRUE(StartsWith(desc.status().message(), "knight.json: scale: ")) << desc.status().message();
  EXPECT_TRUE(Contains(desc.status().message(), "is outside")) << desc.status().message();
}

TEST(CharacterDescLoader, NotJsonOrNotAnObject) {
  auto desc = ParseCharacterDesc("{\"name\": ", "knight.json");
  ASSERT_FALSE(desc.ok());
  EXPECT_TRUE(StartsWith(desc.status().message(), "knight.json: not valid JSON")) << desc.status().message();
  EXPECT_EQ(desc.status().message().find('\n'), std::string::npos);
  desc = ParseCharacterDesc("[1, 2]", "knight.json");
  ASSERT_FALSE(desc.ok());
  EXPECT_EQ(desc.status().message(), "knight.json: expected a JSON object at the top level");
}

TEST(CharacterDescLoader, MissingFileNamesThePath) {
  const auto desc = LoadCharacterDesc("no/such/character.json");
  ASSERT_FALSE(desc.ok());
  EXPECT_TRUE(Contains(desc.status().message(), "no/such/character.json")) << desc.status().message();
}

// --- CheckCharacterDesc against a model built in code. ------------------------

CharacterModel MakeModel(const character::CharacterDesc& desc) {
  CharacterModel model;
  model.path = "model.glb";
  const std::vector<std::string> names{
      "root",  "pelvis",      "thigh_l",   "shin_l", "foot_l",      "toe_l",     "thigh_r", "shin_r", "foot_r", "toe_r",
      "chest", "upper_arm_l", "forearm_l", "hand_l", "upper_arm_r", "forearm_r", "hand_r",  "sword",  "shield"};
  const std::vector<int16_t> parents{-1, 0, 1, 2, 3, 4, 1, 6, 7, 8, 1, 10, 11, 12, 10, 14, 15, 16, 12};
  model.skeleton = anim::Skeleton::Create(names, parents, std::vector<math::Transform>(names.size()),
                                          std::vector<glm::mat4>(names.size(), glm::mat4(1.0f)))
                       .value();
  for (int role = 0; role < character::kClipRoleCount; ++role) {
    if (desc.clips[role].empty()) continue;  // an optional role not mapped
    anim::ClipDesc clip;
    clip.name = desc.clips[role];
    clip.joint_count = static_cast<int>(names.size());
    anim::JointTrackDesc track;
    track.joint = 0;
    track.translations = {{0.0f, glm::vec3(0.0f)}, {1.0f, glm::vec3(0.0f)}};
    clip.tracks = {track};
    auto created = anim::Clip::Create(std::move(clip));
    EXPECT_TRUE(created.ok()) << created.status().message();
    if (created.ok()) model.clips.push_back(std::move(*created));
  }
  return model;
}

// The message names the file, the field and the clip, then the clips the
// model has (MakeModel's first is 'idle'), so the fix can be read off it.
void ExpectMissingClip(const std::string& message, const std::string& start) {
  EXPECT_EQ(message.rfind(start + ", which has clips 'idle', '", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(CheckCharacterDesc, AModelWithoutClipsSaysSoAndHowToPlayIt) {
  const auto parsed = ParseCharacterDesc(kValid, "knight.json");
  ASSERT_TRUE(parsed.ok());
  CharacterModel model = MakeModel(*parsed);
  model.clips.clear();
  EXPECT_EQ(CheckCharacterDesc(*parsed, model).message(),
            "knight.json: clips.idle: clip 'idle' is not in model.glb, which has no clips (leave the roles out: the "
            "knight's are retargeted)");
}

TEST(CheckCharacterDesc, AcceptsAMatchingModelAndNamesWhatIsMissing) {
  const auto parsed = ParseCharacterDesc(kValid, "knight.json");
  ASSERT_TRUE(parsed.ok());
  const CharacterModel model = MakeModel(*parsed);
  EXPECT_TRUE(CheckCharacterDesc(*parsed, model).ok()) << CheckCharacterDesc(*parsed, model).message();
  {
    character::CharacterDesc desc = *parsed;
    desc.clips[static_cast<int>(character::ClipRole::kTurn)] = "spin";
    ExpectMissingClip(CheckCharacterDesc(desc, model).message(),
                      "knight.json: clips.turn: clip 'spin' is not in model.glb");
  }
  {
    character::CharacterDesc desc = *parsed;
    desc.clips[static_cast<int>(character::ClipRole::kBlock)] = "parry";  // optional, but mapped: it must be there
    ExpectMissingClip(CheckCharacterDesc(desc, model).message(),
                      "knight.json: clips.block: clip 'parry' is not in model.glb");
  }
  {
    character::CharacterDesc desc = *parsed;
    desc.jump_clip = "leap";  // optional, but named: it must be there
    ExpectMissingClip(CheckCharacterDesc(desc, model).message(),
                      "knight.json: clips.jump: clip 'leap' is not in model.glb");
  }
  {
    character::CharacterDesc desc = *parsed;
    desc.leg_r.tip = "toe_x";
    EXPECT_EQ(CheckCharacterDesc(desc, model).message(),
              "knight.json: legs.right.tip: joint 'toe_x' is not in model.glb");
  }
  {
    character::CharacterDesc desc = *parsed;
    desc.pelvis_joint = "hips";
    EXPECT_EQ(CheckCharacterDesc(desc, model).message(), "knight.json: pelvis: joint 'hips' is not in model.glb");
  }
  {
    character::CharacterDesc desc = *parsed;
    desc.arm_l.mid = "elbow_l";
    EXPECT_EQ(CheckCharacterDesc(desc, model).message(),
              "knight.json: arms.left.mid: joint 'elbow_l' is not in model.glb");
  }
  {
    // Every joint exists but the arm's mid is not the upper's child: the
    // name check passes, ResolveRig catches it.
    character::CharacterDesc desc = *parsed;
    desc.arm_r.mid = "forearm_l";
    EXPECT_TRUE(CheckCharacterDesc(desc, model).ok());
    const auto rig = character::ResolveRig(desc, model.skeleton);
    ASSERT_FALSE(rig.ok());
    EXPECT_EQ(rig.status().message(), "knight.json: arms.right.mid: joint 'forearm_l' is not a child of 'upper_arm_r'");
  }
  {
    character::CharacterDesc desc = *parsed;
    desc.props[1].stow = "back";
    EXPECT_EQ(CheckCharacterDesc(desc, model).message(),
              "knight.json: props.shield.stow: joint 'back' is not in model.glb");
  }
}

// The shipped files: knight.json loads, matches the shipped model, resolves.
TEST(CharacterDescLoader, ShippedKnightLoadsChecksAndResolves) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);  // as the game does: the model paths are under it
  const auto desc = LoadCharacterDesc(RepoPath("assets/characters/knight.json"));
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  EXPECT_EQ(desc->model_path, std::filesystem::canonical(RepoPath("assets/knights/knight_player.glb")).string());
  const auto model = LoadCharacterModel(desc->model_path);
  ASSERT_TRUE(model.ok()) << model.status().message();
  const core::Status check = CheckCharacterDesc(*desc, *model);
  EXPECT_TRUE(check.ok()) << check.message();
  const auto rig = character::ResolveRig(*desc, model->skeleton);
  ASSERT_TRUE(rig.ok()) << rig.status().message();
  EXPECT_GE(rig->leg_l.tip, 0);
  EXPECT_EQ(model->skeleton.Parents()[rig->leg_l.mid], rig->leg_l.upper);
  EXPECT_EQ(model->skeleton.Parents()[rig->arm_r.end], rig->arm_r.mid);
  for (const auto& [name, path] : desc->variants) {
    EXPECT_TRUE(LoadCharacterModel(path).ok()) << name;
  }
}

// The shipped knight's props against its model and climb clip: the clips
// stow both on the chest; each way a prop's file entry can be wrong gives
// one line naming the field.
TEST(CharacterDescLoader, ShippedKnightPropsResolveAndBadSocketsAreNamed) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  const auto desc = LoadCharacterDesc(RepoPath("assets/characters/knight.json"));
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  const auto model = LoadCharacterModel(desc->model_path);
  ASSERT_TRUE(model.ok()) << model.status().message();
  const auto rig = character::ResolveRig(*desc, model->skeleton);
  ASSERT_TRUE(rig.ok()) << rig.status().message();
  const int climb_index = model->FindClip(desc->clips[static_cast<int>(character::ClipRole::kClimbUp)]);
  ASSERT_GE(climb_index, 0);
  const anim::Clip* climb = &model->clips[climb_index];
  const auto props = character::ResolveProps(*desc, model->skeleton, *rig, climb, &model->mesh);
  ASSERT_TRUE(props.ok()) << props.status().message();
  ASSERT_EQ(props->size(), 2u);
  EXPECT_EQ((*props)[0].prop, model->skeleton.FindJoint("sword"));
  EXPECT_EQ((*props)[1].carry, model->skeleton.FindJoint("forearm_l"));
  EXPECT_TRUE((*props)[0].clips_stow && (*props)[1].clips_stow);
  // The stowed sword lies behind the chest (the back is -x in model space).
  EXPECT_LT((*props)[0].stowed_in_stow[3].x, -0.1f);

  auto error = [&](auto edit, const anim::Clip* clip) {
    character::CharacterDesc d = *desc;
    edit(d.props[0]);
    const auto resolved = character::ResolveProps(d, model->skeleton, *rig, clip, nullptr);
    return resolved.ok() ? std::string("ok") : resolved.status().message();
  };
  const std::string file = desc->file + ": props.sword";
  EXPECT_EQ(error([](character::PropDesc& p) { p.carry = "sword"; }, climb),
            file + ".carry: joint 'sword' is the prop's joint or under it ('sword')");
  EXPECT_EQ(error([](character::PropDesc& p) { p.joint = "forearm_r"; }, climb),
            file + ".joint: joint 'forearm_r' carries 'forearm_r', a joint of the rig the IK moves");
  EXPECT_EQ(error([](character::PropDesc& p) { p.stow = "scabbard"; }, climb),
            file + ".stow: joint 'scabbard' is not in the skeleton");
  EXPECT_EQ(error([](character::PropDesc&) {}, nullptr),
            file + ": no climb_up clip to read the stowed place from: give stow_offset_m and stow_rotation_deg");
  // A hip sheath the clips do not use: the climb moves the sword against
  // the pelvis, so the file must say where it rides.
  const std::string hip = error([](character::PropDesc& p) { p.stow = "pelvis"; }, climb);
  EXPECT_TRUE(StartsWith(hip, file + ": the climb_up clip moves 'sword' ")) << hip;
  EXPECT_TRUE(Contains(hip, " mm against 'pelvis' (more than 10: it does not stow it there)")) << hip;
  EXPECT_EQ(error(
                [](character::PropDesc& p) {
                  p.stow = "pelvis";
                  p.stow_offset_m = glm::vec3(0.05f, -0.18f, 0.0f);
                  p.stow_rotation_deg = glm::vec3(0.0f, 0.0f, -100.0f);
                },
                climb),
            "ok");
}

}  // namespace
}  // namespace knights::asset
