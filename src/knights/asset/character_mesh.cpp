#include "knights/asset/character_mesh.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <assimp/scene.h>
#include <glm/gtc/matrix_inverse.hpp>

#include "knights/asset/assimp_convert.h"
#include "knights/asset/image.h"

namespace knights::asset {
namespace {

using core::Status;

// A vertex moved into model space by `to_model_ms` (its normal by the
// inverse transpose, renormalised).
anim::SkinnedVertex MovedTo(const glm::mat4& to_model_ms, anim::SkinnedVertex vertex) {
  vertex.position_ms = glm::vec3(to_model_ms * glm::vec4(vertex.position_ms, 1.0f));
  const glm::vec3 normal_ms = glm::inverseTranspose(glm::mat3(to_model_ms)) * vertex.normal_ms;
  if (glm::dot(normal_ms, normal_ms) > 0.0f) vertex.normal_ms = glm::normalize(normal_ms);
  return vertex;
}

void AddPart(const aiMesh* mesh, uint32_t base, anim::SkinnedMesh& out);

// Per-vertex influences gathered from every bone of a mesh.
struct Influence {
  int joint = 0;
  float weight = 0.0f;
};

core::Expected<int> ImportTexture(const aiScene* scene, const aiMaterial* material, const std::string& file,
                                  std::map<std::string, int>& texture_index, anim::SkinnedMesh& mesh) {
  aiString path;
  if (material->GetTexture(aiTextureType_BASE_COLOR, 0, &path) != AI_SUCCESS &&
      material->GetTexture(aiTextureType_DIFFUSE, 0, &path) != AI_SUCCESS) {
    return -1;
  }
  const std::string key = path.C_Str();
  if (auto it = texture_index.find(key); it != texture_index.end()) return it->second;
  const aiTexture* texture = scene->GetEmbeddedTexture(path.C_Str());
  const std::string name = file + "#" + (key.empty() ? "texture" : key);
  if (texture == nullptr) return Status::Error(name + ": texture is not embedded in the .glb");
  anim::TextureImage image;
  image.name = name;
  if (texture->mHeight == 0) {
    // Compressed (PNG/JPEG) bytes, mWidth of them.
    auto decoded = DecodeImage({reinterpret_cast<const uint8_t*>(texture->pcData), texture->mWidth}, name);
    if (!decoded) return decoded.status();
    image.width = decoded->width;
    image.height = decoded->height;
    image.rgba = std::move(decoded->rgba);
  } else {
    // Texels assimp decoded itself: bounded as a decode of ours would be.
    if (auto s = CheckImageSide(texture->mWidth, texture->mHeight, name); !s.ok()) return s;
    image.width = static_cast<int>(texture->mWidth);
    image.height = static_cast<int>(texture->mHeight);
    image.rgba.reserve(static_cast<size_t>(image.width) * image.height * 4);
    for (unsigned i = 0; i < texture->mWidth * texture->mHeight; ++i) {
      const aiTexel& t = texture->pcData[i];
      image.rgba.insert(image.rgba.end(), {t.r, t.g, t.b, t.a});
    }
  }
  const int index = static_cast<int>(mesh.textures.size());
  mesh.textures.push_back(std::move(image));
  texture_index[key] = index;
  return index;
}

// Every material of the scene, with its base colour texture.
Status ImportMaterials(const aiScene* scene, const std::string& file, anim::SkinnedMesh& out) {
  std::map<std::string, int> texture_index;
  for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
    const aiMaterial* material = scene->mMaterials[m];
    anim::MeshMaterial result;
    result.name = material->GetName().C_Str();
    aiColor4D color(1.0f, 1.0f, 1.0f, 1.0f);
    if (material->Get(AI_MATKEY_BASE_COLOR, color) != AI_SUCCESS) material->Get(AI_MATKEY_COLOR_DIFFUSE, color);
    result.base_color = glm::vec4(color.r, color.g, color.b, color.a);
    material->Get(AI_MATKEY_METALLIC_FACTOR, result.metallic);
    material->Get(AI_MATKEY_ROUGHNESS_FACTOR, result.roughness);
    auto texture = ImportTexture(scene, material, file, texture_index, out);
    if (!texture) return texture.status();
    result.base_color_texture = *texture;
    out.materials.push_back(std::move(result));
  }
  return Status::Ok();
}

// Influences of each vertex gathered (at most kGatheredInfluences kept per
// vertex: the strongest).
constexpr int kGatheredInfluences = 8;

Status GatherInfluences(const aiMesh* mesh, const anim::Skeleton& skeleton, const std::string& where,
                        std::vector<Influence>& influences, std::vector<uint8_t>& counts) {
  influences.assign(static_cast<size_t>(mesh->mNumVertices) * kGatheredInfluences, Influence{});
  counts.assign(mesh->mNumVertices, 0);
  for (unsigned b = 0; b < mesh->mNumBones; ++b) {
    const aiBone* bone = mesh->mBones[b];
    const int joint = skeleton.FindJoint(bone->mName.C_Str());
    if (joint < 0) {
      // A joint of another root of the skin (a control bone) carries no weight.
      if (std::none_of(bone->mWeights, bone->mWeights + bone->mNumWeights,
                       [](const aiVertexWeight& vw) { return vw.mWeight > 0.0f; }))
        continue;
      return Status::Error(where + " is skinned to '" + bone->mName.C_Str() +
                           "', which is not a joint of the skeleton");
    }
    for (unsigned w = 0; w < bone->mNumWeights; ++w) {
      const aiVertexWeight& vw = bone->mWeights[w];
      if (!(vw.mWeight > 0.0f) || vw.mVertexId >= mesh->mNumVertices) continue;  // assimp's dummy zero weights
      Influence* slots = &influences[static_cast<size_t>(vw.mVertexId) * kGatheredInfluences];
      uint8_t& count = counts[vw.mVertexId];
      if (count < kGatheredInfluences) {
        slots[count++] = {joint, vw.mWeight};
      } else {
        Influence* smallest =
            std::min_element(slots, slots + kGatheredInfluences, [](auto& a, auto& b) { return a.weight < b.weight; });
        if (smallest->weight < vw.mWeight) *smallest = {joint, vw.mWeight};
      }
    }
  }
  return Status::Ok();
}

// Vertex v of the mesh with its strongest kMaxInfluences influences,
// renormalised; false when it has none.
bool MakeVertex(const aiMesh* mesh, unsigned v, Influence* slots, int count, anim::SkinnedVertex& vertex) {
  vertex.position_ms = glm::vec3(mesh->mVertices[v].x, mesh->mVertices[v].y, mesh->mVertices[v].z);
  if (mesh->HasNormals()) vertex.normal_ms = glm::vec3(mesh->mNormals[v].x, mesh->mNormals[v].y, mesh->mNormals[v].z);
  if (mesh->HasTextureCoords(0)) {
    // assimp flips V for glTF (OpenGL's bottom-left origin); undo it so
    // (0, 0) is the image's top-left as in the file.
    vertex.uv = glm::vec2(mesh->mTextureCoords[0][v].x, 1.0f - mesh->mTextureCoords[0][v].y);
  }
  if (count == 0) return false;
  std::sort(slots, slots + count, [](auto& a, auto& b) { return a.weight > b.weight; });
  const int kept = std::min(count, anim::kMaxInfluences);
  float total = 0.0f;
  for (int i = 0; i < kept; ++i) total += slots[i].weight;
  vertex.weights = glm::vec4(0.0f);
  for (int i = 0; i < kept; ++i) {
    vertex.joints[i] = static_cast<uint8_t>(slots[i].joint);
    vertex.weights[i] = slots[i].weight / total;
  }
  return true;
}

// One skinned triangle mesh of the scene: its vertices, and its triangles as
// one part.
Status ImportSkinnedPart(const aiMesh* mesh, const std::string& where, const anim::Skeleton& skeleton,
                         const glm::mat4& to_model_ms, std::vector<Influence>& influences, std::vector<uint8_t>& counts,
                         anim::SkinnedMesh& out) {
  const uint32_t base = static_cast<uint32_t>(out.vertices.size());
  if (Status s = GatherInfluences(mesh, skeleton, where, influences, counts); !s.ok()) return s;
  for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
    anim::SkinnedVertex vertex;
    if (!MakeVertex(mesh, v, &influences[static_cast<size_t>(v) * kGatheredInfluences], counts[v], vertex)) {
      return Status::Error(where + " vertex " + std::to_string(v) + " has no joint weight");
    }
    out.vertices.push_back(MovedTo(to_model_ms, vertex));
  }
  AddPart(mesh, base, out);
  return Status::Ok();
}

// A mesh parented to `joint` and not skinned: every vertex bound to the
// joint alone, moved into model space by the mesh node's bind transform.
void ImportRigidPart(const aiMesh* mesh, int joint, const glm::mat4& to_model_ms, anim::SkinnedMesh& out) {
  const uint32_t base = static_cast<uint32_t>(out.vertices.size());
  Influence whole{joint, 1.0f};
  for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
    anim::SkinnedVertex vertex;
    MakeVertex(mesh, v, &whole, 1, vertex);
    out.vertices.push_back(MovedTo(to_model_ms, vertex));
  }
  AddPart(mesh, base, out);
}

// The mesh's triangles as one part, their indices from `base`.
void AddPart(const aiMesh* mesh, uint32_t base, anim::SkinnedMesh& out) {
  anim::MeshPart part;
  part.first_index = static_cast<uint32_t>(out.indices.size());
  part.material = static_cast<int>(mesh->mMaterialIndex);
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    const aiFace& face = mesh->mFaces[f];
    if (face.mNumIndices != 3) continue;
    for (int i = 0; i < 3; ++i) out.indices.push_back(base + face.mIndices[i]);
  }
  part.index_count = static_cast<uint32_t>(out.indices.size()) - part.first_index;
  if (part.index_count > 0) out.parts.push_back(part);
}

// The mesh's name, or "#m" for one without.
std::string MeshName(const aiMesh* mesh, unsigned m) {
  if (mesh->mName.length > 0) return mesh->mName.C_Str();
  std::string name = "#";
  name += std::to_string(m);
  return name;
}

// The node that draws mesh m (the first, if several do), or null.
const aiNode* NodeDrawing(const aiNode* node, unsigned m) {
  for (unsigned i = 0; i < node->mNumMeshes; ++i) {
    if (node->mMeshes[i] == m) return node;
  }
  for (unsigned c = 0; c < node->mNumChildren; ++c) {
    if (const aiNode* found = NodeDrawing(node->mChildren[c], m)) return found;
  }
  return nullptr;
}

// The joint a node hangs from: itself or its nearest ancestor that is one
// (-1: none).
int JointAbove(const aiNode* node, const anim::Skeleton& skeleton) {
  for (const aiNode* n = node; n != nullptr; n = n->mParent) {
    if (const int joint = skeleton.FindJoint(n->mName.C_Str()); joint >= 0) return joint;
  }
  return -1;
}

}  // namespace

Status ImportCharacterMesh(const aiScene* scene, const anim::Skeleton& skeleton, const MeshSpaces& spaces,
                           const std::string& file, anim::SkinnedMesh& out) {
  if (Status s = ImportMaterials(scene, file, out); !s.ok()) return s;
  std::vector<Influence> influences;
  std::vector<uint8_t> counts;
  for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
    const aiMesh* mesh = scene->mMeshes[m];
    if (!(mesh->mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) continue;  // points or lines: not drawn
    const std::string where = file + ": mesh '" + MeshName(mesh, m) + "'";
    if (mesh->mNumBones > 0) {
      if (Status s = ImportSkinnedPart(mesh, where, skeleton, spaces.skinned_to_model_ms, influences, counts, out);
          !s.ok())
        return s;
      continue;
    }
    const aiNode* node = NodeDrawing(scene->mRootNode, m);
    const int joint = node != nullptr ? JointAbove(node, skeleton) : -1;
    if (joint < 0) {
      return Status::Error(where +
                           " has no skin and hangs from no joint (skin it to the armature, or parent it to a bone)");
    }
    ImportRigidPart(mesh, joint, spaces.scene_to_model_ms * GlobalTransform(node), out);
  }
  if (out.indices.empty()) return Status::Error(file + ": no triangles to draw");
  return Status::Ok();
}

}  // namespace knights::asset
