#include "knights/asset/gltf_limits.h"
#include "knights/asset/glb_json.h"
#include "knights/asset/image.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

namespace knights::asset {
namespace lim = gltf_limits;
using nlohmann::json;

namespace {

core::Status Refuse(const std::string& name, const std::string& where, const std::string& what) {
  return core::Status::Error(name + ": " + where + ": " + what);
}

std::string Indexed(const char* array, size_t i) { return std::string(array) + "[" + std::to_string(i) + "]"; }

const json& ArrayOrEmpty(const json& object, const char* key) {
  static const json kEmpty = json::array();
  if (!object.is_object()) return kEmpty;
  const auto it = object.find(key);
  return it != object.end() && it->is_array() ? *it : kEmpty;
}

// A string field, or "" when absent or not a string (never a throw).
std::string StringField(const json& object, const char* key) {
  if (!object.is_object()) return {};
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A field, or null when absent (a reference: no copy of a sub-tree).
const json& Field(const json& object, const char* key) {
  static const json kNull;
  if (!object.is_object()) return kNull;
  const auto it = object.find(key);
  return it != object.end() ? *it : kNull;
}

std::string Number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// Buffers and images come from the .glb's own BIN chunk only: a uri would
// make a model file read any file on the machine (or a device).
core::Status CheckNoExternalData(const json& gltf, const std::string& name) {
  for (const char* array : {"buffers", "images"}) {
    const json& items = ArrayOrEmpty(gltf, array);
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].is_object() && items[i].contains("uri")) {
        const std::string uri = items[i]["uri"].is_string() ? items[i]["uri"].get<std::string>() : "(not a string)";
        return Refuse(name, Indexed(array, i) + ".uri",
                      "a .glb reads only its own BIN chunk, not \"" + uri.substr(0, 60) + "\"");
      }
    }
  }
  return core::Status::Ok();
}

// Numbers of a rest transform field: `count` finite numbers, each with
// |v| <= max_abs and, where min_abs > 0, |v| >= min_abs.
core::Status CheckVector(const json& node, const char* key, size_t count, double min_abs, double max_abs,
                         const std::string& name, const std::string& where) {
  const auto it = node.find(key);
  if (it == node.end()) return core::Status::Ok();
  if (!it->is_array() || it->size() != count) {
    return Refuse(name, where + "." + key, "expected " + std::to_string(count) + " numbers");
  }
  for (const json& v : *it) {
    const double x = v.is_number() ? v.get<double>() : NAN;
    if (!std::isfinite(x) || std::fabs(x) > max_abs || std::fabs(x) < min_abs) {
      const std::string range = min_abs > 0.0 ? Number(min_abs) + ".." + Number(max_abs) : "+-" + Number(max_abs);
      return Refuse(name, where + "." + key, (v.is_number() ? Number(x) : "a non-number") + " is outside " + range);
    }
  }
  return core::Status::Ok();
}

core::Status CheckRestTransform(const json& node, const std::string& name, const std::string& where) {
  if (!node.is_object()) return Refuse(name, where, "expected an object");
  if (auto s = CheckVector(node, "translation", 3, 0.0, lim::kMaxTranslationM, name, where); !s.ok()) return s;
  if (auto s = CheckVector(node, "scale", 3, lim::kMinScale, lim::kMaxScale, name, where); !s.ok()) return s;
  if (auto s = CheckVector(node, "rotation", 4, 0.0, 1.0 + 1e-3, name, where); !s.ok()) return s;
  return CheckVector(node, "matrix", 16, 0.0, lim::kMaxTranslationM, name, where);
}

// The node tree: at most kMaxNodes, each node at most one parent, every
// node reached from a root (none in a cycle), at most kMaxNodeDepth deep.
// Walked with an explicit stack: a file decides the depth, not the C++ stack.
core::Status CheckNodeTree(const json& gltf, const std::string& name) {
  const json& nodes = ArrayOrEmpty(gltf, "nodes");
  if (nodes.size() > lim::kMaxNodes) {
    return Refuse(name, "nodes", std::to_string(nodes.size()) + " nodes, more than " + std::to_string(lim::kMaxNodes));
  }
  std::vector<int> parent(nodes.size(), -1);
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (auto s = CheckRestTransform(nodes[i], name, Indexed("nodes", i)); !s.ok()) return s;
    for (const json& child : ArrayOrEmpty(nodes[i], "children")) {
      const uint64_t c = child.is_number_unsigned() ? child.get<uint64_t>() : nodes.size();
      if (c >= nodes.size() || c == i || parent[c] >= 0) {
        return Refuse(name, Indexed("nodes", i) + ".children", "not a node index, or a node with two parents");
      }
      parent[c] = static_cast<int>(i);
    }
  }
  std::vector<std::pair<size_t, size_t>> stack;  // node, depth
  std::vector<bool> reached(nodes.size(), false);
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (parent[i] < 0) stack.emplace_back(i, 1);
  }
  while (!stack.empty()) {
    const auto [node, depth] = stack.back();
    stack.pop_back();
    reached[node] = true;
    if (depth > lim::kMaxNodeDepth) {
      return Refuse(name, Indexed("nodes", node),
                    std::to_string(depth) + " levels deep, more than " + std::to_string(lim::kMaxNodeDepth));
    }
    for (const json& child : ArrayOrEmpty(nodes[node], "children")) stack.emplace_back(child.get<size_t>(), depth + 1);
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (!reached[i]) return Refuse(name, Indexed("nodes", i), "is its own ancestor (a cycle of children)");
  }
  return core::Status::Ok();
}

uint64_t AccessorCount(const json& accessors, const json& index) {
  if (!index.is_number_unsigned() || index.get<uint64_t>() >= accessors.size()) return UINT64_MAX;
  const json& a = accessors[index.get<size_t>()];
  return a.is_object() && a.contains("count") && a["count"].is_number_unsigned() ? a["count"].get<uint64_t>() : 0;
}

// The arrays whose length scales the importer's work, top level and nested.
core::Status CheckArraySizes(const json& gltf, const std::string& name) {
  struct ArrayCap {
    const char* key;
    size_t max;
  };
  static constexpr ArrayCap kTopLevel[] = {
      {"meshes", lim::kMaxMeshes},       {"materials", lim::kMaxMaterials},   {"images", lim::kMaxImages},
      {"textures", lim::kMaxImages},     {"samplers", lim::kMaxImages},       {"animations", lim::kMaxAnimations},
      {"accessors", lim::kMaxAccessors}, {"bufferViews", lim::kMaxAccessors}, {"skins", lim::kMaxSkins},
      {"buffers", lim::kMaxImages},      {"scenes", lim::kMaxMeshes}};
  auto check = [&](const json& object, const ArrayCap& cap, const std::string& where) {
    const size_t size = ArrayOrEmpty(object, cap.key).size();
    if (size <= cap.max) return core::Status::Ok();
    return Refuse(name, where + cap.key, std::to_string(size) + " entries, more than " + std::to_string(cap.max));
  };
  for (const ArrayCap& cap : kTopLevel) {
    if (auto s = check(gltf, cap, ""); !s.ok()) return s;
  }
  const json& meshes = ArrayOrEmpty(gltf, "meshes");
  for (size_t m = 0; m < meshes.size(); ++m) {
    if (auto s = check(meshes[m], {"primitives", lim::kMaxPrimitives}, Indexed("meshes", m) + "."); !s.ok()) return s;
  }
  const json& animations = ArrayOrEmpty(gltf, "animations");
  for (size_t a = 0; a < animations.size(); ++a) {
    for (const char* key : {"channels", "samplers"}) {
      if (auto s = check(animations[a], {key, lim::kMaxChannels}, Indexed("animations", a) + "."); !s.ok()) return s;
    }
  }
  return core::Status::Ok();
}

// The primitives of all meshes together, and their morph targets: per
// primitive, and targets times the primitive's vertices (its POSITION
// accessor's count) summed over the model.
core::Status CheckPrimitivesAndMorphTargets(const json& gltf, const std::string& name) {
  const json& accessors = ArrayOrEmpty(gltf, "accessors");
  const json& meshes = ArrayOrEmpty(gltf, "meshes");
  size_t primitive_count = 0;
  uint64_t target_vertices = 0;
  for (size_t m = 0; m < meshes.size(); ++m) {
    const json& primitives = ArrayOrEmpty(meshes[m], "primitives");
    primitive_count += primitives.size();
    if (primitive_count > lim::kMaxModelPrimitives) {
      return Refuse(name, "meshes",
                    "more than " + std::to_string(lim::kMaxModelPrimitives) +
                        " primitives in all (join the parts that share a material in the modelling tool)");
    }
    for (size_t p = 0; p < primitives.size(); ++p) {
      const std::string where = Indexed("meshes", m) + "." + Indexed("primitives", p) + ".targets";
      const size_t targets = ArrayOrEmpty(primitives[p], "targets").size();
      if (targets > lim::kMaxMorphTargets) {
        return Refuse(name, where,
                      std::to_string(targets) + " morph targets, more than " + std::to_string(lim::kMaxMorphTargets));
      }
      const json& attributes = Field(primitives[p], "attributes");
      const uint64_t vertices =
          attributes.is_object() && attributes.contains("POSITION")
              ? std::min<uint64_t>(AccessorCount(accessors, attributes["POSITION"]), lim::kMaxAccessorCount)
              : 0;
      target_vertices += targets * vertices;
      if (target_vertices > lim::kMaxMorphTargetVertices) {
        return Refuse(name, where,
                      "morph targets times vertices reach " + std::to_string(target_vertices) + ", more than " +
                          std::to_string(lim::kMaxMorphTargetVertices) + " in the model");
      }
    }
  }
  return core::Status::Ok();
}

// Bytes of one element of an accessor: component size x components (the
// largest, a float 4x4 matrix, when the fields are missing or unknown: the
// importer refuses those itself).
uint64_t ElementBytes(const json& accessor) {
  const json& component = Field(accessor, "componentType");
  const uint64_t type = component.is_number_unsigned() ? component.get<uint64_t>() : 0;
  const uint64_t component_bytes = type == 5120 || type == 5121 ? 1 : type == 5122 || type == 5123 ? 2 : 4;
  static const std::pair<const char*, uint64_t> kComponents[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3},
                                                                 {"VEC4", 4},   {"MAT2", 4}, {"MAT3", 9}};
  const std::string kind = StringField(accessor, "type");
  uint64_t components = 16;
  for (const auto& [name, count] : kComponents) {
    if (kind == name) components = count;
  }
  return component_bytes * components;
}

// Every accessor's count (and sparse count) at most kMaxAccessorCount, and
// all of them decoded at most kMaxAccessorBytes.
core::Status CheckAccessors(const json& gltf, const std::string& name) {
  const json& accessors = ArrayOrEmpty(gltf, "accessors");
  uint64_t decoded_bytes = 0;
  for (size_t i = 0; i < accessors.size(); ++i) {
    const json& sparse = Field(Field(accessors[i], "sparse"), "count");
    const uint64_t sparse_count = sparse.is_number_unsigned() ? sparse.get<uint64_t>() : 0;
    const uint64_t count = AccessorCount(accessors, json(i));
    for (const auto& [checked, field] : {std::pair{count, ".count"}, std::pair{sparse_count, ".sparse.count"}}) {
      if (checked > lim::kMaxAccessorCount) {
        return Refuse(name, Indexed("accessors", i) + field,
                      std::to_string(checked) + ", more than " + std::to_string(lim::kMaxAccessorCount));
      }
    }
    decoded_bytes += count * ElementBytes(accessors[i]);
  }
  if (decoded_bytes > lim::kMaxAccessorBytes) {
    return Refuse(name, "accessors",
                  std::to_string(decoded_bytes) + " bytes decoded, more than " +
                      std::to_string(lim::kMaxAccessorBytes >> 20) + " MiB");
  }
  return core::Status::Ok();
}

// Every animation sampler's keys: at most kMaxKeysPerChannel, with as many
// outputs as inputs (three per input for cubic splines). Morph weights
// (several outputs per key) are not checked.
core::Status CheckSamplers(const json& gltf, const std::string& name) {
  const json& accessors = ArrayOrEmpty(gltf, "accessors");
  const json& animations = ArrayOrEmpty(gltf, "animations");
  for (size_t a = 0; a < animations.size(); ++a) {
    const json& samplers = ArrayOrEmpty(animations[a], "samplers");
    for (const json& channel : ArrayOrEmpty(animations[a], "channels")) {
      const json* sampler_index = channel.is_object() && channel.contains("sampler") ? &channel["sampler"] : nullptr;
      const bool weights = StringField(Field(channel, "target"), "path") == "weights";
      if (sampler_index == nullptr || !sampler_index->is_number_unsigned() ||
          sampler_index->get<uint64_t>() >= samplers.size() || weights)
        continue;
      const size_t s = sampler_index->get<size_t>();
      const json& sampler = samplers[s];
      if (!sampler.is_object()) continue;
      const std::string where = Indexed("animations", a) + "." + Indexed("samplers", s);
      const uint64_t inputs = AccessorCount(accessors, Field(sampler, "input"));
      const uint64_t outputs = AccessorCount(accessors, Field(sampler, "output"));
      if (inputs == UINT64_MAX || outputs == UINT64_MAX)
        return Refuse(name, where, "input or output is not an accessor");
      if (inputs > lim::kMaxKeysPerChannel) {
        return Refuse(name, where,
                      std::to_string(inputs) + " keys, more than " + std::to_string(lim::kMaxKeysPerChannel));
      }
      const bool cubic = StringField(sampler, "interpolation") == "CUBICSPLINE";
      if (outputs != inputs * (cubic ? 3 : 1)) {
        return Refuse(name, where,
                      std::to_string(outputs) + " outputs for " + std::to_string(inputs) + " keys (" +
                          (cubic ? "a cubic spline needs three per key)" : "one per key)"));
      }
    }
  }
  return core::Status::Ok();
}

// Embedded images PNG or JPEG, at most kMaxTextureSide on a side, read
// from their headers before anything decodes them.
core::Status CheckImageSizes(const json& gltf, std::span<const uint8_t> bin, const std::string& name) {
  const json& images = ArrayOrEmpty(gltf, "images");
  const json& views = ArrayOrEmpty(gltf, "bufferViews");
  for (size_t i = 0; i < images.size(); ++i) {
    const json& view_index = Field(images[i], "bufferView");
    if (!view_index.is_number_unsigned() || view_index.get<uint64_t>() >= views.size()) continue;
    const json& view = views[view_index.get<size_t>()];
    const json& offset = Field(view, "byteOffset");
    const json& length = Field(view, "byteLength");
    const uint64_t from = offset.is_number_unsigned() ? offset.get<uint64_t>() : 0;
    const uint64_t size = length.is_number_unsigned() ? length.get<uint64_t>() : 0;
    if (from > bin.size() || size > bin.size() - from) continue;  // assimp reports the bad view
    const auto header =
        ReadImageHeader(bin.subspan(from, size), name + ": " + Indexed("images", i), lim::kMaxTextureSide);
    if (!header) return header.status();
  }
  return core::Status::Ok();
}

}  // namespace

core::Status CheckGltfLimits(const json& gltf, std::span<const uint8_t> glb_bytes, const std::string& name) {
  if (auto s = CheckNoExternalData(gltf, name); !s.ok()) return s;
  if (auto s = CheckNodeTree(gltf, name); !s.ok()) return s;
  if (auto s = CheckArraySizes(gltf, name); !s.ok()) return s;
  if (auto s = CheckAccessors(gltf, name); !s.ok()) return s;
  if (auto s = CheckSamplers(gltf, name); !s.ok()) return s;
  if (auto s = CheckPrimitivesAndMorphTargets(gltf, name); !s.ok()) return s;
  return CheckImageSizes(gltf, GlbBinChunk(glb_bytes), name);
}

}  // namespace knights::asset
