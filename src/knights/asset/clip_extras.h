#pragma once
// The gameplay data of one glTF animation that assimp drops: its `extras`
// (the knight's clips carry them; see tools/knight/README.md), read from
// the .glb's JSON chunk: the loop flag (JSON boolean, or Blender's 1/0),
// contact ranges per limb in clip seconds, speeds and the ladder it was
// authored on. Every bad field is one line naming the file, the clip and
// the field.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "knights/anim/clip.h"
#include "knights/asset/character_model.h"
#include "knights/core/status.h"

namespace knights::asset {

// Contact ranges, loop flag and speeds of one clip, from the animation's extras.
struct ClipExtras {
  bool found = false;
  GivenExtras given;
  bool loop = false;
  std::array<std::vector<anim::ContactRange>, anim::kLimbCount> contacts;
  std::optional<float> speed_mps;
  std::optional<float> climb_m_per_cycle;
  std::optional<float> rung_spacing_m;
  std::optional<float> rung_reach_m;  // the extras' rung_x_m
};

// Fills `out` from the extras of the animation called clip_name (left as
// it is when the animation has none).
core::Status ReadClipExtras(const nlohmann::json& gltf, const std::string& clip_name, const std::string& file,
                            ClipExtras& out);

}  // namespace knights::asset
