#pragma once
// The level file's sections past its ground (NPCs, rocks, props, gems,
// medals, mood), parsed for asset::ParseLevel (level_loader.cpp), and the
// cross-checks they share with it. Each throws level_json's error, naming
// the field's path, on a bad value.

#include <string>

#include <nlohmann/json.hpp>

#include "knights/world/level.h"

namespace knights::asset {

// The terrain's x range, world metres: what the cross-checks compare with.
struct LevelExtent {
  float x_min = 0.0f;
  float x_max = 0.0f;
};

// x (at the field `path`) lies within the terrain, and over no pit.
void CheckInsideTerrain(float x, const LevelExtent& e, const std::string& path);
void CheckNotInPit(float x, const world::Level& level, const std::string& path);

void ParseNpcs(const nlohmann::json& j, const std::string& path, const LevelExtent& e, world::Level* level);
void ParseRocks(const nlohmann::json& j, const std::string& path, const LevelExtent& e, world::Level* level);
void ParseProps(const nlohmann::json& j, const std::string& path, const LevelExtent& e, world::Level* level);
void ParseCollectibles(const nlohmann::json& j, const std::string& path, const LevelExtent& e, world::Level* level);
void ParseMedals(const nlohmann::json& j, const std::string& path, world::Medals* medals);
void ParseMood(const nlohmann::json& j, const std::string& path, world::Mood* mood);

}  // namespace knights::asset
