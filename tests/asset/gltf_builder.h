#pragma once
// A binary glTF (.glb) built in memory for the importer's tests: nodes, one
// skinned mesh, one skin and animations, each added by name, so a test
// states the conventions it checks (which joint is the root, which way the
// rig faces, which joints carry no weight, which extras the clips have)
// instead of hand-writing buffer offsets.
//
//   GltfBuilder b;
//   const int root = b.AddNode("root", -1, {0, 0, 0});
//   const int hips = b.AddNode("hips", root, {0, 1, 0});
//   b.AddSkinnedMesh({{{0, 0, 0}, {{hips, 1.0f}}}, ...}, {0, 1, 2});
//   b.SetSkin({root, hips});
//   b.AddAnimation("walk", {{hips, "translation", {0, 1}, {...}}}, extras);
//   std::vector<uint8_t> glb = b.Build();

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

namespace knights::asset::test {

class GltfBuilder {
 public:
  // A bone influence of a vertex: node index and weight.
  struct Influence {
    int node = 0;
    float weight = 0.0f;
  };
  struct Vertex {
    glm::vec3 position_ms{0.0f};
    std::vector<Influence> influences;  // up to 8 (JOINTS_0/1, WEIGHTS_0/1)
  };
  // One animation channel: a node's "translation" (vec3 values),
  // "rotation" (quaternions as vec4 x, y, z, w) or "scale".
  struct Channel {
    int node = 0;
    std::string path;
    std::vector<float> times_s;
    std::vector<glm::vec4> values;  // xyz for translation and scale
  };

  // Returns the node's index. parent -1: a scene root.
  int AddNode(const std::string& name, int parent, const glm::vec3& translation,
              const glm::quat& rotation = glm::identity<glm::quat>(), float scale = 1.0f) {
    nlohmann::json node = {{"name", name}};
    if (translation != glm::vec3(0.0f)) node["translation"] = {translation.x, translation.y, translation.z};
    if (rotation != glm::identity<glm::quat>()) node["rotation"] = {rotation.x, rotation.y, rotation.z, rotation.w};
    if (scale != 1.0f) node["scale"] = {scale, scale, scale};
    const int index = static_cast<int>(nodes_.size());
    nodes_.push_back(node);
    if (parent < 0) {
      scene_roots_.push_back(index);
    } else {
      nodes_[parent]["children"].push_back(index);
    }
    return index;
  }

  // The skinned mesh (a scene root node "mesh"): vertices in the bind pose's
  // model space, triangles as vertex indices.
  void AddSkinnedMesh(const std::vector<Vertex>& vertices, const std::vector<uint16_t>& indices) {
    vertices_ = vertices;
    indices_ = indices;
  }

  // The skin's joints (node indices; their inverse bind matrices are the
  // inverses of their bind-pose model matrices).
  void SetSkin(const std::vector<int>& joints) { skin_joints_ = joints; }

  // A second mesh, not skinned, on its own scene root node `name`: a part
  // that hangs from no joint.
  void AddLooseMesh(const std::string& name, const std::vector<glm::vec3>& positions) {
    loose_name_ = name;
    loose_positions_ = positions;
  }

  // Stores the mesh's vertices in another space than the bind pose's model
  // space (an exporter's choice: an armature's centimetres): the file's
  // positions are inverse(mesh_space_ms) * v and its inverse bind matrices
  // end in mesh_space_ms, so the skinned mesh is where it was.
  void SetMeshSpace(const glm::mat4& mesh_space_ms) { mesh_space_ms_ = mesh_space_ms; }

  // extras: written as the animation's "extras" unless null.
  void AddAnimation(const std::string& name, const std::vector<Channel>& channels,
                    const nlohmann::json& extras = nullptr) {
    animations_.push_back({name, channels, extras});
  }

  std::vector<uint8_t> Build() const;

  // A node's bind-pose model matrix (the product of its ancestors' TRS).
  glm::mat4 ModelMatrix(int node) const {
    glm::mat4 local(1.0f);
    const nlohmann::json& n = nodes_[node];
    if (n.contains("translation")) {
      local[3] = glm::vec4(n["translation"][0].get<float>(), n["translation"][1].get<float>(),
                           n["translation"][2].get<float>(), 1.0f);
    }
    if (n.contains("rotation")) {
      const glm::quat q(n["rotation"][3].get<float>(), n["rotation"][0].get<float>(), n["rotation"][1].get<float>(),
                        n["rotation"][2].get<float>());
      local = local * glm::mat4_cast(q);
    }
    if (n.contains("scale")) local = glm::scale(local, glm::vec3(n["scale"][0].get<float>()));
    for (size_t p = 0; p < nodes_.size(); ++p) {
      if (!nodes_[p].contains("children")) continue;
      for (const auto& child : nodes_[p]["children"]) {
        if (child.get<int>() == node) return ModelMatrix(static_cast<int>(p)) * local;
      }
    }
    return local;
  }

 private:
  struct Animation {
    std::string name;
    std::vector<Channel> channels;
    nlohmann::json extras;
  };
  // Appends bytes to the binary chunk as one buffer view and accessor.
  int AddAccessor(const void* data, size_t bytes, int component_type, size_t count, const char* type,
                  nlohmann::json& gltf, std::vector<uint8_t>& bin) const;

  std::vector<nlohmann::json> nodes_;
  std::vector<int> scene_roots_;
  std::vector<Vertex> vertices_;
  std::vector<uint16_t> indices_;
  std::vector<int> skin_joints_;
  glm::mat4 mesh_space_ms_{1.0f};
  std::string loose_name_;
  std::vector<glm::vec3> loose_positions_;
  std::vector<Animation> animations_;
};

inline int GltfBuilder::AddAccessor(const void* data, size_t bytes, int component_type, size_t count, const char* type,
                                    nlohmann::json& gltf, std::vector<uint8_t>& bin) const {
  while (bin.size() % 4 != 0) bin.push_back(0);
  const size_t offset = bin.size();
  bin.resize(offset + bytes);
  std::memcpy(bin.data() + offset, data, bytes);
  gltf["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}});
  nlohmann::json accessor = {{"bufferView", gltf["bufferViews"].size() - 1},
                             {"componentType", component_type},
                             {"count", count},
                             {"type", type}};
  gltf["accessors"].push_back(accessor);
  return static_cast<int>(gltf["accessors"].size()) - 1;
}

inline std::vector<uint8_t> GltfBuilder::Build() const {
  constexpr int kFloat = 5126, kUnsignedShort = 5123, kUnsignedByte = 5121;
  nlohmann::json gltf = {{"asset", {{"version", "2.0"}}}, {"scene", 0}};
  gltf["nodes"] = nodes_;
  std::vector<uint8_t> bin;
  std::vector<int> roots = scene_roots_;
  if (!vertices_.empty()) {
    // Positions, then JOINTS_0/1 as skin-joint indices and WEIGHTS_0/1.
    std::vector<glm::vec3> positions;
    std::vector<uint8_t> joints(vertices_.size() * 8, 0);
    std::vector<float> weights(vertices_.size() * 8, 0.0f);
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (size_t v = 0; v < vertices_.size(); ++v) {
      const glm::vec3 position = glm::vec3(glm::inverse(mesh_space_ms_) * glm::vec4(vertices_[v].position_ms, 1.0f));
      positions.push_back(position);
      lo = glm::min(lo, position);
      hi = glm::max(hi, position);
      for (size_t i = 0; i < vertices_[v].influences.size() && i < 8; ++i) {
        const Influence& in = vertices_[v].influences[i];
        for (size_t j = 0; j < skin_joints_.size(); ++j) {
          if (skin_joints_[j] == in.node) joints[v * 8 + i] = static_cast<uint8_t>(j);
        }
        weights[v * 8 + i] = in.weight;
      }
    }
    const size_t n = vertices_.size();
    nlohmann::json attributes;
    attributes["POSITION"] = AddAccessor(positions.data(), n * 12, kFloat, n, "VEC3", gltf, bin);
    gltf["accessors"].back()["min"] = {lo.x, lo.y, lo.z};
    gltf["accessors"].back()["max"] = {hi.x, hi.y, hi.z};
    // Two sets of four: split the interleaved eight per vertex.
    for (int set = 0; set < 2; ++set) {
      std::vector<uint8_t> j4;
      std::vector<float> w4;
      for (size_t v = 0; v < n; ++v) {
        for (int i = 0; i < 4; ++i) {
          j4.push_back(joints[v * 8 + set * 4 + i]);
          w4.push_back(weights[v * 8 + set * 4 + i]);
        }
      }
      attributes["JOINTS_" + std::to_string(set)] =
          AddAccessor(j4.data(), j4.size(), kUnsignedByte, n, "VEC4", gltf, bin);
      attributes["WEIGHTS_" + std::to_string(set)] =
          AddAccessor(w4.data(), w4.size() * 4, kFloat, n, "VEC4", gltf, bin);
    }
    const int indices =
        AddAccessor(indices_.data(), indices_.size() * 2, kUnsignedShort, indices_.size(), "SCALAR", gltf, bin);
    gltf["meshes"] = {{{"primitives", {{{"attributes", attributes}, {"indices", indices}}}}}};
    std::vector<glm::mat4> inverse_bind;
    for (int joint : skin_joints_) inverse_bind.push_back(glm::inverse(ModelMatrix(joint)) * mesh_space_ms_);
    const int ibm =
        AddAccessor(inverse_bind.data(), inverse_bind.size() * 64, kFloat, inverse_bind.size(), "MAT4", gltf, bin);
    gltf["skins"] = {{{"joints", skin_joints_}, {"inverseBindMatrices", ibm}}};
    gltf["nodes"].push_back({{"name", "mesh"}, {"mesh", 0}, {"skin", 0}});
    roots.push_back(static_cast<int>(gltf["nodes"].size()) - 1);
  }
  if (!loose_positions_.empty()) {
    const size_t n = loose_positions_.size();
    const int position = AddAccessor(loose_positions_.data(), n * 12, kFloat, n, "VEC3", gltf, bin);
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const glm::vec3& p : loose_positions_) lo = glm::min(lo, p), hi = glm::max(hi, p);
    gltf["accessors"][position]["min"] = {lo.x, lo.y, lo.z};
    gltf["accessors"][position]["max"] = {hi.x, hi.y, hi.z};
    gltf["meshes"].push_back({{"name", loose_name_}, {"primitives", {{{"attributes", {{"POSITION", position}}}}}}});
    gltf["nodes"].push_back({{"name", loose_name_}, {"mesh", gltf["meshes"].size() - 1}});
    roots.push_back(static_cast<int>(gltf["nodes"].size()) - 1);
  }
  for (const Animation& animation : animations_) {
    nlohmann::json a = {
        {"name", animation.name}, {"samplers", nlohmann::json::array()}, {"channels", nlohmann::json::array()}};
    for (const Channel& c : animation.channels) {
      const int input =
          AddAccessor(c.times_s.data(), c.times_s.size() * 4, kFloat, c.times_s.size(), "SCALAR", gltf, bin);
      gltf["accessors"][input]["min"] = {c.times_s.front()};
      gltf["accessors"][input]["max"] = {c.times_s.back()};
      const bool quaternion = c.path == "rotation";
      std::vector<float> values;
      for (const glm::vec4& v : c.values) {
        for (int i = 0; i < (quaternion ? 4 : 3); ++i) values.push_back(v[i]);
      }
      const int output = AddAccessor(values.data(), values.size() * 4, kFloat, c.values.size(),
                                     quaternion ? "VEC4" : "VEC3", gltf, bin);
      a["samplers"].push_back({{"input", input}, {"output", output}, {"interpolation", "LINEAR"}});
      a["channels"].push_back(
          {{"sampler", a["samplers"].size() - 1}, {"target", {{"node", c.node}, {"path", c.path}}}});
    }
    if (!animation.extras.is_null()) a["extras"] = animation.extras;
    gltf["animations"].push_back(a);
  }
  gltf["scenes"] = {{{"nodes", roots}}};
  while (bin.size() % 4 != 0) bin.push_back(0);
  gltf["buffers"] = {{{"byteLength", bin.size()}}};
  std::string text = gltf.dump();
  while (text.size() % 4 != 0) text.push_back(' ');
  std::vector<uint8_t> glb;
  auto put = [&glb](uint32_t value) {
    const auto* p = reinterpret_cast<const uint8_t*>(&value);
    glb.insert(glb.end(), p, p + 4);
  };
  put(0x46546C67);  // "glTF"
  put(2);
  put(static_cast<uint32_t>(12 + 8 + text.size() + 8 + bin.size()));
  put(static_cast<uint32_t>(text.size()));
  put(0x4E4F534A);  // "JSON"
  glb.insert(glb.end(), text.begin(), text.end());
  put(static_cast<uint32_t>(bin.size()));
  put(0x004E4942);  // "BIN\0"
  glb.insert(glb.end(), bin.begin(), bin.end());
  return glb;
}

}  // namespace knights::asset::test
