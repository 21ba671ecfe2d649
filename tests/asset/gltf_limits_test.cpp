// asset::CheckGltfLimits: each limit holds at its value and refuses one
// past it, with one line naming the file, the field, the value and the
// limit. The glTF here is JSON only (no BIN chunk): the checks read the
// JSON before the importer does.

#include "knights/asset/gltf_limits.h"
#include "knights/asset/glb_json.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace knights::asset {
namespace {

namespace lim = gltf_limits;
using nlohmann::json;

// A glTF with one root node and `accessors` accessors of `count` elements
// of `type` floats, all in buffer view 0.
json GltfWithAccessors(size_t accessors, uint64_t count, const char* type = "SCALAR") {
  json gltf = {{"asset", {{"version", "2.0"}}}, {"nodes", json::array({json::object()})}};
  gltf["accessors"] = json::array();
  for (size_t i = 0; i < accessors; ++i) {
    gltf["accessors"].push_back({{"bufferView", 0}, {"componentType", 5126}, {"count", count}, {"type", type}});
  }
  return gltf;
}

std::string Check(const json& gltf) {
  const core::Status status = CheckGltfLimits(gltf, {}, "hero.glb");
  return status.ok() ? "ok" : status.message();
}

TEST(CheckGltfLimits, AcceptsAFileAtEveryArrayLimit) {
  json gltf = GltfWithAccessors(2, 1);
  gltf["meshes"] = json::array();
  for (size_t m = 0; m < lim::kMaxMeshes; ++m) gltf["meshes"].push_back({{"primitives", json::array()}});
  gltf["meshes"][0]["primitives"] = json::array();
  for (size_t p = 0; p < lim::kMaxPrimitives; ++p) gltf["meshes"][0]["primitives"].push_back(json::object());
  gltf["animations"] = json::array({{{"channels", json::array()}, {"samplers", json::array()}}});
  for (size_t c = 0; c < lim::kMaxChannels; ++c) gltf["animations"][0]["channels"].push_back(json::object());
  EXPECT_EQ(Check(gltf), "ok");
}

TEST(CheckGltfLimits, RefusesArraysOnePastTheirLimit) {
  {
    json gltf = GltfWithAccessors(1, 1);
    gltf["meshes"] = json::array();
    for (size_t m = 0; m <= lim::kMaxMeshes; ++m) gltf["meshes"].push_back(json::object());
    EXPECT_EQ(Check(gltf), "hero.glb: meshes: 1025 entries, more than 1024");
  }
  {
    json gltf = GltfWithAccessors(1, 1);
    gltf["meshes"] = json::array({{{"primitives", json::array()}}});
    for (size_t p = 0; p <= lim::kMaxPrimitives; ++p) gltf["meshes"][0]["primitives"].push_back(json::object());
    EXPECT_EQ(Check(gltf), "hero.glb: meshes[0].primitives: 1025 entries, more than 1024");
  }
  {
    json gltf = GltfWithAccessors(1, 1);
    gltf["materials"] = json::array();
    for (size_t m = 0; m < lim::kMaxMaterials; ++m) gltf["materials"].push_back(json::object());
    EXPECT_EQ(Check(gltf), "ok") << "a model library's many materials";
    gltf["materials"].push_back(json::object());
    EXPECT_EQ(Check(gltf), "hero.glb: materials: 4097 entries, more than 4096");
  }
  {
    json gltf = GltfWithAccessors(1, 1);
    gltf["animations"] = json::array({json::object(), {{"samplers", json::array()}}});
    for (size_t s = 0; s <= lim::kMaxChannels; ++s) gltf["animations"][1]["samplers"].push_back(json::object());
    EXPECT_EQ(Check(gltf), "hero.glb: animations[1].samplers: 8193 entries, more than 8192");
  }
  EXPECT_EQ(Check(GltfWithAccessors(lim::kMaxAccessors + 1, 1)), "hero.glb: accessors: 65537 entries, more than 65536");
}

TEST(CheckGltfLimits, RefusesAccessorsThatDecodeToTooMuch) {
  // Each accessor is under its own count cap; together, sharing one view,
  // they would decode to more than kMaxAccessorBytes.
  const uint64_t count = lim::kMaxAccessorCount;                    // 4M MAT4 floats: 256 MB
  EXPECT_EQ(Check(GltfWithAccessors(1, count / 4, "MAT4")), "ok");  // 64 MB
  const std::string refused = Check(GltfWithAccessors(2, count, "MAT4"));
  EXPECT_EQ(refused.rfind("hero.glb: accessors: 512000000 bytes decoded, more than 256 MiB", 0), 0u) << refused;
}

// One mesh of one primitive whose POSITION has `vertices` vertices, with
// `targets` morph targets.
json GltfWithMorphTargets(size_t targets, uint64_t vertices) {
  json gltf = GltfWithAccessors(1, vertices, "VEC3");
  json primitive = {{"attributes", {{"POSITION", 0u}}}, {"targets", json::array()}};
  for (size_t t = 0; t < targets; ++t) primitive["targets"].push_back({{"POSITION", 0u}});
  gltf["meshes"] = json::array({{{"primitives", json::array({primitive})}}});
  return gltf;
}

TEST(CheckGltfLimits, RefusesMorphTargetsPastTheirCaps) {
  EXPECT_EQ(Check(GltfWithMorphTargets(lim::kMaxMorphTargets, 1000)), "ok");
  EXPECT_EQ(Check(GltfWithMorphTargets(lim::kMaxMorphTargets + 1, 1000)),
            "hero.glb: meshes[0].primitives[0].targets: 257 morph targets, more than 256");
  EXPECT_EQ(Check(GltfWithMorphTargets(3000, 5441)),  // the attack on the knight's model
            "hero.glb: meshes[0].primitives[0].targets: 3000 morph targets, more than 256");
  // Each primitive under its own cap, the model at and past its sum.
  EXPECT_EQ(Check(GltfWithMorphTargets(100, 20000)), "ok");  // 2,000,000
  EXPECT_EQ(Check(GltfWithMorphTargets(101, 20000)),
            "hero.glb: meshes[0].primitives[0].targets: morph targets times vertices reach 2020000, more than "
            "2000000 in the model");
}

TEST(CheckGltfLimits, RefusesMorePrimitivesThanTheModelHolds) {
  auto gltf_with_meshes = [](size_t meshes) {
    json gltf = GltfWithAccessors(1, 1);
    gltf["meshes"] = json::array();
    for (size_t m = 0; m < meshes; ++m) {
      gltf["meshes"].push_back({{"primitives", json::array()}});
      for (size_t p = 0; p < lim::kMaxPrimitives; ++p) gltf["meshes"][m]["primitives"].push_back(json::object());
    }
    return gltf;
  };
  EXPECT_EQ(Check(gltf_with_meshes(lim::kMaxModelPrimitives / lim::kMaxPrimitives)), "ok");
  EXPECT_EQ(Check(gltf_with_meshes(lim::kMaxModelPrimitives / lim::kMaxPrimitives + 1)),
            "hero.glb: meshes: more than 4096 primitives in all (join the parts that share a material in the "
            "modelling tool)");
}

// The JSON chunk's size is checked before either parser reads it.
TEST(ParseGlbJson, RefusesAJsonChunkPastItsCapBeforeParsingIt) {
  auto glb_with_json_bytes = [](uint32_t length) {
    std::vector<uint8_t> glb(20 + length, ' ');
    const uint32_t header[5] = {0x46546C67, 2, 20 + length, length, 0x4E4F534A};
    std::memcpy(glb.data(), header, sizeof header);
    glb[20] = '{';
    glb[20 + length - 1] = '}';
    return glb;
  };
  const auto at_cap = ParseGlbJson(glb_with_json_bytes(static_cast<uint32_t>(lim::kMaxJsonChunkBytes)), "big.glb");
  EXPECT_TRUE(at_cap.ok()) << at_cap.status().message();
  const auto past = ParseGlbJson(glb_with_json_bytes(static_cast<uint32_t>(lim::kMaxJsonChunkBytes) + 1), "big.glb");
  ASSERT_FALSE(past.ok());
  EXPECT_EQ(past.status().message(), "big.glb: JSON chunk: 16777217 bytes, more than 16777216");
}

TEST(CheckGltfLimits, RefusesASparseCountPastTheAccessorCap) {
  json gltf = GltfWithAccessors(1, 3);
  gltf["accessors"][0]["sparse"] = {{"count", lim::kMaxAccessorCount + 1}};
  EXPECT_EQ(Check(gltf), "hero.glb: accessors[0].sparse.count: 4000001, more than 4000000");
}

}  // namespace
}  // namespace knights::asset
