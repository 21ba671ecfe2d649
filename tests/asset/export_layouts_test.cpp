// Export layouts accepted where the intent is clear, tried on the test
// characters built by tools/test_characters: rigid parts parented to joints
// instead of skinned (bound wholly to their joint, where the file puts
// them), control bones beside the deform hierarchy (left out, named in one
// warning, the skeleton being the root that holds most joints), a clip that
// holds one pose mapped as a walk (played as a role left out), and a mesh
// that neither is skinned nor hangs from a joint (refused, naming the fix).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "knights/anim/model_pose.h"
#include "knights/asset/character_clips.h"
#include "knights/asset/character_model.h"
#include "tests/asset/game_character.h"
#include "tests/asset/gltf_builder.h"

namespace knights::asset {
namespace {

std::string TestCharacter(const std::string& name) {
  return std::string(KNIGHTS_SOURCE_DIR) + "/tests/data/characters/" + name + "/" + name + ".glb";
}

TEST(ExportLayouts, RigidPartsParentedToJointsAreBoundWhollyToThem) {
  auto rigid = LoadCharacterModel(TestCharacter("rigid_parts"));
  ASSERT_TRUE(rigid.ok()) << rigid.status().message();
  auto skinned = LoadCharacterModel(TestCharacter("mixamo_tpose"));
  ASSERT_TRUE(skinned.ok()) << skinned.status().message();
  const int head = rigid->skeleton.FindJoint("mixamorig:Head");
  ASSERT_GE(head, 0);
  // The head part: bound to the head alone, as tall as the skinned rig.
  int head_vertices = 0;
  float top_y = 0.0f;
  for (const anim::SkinnedVertex& v : rigid->mesh.vertices) {
    if (v.joints[0] == head && v.weights[0] == 1.0f) ++head_vertices, top_y = std::max(top_y, v.position_ms.y);
  }
  EXPECT_GT(head_vertices, 20);
  float skinned_top_y = 0.0f;
  for (const anim::SkinnedVertex& v : skinned->mesh.vertices) skinned_top_y = std::max(skinned_top_y, v.position_ms.y);
  EXPECT_NEAR(top_y, skinned_top_y, 0.01f) << "the head where the file puts it";
  // At rest every rigid vertex skins onto itself: it moves with its joint.
  const std::vector<glm::mat4> rest_ms = anim::ModelPoseAt(rigid->skeleton, nullptr, 0.0f);
  for (const anim::SkinnedVertex& v : rigid->mesh.vertices) {
    if (v.weights[0] != 1.0f) continue;
    const glm::mat4 palette = rest_ms[v.joints[0]] * rigid->skeleton.InverseBind()[v.joints[0]];
    ASSERT_NEAR(glm::distance(glm::vec3(palette * glm::vec4(v.position_ms, 1.0f)), v.position_ms), 0.0f, 1e-4f);
  }
}

TEST(ExportLayouts, ControlBonesBesideTheDeformHierarchyAreLeftOutAndSaidSo) {
  auto model = LoadCharacterModel(TestCharacter("control_bones"));
  ASSERT_TRUE(model.ok()) << model.status().message();
  EXPECT_EQ(model->skeleton.Names()[0], "mixamorig:Hips") << "the root holding the most joints, not the first by name";
  EXPECT_LT(model->skeleton.FindJoint("ctrl_root"), 0);
  ASSERT_EQ(model->dropped_roots.size(), 1u);
  EXPECT_EQ(model->dropped_roots[0], "ctrl_root (5 joints)");
  auto played = knights::test::LoadGameCharacter("tests/data/characters/control_bones/control_bones.json");
  ASSERT_NE(played, nullptr);
  const auto& w = played->report.warnings;
  EXPECT_TRUE(std::any_of(w.begin(), w.end(), [](const std::string& line) {
    return line.find("control_bones.glb: the skin's other root ctrl_root (5 joints)") != std::string::npos;
  }));
}

TEST(StillClips, APoseMappedAsWalkIsPlayedAsIfLeftOutAndSaidSo) {
  auto posed = LoadCharacterModel(TestCharacter("mixamo_one_pose"));
  ASSERT_TRUE(posed.ok()) << posed.status().message();
  ASSERT_EQ(posed->clips.size(), 1u);
  EXPECT_TRUE(ClipHoldsStill(posed->skeleton, posed->clips[0]));
  auto knight = LoadCharacterModel(std::string(KNIGHTS_SOURCE_DIR) + "/assets/knights/knight_player.glb");
  ASSERT_TRUE(knight.ok());
  for (const anim::Clip& clip : knight->clips) {
    if (clip.Name() != "block") {
      EXPECT_FALSE(ClipHoldsStill(knight->skeleton, clip)) << clip.Name();
    }
  }
  auto played = knights::test::LoadGameCharacter("tests/data/characters/mixamo_one_pose/mixamo_one_pose.json");
  ASSERT_NE(played, nullptr);
  for (const character::ClipRole role :
       {character::ClipRole::kIdle, character::ClipRole::kWalk, character::ClipRole::kRun}) {
    EXPECT_EQ(played->Source(role), character::ClipSource::kRetargeted) << character::ClipRoleKey(role);
    const std::string line = "mixamo_one_pose.json: clips." + std::string(character::ClipRoleKey(role)) +
                             ": clip 'pose' holds one pose: played as if the role were left out";
    const auto& w = played->report.warnings;
    EXPECT_TRUE(std::any_of(w.begin(), w.end(), [&](const std::string& l) {
      return l.find(line) != std::string::npos;
    })) << line;
  }
}

TEST(ExportLayouts, AMeshNeitherSkinnedNorUnderAJointIsRefusedNamingTheFix) {
  test::GltfBuilder b;
  const int root = b.AddNode("root", -1, glm::vec3(0.0f));
  const int hips = b.AddNode("hips", root, {0.0f, 1.0f, 0.0f});
  b.AddSkinnedMesh({{{0, 0, 0}, {{hips, 1.0f}}}, {{0.1f, 0, 0}, {{hips, 1.0f}}}, {{0, 0.1f, 0}, {{hips, 1.0f}}}},
                   {0, 1, 2});
  b.SetSkin({root, hips});
  b.AddLooseMesh("prop", {{0, 0, 0}, {0.1f, 0, 0}, {0, 0.1f, 0}});
  auto model = LoadCharacterModelFromMemory(b.Build(), "loose.glb");
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().message(),
            "loose.glb: mesh 'prop' has no skin and hangs from no joint (skin it to the armature, or parent it to a "
            "bone)");
}

}  // namespace
}  // namespace knights::asset
