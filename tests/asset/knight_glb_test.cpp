// Loader test for the committed knight assets (assets/knights/*.glb).
//
// Loads the files with assimp using the import flags of the design notes and
// checks them against tools/knight/knight_spec.json, the single source of
// truth the Blender generator (tools/knight/build_knights.py) also reads:
// joint names and hierarchy, clip names and durations, contact extras, the
// triangle and influence budgets, and CPU-skinned positions of known poses
// (bind pose, planted feet in walk/run, hands on ladder rungs in climb_up).
//
// Skinning follows the design notes: skinned position = sum of
// w * Global(bone node) * offset * v, ignoring the mesh node's transform.
// Animation sampling is linear for translations and scales and a normalised
// slerp for rotations (glTF 2.0 spec, "Animations > Interpolation").
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using nlohmann::json;

constexpr unsigned kImportFlags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_LimitBoneWeights |
                                  aiProcess_ValidateDataStructure | aiProcess_PopulateArmatureData;

std::string RepoPath(const std::string& relative) { return std::string(KNIGHTS_SOURCE_DIR) + "/" + relative; }

std::vector<std::uint8_t> ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

json LoadSpec() {
  std::ifstream in(RepoPath("tools/knight/knight_spec.json"));
  return json::parse(in);
}

std::uint32_t ReadU32(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  std::uint32_t value = 0;
  std::memcpy(&value, bytes.data() + at, sizeof(value));  // GLB is little-endian, as is x86/ARM
  return value;
}

// The JSON chunk of a .glb (glTF 2.0 spec, "GLB File Format Specification").
json GlbJson(const std::string& path) {
  const std::vector<std::uint8_t> bytes = ReadBytes(path);
  if (bytes.size() < 20 || ReadU32(bytes, 0) != 0x46546C67u || ReadU32(bytes, 12 + 4) != 0x4E4F534Au) {
    return json();
  }
  const std::uint32_t length = ReadU32(bytes, 12);
  return json::parse(bytes.begin() + 20, bytes.begin() + 20 + length);
}

const json* FindAnimationJson(const json& doc, const std::string& name) {
  for (const json& anim : doc["animations"]) {
    if (anim.value("name", "") == name) return &anim;
  }
  return nullptr;
}

struct SkinnedVertex {
  aiVector3D bind_ms;                                  // model-space bind position
  std::vector<std::pair<std::string, float>> weights;  // bone name, weight
};

// A loaded knight: the assimp scene plus name lookups and a sampler.
class Knight {
 public:
  explicit Knight(const std::string& path, unsigned flags = kImportFlags) {
    scene_ = importer_.ReadFile(path, flags);
    if (scene_ == nullptr) return;
    IndexNodes(scene_->mRootNode);
    for (unsigned m = 0; m < scene_->mNumMeshes; ++m) {
      const aiMesh* mesh = scene_->mMeshes[m];
      const std::size_t base = vertices_.size();
      vertices_.resize(base + mesh->mNumVertices);
      for (unsigned v = 0; v < mesh->mNumVertices; ++v) vertices_[base + v].bind_ms = mesh->mVertices[v];
      for (unsigned b = 0; b < mesh->mNumBones; ++b) {
        const aiBone* bone = mesh->mBones[b];
        const std::string name = bone->mName.C_Str();
        offsets_[name] = bone->mOffsetMatrix;
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
          if (bone->mWeights[w].mWeight <= 0.0f) continue;  // assimp's dummy zero weights
          vertices_[base + bone->mWeights[w].mVertexId].weights.emplace_back(name, bone->mWeights[w].mWeight);
        }
      }
      for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        if (mesh->mFaces[f].mNumIndices == 3) ++triangles_;
      }
    }
  }

  bool ok() const { return scene_ != nullptr; }
  const aiScene* scene() const { return scene_; }
  const aiNode* Node(const std::string& name) const {
    auto it = nodes_.find(name);
    return it == nodes_.end() ? nullptr : it->second;
  }
  const aiAnimation* Animation(const std::string& name) const {
    for (unsigned i = 0; i < scene_->mNumAnimations; ++i) {
      if (name == scene_->mAnimations[i]->mName.C_Str()) return scene_->mAnimations[i];
    }
    return nullptr;
  }
  const std::vector<SkinnedVertex>& vertices() const { return vertices_; }
  int triangles() const { return triangles_; }

  // Global (model-space) matrix of every node for an animation at time_ms;
  // animation == nullptr gives the bind pose (the nodes' own transforms).
  std::map<std::string, aiMatrix4x4> Globals(const aiAnimation* animation, double time_ms) const {
    std::map<std::string, aiMatrix4x4> locals;
    for (const auto& [name, node] : nodes_) locals[name] = node->mTransformation;
    if (animation != nullptr) {
      for (unsigned c = 0; c < animation->mNumChannels; ++c) {
        const aiNodeAnim* channel = animation->mChannels[c];
        const std::string name = channel->mNodeName.C_Str();
        aiVector3D scale, translation;
        aiQuaternion rotation;
        locals[name].Decompose(scale, rotation, translation);
        if (channel->mNumPositionKeys > 0)
          translation = SampleVector(channel->mPositionKeys, channel->mNumPositionKeys, time_ms);
        if (channel->mNumScalingKeys > 0)
          scale = SampleVector(channel->mScalingKeys, channel->mNumScalingKeys, time_ms);
        if (channel->mNumRotationKeys > 0)
          rotation = SampleRotation(channel->mRotationKeys, channel->mNumRotationKeys, time_ms);
        locals[name] = aiMatrix4x4(scale, rotation, translation);
      }
    }
    std::map<std::string, aiMatrix4x4> globals;
    Accumulate(scene_->mRootNode, aiMatrix4x4(), locals, globals);
    return globals;
  }

  // Skinning matrix of a bone: Global(bone node) * offset (model space).
  aiMatrix4x4 SkinMatrix(const std::map<std::string, aiMatrix4x4>& globals, const std::string& bone) const {
    return globals.at(bone) * offsets_.at(bone);
  }

  aiVector3D Skin(const std::map<std::string, aiMatrix4x4>& globals, const SkinnedVertex& v) const {
    aiVector3D out(0, 0, 0);
    for (const auto& [bone, weight] : v.weights) out += (SkinMatrix(globals, bone) * v.bind_ms) * weight;
    return out;
  }

  // Vertices bound rigidly (weight ~1) to one bone.
  std::vector<const SkinnedVertex*> RigidTo(const std::string& bone) const {
    std::vector<const SkinnedVertex*> out;
    for (const SkinnedVertex& v : vertices_) {
      if (v.weights.size() == 1 && v.weights[0].first == bone && v.weights[0].second > 0.999f) out.push_back(&v);
    }
    return out;
  }

 private:
  void IndexNodes(const aiNode* node) {
    nodes_[node->mName.C_Str()] = node;
    for (unsigned i = 0; i < node->mNumChildren; ++i) IndexNodes(node->mChildren[i]);
  }

  static void Accumulate(const aiNode* node, const aiMatrix4x4& parent_ms,
                         const std::map<std::string, aiMatrix4x4>& locals,
                         std::map<std::string, aiMatrix4x4>& globals) {
    const aiMatrix4x4 global_ms = parent_ms * locals.at(node->mName.C_Str());
    globals[node->mName.C_Str()] = global_ms;
    for (unsigned i = 0; i < node->mNumChildren; ++i) Accumulate(node->mChildren[i], global_ms, locals, globals);
  }

  template <typename Key>
  static std::pair<unsigned, float> Bracket(const Key* keys, unsigned count, double time_ms) {
    if (time_ms <= keys[0].mTime) return {0, 0.0f};
    for (unsigned i = 0; i + 1 < count; ++i) {
      if (time_ms <= keys[i + 1].mTime) {
        return {i, static_cast<float>((time_ms - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime))};
      }
    }
    return {count - 1, 0.0f};
  }

  static aiVector3D SampleVector(const aiVectorKey* keys, unsigned count, double time_ms) {
    const auto [i, t] = Bracket(keys, count, time_ms);
    if (i + 1 >= count) return keys[i].mValue;
    return keys[i].mValue * (1.0f - t) + keys[i + 1].mValue * t;
  }

  static aiQuaternion SampleRotation(const aiQuatKey* keys, unsigned count, double time_ms) {
    const auto [i, t] = Bracket(keys, count, time_ms);
    if (i + 1 >= count) return keys[i].mValue;
    aiQuaternion out;
    aiQuaternion::Interpolate(out, keys[i].mValue, keys[i + 1].mValue, t);
    return out.Normalize();
  }

  Assimp::Importer importer_;
  const aiScene* scene_ = nullptr;
  std::map<std::string, const aiNode*> nodes_;
  std::map<std::string, aiMatrix4x4> offsets_;
  std::vector<SkinnedVertex> vertices_;
  int triangles_ = 0;
};

const char* const kFiles[] = {"assets/knights/knight_player.glb", "assets/knights/knight_npc_red.glb",
                              "assets/knights/knight_npc_green.glb"};

class KnightGlbTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    spec_ = new json(LoadSpec());
    knight_ = new Knight(RepoPath(kFiles[0]));
    doc_ = new json(GlbJson(RepoPath(kFiles[0])));
  }
  static void TearDownTestSuite() {
    delete spec_;
    delete knight_;
    delete doc_;
  }
  static const json& spec() { return *spec_; }
  static const Knight& knight() { return *knight_; }
  static const json& doc() { return *doc_; }

  static const json& Clip(const std::string& name) {
    for (const json& clip : spec()["clips"]) {
      if (clip["name"] == name) return clip;
    }
    static const json kNull;
    return kNull;
  }
  static double Fps() { return spec()["fps"].get<double>(); }

 private:
  static json* spec_;
  static Knight* knight_;
  static json* doc_;
};

json* KnightGlbTest::spec_ = nullptr;
Knight* KnightGlbTest::knight_ = nullptr;
json* KnightGlbTest::doc_ = nullptr;

TEST_F(KnightGlbTest, LoadsWithDesignFlags) {
  ASSERT_TRUE(knight().ok());
  EXPECT_EQ(knight().scene()->mNumMeshes, 1u) << "one skinned mesh, one material";
  ASSERT_TRUE(doc().is_object());
  EXPECT_EQ(doc()["asset"]["version"], "2.0");
}

TEST_F(KnightGlbTest, JointsMatchSpecNamesAndHierarchy) {
  ASSERT_TRUE(knight().ok());
  const json& joints = spec()["joints"];
  ASSERT_LE(joints.size(), 64u);
  for (const json& joint : joints) {
    const std::string name = joint[0];
    const aiNode* node = knight().Node(name);
    ASSERT_NE(node, nullptr) << "missing joint " << name;
    if (joint[1].is_null()) {
      // The root joint hangs off the armature node, not off another joint.
      ASSERT_NE(node->mParent, nullptr);
      bool parent_is_joint = false;
      for (const json& other : joints) parent_is_joint |= (other[0] == node->mParent->mName.C_Str());
      EXPECT_FALSE(parent_is_joint);
    } else {
      ASSERT_NE(node->mParent, nullptr);
      EXPECT_EQ(std::string(node->mParent->mName.C_Str()), joint[1].get<std::string>()) << name;
    }
  }
  // The skin lists exactly the spec's joints (<= 64).
  ASSERT_EQ(doc()["skins"].size(), 1u);
  EXPECT_EQ(doc()["skins"][0]["joints"].size(), joints.size());
}

TEST_F(KnightGlbTest, ClipsMatchSpecNamesAndDurations) {
  ASSERT_TRUE(knight().ok());
  const json& clips = spec()["clips"];
  EXPECT_EQ(knight().scene()->mNumAnimations, clips.size());
  for (const json& clip : clips) {
    const std::string name = clip["name"];
    const aiAnimation* anim = knight().Animation(name);
    ASSERT_NE(anim, nullptr) << "missing clip " << name;
    // assimp 5.2.5: ticks are milliseconds, duration = last key time.
    EXPECT_DOUBLE_EQ(anim->mTicksPerSecond, 1000.0) << name;
    const double expected_ms = clip["frames"].get<double>() / Fps() * 1000.0;
    EXPECT_NEAR(anim->mDuration, expected_ms, 0.5) << name;
    for (unsigned c = 0; c < anim->mNumChannels; ++c) {
      const aiNodeAnim* ch = anim->mChannels[c];
      // Keyed from frame 0 (not Blender's default frame 1).
      if (ch->mNumRotationKeys > 0) {
        EXPECT_NEAR(ch->mRotationKeys[0].mTime, 0.0, 1e-3) << name;
      }
      if (ch->mNumRotationKeys > 1) {
        EXPECT_NEAR(ch->mRotationKeys[ch->mNumRotationKeys - 1].mTime, expected_ms, 0.5) << name;
      }
    }
  }
  // LINEAR interpolation everywhere (the only mode assimp keeps).
  for (const json& sampler_owner : doc()["animations"]) {
    for (const json& sampler : sampler_owner["samplers"]) {
      EXPECT_EQ(sampler.value("interpolation", "LINEAR"), "LINEAR");
    }
  }
}

TEST_F(KnightGlbTest, LoopingClipsAreSeamless) {
  ASSERT_TRUE(knight().ok());
  for (const json& clip : spec()["clips"]) {
    if (!clip["loop"].get<bool>()) continue;
    const aiAnimation* anim = knight().Animation(clip["name"]);
    ASSERT_NE(anim, nullptr);
    const auto first = knight().Globals(anim, 0.0);
    const auto last = knight().Globals(anim, anim->mDuration);
    for (const json& joint : spec()["joints"]) {
      const aiMatrix4x4& a = first.at(joint[0].get<std::string>());
      const aiMatrix4x4& b = last.at(joint[0].get<std::string>());
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 4; ++c) EXPECT_NEAR(a[r][c], b[r][c], 1e-4) << clip["name"] << " " << joint[0];
      }
    }
  }
}

TEST_F(KnightGlbTest, ContactExtrasMatchSpec) {
  const json& anims = doc()["animations"];
  ASSERT_EQ(anims.size(), spec()["clips"].size());
  for (const json& clip : spec()["clips"]) {
    const std::string name = clip["name"];
    const json* anim = FindAnimationJson(doc(), name);
    ASSERT_NE(anim, nullptr) << name;
    ASSERT_TRUE(anim->contains("extras")) << name;
    const json& extras = (*anim)["extras"];
    ASSERT_TRUE(extras["loop"].is_boolean()) << name;
    EXPECT_EQ(extras["loop"].get<bool>(), clip["loop"].get<bool>()) << name;
    if (clip.contains("speed_mps")) {
      EXPECT_DOUBLE_EQ(extras["speed_mps"].get<double>(), clip["speed_mps"].get<double>()) << name;
    }
    if (name.rfind("climb", 0) == 0) {
      EXPECT_DOUBLE_EQ(extras["rung_spacing_m"].get<double>(), spec()["ladder"]["rung_spacing_m"].get<double>());
    }
    for (const char* limb : {"foot_l", "foot_r", "hand_l", "hand_r"}) {
      ASSERT_TRUE(extras["contacts"].contains(limb)) << name << " " << limb;
      const json& got = extras["contacts"][limb];
      const json& want = clip["contacts"].value(limb, json::array());
      ASSERT_EQ(got.size(), want.size()) << name << " " << limb;
      for (std::size_t i = 0; i < want.size(); ++i) {
        EXPECT_NEAR(got[i][0].get<double>(), want[i][0].get<double>() / Fps(), 1e-6) << name << " " << limb;
        EXPECT_NEAR(got[i][1].get<double>(), want[i][1].get<double>() / Fps(), 1e-6) << name << " " << limb;
      }
    }
  }
  // Contact points in the scene extras, on the right joints.
  const json& points = doc()["scenes"][0]["extras"]["knight"]["contact_points_bind"];
  for (const char* key : {"sole_l", "sole_r", "ball_l", "ball_r", "grip_l", "grip_r"}) {
    ASSERT_TRUE(points.contains(key)) << key;
    EXPECT_EQ(points[key]["position"].size(), 3u);
  }
  EXPECT_EQ(points["sole_l"]["joint"], "foot_l");
  EXPECT_EQ(points["grip_r"]["joint"], "hand_r");
  // The same points in joint space (what the character description stores)
  // map back onto the bind-pose points through the joints' bind globals.
  ASSERT_TRUE(knight().ok());
  const auto globals = knight().Globals(nullptr, 0.0);
  const json& local = doc()["scenes"][0]["extras"]["knight"]["contact_points_joint_local"];
  for (const auto& [key, entry] : points.items()) {
    ASSERT_TRUE(local.contains(key)) << key;
    const aiVector3D offset_ls(local[key]["offset"][0].get<float>(), local[key]["offset"][1].get<float>(),
                               local[key]["offset"][2].get<float>());
    const aiVector3D bind_ms(entry["position"][0].get<float>(), entry["position"][1].get<float>(),
                             entry["position"][2].get<float>());
    const aiVector3D mapped_ms = globals.at(entry["joint"].get<std::string>()) * offset_ls;
    EXPECT_LT((mapped_ms - bind_ms).Length(), 1e-4f) << key;
  }
}

TEST_F(KnightGlbTest, TriangleAndInfluenceBudgets) {
  ASSERT_TRUE(knight().ok());
  EXPECT_GE(knight().triangles(), spec()["triangles_min"].get<int>());
  EXPECT_LE(knight().triangles(), spec()["triangles_max"].get<int>());
  // Raw weights, without LimitBoneWeights (which would hide a 5th influence).
  const Knight raw(RepoPath(kFiles[0]), aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                            aiProcess_ValidateDataStructure | aiProcess_PopulateArmatureData);
  ASSERT_TRUE(raw.ok());
  int unweighted = 0;
  for (const SkinnedVertex& v : raw.vertices()) {
    EXPECT_LE(v.weights.size(), spec()["max_influences"].get<std::size_t>());
    float sum = 0.0f;
    for (const auto& w : v.weights) sum += w.second;
    if (v.weights.empty()) ++unweighted;
    EXPECT_NEAR(sum, 1.0f, 1e-3f);
  }
  EXPECT_EQ(unweighted, 0);
  // No second set of joints/weights in the file either.
  const json& attributes = doc()["meshes"][0]["primitives"][0]["attributes"];
  EXPECT_TRUE(attributes.contains("JOINTS_0"));
  EXPECT_FALSE(attributes.contains("JOINTS_1"));
}

TEST_F(KnightGlbTest, BindPoseSkinningIsIdentity) {
  ASSERT_TRUE(knight().ok());
  const auto globals = knight().Globals(nullptr, 0.0);
  float worst = 0.0f;
  for (const SkinnedVertex& v : knight().vertices()) {
    worst = std::max(worst, (knight().Skin(globals, v) - v.bind_ms).Length());
  }
  EXPECT_LT(worst, 1e-4f) << "offset matrices must invert the bind-pose node globals";
}

TEST_F(KnightGlbTest, RestPoseSizeAndOrientation) {
  ASSERT_TRUE(knight().ok());
  float min_y = 1e9f, max_y = -1e9f;
  for (const SkinnedVertex& v : knight().vertices()) {
    min_y = std::min(min_y, v.bind_ms.y);
    max_y = std::max(max_y, v.bind_ms.y);
  }
  EXPECT_NEAR(min_y, 0.0f, 0.005f) << "soles on the ground, Y up";
  // Helmet top ~1.8 m: highest head-bound vertex in front of the plume.
  float helmet_top = 0.0f;
  for (const SkinnedVertex* v : knight().RigidTo("head")) {
    if (std::abs(v->bind_ms.x - 0.01f) < 0.02f && std::abs(v->bind_ms.z) < 0.02f && v->bind_ms.y < 1.85f) {
      helmet_top = std::max(helmet_top, v->bind_ms.y);
    }
  }
  EXPECT_NEAR(helmet_top, spec()["helmet_top_m"].get<float>(), 0.03f);
  EXPECT_LT(max_y, 2.0f) << "plume included, about 1.8-1.95 m";
  // Facing +X: toes are in front of the ankles; left (shield) is -Z, right (sword hand) +Z.
  auto mean = [](const std::vector<const SkinnedVertex*>& vs) {
    aiVector3D m(0, 0, 0);
    for (const SkinnedVertex* v : vs) m += v->bind_ms;
    return m / static_cast<float>(std::max<std::size_t>(1, vs.size()));
  };
  const auto toes = knight().RigidTo("toe_l");
  const auto feet = knight().RigidTo("foot_l");
  ASSERT_FALSE(toes.empty());
  ASSERT_FALSE(feet.empty());
  EXPECT_GT(mean(toes).x, mean(feet).x + 0.1f);
  EXPECT_LT(mean(knight().RigidTo("shield")).z, -0.2f);
  EXPECT_GT(mean(knight().RigidTo("hand_r")).z, 0.2f);
  EXPECT_LT(mean(feet).z, 0.0f);
}

// Lowest rigid foot vertices = the sole. Returns min y and the x of that vertex.
std::pair<float, float> SoleOf(const Knight& k, const std::map<std::string, aiMatrix4x4>& globals,
                               const std::vector<const SkinnedVertex*>& foot) {
  float min_y = 1e9f, x = 0.0f;
  for (const SkinnedVertex* v : foot) {
    const aiVector3D p = k.Skin(globals, *v);
    if (p.y < min_y) {
      min_y = p.y;
      x = p.x;
    }
  }
  return {min_y, x};
}

// The sole point of the bind pose (ankle projected to the ground), skinned.
aiVector3D ContactPoint(const Knight& k, const json& doc, const std::map<std::string, aiMatrix4x4>& globals,
                        const std::string& key) {
  const json& point = doc["scenes"][0]["extras"]["knight"]["contact_points_bind"][key];
  const aiVector3D bind(point["position"][0].get<float>(), point["position"][1].get<float>(),
                        point["position"][2].get<float>());
  return k.SkinMatrix(globals, point["joint"].get<std::string>()) * bind;
}

TEST_F(KnightGlbTest, LocomotionFeetPlantedOnGroundAndMovingAtClipSpeed) {
  ASSERT_TRUE(knight().ok());
  for (const char* clip_name : {"walk", "run"}) {
    const json& clip = Clip(clip_name);
    const aiAnimation* anim = knight().Animation(clip_name);
    ASSERT_NE(anim, nullptr);
    const double speed = clip["speed_mps"].get<double>();
    for (const char* side : {"l", "r"}) {
      const std::string foot = std::string("foot_") + side;
      const auto foot_vertices = knight().RigidTo(foot);
      ASSERT_GT(foot_vertices.size(), 10u);
      for (const json& range : clip["contacts"][foot]) {
        const double t0 = range[0].get<double>() / Fps(), t1 = range[1].get<double>() / Fps();
        // Sample the stance at non-key times too (quarter frames).
        std::vector<std::pair<double, aiVector3D>> track;
        for (double t = t0; t <= t1 + 1e-9; t += 0.25 / Fps()) {
          const auto globals = knight().Globals(anim, t * 1000.0);
          const auto [sole_y, sole_x] = SoleOf(knight(), globals, foot_vertices);
          EXPECT_NEAR(sole_y, 0.0f, 0.01f) << clip_name << " " << foot << " t=" << t;
          (void)sole_x;
          track.emplace_back(t, ContactPoint(knight(), doc(), globals, std::string("sole_") + side));
        }
        ASSERT_GE(track.size(), 2u);
        // Stance foot slides back at exactly the authored speed (no foot skate).
        const double vx = (track.back().second.x - track.front().second.x) / (track.back().first - track.front().first);
        EXPECT_NEAR(vx, -speed, 0.02 * speed) << clip_name << " " << foot;
        for (const auto& [t, p] : track) {
          EXPECT_NEAR(p.y, 0.0f, 0.005f) << clip_name << " " << foot << " t=" << t;
          EXPECT_NEAR(p.x, track.front().second.x - speed * (t - track.front().first), 0.01) << clip_name;
        }
      }
      // Mid-swing (half a cycle after mid-stance) the foot is off the ground.
      const json& stance = clip["contacts"][foot][0];
      const double mid = (stance[0].get<double>() + stance[1].get<double>()) * 0.5;
      const double swing_t = std::fmod(mid + clip["frames"].get<double>() * 0.5, clip["frames"].get<double>()) / Fps();
      const auto globals = knight().Globals(anim, swing_t * 1000.0);
      EXPECT_GT(SoleOf(knight(), globals, foot_vertices).first, 0.03f) << clip_name << " " << foot;
    }
  }
}

TEST_F(KnightGlbTest, NothingSinksIntoTheGroundOnFlatGroundClips) {
  ASSERT_TRUE(knight().ok());
  for (const char* clip_name : {"idle", "walk", "run", "jump_up", "land", "turn"}) {
    const aiAnimation* anim = knight().Animation(clip_name);
    ASSERT_NE(anim, nullptr);
    const int frames = Clip(clip_name)["frames"].get<int>();
    float lowest = 1e9f;
    for (int f = 0; f <= frames; ++f) {
      const auto globals = knight().Globals(anim, f * 1000.0 / Fps());
      for (const SkinnedVertex& v : knight().vertices()) lowest = std::min(lowest, knight().Skin(globals, v).y);
    }
    EXPECT_GT(lowest, -0.01f) << clip_name;
    EXPECT_LT(lowest, 0.01f) << clip_name << ": something should touch the ground";
  }
}

TEST_F(KnightGlbTest, InPlaceClipsKeepTheRootAtTheOrigin) {
  ASSERT_TRUE(knight().ok());
  for (const char* clip_name : {"idle", "walk", "run", "climb_up", "climb_down", "ladder_enter_bottom"}) {
    const aiAnimation* anim = knight().Animation(clip_name);
    ASSERT_NE(anim, nullptr);
    for (double t = 0.0; t <= anim->mDuration; t += 50.0) {
      const aiMatrix4x4 root = knight().Globals(anim, t).at("root");
      EXPECT_NEAR(root.a4, 0.0f, 1e-4f) << clip_name;
      EXPECT_NEAR(root.b4, 0.0f, 1e-4f) << clip_name;
      EXPECT_NEAR(root.c4, 0.0f, 1e-4f) << clip_name;
    }
  }
}

TEST_F(KnightGlbTest, ClimbHandsAndFeetGripRungsThatMoveAtClimbSpeed) {
  ASSERT_TRUE(knight().ok());
  const json& ladder = spec()["ladder"];
  const double spacing = ladder["rung_spacing_m"].get<double>();
  const double rung_x = ladder["rung_x_m"].get<double>();
  const double radius = ladder["rung_radius_m"].get<double>();
  const double ball_behind = ladder["ball_behind_rung_m"].get<double>();
  const json& clip = Clip("climb_up");
  const double speed = clip["speed_mps"].get<double>();
  EXPECT_NEAR(speed * clip["frames"].get<double>() / Fps(), ladder["rise_per_cycle_m"].get<double>(), 1e-9)
      << "one cycle rises two rungs";
  const aiAnimation* anim = knight().Animation("climb_up");
  ASSERT_NE(anim, nullptr);
  for (const char* limb : {"hand_l", "hand_r", "foot_l", "foot_r"}) {
    const bool hand = limb[0] == 'h';
    const std::string key = std::string(hand ? "grip_" : "ball_") + limb[5];
    for (const json& range : clip["contacts"][limb]) {
      for (int f = range[0].get<int>(); f <= range[1].get<int>(); ++f) {
        const double t = f / Fps();
        const aiVector3D p = ContactPoint(knight(), doc(), knight().Globals(anim, t * 1000.0), key);
        // Rungs at y = k * spacing when the clip starts, moving down at the
        // climb speed (the game moves the root up). Hands hold the rung centre,
        // the ball of the foot rests on top of it.
        const double rung_y = p.y + speed * t - (hand ? 0.0 : radius);
        const double off_grid = rung_y - spacing * std::round(rung_y / spacing);
        EXPECT_NEAR(off_grid, 0.0, 0.01) << limb << " frame " << f;
        EXPECT_NEAR(p.x, rung_x - (hand ? 0.0 : ball_behind), 0.01) << limb << " frame " << f;
      }
    }
  }
}

TEST_F(KnightGlbTest, VariantsShareTheRigAndDifferInColour) {
  std::vector<std::vector<std::uint8_t>> images;
  for (const char* file : kFiles) {
    const Knight k(RepoPath(file));
    ASSERT_TRUE(k.ok()) << file;
    for (const json& joint : spec()["joints"]) EXPECT_NE(k.Node(joint[0]), nullptr) << file;
    for (const json& clip : spec()["clips"]) EXPECT_NE(k.Animation(clip["name"]), nullptr) << file;
    // One embedded PNG base-colour texture (decoded by the game with stb_image).
    ASSERT_EQ(k.scene()->mNumTextures, 1u) << file;
    const aiTexture* tex = k.scene()->mTextures[0];
    EXPECT_EQ(tex->mHeight, 0u) << "compressed (PNG) data";
    EXPECT_STREQ(tex->achFormatHint, "png");
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(tex->pcData);
    ASSERT_GT(tex->mWidth, 8u);
    EXPECT_EQ(bytes[0], 0x89);
    EXPECT_EQ(bytes[1], 'P');
    images.emplace_back(bytes, bytes + tex->mWidth);
  }
  EXPECT_NE(images[0], images[1]);
  EXPECT_NE(images[0], images[2]);
  EXPECT_NE(images[1], images[2]);
}

}  // namespace
