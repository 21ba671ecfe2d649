#include "knights/asset/level_writer.h"

#include <charconv>
#include <cmath>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace knights::asset {
namespace {

// True when text reads back as value the way the loader reads numbers (to
// the nearest double, then to float).
bool ReadsBackAs(const char* first, const char* last, float value) {
  double parsed = 0.0;
  const auto result = std::from_chars(first, last, parsed);
  return result.ec == std::errc() && result.ptr == last && static_cast<float>(parsed) == value;
}

// The shortest decimal that reads back as the same float; locale-free.
std::string Num(float value) {
  if (!std::isfinite(value)) return "null";  // not a legal level; the loader names the field
  if (value == 0.0f) return "0";             // also -0, which reads back equal
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  if (!ReadsBackAs(buffer, result.ptr, value)) {
    result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 9);
  }
  return std::string(buffer, result.ptr);
}

// A JSON string literal (quotes and escapes; bad UTF-8 replaced, not thrown).
std::string Str(std::string_view text) {
  return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

using Fields = std::vector<std::pair<const char*, std::string>>;

// {"key": value, ...} on one line, or over several lines at the given indent
// (the closing brace two spaces less).
std::string Object(const Fields& fields, const char* indent = nullptr) {
  std::string out = "{";
  bool first = true;
  for (const auto& [key, value] : fields) {
    out += first ? "" : ",";
    if (indent != nullptr) {
      out += "\n";
      out += indent;
    } else if (!first) {
      out += ' ';
    }
    out += '"';
    out += key;
    out += "\": ";
    out += value;
    first = false;
  }
  if (indent != nullptr) {
    out += "\n";
    out += std::string_view(indent).substr(2);
  }
  out += '}';
  return out;
}

// [a, b, ...] on one line.
std::string Array(std::initializer_list<std::string> items) {
  std::string out = "[";
  for (const std::string& item : items) {
    if (out.size() > 1) out += ", ";
    out += item;
  }
  out += ']';
  return out;
}

// A JSON array of items, one per line at the given indent, or "[]".
template <typename T, typename WriteItem>
std::string Lines(const std::vector<T>& items, const char* indent, WriteItem write_item) {
  if (items.empty()) return "[]";
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    out += indent;
    out += write_item(items[i]);
  }
  out += "\n";
  out += std::string_view(indent).substr(2);
  out += ']';
  return out;
}

std::string Point(const world::TerrainPoint& p) {
  if (p.bump_z != 0.0f) return Array({Num(p.x), Num(p.y), Num(p.tilt_z), Num(p.bump_z)});
  if (p.tilt_z != 0.0f) return Array({Num(p.x), Num(p.y), Num(p.tilt_z)});
  return Array({Num(p.x), Num(p.y)});
}

std::string TerrainJson(const world::Terrain& t) {
  return Object({{"z_min", Num(t.z_min)},
                 {"z_max", Num(t.z_max)},
                 {"cell_x", Num(t.cell_x)},
                 {"cell_z", Num(t.cell_z)},
                 {"bump_wavelength_z", Num(t.bump_wavelength_z)},
                 {"points", Lines(t.points, "      ", Point)}},
                "    ");
}

std::string PitJson(const world::Pit& p) { return Object({{"x0", Num(p.x0)}, {"x1", Num(p.x1)}}); }

std::string PlatformJson(const world::Platform& p) {
  return Object({{"x0", Num(p.x0)},
                 {"x1", Num(p.x1)},
                 {"top_y", Num(p.top_y)},
                 {"thickness", Num(p.thickness)},
                 {"z0", Num(p.z0)},
                 {"z1", Num(p.z1)}});
}

std::string RockJson(const world::Rock& r) {
  return Object({{"x", Num(r.x)},
                 {"z", Num(r.z)},
                 {"size", Array({Num(r.size.x), Num(r.size.y), Num(r.size.z)})},
                 {"yaw_deg", Num(r.yaw_deg)}});
}

std::string LadderJson(const world::LadderDesc& l) {
  return Object({{"x", Num(l.x)},
                 {"z", Num(l.z)},
                 {"bottom_y", Num(l.bottom_y)},
                 {"top_y", Num(l.top_y)},
                 {"rung_spacing", Num(l.rung_spacing)},
                 {"width", Num(l.width)},
                 {"lean_deg", Num(l.lean_deg)},
                 {"exit", Str(l.exit_dir < 0 ? "-x" : "+x")}});
}

std::string NpcJson(const world::Npc& n) {
  if (n.role == world::NpcRole::kPatrol) {
    return Object({{"x", Num(n.x)},
                   {"patrol", Array({Num(n.patrol_x0), Num(n.patrol_x1)})},
                   {"variant", Str(world::ToString(n.variant))}});
  }
  return Object({{"x", Num(n.x)},
                 {"patrol", Array({Num(n.patrol_x0), Num(n.patrol_x1)})},
                 {"variant", Str(world::ToString(n.variant))},
                 {"role", Str(world::ToString(n.role))},
                 {"health", std::to_string(n.health)},
                 {"aggression", Num(n.aggression)}});
}

std::string PropJson(const world::Prop& p) {
  const std::string kind = Str(world::ToString(p.kind));
  if (p.y) {
    return Object({{"kind", kind},
                   {"x", Num(p.x)},
                   {"z", Num(p.z)},
                   {"y", Num(*p.y)},
                   {"scale", Num(p.scale)},
                   {"yaw_deg", Num(p.yaw_deg)}});
  }
  return Object(
      {{"kind", kind}, {"x", Num(p.x)}, {"z", Num(p.z)}, {"scale", Num(p.scale)}, {"yaw_deg", Num(p.yaw_deg)}});
}

std::string CheckpointsJson(const std::vector<float>& xs) {
  std::string out = "[";
  for (size_t i = 0; i < xs.size(); ++i) {
    if (i > 0) out += ", ";
    out += Num(xs[i]);
  }
  out += ']';
  return out;
}

std::string CollectibleJson(const world::Collectible& gem) {
  return Object({{"x", Num(gem.x)}, {"height", Num(gem.height_m)}});
}

// The fields a level may leave out, only when it has them (the shipped
// levels without them write as they always did).
void AddOptional(const world::Level& level, Fields& fields) {
  if (level.mood != world::Mood{}) {
    fields.emplace_back("mood", Object({{"sky", Str(world::ToString(level.mood.sky))},
                                        {"ground", Str(world::ToString(level.mood.ground))}}));
  }
  if (!level.collectibles.empty())
    fields.emplace_back("collectibles", Lines(level.collectibles, "    ", CollectibleJson));
  if (level.medals != world::Medals{}) {
    fields.emplace_back("medals", Object({{"gold", Num(level.medals.gold_s)},
                                          {"silver", Num(level.medals.silver_s)},
                                          {"bronze", Num(level.medals.bronze_s)}}));
  }
}

std::string LevelBody(const world::Level& level) {
  Fields fields = {{"name", Str(level.name)},
                   {"terrain", TerrainJson(level.terrain)},
                   {"spawn", Object({{"x", Num(level.spawn.x)}, {"z", Num(level.spawn.z)}})},
                   {"goal", Object({{"x", Num(level.goal.x)}, {"kind", Str(world::ToString(level.goal.kind))}})},
                   {"kill_y", Num(level.kill_y)},
                   {"checkpoints", CheckpointsJson(level.checkpoints)},
                   {"pits", Lines(level.pits, "    ", PitJson)},
                   {"platforms", Lines(level.platforms, "    ", PlatformJson)},
                   {"rocks", Lines(level.rocks, "    ", RockJson)},
                   {"ladders", Lines(level.ladders, "    ", LadderJson)},
                   {"npcs", Lines(level.npcs, "    ", NpcJson)},
                   {"props", Lines(level.props, "    ", PropJson)}};
  AddOptional(level, fields);
  return Object(fields, "  ");
}

}  // namespace

std::string LevelToJson(const world::Level& level, std::string_view comment) {
  std::string out = LevelBody(level);
  if (!comment.empty()) {
    // The comment goes first: after the opening brace.
    std::string first_field = "\n  \"comment\": ";
    first_field += Str(comment);
    first_field += ',';
    out.insert(1, first_field);
  }
  out += '\n';
  return out;
}

}  // namespace knights::asset
