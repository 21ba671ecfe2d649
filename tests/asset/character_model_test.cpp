// The character importer (assimp -> Skeleton, Clips, SkinnedMesh): its
// handling of assimp 5.2's glTF quirks, checked on a tiny skinned glTF built
// here by hand, and the real knight checked against its authoring spec.

#include "knights/asset/character_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <nlohmann/json.hpp>

#include "knights/anim/local_to_model_job.h"
#include "knights/anim/sampling_job.h"
#include "knights/anim/skinning_palette_job.h"
#include "gltf_builder.h"

namespace knights::asset {
namespace {

using nlohmann::json;

// --- A minimal skinned, animated glTF, built in memory ----------------------
// Two joints: "root" and its child "arm" (1 m up). One triangle: v0 and v1
// bound to root only (so assimp adds a dummy zero weight for arm), v2 bound
// 0.75 to arm and 0.25 to root. The skin lists its joints as [arm, root],
// the reverse of the node order, so bones must be matched by name. The mesh
// node is moved by (5, 0, 0), which glTF says a skinned mesh ignores.
// Animation "wave" starts late (first key at 1/24 s, as Blender exports
// from frame 1): the root slides 1 m along x and back, the arm turns 90
// degrees about z and back, over 1 s.
struct TinyGltf {
  float first_key_s = 1.0f / 24.0f;
  bool with_skin = true;
  json loop = true;  // the clip's extras.loop as written (Blender writes a boolean as 1 or 0)
};

template <typename T>
void Append(std::vector<uint8_t>& bytes, const T& value) {
  const auto* p = reinterpret_cast<const uint8_t*>(&value);
  bytes.insert(bytes.end(), p, p + sizeof(T));
}

std::vector<uint8_t> BuildGlb(const TinyGltf& options) {
  std::vector<uint8_t> bin;
  // positions (offset 0, 36 bytes)
  for (glm::vec3 p : {glm::vec3(0, 0, 0), glm::vec3(1, 0, 0), glm::vec3(0, 2, 0)}) Append(bin, p);
  // joints (offset 36, 12 bytes): skin joint 0 is arm, 1 is root
  for (uint8_t j : {1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}) bin.push_back(j);
  // weights (offset 48, 48 bytes)
  for (glm::vec4 w : {glm::vec4(1, 0, 0, 0), glm::vec4(1, 0, 0, 0), glm::vec4(0.75f, 0.25f, 0, 0)}) Append(bin, w);
  // indices (offset 96, 6 bytes + 2 padding)
  for (uint16_t i : {0, 1, 2}) Append(bin, i);
  Append(bin, uint16_t{0});
  // inverse bind matrices (offset 104, 128 bytes): arm at (0,1,0), root at the origin
  Append(bin, glm::translate(glm::mat4(1.0f), glm::vec3(0, -1, 0)));
  Append(bin, glm::mat4(1.0f));
  // key times (offset 232, 12 bytes)
  for (float t : {0.0f, 0.5f, 1.0f}) Append(bin, options.first_key_s + t);
  // arm rotations, xyzw (offset 244, 48 bytes)
  const float h = std::sqrt(0.5f);
  for (glm::vec4 q : {glm::vec4(0, 0, 0, 1), glm::vec4(0, 0, h, h), glm::vec4(0, 0, 0, 1)}) Append(bin, q);
  // root translations (offset 292, 36 bytes)
  for (glm::vec3 t : {glm::vec3(0, 0, 0), glm::vec3(1, 0, 0), glm::vec3(0, 0, 0)}) Append(bin, t);

  json gltf = {
      {"asset", {{"version", "2.0"}}},
      {"scene", 0},
      {"scenes", {{{"nodes", {0, 3}}}}},
      {"nodes",
       {{{"name", "armature"}, {"children", {1}}},
        {{"name", "root"}, {"children", {2}}},
        {{"name", "arm"}, {"translation", {0, 1, 0}}},
        {{"name", "body"}, {"mesh", 0}, {"translation", {5, 0, 0}}}}},
      {"meshes",
       {{{"primitives", {{{"attributes", {{"POSITION", 0}, {"JOINTS_0", 1}, {"WEIGHTS_0", 2}}}, {"indices", 3}}}}}}},
      {"buffers", {{{"byteLength", bin.size()}}}},
      {"bufferViews",
       {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 36}},
        {{"buffer", 0}, {"byteOffset", 36}, {"byteLength", 12}},
        {{"buffer", 0}, {"byteOffset", 48}, {"byteLength", 48}},
        {{"buffer", 0}, {"byteOffset", 96}, {"byteLength", 6}},
        {{"buffer", 0}, {"byteOffset", 104}, {"byteLength", 128}},
        {{"buffer", 0}, {"byteOffset", 232}, {"byteLength", 12}},
        {{"buffer", 0}, {"byteOffset", 244}, {"byteLength", 48}},
        {{"buffer", 0}, {"byteOffset", 292}, {"byteLength", 36}}}},
      {"accessors",
       {{{"bufferView", 0},
         {"componentType", 5126},
         {"count", 3},
         {"type", "VEC3"},
         {"min", {0, 0, 0}},
         {"max", {1, 2, 0}}},
        {{"bufferView", 1}, {"componentType", 5121}, {"count", 3}, {"type", "VEC4"}},
        {{"bufferView", 2}, {"componentType", 5126}, {"count", 3}, {"type", "VEC4"}},
        {{"bufferView", 3}, {"componentType", 5123}, {"count", 3}, {"type", "SCALAR"}},
        {{"bufferView", 4}, {"componentType", 5126}, {"count", 2}, {"type", "MAT4"}},
        {{"bufferView", 5},
         {"componentType", 5126},
         {"count", 3},
         {"type", "SCALAR"},
         {"min", {options.first_key_s}},
         {"max", {options.first_key_s + 1.0f}}},
        {{"bufferView", 6}, {"componentType", 5126}, {"count", 3}, {"type", "VEC4"}},
        {{"bufferView", 7}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"}}}},
      {"animations",
       {{{"name", "wave"},
         {"samplers",
          {{{"input", 5}, {"output", 6}, {"interpolation", "LINEAR"}},
           {{"input", 5}, {"output", 7}, {"interpolation", "LINEAR"}}}},
         {"channels",
          {{{"sampler", 0}, {"target", {{"node", 2}, {"path", "rotation"}}}},
           {{"sampler", 1}, {"target", {{"node", 1}, {"path", "translation"}}}}}},
         {"extras",
          {{"loop", options.loop},
           {"speed_mps", 1.5},
           {"contacts", {{"hand_r", {{0.1, 0.3}}}, {"foot_l", json::array()}}}}}}}}};
  if (options.with_skin) {
    gltf["skins"] = {{{"joints", {2, 1}}, {"inverseBindMatrices", 4}, {"skeleton", 1}}};
    gltf["nodes"][3]["skin"] = 0;
  }

  std::string text = gltf.dump();
  while (text.size() % 4 != 0) text.push_back(' ');
  while (bin.size() % 4 != 0) bin.push_back(0);
  std::vector<uint8_t> glb;
  Append(glb, uint32_t{0x46546C67});  // "glTF"
  Append(glb, uint32_t{2});
  Append(glb, static_cast<uint32_t>(12 + 8 + text.size() + 8 + bin.size()));
  Append(glb, static_cast<uint32_t>(text.size()));
  Append(glb, uint32_t{0x4E4F534A});  // "JSON"
  glb.insert(glb.end(), text.begin(), text.end());
  Append(glb, static_cast<uint32_t>(bin.size()));
  Append(glb, uint32_t{0x004E4942});  // "BIN\0"
  glb.insert(glb.end(), bin.begin(), bin.end());
  return glb;
}

// The pose of `clip` at time_s in model space.
std::vector<glm::mat4> ModelPose(const CharacterModel& model, const anim::Clip& clip, float time_s) {
  std::vector<math::Transform> locals(model.skeleton.RestPose().begin(), model.skeleton.RestPose().end());
  std::vector<glm::mat4> models(locals.size());
  anim::SamplingJob sample;
  sample.clip = &clip;
  sample.time_s = time_s;
  sample.rest_pose_ls = model.skeleton.RestPose();
  sample.output_ls = locals;
  EXPECT_TRUE(sample.Run());
  anim::LocalToModelJob l2m;
  l2m.parents = model.skeleton.Parents();
  l2m.locals_ls = locals;
  l2m.models_ms = models;
  EXPECT_TRUE(l2m.Run());
  return models;
}

// CPU linear blend skinning of one vertex: sum of w * palette[j] * v.
glm::vec3 SkinVertex(const anim::SkinnedVertex& v, const std::vector<glm::mat4>& palette) {
  glm::vec4 p(0.0f);
  for (int i = 0; i < anim::kMaxInfluences; ++i)
    p += v.weights[i] * (palette[v.joints[i]] * glm::vec4(v.position_ms, 1.0f));
  return glm::vec3(p);
}

std::vector<glm::mat4> Palette(const CharacterModel& model, const std::vector<glm::mat4>& models_ms) {
  std::vector<glm::mat4> palette(models_ms.size());
  anim::SkinningPaletteJob job;
  job.models_ms = models_ms;
  job.inverse_bind_ms = model.skeleton.InverseBind();
  job.palette_ms = palette;
  EXPECT_TRUE(job.Run());
  return palette;
}

const anim::SkinnedVertex* FindVertex(const CharacterModel& model, const glm::vec3& bind_position) {
  for (const anim::SkinnedVertex& v : model.mesh.vertices) {
    if (glm::length(v.position_ms - bind_position) < 1e-5f) return &v;
  }
  return nullptr;
}

TEST(CharacterModel, SkeletonIsBuiltFromTheNodeTreeDepthFirst) {
  const std::vector<uint8_t> glb = BuildGlb({});
  auto model = LoadCharacterModelFromMemory(glb, "tiny.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  const anim::Skeleton& s = model->skeleton;
  ASSERT_EQ(s.JointCount(), 2);
  EXPECT_EQ(s.Names()[0], "root");  // node order, not the skin's [arm, root]
  EXPECT_EQ(s.Names()[1], "arm");
  EXPECT_EQ(s.Parents()[0], -1);
  EXPECT_EQ(s.Parents()[1], 0);
  EXPECT_NEAR(s.RestPose()[1].translation.y, 1.0f, 1e-6f);
}

TEST(CharacterModel, KeyTimesAreSecondsFromZeroAndDurationIsTheKeyRange) {
  const std::vector<uint8_t> glb = BuildGlb({});
  auto model = LoadCharacterModelFromMemory(glb, "tiny.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  ASSERT_EQ(model->clips.size(), 1u);
  const anim::Clip& wave = model->clips[0];
  EXPECT_EQ(wave.Name(), "wave");
  // Not 1000 (milliseconds) and not 1 + 1/24 (the late first key).
  EXPECT_NEAR(wave.DurationS(), 1.0f, 1e-4f);
  // The middle key (authored at 1/24 + 0.5 s) is at clip time 0.5.
  const std::vector<glm::mat4> pose = ModelPose(*model, wave, 0.5f);
  EXPECT_NEAR(pose[0][3].x, 1.0f, 1e-4f);
  const glm::vec3 arm_x_axis = glm::normalize(glm::vec3(pose[1][0]));
  EXPECT_NEAR(arm_x_axis.y, 1.0f, 1e-4f);  // x turned 90 degrees about z onto +y
}

TEST(CharacterModel, ClipExtrasGiveLoopSpeedAndContactsInClipTime) {
  const std::vector<uint8_t> glb = BuildGlb({});
  auto model = LoadCharacterModelFromMemory(glb, "tiny.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  const anim::Clip& wave = model->clips[0];
  EXPECT_TRUE(wave.Loop());
  ASSERT_TRUE(wave.SpeedMps().has_value());
  EXPECT_FLOAT_EQ(*wave.SpeedMps(), 1.5f);
  ASSERT_EQ(wave.Contacts(anim::kHandR).size(), 1u);
  EXPECT_NEAR(wave.Contacts(anim::kHandR)[0].start_s, 0.1f, 1e-5f);
  EXPECT_NEAR(wave.Contacts(anim::kHandR)[0].end_s, 0.3f, 1e-5f);
  EXPECT_TRUE(wave.Contacts(anim::kFootL).empty());
  EXPECT_TRUE(wave.IsInContact(anim::kHandR, 0.2f));
  EXPECT_FALSE(wave.IsInContact(anim::kHandR, 0.5f));
}

// Blender's glTF exporter writes a boolean custom property as 1 or 0: read
// as true and false. Any other value is refused, naming the clip and field.
TEST(CharacterModel, ClipLoopAcceptsBlendersOneAndZero) {
  for (const auto& [written, loops] :
       {std::pair{json(1), true}, std::pair{json(0), false}, std::pair{json(false), false}}) {
    TinyGltf options;
    options.loop = written;
    auto model = LoadCharacterModelFromMemory(BuildGlb(options), "blender.glb");
    ASSERT_TRUE(model.ok()) << written << ": " << model.status().message();
    EXPECT_EQ(model->clips[0].Loop(), loops) << written;
  }
  for (const json& bad : {json(2), json(0.5), json("yes"), json(-1)}) {
    TinyGltf options;
    options.loop = bad;
    auto model = LoadCharacterModelFromMemory(BuildGlb(options), "blender.glb");
    ASSERT_FALSE(model.ok()) << bad;
    EXPECT_NE(model.status().message().find("blender.glb: animations['wave'].extras.loop"), std::string::npos)
        << model.status().message();
  }
}

TEST(CharacterModel, DummyZeroWeightsAreDroppedAndBonesMatchedByName) {
  const std::vector<uint8_t> glb = BuildGlb({});
  auto model = LoadCharacterModelFromMemory(glb, "tiny.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  ASSERT_EQ(model->mesh.TriangleCount(), 1);
  const anim::SkinnedVertex* v0 = FindVertex(*model, glm::vec3(0, 0, 0));
  const anim::SkinnedVertex* v2 = FindVertex(*model, glm::vec3(0, 2, 0));
  ASSERT_NE(v0, nullptr);
  ASSERT_NE(v2, nullptr);
  // v0: root alone with weight 1; the arm's dummy zero weight is gone.
  EXPECT_EQ(v0->joints[0], 0);
  EXPECT_FLOAT_EQ(v0->weights[0], 1.0f);
  EXPECT_FLOAT_EQ(v0->weights[1] + v0->weights[2] + v0->weights[3], 0.0f);
  // v2: the skin's joint 0 is "arm", which is skeleton joint 1.
  EXPECT_EQ(v2->joints[0], 1);
  EXPECT_NEAR(v2->weights[0], 0.75f, 1e-6f);
  EXPECT_EQ(v2->joints[1], 0);
  EXPECT_NEAR(v2->weights[1], 0.25f, 1e-6f);
}

// A root joint no vertex is bound to (the usual ground bone) stays in the
// skeleton with its animation, even when a vertex carries more influences
// than the four kept (assimp's weight limiting would drop the joint).
TEST(CharacterModel, UnweightedRootIsKeptAndBusyVerticesKeepTheirStrongestFour) {
  test::GltfBuilder b;
  const int ground = b.AddNode("ground", -1, glm::vec3(0.0f));
  int parent = b.AddNode("hips", ground, glm::vec3(0, 1, 0));
  std::vector<int> chain = {parent};
  for (const char* name : {"a", "b", "c", "d"})
    chain.push_back(parent = b.AddNode(name, parent, glm::vec3(0, 0.1f, 0)));
  const std::vector<test::GltfBuilder::Influence> busy = {
      {chain[0], 0.30f}, {chain[1], 0.25f}, {chain[2], 0.20f}, {chain[3], 0.15f}, {chain[4], 0.10f}};
  b.AddSkinnedMesh(
      {{glm::vec3(0, 0, 0), busy}, {glm::vec3(1, 0, 0), {{chain[0], 1.0f}}}, {glm::vec3(0, 1, 0), {{chain[4], 1.0f}}}},
      {0, 1, 2});
  b.SetSkin({ground, chain[0], chain[1], chain[2], chain[3], chain[4]});
  b.AddAnimation("slide", {{ground, "translation", {0.0f, 1.0f}, {glm::vec4(0.0f), glm::vec4(2, 0, 0, 0)}}});
  auto model = LoadCharacterModelFromMemory(b.Build(), "unweighted_root.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  ASSERT_EQ(model->skeleton.JointCount(), 6);
  EXPECT_EQ(model->skeleton.Names()[0], "ground");
  EXPECT_EQ(model->skeleton.Parents()[1], 0);
  ASSERT_EQ(model->clips.size(), 1u);
  const std::vector<glm::mat4> end_pose = ModelPose(*model, model->clips[0], 1.0f);
  EXPECT_NEAR(end_pose[0][3].x, 2.0f, 1e-5f);  // the ground joint's motion is there
  EXPECT_NEAR(end_pose[5][3].x, 2.0f, 1e-5f);  // and carries the chain
  const anim::SkinnedVertex* v0 = FindVertex(*model, glm::vec3(0, 0, 0));
  ASSERT_NE(v0, nullptr);
  const float kept = 0.30f + 0.25f + 0.20f + 0.15f;
  EXPECT_EQ(v0->joints[0], 1);
  EXPECT_NEAR(v0->weights[0], 0.30f / kept, 1e-6f);
  EXPECT_EQ(v0->joints[3], 4);
  EXPECT_NEAR(v0->weights[3], 0.15f / kept, 1e-6f);
}

TEST(CharacterModel, CpuSkinnedVertexLandsWhereTheHandComputationSays) {
  const std::vector<uint8_t> glb = BuildGlb({});
  auto model = LoadCharacterModelFromMemory(glb, "tiny.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  // At t = 0.5 the root is at (1,0,0) and the arm (at (1,1,0)) has turned
  // 90 degrees about z. v2 = (0,2,0) is (0,1,0) from the arm: turned, that is
  // (-1,0,0), so the arm carries it to (0,1,0); the root carries it to
  // (1,2,0). Blended 0.75/0.25: (0.25, 1.25, 0). The mesh node's own
  // offset (5,0,0) is ignored.
  const std::vector<glm::mat4> palette = Palette(*model, ModelPose(*model, model->clips[0], 0.5f));
  const anim::SkinnedVertex* v2 = FindVertex(*model, glm::vec3(0, 2, 0));
  ASSERT_NE(v2, nullptr);
  const glm::vec3 p = SkinVertex(*v2, palette);
  EXPECT_NEAR(p.x, 0.25f, 1e-4f);
  EXPECT_NEAR(p.y, 1.25f, 1e-4f);
  EXPECT_NEAR(p.z, 0.0f, 1e-4f);
}

TEST(CharacterModel, ModelWithoutASkinIsRefusedNamingTheFile) {
  TinyGltf options;
  options.with_skin = false;
  auto model = LoadCharacterModelFromMemory(BuildGlb(options), "noskin.glb");
  ASSERT_FALSE(model.ok());
  EXPECT_NE(model.status().message().find("noskin.glb"), std::string::npos) << model.status().message();
  EXPECT_NE(model.status().message().find("skin"), std::string::npos) << model.status().message();
}

TEST(CharacterModel, TruncatedAndNonGlbBytesAreRefusedWithOneLine) {
  std::vector<uint8_t> glb = BuildGlb({});
  glb.resize(glb.size() / 2);
  auto truncated = LoadCharacterModelFromMemory(glb, "half.glb");
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.status().message().find("half.glb: truncated"), std::string::npos)
      << truncated.status().message();
  const std::string text = "this is not a glb file at all, just text";
  auto garbage = LoadCharacterModelFromMemory({reinterpret_cast<const uint8_t*>(text.data()), text.size()}, "text.glb");
  ASSERT_FALSE(garbage.ok());
  EXPECT_NE(garbage.status().message().find("text.glb"), std::string::npos);
  EXPECT_EQ(garbage.status().message().find('\n'), std::string::npos);
  auto missing = LoadCharacterModel("/nonexistent/knight.glb");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("/nonexistent/knight.glb"), std::string::npos);
}

// --- The real knight, against its authoring spec -----------------------------

class KnightModel : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto loaded = LoadCharacterModel(std::string(KNIGHTS_SOURCE_DIR) + "/assets/knights/knight_player.glb");
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    model_ = new CharacterModel(std::move(*loaded));
    std::ifstream spec_file(std::string(KNIGHTS_SOURCE_DIR) + "/tools/knight/knight_spec.json");
    spec_ = new json(json::parse(spec_file));
  }
  static void TearDownTestSuite() {
    delete model_;
    delete spec_;
  }
  static CharacterModel* model_;
  static json* spec_;
};
CharacterModel* KnightModel::model_ = nullptr;
json* KnightModel::spec_ = nullptr;

TEST_F(KnightModel, JointsAndHierarchyMatchTheSpec) {
  ASSERT_NE(model_, nullptr);
  const anim::Skeleton& s = model_->skeleton;
  EXPECT_EQ(s.JointCount(), static_cast<int>((*spec_)["joints"].size()));
  for (const json& joint : (*spec_)["joints"]) {
    const int index = s.FindJoint(joint[0].get<std::string>());
    ASSERT_GE(index, 0) << joint[0];
    if (joint[1].is_null()) {
      EXPECT_EQ(s.Parents()[index], -1);
    } else {
      ASSERT_GE(s.Parents()[index], 0);
      EXPECT_EQ(s.Names()[s.Parents()[index]], joint[1].get<std::string>());
    }
  }
}

TEST_F(KnightModel, ClipsHaveTheSpecDurationsLoopFlagsAndContacts) {
  ASSERT_NE(model_, nullptr);
  const float fps = (*spec_)["fps"].get<float>();
  for (const json& c : (*spec_)["clips"]) {
    const int index = model_->FindClip(c["name"].get<std::string>());
    ASSERT_GE(index, 0) << c["name"];
    const anim::Clip& clip = model_->clips[index];
    EXPECT_NEAR(clip.DurationS(), c["frames"].get<float>() / fps, 1e-3f) << clip.Name();
    EXPECT_EQ(clip.Loop(), c["loop"].get<bool>()) << clip.Name();
    const char* limbs[] = {"foot_l", "foot_r", "hand_l", "hand_r"};
    for (int limb = 0; limb < anim::kLimbCount; ++limb) {
      const json& ranges = c["contacts"][limbs[limb]];
      ASSERT_EQ(clip.Contacts(static_cast<anim::Limb>(limb)).size(), ranges.size())
          << clip.Name() << " " << limbs[limb];
      for (size_t r = 0; r < ranges.size(); ++r) {
        EXPECT_NEAR(clip.Contacts(static_cast<anim::Limb>(limb))[r].start_s, ranges[r][0].get<float>() / fps, 1e-3f);
        EXPECT_NEAR(clip.Contacts(static_cast<anim::Limb>(limb))[r].end_s, ranges[r][1].get<float>() / fps, 1e-3f);
      }
    }
  }
}

TEST_F(KnightModel, PaletteIsIdentityAtTheBindPose) {
  ASSERT_NE(model_, nullptr);
  const anim::Skeleton& s = model_->skeleton;
  std::vector<glm::mat4> models(s.JointCount());
  anim::LocalToModelJob l2m;
  l2m.parents = s.Parents();
  l2m.locals_ls = s.RestPose();
  l2m.models_ms = models;
  ASSERT_TRUE(l2m.Run());
  const std::vector<glm::mat4> palette = Palette(*model_, models);
  for (const glm::mat4& m : palette) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) EXPECT_NEAR(m[c][r], c == r ? 1.0f : 0.0f, 1e-4f);
    }
  }
}

TEST_F(KnightModel, WeightsAreNormalisedAndTexturesDecoded) {
  ASSERT_NE(model_, nullptr);
  for (const anim::SkinnedVertex& v : model_->mesh.vertices) {
    EXPECT_NEAR(v.weights[0] + v.weights[1] + v.weights[2] + v.weights[3], 1.0f, 1e-5f);
    for (int i = 0; i < 4; ++i) EXPECT_LT(v.joints[i], model_->skeleton.JointCount());
  }
  ASSERT_FALSE(model_->mesh.textures.empty());
  const anim::TextureImage& t = model_->mesh.textures[0];
  EXPECT_GT(t.width, 0);
  EXPECT_EQ(t.rgba.size(), static_cast<size_t>(t.width) * t.height * 4);
}

TEST_F(KnightModel, PlantedSoleIsOnTheGroundDuringWalkStance) {
  ASSERT_NE(model_, nullptr);
  const anim::Clip& walk = model_->clips[model_->FindClip("walk")];
  const int foot = model_->skeleton.FindJoint("foot_l");
  const glm::vec3 sole_ls(-0.0323f, 0.0356f, -0.0701f);  // assets/characters/knight.json
  const anim::ContactRange stance = walk.Contacts(anim::kFootL)[0];
  for (float t = stance.start_s; t <= stance.end_s; t += 0.05f) {
    const std::vector<glm::mat4> pose = ModelPose(*model_, walk, t);
    const glm::vec3 sole_ms = glm::vec3(pose[foot] * glm::vec4(sole_ls, 1.0f));
    EXPECT_NEAR(sole_ms.y, 0.0f, 0.01f) << "t=" << t;
  }
}

}  // namespace
}  // namespace knights::asset
