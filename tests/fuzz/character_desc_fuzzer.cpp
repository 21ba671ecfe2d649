// Fuzz target: character description JSON -> asset::ParseCharacterDesc.
//
// Invariants checked on every input: a rejected description has a one-line
// message that starts with the file name (knights/asset/character_desc_loader.h:
// "<file>: <json path>: <problem>"); an accepted one names every clip role
// and every required joint, keeps its scale inside the loader's 0.01..100
// and its offsets inside +-10 m, and remembers its file.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "knights/asset/character_desc_loader.h"
#include "fuzz_check.h"

namespace {

const std::string kFileName = "fuzz_character.json";

// Within 10 m of its joint at the model's scale (the file's offsets are
// checked at scale 1, and loaded scaled).
bool SmallFinite(const glm::vec3& v, float scale) {
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(v[i]) || std::fabs(v[i]) > 10.0f * scale) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto desc = knights::asset::ParseCharacterDesc(text, kFileName);
  if (!desc.ok()) {
    const std::string& message = desc.status().message();
    KNIGHTS_FUZZ_CHECK(message.rfind(kFileName + ": ", 0) == 0);
    KNIGHTS_FUZZ_CHECK(message.find('\n') == std::string::npos);
    return 0;
  }
  KNIGHTS_FUZZ_CHECK(desc->file == kFileName);
  KNIGHTS_FUZZ_CHECK(!desc->name.empty() && !desc->model_path.empty() && !desc->pelvis_joint.empty());
  for (const auto* chain : {&desc->leg_l, &desc->leg_r, &desc->arm_l, &desc->arm_r}) {
    KNIGHTS_FUZZ_CHECK(!chain->upper.empty() && !chain->mid.empty() && !chain->end.empty());
  }
  KNIGHTS_FUZZ_CHECK(desc->scale >= 0.01f && desc->scale <= 100.0f);
  for (const glm::vec3* v : {&desc->sole_offset_l_ls, &desc->sole_offset_r_ls, &desc->ball_offset_l_ls,
                             &desc->ball_offset_r_ls, &desc->grip_offset_l_ls, &desc->grip_offset_r_ls}) {
    KNIGHTS_FUZZ_CHECK(SmallFinite(*v, desc->scale));
  }
  for (const auto& [name, path] : desc->variants) KNIGHTS_FUZZ_CHECK(!name.empty() && !path.empty());
  return 0;
}
