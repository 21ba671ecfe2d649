// The knight with every clip's extras stripped, completed from its motion
// alone, against the authoring spec the Blender build wrote them from
// (tools/knight/knight_spec.json): loop flags, speeds and every contact
// range. Plus a clip that plants nothing warns.

#include "knights/asset/character_clips.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "knights/anim/sampling_job.h"
#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_loader.h"
#include "knights/core/file_io.h"

namespace knights::asset {
namespace {

using nlohmann::json;

std::string RepoPath(const std::string& relative) { return std::string(KNIGHTS_SOURCE_DIR) + "/" + relative; }

// The .glb at `path` with `edit` applied to its JSON chunk.
template <typename Edit>
std::vector<uint8_t> EditedGlb(const std::string& path, Edit edit) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  uint32_t json_length = 0;
  std::memcpy(&json_length, bytes.data() + 12, 4);
  json gltf = json::parse(bytes.begin() + 20, bytes.begin() + 20 + json_length);
  edit(gltf);
  std::string text = gltf.dump();
  while (text.size() % 4 != 0) text.push_back(' ');
  const std::vector<uint8_t> rest(bytes.begin() + 20 + json_length, bytes.end());
  std::vector<uint8_t> out(bytes.begin(), bytes.begin() + 12);
  auto put = [&out](uint32_t v) {
    const auto* p = reinterpret_cast<const uint8_t*>(&v);
    out.insert(out.end(), p, p + 4);
  };
  put(static_cast<uint32_t>(text.size()));
  put(0x4E4F534A);  // "JSON"
  out.insert(out.end(), text.begin(), text.end());
  out.insert(out.end(), rest.begin(), rest.end());
  const uint32_t total = static_cast<uint32_t>(out.size());
  std::memcpy(out.data() + 8, &total, 4);
  return out;
}

struct Knight {
  character::CharacterDesc desc;
  CharacterModel model;
};

Knight LoadKnight(const std::vector<uint8_t>& glb) {
  auto desc = LoadCharacterDesc(RepoPath("assets/characters/knight.json"));
  EXPECT_TRUE(desc.ok()) << desc.status().message();
  auto model = LoadCharacterModelFromMemory(glb, "knight_player.glb");
  EXPECT_TRUE(model.ok()) << model.status().message();
  return {*desc, std::move(*model)};
}

// Whether the spec's inclusive frame ranges hold a limb at time_s.
bool SpecHeld(const json& ranges, float time_s, float fps) {
  for (const json& r : ranges) {
    if (time_s >= r[0].get<float>() / fps && time_s <= r[1].get<float>() / fps) return true;
  }
  return false;
}

// The model's clips against an authoring spec (tools/<character>/*_spec.json:
// frames at "fps", contact ranges [first, last] frames per limb, speeds,
// the ladder's rung spacing and distance in front, rung_reach_key naming
// the latter): loop flags, speeds within 1%, climbs' rise and rungs within
// 1 cm, each contact edge within two frames (a hold under 0.1 s may be
// missed whole).
void ExpectClipsMatchSpec(const CharacterModel& model, const json& spec, const char* rung_reach_key) {
  const float fps = spec["fps"].get<float>();
  static const char* const kLimbs[anim::kLimbCount] = {"foot_l", "foot_r", "hand_l", "hand_r"};
  for (const json& clip_spec : spec["clips"]) {
    const std::string name = clip_spec["name"];
    const int index = model.FindClip(name);
    ASSERT_GE(index, 0) << name;
    const anim::Clip& clip = model.clips[index];
    EXPECT_EQ(clip.Loop(), clip_spec["loop"].get<bool>()) << name;
    const bool climb = name.rfind("climb", 0) == 0;
    if (clip_spec.contains("speed_mps")) {
      const float speed = clip_spec["speed_mps"].get<float>();
      ASSERT_TRUE(clip.SpeedMps().has_value()) << name;
      EXPECT_NEAR(*clip.SpeedMps(), speed, 0.01f * speed) << name;
      if (climb) {
        ASSERT_TRUE(clip.ClimbMPerCycle().has_value()) << name;
        EXPECT_NEAR(*clip.ClimbMPerCycle(), speed * clip_spec["frames"].get<float>() / fps, 0.01f) << name;
      }
    }
    if (climb) {
      ASSERT_TRUE(clip.RungSpacingM().has_value()) << name;
      EXPECT_NEAR(*clip.RungSpacingM(), spec["ladder"]["rung_spacing_m"].get<float>(), 0.01f) << name;
      ASSERT_TRUE(clip.RungReachM().has_value()) << name;
      EXPECT_NEAR(*clip.RungReachM(), spec["ladder"][rung_reach_key].get<float>(), 0.01f) << name;
    }
    for (int limb = 0; limb < anim::kLimbCount; ++limb) {
      const json& ranges = clip_spec["contacts"][kLimbs[limb]];
      float allowed_s = 0.0f;
      for (const json& r : ranges) {
        const float length_s = (r[1].get<float>() - r[0].get<float>()) / fps;
        allowed_s += length_s < 0.1f ? length_s + 2.0f / fps : 4.0f / fps;
      }
      float mismatch_s = 0.0f;
      constexpr float kStepS = 1.0f / 240.0f;
      for (float t = 0.0f; t <= clip.DurationS(); t += kStepS) {
        if (clip.IsInContact(static_cast<anim::Limb>(limb), t) != SpecHeld(ranges, t, fps)) mismatch_s += kStepS;
      }
      EXPECT_LE(mismatch_s, allowed_s + kStepS) << name << " " << kLimbs[limb];
    }
  }
}

json LoadJson(const std::string& relative) {
  std::ifstream in(RepoPath(relative));
  return json::parse(in);
}

TEST(CompleteCharacterClips, StrippedKnightMatchesItsAuthoringSpec) {
  Knight k = LoadKnight(EditedGlb(RepoPath("assets/knights/knight_player.glb"), [](json& gltf) {
    for (json& animation : gltf["animations"]) animation.erase("extras");
  }));
  std::vector<std::string> notes, warnings;
  ASSERT_TRUE(CompleteCharacterClips(k.desc, k.model, &notes, &warnings).ok());
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  EXPECT_EQ(notes.size(), static_cast<size_t>(character::kClipRoleCount));  // the knight maps every role
  ExpectClipsMatchSpec(k.model, LoadJson("tools/knight/knight_spec.json"), "rung_x_m");
}

// The second shipped character, built unlike the knight (tools/squire:
// Rigify names, hips-rooted, +Z forward, clips without extras), loaded as
// the game loads it, against its own authoring spec.
TEST(CompleteCharacterClips, SquireLoadsFacingPlusXOnAGroundRootWithItsSpecsClips) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  auto desc = LoadCharacterDesc(RepoPath("assets/characters/squire.json"));
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  CharacterLoadReport report;
  auto model = LoadCharacterForGame(&*desc, &report);
  ASSERT_TRUE(model.ok()) << model.status().message();
  EXPECT_TRUE(report.warnings.empty()) << report.warnings.front();
  const json spec = LoadJson("tools/squire/squire_spec.json");
  EXPECT_EQ(report.facing.forward_axis, glm::vec3(0, 0, 1));  // the file says nothing: the rest pose
  EXPECT_EQ(report.file_root, spec["skeleton"]["root_joint"].get<std::string>());
  ASSERT_TRUE(report.import.ground_root_ms.has_value());
  EXPECT_EQ(model->skeleton.JointCount(), spec["skeleton"]["joint_count"].get<int>() + 1);
  ExpectClipsMatchSpec(*model, spec, "rung_forward_m");
  // The exit's root motion ends on the ledge, where its soles stand (its
  // hips end higher over the feet than they climbed), past the rung line.
  const anim::Clip& exit = model->clips[model->FindClip("ladder_exit_top")];
  std::vector<math::Transform> end_ls(model->skeleton.RestPose().begin(), model->skeleton.RestPose().end());
  anim::SamplingJob sample;
  sample.clip = &exit;
  sample.time_s = exit.DurationS();
  sample.rest_pose_ls = model->skeleton.RestPose();
  sample.output_ls = end_ls;
  ASSERT_TRUE(sample.Run());
  EXPECT_NEAR(end_ls[0].translation.y, spec["ladder"]["exit"]["ledge_height_m"].get<float>(), 0.005f);
  EXPECT_NEAR(end_ls[0].translation.x, spec["ladder"]["exit"]["stand_forward_m"].get<float>(), 0.005f);
}

TEST(CompleteCharacterClips, ExtrasWinAndAClipThatPlantsNothingWarns) {
  // Every clip's extras say: no contacts. Nothing is found, and the clips
  // that should plant a foot (idle, walk, run, the climbs) warn.
  Knight k = LoadKnight(EditedGlb(RepoPath("assets/knights/knight_player.glb"), [](json& gltf) {
    for (json& animation : gltf["animations"]) animation["extras"]["contacts"] = json::object();
  }));
  std::vector<std::string> notes, warnings;
  ASSERT_TRUE(CompleteCharacterClips(k.desc, k.model, &notes, &warnings).ok());
  EXPECT_TRUE(notes.empty());
  ASSERT_EQ(warnings.size(), 5u);
  EXPECT_EQ(warnings[1],
            "knight_player.glb: clip 'walk' (walk) plants no foot and grips nothing: its limbs will not "
            "be held by the IK");
  EXPECT_TRUE(k.model.clips[k.model.FindClip("walk")].Contacts(anim::kFootL).empty());
  EXPECT_FLOAT_EQ(*k.model.clips[k.model.FindClip("walk")].SpeedMps(), 1.5f);  // the extras' own
}

}  // namespace
}  // namespace knights::asset
