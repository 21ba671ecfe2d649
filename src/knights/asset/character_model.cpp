#include "knights/asset/character_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

#include "knights/asset/assimp_convert.h"
#include "knights/asset/character_mesh.h"
#include "knights/asset/clip_extras.h"
#include "knights/asset/glb_json.h"
#include "knights/asset/gltf_limits.h"
#include "knights/asset/ground_root.h"
#include "knights/asset/image.h"
#include "knights/core/file_io.h"
#include "knights/core/log.h"
#include "knights/math/transform.h"

namespace knights::asset {
namespace {

using core::Status;

bool HasBoneBelow(const aiNode* node, const std::unordered_set<std::string>& bones) {
  if (bones.count(node->mName.C_Str())) return true;
  for (unsigned i = 0; i < node->mNumChildren; ++i) {
    if (HasBoneBelow(node->mChildren[i], bones)) return true;
  }
  return false;
}

// The names of the joints the file's skins list that assimp's node tree
// holds: assimp lists only weighted joints as bones, and a root joint no
// vertex is bound to is a joint all the same.
std::unordered_set<std::string> SkinJointNames(const nlohmann::json& gltf, const aiScene* scene) {
  std::unordered_set<std::string> names;
  const auto skins = gltf.find("skins");
  const auto nodes = gltf.find("nodes");
  if (skins == gltf.end() || !skins->is_array() || nodes == gltf.end() || !nodes->is_array()) return names;
  for (const nlohmann::json& skin : *skins) {
    const auto joints = skin.is_object() ? skin.find("joints") : skin.end();
    if (!skin.is_object() || joints == skin.end() || !joints->is_array()) continue;
    for (const nlohmann::json& joint : *joints) {
      if (!joint.is_number_unsigned() || joint.get<size_t>() >= nodes->size()) continue;
      const nlohmann::json& node = (*nodes)[joint.get<size_t>()];
      const auto name = node.is_object() ? node.find("name") : node.end();
      if (!node.is_object() || name == node.end() || !name->is_string()) continue;
      if (scene->mRootNode->FindNode(name->get<std::string>().c_str()) != nullptr)
        names.insert(name->get<std::string>());
    }
  }
  return names;
}

// Everything Skeleton::Create needs, gathered depth-first from the node tree.
struct SkeletonBuild {
  std::vector<std::string> names;
  std::vector<int16_t> parents;
  std::vector<math::Transform> rest_pose_ls;
  std::vector<glm::mat4> rest_model_ms;
  std::vector<const aiNode*> nodes;
  // The uniform scale each joint's frame had in model space, taken out of
  // it by TakeScalesOutOfJoints (1 for a joint authored in model units).
  std::vector<float> frame_scale;
};

void CollectJoints(const aiNode* node, int parent, const glm::mat4& parent_ms, const glm::mat4& fold,
                   const std::unordered_set<std::string>& bones, SkeletonBuild& out) {
  if (!HasBoneBelow(node, bones)) return;  // a mesh or helper node, not a joint
  const int index = static_cast<int>(out.names.size());
  // The transform above the skeleton's root (the armature object) is folded
  // into the root joint so model space is the space assimp skins in.
  const glm::mat4 local = parent < 0 ? fold * ToGlm(node->mTransformation) : ToGlm(node->mTransformation);
  const glm::mat4 model_ms = parent_ms * local;
  out.names.emplace_back(node->mName.C_Str());
  out.parents.push_back(static_cast<int16_t>(parent));
  out.rest_pose_ls.push_back(math::FromMatrix(local));
  out.rest_model_ms.push_back(model_ms);
  out.nodes.push_back(node);
  for (unsigned i = 0; i < node->mNumChildren; ++i) {
    CollectJoints(node->mChildren[i], index, model_ms, fold, bones, out);
  }
}

// Makes a new joint 0 at ground_ms (model space) the parent of the file's
// root, which keeps its model-space rest pose.
void AddGroundJoint(const glm::vec3& ground_ms, SkeletonBuild& build) {
  std::string name = "root";
  if (std::find(build.names.begin(), build.names.end(), name) != build.names.end()) name = "ground_root";
  while (std::find(build.names.begin(), build.names.end(), name) != build.names.end()) name += "_";
  for (int16_t& parent : build.parents) ++parent;  // the file's root (-1) becomes 0
  build.names.insert(build.names.begin(), name);
  build.parents.insert(build.parents.begin(), int16_t{-1});
  build.rest_pose_ls[0].translation -= ground_ms;
  math::Transform ground_ls;
  ground_ls.translation = ground_ms;
  build.rest_pose_ls.insert(build.rest_pose_ls.begin(), ground_ls);
  build.rest_model_ms.insert(build.rest_model_ms.begin(), glm::translate(glm::mat4(1.0f), ground_ms));
  build.nodes.insert(build.nodes.begin(), nullptr);
}

// The uniform part of a model-space frame's scale (the cube root of its
// volume's), or `fallback` when the frame is degenerate.
float UniformScale(const glm::mat4& frame_ms, float fallback) {
  const float scale = std::cbrt(std::fabs(glm::determinant(glm::mat3(frame_ms))));
  return std::isfinite(scale) && scale > 1e-8f ? scale : fallback;
}

// Takes each joint's uniform model-space scale out of its frame, keeping
// every joint where it is: a joint's rest translation is multiplied by its
// parent's scale and its own scale keeps only what is not uniform. A
// centimetre bone under a 0.01 armature becomes a metre bone, so every
// joint space measures model-space metres (the character file's offsets,
// the IK's lengths).
void TakeScalesOutOfJoints(SkeletonBuild& build) {
  build.frame_scale.resize(build.names.size());
  for (size_t j = 0; j < build.names.size(); ++j) {
    const int parent = build.parents[j];
    const float parent_scale = parent < 0 ? 1.0f : build.frame_scale[parent];
    const float scale = UniformScale(build.rest_model_ms[j], parent_scale);
    build.frame_scale[j] = scale;
    build.rest_pose_ls[j].translation *= parent_scale;
    build.rest_pose_ls[j].scale *= parent_scale / scale;
    build.rest_model_ms[j] = build.rest_model_ms[j] * glm::scale(glm::mat4(1.0f), glm::vec3(1.0f / scale));
  }
}

// The topmost node of the skin: the bone whose parent is not a bone, and the
// node above it (whose global transform is folded into the root).
// A skin may hold several such roots (Blender exports control bones, an IK
// rig's targets and poles, beside the deform hierarchy): the skeleton is
// the one that holds the most of the skin's joints (the first by name of
// equals).
const aiNode* FindSkeletonRoot(const aiScene* scene, const std::unordered_set<std::string>& bones) {
  std::map<std::string, std::pair<const aiNode*, int>> roots;  // by name: the node and its joints
  for (const std::string& name : bones) {
    const aiNode* node = scene->mRootNode->FindNode(name.c_str());
    if (node == nullptr) continue;
    while (node->mParent != nullptr && bones.count(node->mParent->mName.C_Str())) node = node->mParent;
    auto& [root, joints] = roots[node->mName.C_Str()];
    root = node;
    ++joints;
  }
  const aiNode* best = nullptr;
  int best_joints = 0;
  for (const auto& [name, root] : roots) {
    if (root.second > best_joints) best = root.first, best_joints = root.second;
  }
  return best;
}

// The skin's joints not under the skeleton's root (other roots' control
// bones), which the skeleton leaves out: an error where a vertex is bound
// to one, else their roots named in `dropped` ("ctrl_root (5 joints)").
Status DropOtherRoots(const aiScene* scene, const SkeletonBuild& build, const std::unordered_set<std::string>& bones,
                      const std::string& file, std::vector<std::string>* dropped) {
  std::map<std::string, int> dropped_roots;
  for (const std::string& bone : bones) {
    if (std::find(build.names.begin(), build.names.end(), bone) != build.names.end()) continue;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
      for (unsigned b = 0; b < scene->mMeshes[m]->mNumBones; ++b) {
        const aiBone* weighted = scene->mMeshes[m]->mBones[b];
        if (bone != weighted->mName.C_Str()) continue;
        for (unsigned w = 0; w < weighted->mNumWeights; ++w) {
          if (weighted->mWeights[w].mWeight > 0.0f) {
            return Status::Error(file + ": joint '" + bone +
                                 "' has vertices bound to it but is not under the "
                                 "skeleton's root '" +
                                 build.names[0] +
                                 "' (one armature per character: parent its "
                                 "deform bones under one root)");
          }
        }
      }
    }
    // A bone that names no node (a broken file) stands alone.
    const aiNode* root = scene->mRootNode->FindNode(bone.c_str());
    while (root != nullptr && root->mParent != nullptr && bones.count(root->mParent->mName.C_Str()))
      root = root->mParent;
    ++dropped_roots[root != nullptr ? root->mName.C_Str() : bone];
  }
  for (const auto& [root, joints] : dropped_roots)
    dropped->push_back(root + " (" + std::to_string(joints) + (joints == 1 ? " joint)" : " joints)"));
  return Status::Ok();
}

// Applies the folded transform `fold` (translation, rotation, uniform scale)
// to keys of a root joint: fold * T(t) R(r) S(s) = T(fold(t)) R(q_f r) S(s_f s).
struct RootFold {
  glm::vec3 translation{0.0f};
  glm::quat rotation = glm::identity<glm::quat>();
  float scale = 1.0f;
};

// One channel's keys as a joint track, seconds; the file's root joint gets
// the folded transform and is keyed relative to an added ground joint.
// The keys are in the joint's frame with its scale taken out (SkeletonBuild::
// frame_scale): translations times the parent's frame scale, scales over the
// joint's own, so the animated pose is where the file's is.
anim::JointTrackDesc ImportTrack(const aiNodeAnim* channel, int joint, double ticks_per_s, const RootFold* fold,
                                 const glm::vec3& ground_ms, const SkeletonBuild& build) {
  anim::JointTrackDesc track;
  track.joint = joint;
  const int parent = build.parents[joint];
  const float parent_scale = parent < 0 ? 1.0f : build.frame_scale[parent];
  for (unsigned k = 0; k < channel->mNumPositionKeys; ++k) {
    const aiVectorKey& key = channel->mPositionKeys[k];
    glm::vec3 t(key.mValue.x, key.mValue.y, key.mValue.z);
    if (fold != nullptr) t = fold->translation + fold->scale * (fold->rotation * t) - ground_ms;
    track.translations.push_back({static_cast<float>(key.mTime / ticks_per_s), t * parent_scale});
  }
  for (unsigned k = 0; k < channel->mNumRotationKeys; ++k) {
    const aiQuatKey& key = channel->mRotationKeys[k];
    glm::quat q(key.mValue.w, key.mValue.x, key.mValue.y, key.mValue.z);
    if (fold != nullptr) q = fold->rotation * q;
    track.rotations.push_back({static_cast<float>(key.mTime / ticks_per_s), q});
  }
  for (unsigned k = 0; k < channel->mNumScalingKeys; ++k) {
    const aiVectorKey& key = channel->mScalingKeys[k];
    glm::vec3 scale(key.mValue.x, key.mValue.y, key.mValue.z);
    if (fold != nullptr) scale *= fold->scale;
    scale *= parent_scale / build.frame_scale[joint];
    track.scales.push_back({static_cast<float>(key.mTime / ticks_per_s), scale});
  }
  return track;
}

// The extras' data on the clip; contacts are authored relative to the
// clip's start, and Create() shifts keys and contacts alike by the earliest
// key, so they are offset by it here.
// Its lengths and speeds are in the file's scene units and scale with the
// model.
void ApplyExtras(const ClipExtras& extras, double earliest_s, float scale, anim::ClipDesc& desc) {
  auto scaled = [scale](std::optional<float> value) { return value ? std::optional<float>(*value * scale) : value; };
  desc.loop = extras.loop;
  desc.speed_mps = scaled(extras.speed_mps);
  desc.climb_m_per_cycle = scaled(extras.climb_m_per_cycle);
  desc.rung_spacing_m = scaled(extras.rung_spacing_m);
  desc.rung_reach_m = scaled(extras.rung_reach_m);
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    for (anim::ContactRange r : extras.contacts[limb]) {
      r.start_s += static_cast<float>(earliest_s);
      r.end_s += static_cast<float>(earliest_s);
      desc.contacts[limb].push_back(r);
    }
  }
}

// The scene's animations as model.clips (and what their extras gave).
Status ImportClips(const aiScene* scene, const RootFold& fold, const SkeletonBuild& build,
                   const ModelImportOptions& options, const nlohmann::json& gltf, const std::string& file,
                   CharacterModel& model) {
  const anim::Skeleton& skeleton = model.skeleton;
  // The file's root joint: joint 0, or 1 under an added ground joint, whose
  // keys are then relative to it.
  const int file_root = options.ground_root_ms ? 1 : 0;
  const glm::vec3 ground_ms = options.ground_root_ms.value_or(glm::vec3(0.0f));
  for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
    const aiAnimation* animation = scene->mAnimations[a];
    const std::string name = animation->mName.C_Str();
    // glTF gives ticks of 1 ms (mTicksPerSecond = 1000); 0 means unspecified.
    const double ticks_per_s = animation->mTicksPerSecond > 0.0 ? animation->mTicksPerSecond : 1000.0;
    anim::ClipDesc desc;
    desc.name = name;
    desc.joint_count = skeleton.JointCount();
    double earliest_s = 1e30;
    for (unsigned c = 0; c < animation->mNumChannels; ++c) {
      const aiNodeAnim* channel = animation->mChannels[c];
      const int joint = skeleton.FindJoint(channel->mNodeName.C_Str());
      if (joint < 0) continue;  // animates a node that is not a joint
      anim::JointTrackDesc track =
          ImportTrack(channel, joint, ticks_per_s, joint == file_root ? &fold : nullptr, ground_ms, build);
      // assimp gives a channel one default key at t = 0 for each path the
      // glTF does not animate: only channels with two or more keys say when
      // the clip starts (a constant channel's single key has no time).
      for (const auto* keys : {&track.translations, &track.scales}) {
        if (keys->size() >= 2) earliest_s = std::min<double>(earliest_s, keys->front().time_s);
      }
      if (track.rotations.size() >= 2) earliest_s = std::min<double>(earliest_s, track.rotations.front().time_s);
      desc.tracks.push_back(std::move(track));
    }
    if (earliest_s > 1e29) earliest_s = 0.0;  // every channel constant
    for (anim::JointTrackDesc& track : desc.tracks) {
      if (track.translations.size() == 1) track.translations[0].time_s = static_cast<float>(earliest_s);
      if (track.rotations.size() == 1) track.rotations[0].time_s = static_cast<float>(earliest_s);
      if (track.scales.size() == 1) track.scales[0].time_s = static_cast<float>(earliest_s);
    }
    if (desc.tracks.empty()) {
      return Status::Error(file + ": animation '" + name + "' animates none of the skeleton's joints");
    }
    if (options.ground_root_ms) MoveTravelToGround(desc, 0, file_root, *options.ground_root_ms);
    ClipExtras extras;
    if (Status s = ReadClipExtras(gltf, name, file, extras); !s.ok()) return s;
    ApplyExtras(extras, earliest_s, options.scale, desc);
    auto clip = anim::Clip::Create(std::move(desc));
    if (!clip) return Status::Error(file + ": animation '" + name + "': " + clip.status().message());
    model.clips.push_back(std::move(*clip));
    model.given_extras.push_back(extras.given);
  }
  return Status::Ok();
}

bool IsNearIdentity(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!(std::fabs(m[c][r] - (c == r ? 1.0f : 0.0f)) < 1e-5f)) return false;
    }
  }
  return true;
}

// The inverse bind matrices of the skeleton `build`, and the transform that
// takes the mesh's vertices into model space. A bone's offset matrix (the
// same in every mesh of one skin) takes a vertex from the mesh's own space
// into the bone's as the file had it, scale and all; the mesh's space is
// whatever the exporter chose (an armature's centimetres, the file's axes).
// The bind pose of the first skinned joint maps it into model space: the
// vertices move there and each bone's matrix starts from there, which
// leaves every skinned position as it was. A joint no mesh uses gets the
// inverse of its rest pose.
glm::mat4 InverseBindMatrices(const aiScene* scene, const SkeletonBuild& build,
                              std::vector<glm::mat4>& inverse_bind_ms) {
  const size_t count = build.names.size();
  inverse_bind_ms.resize(count);
  std::vector<bool> skinned(count, false);
  for (size_t j = 0; j < count; ++j) inverse_bind_ms[j] = glm::inverse(build.rest_model_ms[j]);
  for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
    for (unsigned b = 0; b < scene->mMeshes[m]->mNumBones; ++b) {
      const aiBone* bone = scene->mMeshes[m]->mBones[b];
      const size_t j = std::find(build.names.begin(), build.names.end(), bone->mName.C_Str()) - build.names.begin();
      if (j == count) continue;  // another root's joint, which no vertex is bound to (DropOtherRoots)
      // The joint's frame lost its scale (TakeScalesOutOfJoints): its bone
      // space keeps it, so the matrix ends in that scale.
      inverse_bind_ms[j] = glm::scale(glm::mat4(1.0f), glm::vec3(build.frame_scale[j])) * ToGlm(bone->mOffsetMatrix);
      skinned[j] = true;
    }
  }
  const auto first = std::find(skinned.begin(), skinned.end(), true);
  if (first == skinned.end()) return glm::mat4(1.0f);
  const size_t reference = static_cast<size_t>(first - skinned.begin());
  const glm::mat4 mesh_to_model = build.rest_model_ms[reference] * inverse_bind_ms[reference];
  if (!(std::fabs(glm::determinant(glm::mat3(mesh_to_model))) > 1e-12f)) return glm::mat4(1.0f);
  if (IsNearIdentity(mesh_to_model)) return glm::mat4(1.0f);  // a mesh already in model space stays bit for bit
  const glm::mat4 model_to_mesh = glm::inverse(mesh_to_model);
  for (size_t j = 0; j < count; ++j) {
    if (skinned[j]) inverse_bind_ms[j] = inverse_bind_ms[j] * model_to_mesh;
  }
  return mesh_to_model;
}

// A singular bind matrix (all zeros, a zero scale) collapses every vertex
// of its joint to a point; a non-finite one poisons the palette.
Status CheckBindMatrices(const std::vector<std::string>& joint_names, const std::vector<glm::mat4>& inverse_bind_ms,
                         const std::string& name) {
  for (size_t j = 0; j < joint_names.size(); ++j) {
    const glm::mat4& m = inverse_bind_ms[j];
    const float det = glm::determinant(glm::mat3(m));
    if (!(std::fabs(det) > 1e-12f) || !std::isfinite(det) || !std::isfinite(m[3][0] + m[3][1] + m[3][2])) {
      return Status::Error(name + ": skins: the inverse bind matrix of joint '" + joint_names[j] +
                           "' is singular or not finite");
    }
  }
  return Status::Ok();
}

}  // namespace

int CharacterModel::FindClip(const std::string& name) const {
  for (size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].Name() == name) return static_cast<int>(i);
  }
  return -1;
}

unsigned CharacterImportFlags() {
  return aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_ValidateDataStructure |
         aiProcess_PopulateArmatureData;
}

core::Expected<CharacterModel> LoadCharacterModel(const std::string& path, const ModelImportOptions& options) {
  auto bytes = core::ReadBinaryFile(path, core::kModelFileCap);
  if (!bytes) return bytes.status();
  return LoadCharacterModelFromMemory(*bytes, path, options);
}

core::Expected<CharacterModel> LoadCharacterModelFromMemory(std::span<const uint8_t> bytes, const std::string& name,
                                                            const ModelImportOptions& options) {
  auto gltf = ParseGlbJson(bytes, name);
  if (!gltf) return gltf.status();
  if (Status s = CheckGltfLimits(*gltf, bytes, name); !s.ok()) return s;
  if (Status s = CheckGltfForAssimp(*gltf, name); !s.ok()) return s;
  Assimp::Importer importer;
  const aiScene* scene = importer.ReadFileFromMemory(bytes.data(), bytes.size(), CharacterImportFlags(), "glb");
  if (scene == nullptr || scene->mRootNode == nullptr) {
    return Status::Error(name + ": not a readable glTF 2.0 file: " + importer.GetErrorString());
  }
  // 1. The skeleton: every skin joint (bones of any mesh, and the joints
  //    the file's skins list, weighted or not) and the nodes between them,
  //    depth-first from the skin's root.
  std::unordered_set<std::string> bones = SkinJointNames(*gltf, scene);
  for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
    for (unsigned b = 0; b < scene->mMeshes[m]->mNumBones; ++b)
      bones.insert(scene->mMeshes[m]->mBones[b]->mName.C_Str());
  }
  if (bones.empty()) return Status::Error(name + ": no skin (the model has no joints to animate)");
  const aiNode* root = FindSkeletonRoot(scene, bones);
  if (root == nullptr) return Status::Error(name + ": the skin's joints are not in the node tree");
  // The turn and the scale come first of all: the model space the joints
  // are built in.
  const glm::mat4 turn_ms = glm::scale(glm::mat4_cast(options.turn_ms), glm::vec3(options.scale));
  const glm::mat4 fold_ms = turn_ms * (root->mParent ? GlobalTransform(root->mParent) : glm::mat4(1.0f));
  SkeletonBuild build;
  CollectJoints(root, -1, glm::mat4(1.0f), fold_ms, bones, build);
  std::vector<std::string> dropped_roots;
  if (Status s = DropOtherRoots(scene, build, bones, name, &dropped_roots); !s.ok()) return s;
  if (options.ground_root_ms) AddGroundJoint(*options.ground_root_ms, build);
  if (build.names.size() > static_cast<size_t>(anim::Skeleton::kMaxJoints)) {
    return Status::Error(name + ": " + std::to_string(build.names.size()) + " joints, more than the " +
                         std::to_string(anim::Skeleton::kMaxJoints) + " the palette holds");
  }
  TakeScalesOutOfJoints(build);
  std::vector<glm::mat4> inverse_bind_ms;
  const glm::mat4 mesh_to_model = InverseBindMatrices(scene, build, inverse_bind_ms);
  if (Status s = CheckBindMatrices(build.names, inverse_bind_ms, name); !s.ok()) return s;
  auto skeleton = anim::Skeleton::Create(build.names, build.parents, build.rest_pose_ls, inverse_bind_ms);
  if (!skeleton) return Status::Error(name + ": " + skeleton.status().message());

  CharacterModel model;
  model.path = name;
  model.skeleton = std::move(*skeleton);
  model.dropped_roots = std::move(dropped_roots);

  // 2. Clips, with the armature transform folded into the root's keys.
  const math::Transform fold = math::FromMatrix(fold_ms);
  RootFold root_fold{fold.translation, fold.rotation, std::fabs(fold.scale.x)};
  if (Status s = ImportClips(scene, root_fold, build, options, *gltf, name, model); !s.ok()) return s;

  // 3. The mesh.
  if (Status s = ImportCharacterMesh(scene, model.skeleton, {mesh_to_model, turn_ms}, name, model.mesh); !s.ok())
    return s;
  KNIGHTS_LOG_INFO("ASSET", "[%s] %d joints, %zu clips, %zu vertices, %d triangles, %zu textures", name.c_str(),
                   model.skeleton.JointCount(), model.clips.size(), model.mesh.vertices.size(),
                   model.mesh.TriangleCount(), model.mesh.textures.size());
  return model;
}

}  // namespace knights::asset
