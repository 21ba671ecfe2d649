// A rig is imported in metres whatever scale its armature or its bones
// carry (a Mixamo export: a 0.01 armature over centimetre bones; an x100
// one; a scaled hips bone) and wherever its exporter put the mesh's
// vertices: every joint frame is unscaled, the joints, the skinned mesh and
// the clips' travel are where the file's scene has them in metres, times
// the character file's scale, and so a sole offset in metres lands on the
// ground. Each rig is built here with known metres.

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "knights/anim/model_pose.h"
#include "knights/asset/character_model.h"
#include "tests/asset/gltf_builder.h"

namespace knights::asset {
namespace {

struct UnitsCase {
  const char* name;
  float armature_scale;         // the armature node's uniform scale
  float hips_scale;             // the hips bone's own uniform scale
  bool z_up_armature;           // the armature turned -90 degrees about x (a Z-up scene under a Y-up file)
  bool mesh_in_armature_space;  // vertices stored in the armature's units, not the scene's
  float file_scale;             // the character file's "scale"
};

const UnitsCase kCases[] = {
    {"Metres", 1.0f, 1.0f, false, false, 1.0f},
    {"MixamoCentimetres", 0.01f, 1.0f, true, true, 1.0f},
    {"CentimetresMeshInScene", 0.01f, 1.0f, false, false, 1.0f},
    {"Times100", 100.0f, 1.0f, false, true, 1.0f},
    {"ScaledHipsBone", 1.0f, 0.5f, false, false, 1.0f},
    {"MixamoAtFileScale2", 0.01f, 1.0f, true, true, 2.0f},
    {"MetresAtFileScaleHalf", 1.0f, 1.0f, false, false, 0.5f},
};

void PrintTo(const UnitsCase& c, std::ostream* os) { *os << c.name; }

// The joints of the rig in the scene, metres: hips 0.9 m up, legs to the
// ankles 0.08 m up, toes 0.12 m ahead (+x), 0.1 m to each side.
const char* const kJoints[] = {"hips", "thigh_l", "shin_l", "foot_l", "toe_l"};
const glm::vec3 kJointsScene[] = {
    {0.0f, 0.9f, 0.0f}, {0.0f, 0.9f, -0.1f}, {0.0f, 0.45f, -0.1f}, {0.0f, 0.08f, -0.1f}, {0.12f, 0.02f, -0.1f}};
constexpr float kStepM = 1.0f;       // the clip "step" moves the hips this far forward, scene metres
constexpr float kShinSlideM = 0.1f;  // and the shin this far forward under the thigh

struct BuiltRig {
  std::vector<uint8_t> glb;
  glm::vec3 sole_offset_down_ls;  // the foot joint's frame's down, unit
};

BuiltRig BuildRig(const UnitsCase& c) {
  test::GltfBuilder b;
  const glm::quat turn =
      c.z_up_armature ? glm::angleAxis(glm::radians(-90.0f), glm::vec3(1, 0, 0)) : glm::identity<glm::quat>();
  // A scene vector in the frame of a node under the armature whose
  // accumulated scale is `scale`.
  auto local = [&](const glm::vec3& scene, float scale) { return glm::inverse(turn) * scene / scale; };
  const float a = c.armature_scale, h = c.armature_scale * c.hips_scale;
  const int armature = b.AddNode("Armature", -1, glm::vec3(0.0f), turn, a);
  const int hips = b.AddNode("hips", armature, local(kJointsScene[0], a), glm::identity<glm::quat>(), c.hips_scale);
  const int thigh = b.AddNode("thigh_l", hips, local(kJointsScene[1] - kJointsScene[0], h));
  const int shin = b.AddNode("shin_l", thigh, local(kJointsScene[2] - kJointsScene[1], h));
  const int foot = b.AddNode("foot_l", shin, local(kJointsScene[3] - kJointsScene[2], h));
  const int toe = b.AddNode("toe_l", foot, local(kJointsScene[4] - kJointsScene[3], h));
  b.AddSkinnedMesh({{kJointsScene[4], {{toe, 1.0f}}},
                    {kJointsScene[3] + glm::vec3(0.0f, -0.08f, 0.0f), {{foot, 0.5f}, {shin, 0.5f}}},
                    {kJointsScene[0], {{hips, 1.0f}}}},
                   {0, 1, 2});
  b.SetSkin({hips, thigh, shin, foot, toe});
  if (c.mesh_in_armature_space) b.SetMeshSpace(b.ModelMatrix(armature));
  const glm::vec3 hips_from = local(kJointsScene[0], a);
  const glm::vec3 hips_to = local(kJointsScene[0] + glm::vec3(kStepM, 0.0f, 0.0f), a);
  const glm::vec3 shin_from = local(kJointsScene[2] - kJointsScene[1], h);
  const glm::vec3 shin_to = local(kJointsScene[2] - kJointsScene[1] + glm::vec3(kShinSlideM, 0.0f, 0.0f), h);
  b.AddAnimation("step",
                 {{hips, "translation", {0.0f, 1.0f}, {glm::vec4(hips_from, 0), glm::vec4(hips_to, 0)}},
                  {shin, "translation", {0.0f, 1.0f}, {glm::vec4(shin_from, 0), glm::vec4(shin_to, 0)}}},
                 {{"speed_mps", kStepM}, {"loop", false}});
  return {b.Build(), glm::inverse(turn) * glm::vec3(0.0f, -1.0f, 0.0f)};
}

class CharacterUnitsTest : public ::testing::TestWithParam<UnitsCase> {
 protected:
  void SetUp() override {
    rig_ = BuildRig(GetParam());
    ModelImportOptions options;
    options.scale = GetParam().file_scale;
    auto model = LoadCharacterModelFromMemory(rig_.glb, "units.glb", options);
    ASSERT_TRUE(model.ok()) << model.status().message();
    model_ = std::move(*model);
  }
  glm::vec3 Expected(const glm::vec3& scene_m) const { return scene_m * GetParam().file_scale; }
  int Joint(const char* name) const { return model_.skeleton.FindJoint(name); }

  BuiltRig rig_;
  CharacterModel model_;
};

TEST_P(CharacterUnitsTest, JointsStandWhereTheSceneHasThemInMetresWithUnscaledFrames) {
  const std::vector<glm::mat4> rest_ms = anim::ModelPoseAt(model_.skeleton, nullptr, 0.0f);
  for (size_t i = 0; i < std::size(kJoints); ++i) {
    const int joint = Joint(kJoints[i]);
    ASSERT_GE(joint, 0) << kJoints[i];
    const glm::vec3 at_ms(rest_ms[joint][3]);
    EXPECT_NEAR(glm::distance(at_ms, Expected(kJointsScene[i])), 0.0f, 1e-4f) << kJoints[i];
    for (int axis = 0; axis < 3; ++axis)
      EXPECT_NEAR(glm::length(glm::vec3(rest_ms[joint][axis])), 1.0f, 1e-4f) << kJoints[i] << " axis " << axis;
  }
}

TEST_P(CharacterUnitsTest, TheMeshIsInModelSpaceAndSkinsToItselfAtRest) {
  const std::vector<glm::mat4> rest_ms = anim::ModelPoseAt(model_.skeleton, nullptr, 0.0f);
  const glm::vec3 expected[] = {Expected(kJointsScene[4]), Expected(kJointsScene[3] + glm::vec3(0.0f, -0.08f, 0.0f)),
                                Expected(kJointsScene[0])};
  ASSERT_EQ(model_.mesh.vertices.size(), 3u);
  for (size_t v = 0; v < 3; ++v) {
    const anim::SkinnedVertex& vertex = model_.mesh.vertices[v];
    EXPECT_NEAR(glm::distance(vertex.position_ms, expected[v]), 0.0f, 1e-4f) << "vertex " << v;
    glm::vec3 skinned_ms(0.0f);
    for (int i = 0; i < 4; ++i) {
      const glm::mat4 palette = rest_ms[vertex.joints[i]] * model_.skeleton.InverseBind()[vertex.joints[i]];
      skinned_ms += vertex.weights[i] * glm::vec3(palette * glm::vec4(vertex.position_ms, 1.0f));
    }
    EXPECT_NEAR(glm::distance(skinned_ms, expected[v]), 0.0f, 1e-4f) << "vertex " << v;
  }
}

TEST_P(CharacterUnitsTest, ClipsTravelInMetresAndTheirSpeedsScaleWithTheModel) {
  ASSERT_EQ(model_.clips.size(), 1u);
  const anim::Clip& step = model_.clips[0];
  ASSERT_TRUE(step.SpeedMps().has_value());
  EXPECT_NEAR(*step.SpeedMps(), kStepM * GetParam().file_scale, 1e-5f);
  const std::vector<glm::mat4> start_ms = anim::ModelPoseAt(model_.skeleton, &step, 0.0f);
  const std::vector<glm::mat4> end_ms = anim::ModelPoseAt(model_.skeleton, &step, step.DurationS());
  const int hips = Joint("hips"), shin = Joint("shin_l");
  EXPECT_NEAR(
      glm::distance(glm::vec3(end_ms[hips][3]) - glm::vec3(start_ms[hips][3]), Expected(glm::vec3(kStepM, 0.0f, 0.0f))),
      0.0f, 1e-4f);
  EXPECT_NEAR(glm::distance(glm::vec3(end_ms[shin][3]) - glm::vec3(start_ms[shin][3]),
                            Expected(glm::vec3(kStepM + kShinSlideM, 0.0f, 0.0f))),
              0.0f, 1e-4f);
  for (int axis = 0; axis < 3; ++axis) EXPECT_NEAR(glm::length(glm::vec3(end_ms[shin][axis])), 1.0f, 1e-4f);
}

TEST_P(CharacterUnitsTest, ASoleOffsetInMetresLandsOnTheGround) {
  // The sole is 0.08 m under the ankle in the scene: the same offset in the
  // foot's frame, metres times the file's scale, as the character file gives it.
  const std::vector<glm::mat4> rest_ms = anim::ModelPoseAt(model_.skeleton, nullptr, 0.0f);
  const glm::vec3 sole_ls = 0.08f * GetParam().file_scale * rig_.sole_offset_down_ls;
  const glm::vec3 sole_ms(rest_ms[Joint("foot_l")] * glm::vec4(sole_ls, 1.0f));
  EXPECT_NEAR(sole_ms.y, 0.0f, 1e-4f);
  EXPECT_NEAR(sole_ms.x, 0.0f, 1e-4f);
}

INSTANTIATE_TEST_SUITE_P(Rigs, CharacterUnitsTest, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace knights::asset
