#pragma once
// world::Level -> level JSON text in the format of assets/levels/README.md,
// the inverse of asset::ParseLevel (knights/asset/level_loader.h): for a level that
// passed validation, ParseLevel(LevelToJson(level)) gives back an equal level
// (world::Level::operator==, floats bit for bit).
//
// Every field is written, defaults included (platform z0/z1, rock yaw, ladder
// width, lean and exit, ...), except a prop's y when it is empty (on the
// terrain), and "collectibles", "medals" and "mood" when the level has none
// (the default mood: day over a meadow). Numbers are the shortest decimal that reads back as the same
// float ("0.3", "86.2981", "1e-05"); terrain points are [x, y], [x, y, tilt_z]
// or [x, y, tilt_z, bump_z] depending on which trailing values are zero. The
// layout is the shipped levels': one terrain point, pit, platform, rock,
// ladder, NPC or prop per line. The text is the same on every platform for
// the same level (no locale, no hash order).

#include <string>
#include <string_view>

#include "knights/world/level.h"

namespace knights::asset {

// The level as JSON text ending in a newline. comment, if not empty, is
// written first as the file's "comment" (what the level is, who made it).
std::string LevelToJson(const world::Level& level, std::string_view comment = {});

}  // namespace knights::asset
