// Facing and up found from a rig's rest pose, chosen against the character
// file, and the turn that makes any rig face the game's +X: checked on legs
// built here facing each way, rooted at the ground or at the hips.

#include "knights/asset/character_facing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "knights/anim/local_to_model_job.h"
#include "knights/anim/sampling_job.h"
#include "knights/asset/character_model.h"
#include "gltf_builder.h"

namespace knights::asset {
namespace {

struct RigCase {
  const char* name;
  glm::vec3 forward;  // file model space
  glm::vec3 up;
  bool hips_root;  // no ground joint: the pelvis is joint 0
};

const RigCase kCases[] = {
    {"PlusX", {1, 0, 0}, {0, 1, 0}, false},    {"MinusX", {-1, 0, 0}, {0, 1, 0}, false},
    {"PlusZ", {0, 0, 1}, {0, 1, 0}, false},    {"MinusZ", {0, 0, -1}, {0, 1, 0}, false},
    {"PlusZHips", {0, 0, 1}, {0, 1, 0}, true}, {"ZUp", {0, -1, 0}, {0, 0, 1}, true},
};

void PrintTo(const RigCase& c, std::ostream* os) { *os << c.name; }

// Two legs (hip 0.9 m up, knee 0.45, ankle 0.08, toe 0.12 m ahead of the
// ankle), the feet 0.1 m to each side; one triangle on the toes and the
// pelvis; clip "step": the root (ground or pelvis) moves 1 m forward.
std::vector<uint8_t> BuildLegs(const RigCase& c) {
  const glm::vec3 side = glm::cross(c.forward, c.up);  // the rig's right
  test::GltfBuilder b;
  const int root = c.hips_root ? -1 : b.AddNode("root", -1, glm::vec3(0.0f));
  const int pelvis = b.AddNode("pelvis", root, 0.9f * c.up);
  std::vector<int> joints = {pelvis};
  if (root >= 0) joints.insert(joints.begin(), root);
  for (const char* s : {"l", "r"}) {
    const float sign = std::string(s) == "l" ? -1.0f : 1.0f;
    const int thigh = b.AddNode(std::string("thigh_") + s, pelvis, 0.1f * sign * side);
    const int shin = b.AddNode(std::string("shin_") + s, thigh, -0.45f * c.up);
    const int foot = b.AddNode(std::string("foot_") + s, shin, -0.37f * c.up);
    const int toe = b.AddNode(std::string("toe_") + s, foot, 0.12f * c.forward - 0.06f * c.up);
    joints.insert(joints.end(), {thigh, shin, foot, toe});
  }
  const glm::vec3 toe_l = -0.1f * side + 0.12f * c.forward + 0.02f * c.up;
  b.AddSkinnedMesh({{toe_l, {{joints[joints.size() - 5], 1.0f}}},
                    {toe_l + 0.2f * side, {{joints.back(), 1.0f}}},
                    {0.9f * c.up, {{pelvis, 1.0f}}}},
                   {0, 1, 2});
  b.SetSkin(joints);
  const int moving = root >= 0 ? root : pelvis;
  const glm::vec3 start = root >= 0 ? glm::vec3(0.0f) : 0.9f * c.up;
  b.AddAnimation("step",
                 {{moving, "translation", {0.0f, 1.0f}, {glm::vec4(start, 0), glm::vec4(start + c.forward, 0)}}});
  return b.Build();
}

// soles_down: the sole points 0.08 m under the ankles, along the rig's down.
character::CharacterDesc LegsDesc(const glm::vec3& soles_down = glm::vec3(0.0f)) {
  character::CharacterDesc desc;
  desc.sole_offset_l_ls = desc.sole_offset_r_ls = 0.08f * soles_down;
  desc.file = "legs.json";
  desc.pelvis_joint = "pelvis";
  desc.leg_l = {"thigh_l", "shin_l", "foot_l", "toe_l"};
  desc.leg_r = {"thigh_r", "shin_r", "foot_r", "toe_r"};
  return desc;
}

// Model matrices of the rest pose, or of `clip` at time_s.
std::vector<glm::mat4> PoseMs(const anim::Skeleton& skeleton, const anim::Clip* clip = nullptr, float time_s = 0.0f) {
  std::vector<math::Transform> locals(skeleton.RestPose().begin(), skeleton.RestPose().end());
  if (clip != nullptr) {
    anim::SamplingJob sample;
    sample.clip = clip;
    sample.time_s = time_s;
    sample.rest_pose_ls = skeleton.RestPose();
    sample.output_ls = locals;
    EXPECT_TRUE(sample.Run());
  }
  std::vector<glm::mat4> models(locals.size());
  anim::LocalToModelJob job;
  job.parents = skeleton.Parents();
  job.locals_ls = locals;
  job.models_ms = models;
  EXPECT_TRUE(job.Run());
  return models;
}

class FacingTest : public ::testing::TestWithParam<RigCase> {};

TEST_P(FacingTest, RestPoseShowsTheAxesTheRigWasBuiltWith) {
  const RigCase& c = GetParam();
  auto model = LoadCharacterModelFromMemory(BuildLegs(c), std::string(c.name) + ".glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  const std::optional<Facing> facing = FacingFromRestPose(LegsDesc(), model->skeleton);
  ASSERT_TRUE(facing.has_value());
  EXPECT_EQ(facing->forward_axis, c.forward) << AxisName(facing->forward_axis);
  EXPECT_EQ(facing->up_axis, c.up) << AxisName(facing->up_axis);
}

TEST_P(FacingTest, TurnedModelFacesPlusXWithItsMeshAndMotion) {
  const RigCase& c = GetParam();
  const std::vector<uint8_t> glb = BuildLegs(c);
  auto authored = LoadCharacterModelFromMemory(glb, "legs.glb");
  ASSERT_TRUE(authored.ok()) << authored.status().message();
  ModelImportOptions import;
  import.turn_ms = TurnToGameAxes(ChooseFacing(LegsDesc(), authored->skeleton, nullptr));
  auto model = LoadCharacterModelFromMemory(glb, "legs.glb", import);
  ASSERT_TRUE(model.ok()) << model.status().message();
  const std::vector<glm::mat4> rest = PoseMs(model->skeleton);
  const int foot = model->skeleton.FindJoint("foot_l"), toe = model->skeleton.FindJoint("toe_l");
  const int pelvis = model->skeleton.FindJoint("pelvis");
  // Toes ahead along +X, the pelvis above along +Y, the left foot on -Z.
  const glm::vec3 ahead = glm::vec3(rest[toe][3] - rest[foot][3]);
  EXPECT_NEAR(ahead.x, 0.12f, 1e-5f);
  EXPECT_NEAR(rest[pelvis][3].y, 0.9f, 1e-5f);
  EXPECT_NEAR(rest[foot][3].z, -0.1f, 1e-5f);
  // The bind pose skins to the turned mesh: palette * vertex = vertex.
  for (const anim::SkinnedVertex& v : model->mesh.vertices) {
    const glm::mat4 skin = rest[v.joints[0]] * model->skeleton.InverseBind()[v.joints[0]];
    EXPECT_NEAR(glm::length(glm::vec3(skin * glm::vec4(v.position_ms, 1.0f)) - v.position_ms), 0.0f, 1e-5f);
  }
  const auto pelvis_vertex = std::find_if(model->mesh.vertices.begin(), model->mesh.vertices.end(),
                                          [&](const anim::SkinnedVertex& v) { return v.joints[0] == pelvis; });
  ASSERT_NE(pelvis_vertex, model->mesh.vertices.end());
  EXPECT_NEAR(pelvis_vertex->position_ms.y, 0.9f, 1e-5f);
  // The clip's step forward goes along +X.
  ASSERT_EQ(model->clips.size(), 1u);
  const std::vector<glm::mat4> stepped = PoseMs(model->skeleton, &model->clips[0], 1.0f);
  EXPECT_NEAR(glm::length(glm::vec3(stepped[pelvis][3] - rest[pelvis][3]) - glm::vec3(1, 0, 0)), 0.0f, 1e-5f);
}

TEST_P(FacingTest, HipsRootedRigGetsAGroundJointCarryingItsTravel) {
  const RigCase& c = GetParam();
  const std::vector<uint8_t> glb = BuildLegs(c);
  auto authored = LoadCharacterModelFromMemory(glb, "legs.glb");
  ASSERT_TRUE(authored.ok()) << authored.status().message();
  const character::CharacterDesc desc = LegsDesc(-c.up);
  ModelImportOptions import;
  const Facing facing = ChooseFacing(desc, authored->skeleton, nullptr);
  import.turn_ms = TurnToGameAxes(facing);
  import.ground_root_ms = GroundRootMs(desc, authored->skeleton, facing);
  if (!c.hips_root) {
    EXPECT_FALSE(import.ground_root_ms.has_value());  // joint 0 is on the ground already
    return;
  }
  ASSERT_TRUE(import.ground_root_ms.has_value());
  EXPECT_NEAR(glm::length(*import.ground_root_ms), 0.0f, 1e-5f);  // under the hips, at the soles
  auto model = LoadCharacterModelFromMemory(glb, "legs.glb", import);
  ASSERT_TRUE(model.ok()) << model.status().message();
  ASSERT_EQ(model->skeleton.JointCount(), authored->skeleton.JointCount() + 1);
  EXPECT_EQ(model->skeleton.Names()[0], "root");
  const int pelvis = model->skeleton.FindJoint("pelvis");
  EXPECT_EQ(model->skeleton.Parents()[pelvis], 0);
  const std::vector<glm::mat4> rest = PoseMs(model->skeleton);
  EXPECT_NEAR(rest[pelvis][3].y, 0.9f, 1e-5f);
  // The clip's 1 m step is the ground joint's; the pelvis rides on it.
  const std::vector<glm::mat4> stepped = PoseMs(model->skeleton, &model->clips[0], 1.0f);
  EXPECT_NEAR(glm::length(glm::vec3(stepped[0][3]) - glm::vec3(1, 0, 0)), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::length(glm::vec3(stepped[pelvis][3] - stepped[0][3]) - glm::vec3(0, 0.9f, 0)), 0.0f, 1e-5f);
  // The bind pose still skins to the mesh.
  for (const anim::SkinnedVertex& v : model->mesh.vertices) {
    const glm::mat4 skin = rest[v.joints[0]] * model->skeleton.InverseBind()[v.joints[0]];
    EXPECT_NEAR(glm::length(glm::vec3(skin * glm::vec4(v.position_ms, 1.0f)) - v.position_ms), 0.0f, 1e-5f);
  }
}

INSTANTIATE_TEST_SUITE_P(Rigs, FacingTest, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(ChooseFacing, FileAxesWinAndAContradictionIsWarnedNamingTheFile) {
  auto model = LoadCharacterModelFromMemory(BuildLegs(kCases[2]), "plus_z.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  character::CharacterDesc desc = LegsDesc();
  desc.forward_axis = glm::vec3(1, 0, 0);
  std::vector<std::string> warnings;
  const Facing facing = ChooseFacing(desc, model->skeleton, &warnings);
  EXPECT_EQ(facing.forward_axis, glm::vec3(1, 0, 0));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "legs.json: forward: \"+x\", but the rest pose's toes point +z; using the file's");
  desc.forward_axis = glm::vec3(0, 0, 1);
  warnings.clear();
  ChooseFacing(desc, model->skeleton, &warnings);
  EXPECT_TRUE(warnings.empty());
}

TEST(ChooseFacing, NoFootJointsMeansGltfAxesWithAWarning) {
  auto model = LoadCharacterModelFromMemory(BuildLegs(kCases[0]), "plus_x.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  character::CharacterDesc desc = LegsDesc();
  desc.leg_l.end = "no_such_joint";
  std::vector<std::string> warnings;
  const Facing facing = ChooseFacing(desc, model->skeleton, &warnings);
  EXPECT_EQ(facing.forward_axis, glm::vec3(0, 0, 1));
  EXPECT_EQ(facing.up_axis, glm::vec3(0, 1, 0));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("legs.json: the rest pose does not show"), std::string::npos) << warnings[0];
}

TEST(TurnToGameAxes, MapsForwardToPlusXAndUpToPlusY) {
  for (const RigCase& c : kCases) {
    const glm::quat turn = TurnToGameAxes(Facing{c.forward, c.up});
    EXPECT_NEAR(glm::length(turn * c.forward - glm::vec3(1, 0, 0)), 0.0f, 1e-6f) << c.name;
    EXPECT_NEAR(glm::length(turn * c.up - glm::vec3(0, 1, 0)), 0.0f, 1e-6f) << c.name;
  }
}

}  // namespace
}  // namespace knights::asset
