// ResolveRig: joint names of a CharacterDesc to indices, each chain checked
// to be a real parent-child chain, errors naming the file and the field.

#include "knights/character/rig.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace knights::character {
namespace {

// root, pelvis, left leg (thigh, shin, foot, toe), right leg, spine, left
// arm (upper, fore, hand), right arm; depth-first.
const std::vector<std::string> kNames{"root",      "pelvis", "thigh_l",     "shin_l",    "foot_l", "toe_l",
                                      "thigh_r",   "shin_r", "foot_r",      "toe_r",     "spine",  "upper_arm_l",
                                      "forearm_l", "hand_l", "upper_arm_r", "forearm_r", "hand_r"};
const std::vector<int16_t> kParents{-1, 0, 1, 2, 3, 4, 1, 6, 7, 8, 1, 10, 11, 12, 10, 14, 15};

anim::Skeleton MakeSkeleton() {
  std::vector<math::Transform> rest(kNames.size());
  std::vector<glm::mat4> inverse_bind(kNames.size(), glm::mat4(1.0f));
  return anim::Skeleton::Create(kNames, kParents, rest, inverse_bind).value();
}

CharacterDesc MakeDesc() {
  CharacterDesc d;
  d.file = "hero.json";
  d.pelvis_joint = "pelvis";
  d.leg_l = {"thigh_l", "shin_l", "foot_l", "toe_l"};
  d.leg_r = {"thigh_r", "shin_r", "foot_r", "toe_r"};
  d.arm_l = {"upper_arm_l", "forearm_l", "hand_l", ""};
  d.arm_r = {"upper_arm_r", "forearm_r", "hand_r", ""};
  d.sole_offset_l_ls = {0.1f, 0.2f, 0.3f};
  d.grip_offset_r_ls = {0.0f, 0.065f, 0.0f};
  return d;
}

TEST(ResolveRig, ResolvesEveryChain) {
  const anim::Skeleton skeleton = MakeSkeleton();
  const auto rig = ResolveRig(MakeDesc(), skeleton);
  ASSERT_TRUE(rig.ok()) << rig.status().message();
  EXPECT_EQ(rig->pelvis, 1);
  EXPECT_EQ(rig->leg_l.upper, 2);
  EXPECT_EQ(rig->leg_l.mid, 3);
  EXPECT_EQ(rig->leg_l.end, 4);
  EXPECT_EQ(rig->leg_l.tip, 5);
  EXPECT_EQ(rig->leg_r.upper, 6);
  EXPECT_EQ(rig->leg_r.tip, 9);
  EXPECT_EQ(rig->arm_l.upper, 11);
  EXPECT_EQ(rig->arm_l.end, 13);
  EXPECT_EQ(rig->arm_l.tip, -1);  // optional
  EXPECT_EQ(rig->arm_r.mid, 15);
  EXPECT_EQ(rig->arm_r.end, 16);
  EXPECT_EQ(rig->sole_offset_l_ls, glm::vec3(0.1f, 0.2f, 0.3f));
  EXPECT_EQ(rig->grip_offset_r_ls, glm::vec3(0.0f, 0.065f, 0.0f));
}

TEST(ResolveRig, HeelIsTheFilesOrBehindTheSole) {
  const anim::Skeleton skeleton = MakeSkeleton();
  CharacterDesc desc = MakeDesc();
  desc.sole_offset_r_ls = {0.0f, 0.04f, 0.06f};
  desc.ball_offset_r_ls = {0.0f, 0.14f, 0.01f};
  desc.heel_offset_l_ls = glm::vec3(0.0f, 0.02f, 0.08f);
  const auto rig = ResolveRig(desc, skeleton);
  ASSERT_TRUE(rig.ok()) << rig.status().message();
  EXPECT_EQ(rig->heel_offset_l_ls, glm::vec3(0.0f, 0.02f, 0.08f));  // the file's
  // Not given: kHeelBehindSole of the sole-to-ball vector behind the sole.
  const glm::vec3 expected = desc.sole_offset_r_ls - kHeelBehindSole * (desc.ball_offset_r_ls - desc.sole_offset_r_ls);
  EXPECT_NEAR(glm::length(rig->heel_offset_r_ls - expected), 0.0f, 1e-7f);
}

struct BadRig {
  const char* name;
  void (*mutate)(CharacterDesc& d);
  const char* message;
};

class ResolveRigError : public ::testing::TestWithParam<BadRig> {};

TEST_P(ResolveRigError, NamesTheFileTheFieldAndTheProblem) {
  const anim::Skeleton skeleton = MakeSkeleton();
  CharacterDesc desc = MakeDesc();
  GetParam().mutate(desc);
  const auto rig = ResolveRig(desc, skeleton);
  ASSERT_FALSE(rig.ok());
  EXPECT_EQ(rig.status().message(), GetParam().message);
}

const BadRig kBadRigs[] = {
    {"MissingPelvis", [](CharacterDesc& d) { d.pelvis_joint = "hips"; },
     "hero.json: pelvis: joint 'hips' is not in the skeleton"},
    {"MissingMid", [](CharacterDesc& d) { d.leg_l.mid = "knee_l"; },
     "hero.json: legs.left.mid: joint 'knee_l' is not in the skeleton"},
    {"MidNotChildOfUpper", [](CharacterDesc& d) { d.arm_r.mid = "forearm_l"; },
     "hero.json: arms.right.mid: joint 'forearm_l' is not a child of 'upper_arm_r'"},
    {"EndNotChildOfMid", [](CharacterDesc& d) { d.leg_r.end = "foot_l"; },
     "hero.json: legs.right.end: joint 'foot_l' is not a child of 'shin_r'"},
    {"SkipsAJoint", [](CharacterDesc& d) { d.leg_l.mid = "foot_l"; },
     "hero.json: legs.left.mid: joint 'foot_l' is not a child of 'thigh_l'"},
    {"TipNotChildOfEnd", [](CharacterDesc& d) { d.leg_l.tip = "toe_r"; },
     "hero.json: legs.left.tip: joint 'toe_r' is not a child of 'foot_l'"},
    {"HangsFromAboveItsChain", [](CharacterDesc& d) { d.leg_l.end = "spine"; },
     "hero.json: legs.left.end: joint 'spine' is not a child of 'shin_l': it hangs from 'pelvis', above the chain "
     "(an IK rig's layout, its feet or hands parented to the root: export the deform bones, whose limbs are whole "
     "chains)"},
    {"MissingTip", [](CharacterDesc& d) { d.arm_l.tip = "finger_l"; },
     "hero.json: arms.left.tip: joint 'finger_l' is not in the skeleton"},
};

INSTANTIATE_TEST_SUITE_P(Cases, ResolveRigError, ::testing::ValuesIn(kBadRigs),
                         [](const auto& info) { return std::string(info.param.name); });

// The character's height is its mesh's, lowest vertex to highest, whatever
// its joints are (a hips-rooted rig's joint 0 is a metre up).
TEST(BindPoseHeight, IsTheMeshFromItsLowestVertexToItsHighest) {
  anim::SkinnedMesh mesh;
  EXPECT_EQ(BindPoseHeightM(mesh), 0.0f);
  for (const float y : {0.9f, -0.02f, 1.78f, 0.3f}) {
    anim::SkinnedVertex v;
    v.position_ms = glm::vec3(0.1f, y, -0.2f);
    mesh.vertices.push_back(v);
  }
  EXPECT_FLOAT_EQ(BindPoseHeightM(mesh), 1.8f);
}

}  // namespace
}  // namespace knights::character
