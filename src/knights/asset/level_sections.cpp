// The level file's sections past its ground: NPCs (their patrols, their
// fights, an enemy's ground), rocks, props, gems, medals and the mood.

#include "knights/asset/level_sections.h"

#include <algorithm>
#include <cmath>

#include "knights/asset/level_json_reader.h"
#include "knights/asset/level_loader.h"
#include "knights/math/angles.h"

namespace knights::asset {

using nlohmann::json;
using world::Level;
namespace lim = level_limits;
using namespace level_json;  // NOLINT(google-build-using-namespace): the parser's vocabulary
using math::kDegToRad;

void CheckInsideTerrain(float x, const LevelExtent& e, const std::string& path) {
  if (x < e.x_min || x > e.x_max) {
    Fail(path, Num(x) + " is outside the terrain (" + Num(e.x_min) + ".." + Num(e.x_max) + " m)");
  }
}

void CheckNotInPit(float x, const Level& level, const std::string& path) {
  for (size_t i = 0; i < level.pits.size(); ++i) {
    const world::Pit& pit = level.pits[i];
    if (x > pit.x0 && x < pit.x1) {
      Fail(path, Num(x) + " is over pits[" + std::to_string(i) + "] (" + Num(pit.x0) + ".." + Num(pit.x1) + " m)");
    }
  }
}

namespace {

// An NPC's role and, for a fight, its hit points and temper.
void ParseNpcFight(const json& o, const std::string& p, world::Npc* npc) {
  if (const json* v = Find(o, "role")) {
    npc->role = Choice(*v, Key(p, "role"), {"patrol", "enemy"}) == 0 ? world::NpcRole::kPatrol : world::NpcRole::kEnemy;
  }
  const float health = OptionalNumber(o, "health", p, static_cast<float>(npc->health));
  if (health != std::floor(health)) Fail(Key(p, "health"), Num(health) + " is not a whole number of hit points");
  CheckRange(health, 1.0f, static_cast<float>(lim::kMaxNpcHealth), Key(p, "health"), "1..20 hit points");
  npc->health = static_cast<int>(health);
  npc->aggression = OptionalNumber(o, "aggression", p, npc->aggression);
  CheckRange(npc->aggression, 0.0f, 1.0f, Key(p, "aggression"), "0..1");
}

// The terrain under an enemy's fights (its range and a margin): gentle
// enough for a sword fight (lim::kMaxEnemySlopeDeg and the others).
void CheckEnemyGround(const world::Terrain& terrain, const world::Npc& npc, const std::string& patrol_path) {
  const float x0 = npc.patrol_x0 - lim::kEnemyGroundMarginM;
  const float x1 = npc.patrol_x1 + lim::kEnemyGroundMarginM;
  const auto& pts = terrain.points;
  for (size_t k = 0; k + 1 < pts.size(); ++k) {
    if (!(pts[k].x <= x1 && pts[k + 1].x >= x0)) continue;  // the segment is clear of the range
    for (const size_t end : {k, k + 1}) {
      if (std::fabs(pts[end].tilt_z) > lim::kMaxEnemyTiltZ || std::fabs(pts[end].bump_z) > lim::kMaxEnemyBumpZ) {
        Fail(patrol_path, "an enemy's ground tilts or ripples across the path more than 0.18 / 0.10 (terrain.points[" +
                              std::to_string(end) + "], within 1.5 m of the range)");
      }
    }
    if (pts[k + 1].x == pts[k].x) continue;  // a step: the patrol rule holds it to 0.40 m
    const float slope_deg = std::atan(std::fabs(pts[k + 1].y - pts[k].y) / (pts[k + 1].x - pts[k].x)) / math::kDegToRad;
    if (slope_deg > lim::kMaxEnemySlopeDeg + 1e-3f) {
      char degrees[16];
      std::snprintf(degrees, sizeof degrees, "%.1f", slope_deg);
      Fail(patrol_path, std::string("an enemy fights on a ") + degrees + " degree slope at x = " + Num(pts[k].x) +
                            ".." + Num(pts[k + 1].x) + " (at most 20 within 1.5 m of its range)");
    }
  }
}

}  // namespace

void ParseNpcs(const json& j, const std::string& path, const LevelExtent& e, Level* level) {
  ExpectArray(j, path, lim::kMaxNpcs);
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string p = At(path, i);
    const json& o = ExpectObject(j[i], p);
    CheckKeys(o, p, {"x", "patrol", "variant", "role", "health", "aggression"});
    world::Npc npc;
    const std::string patrol_path = Key(p, "patrol");
    const json& patrol = ExpectArray(Require(o, "patrol", p), patrol_path);
    if (patrol.size() != 2) Fail(patrol_path, "expected [x0, x1], got " + std::to_string(patrol.size()) + " values");
    npc.patrol_x0 = Number(patrol[0], At(patrol_path, 0));
    npc.patrol_x1 = Number(patrol[1], At(patrol_path, 1));
    CheckInsideTerrain(npc.patrol_x0, e, At(patrol_path, 0));
    CheckInsideTerrain(npc.patrol_x1, e, At(patrol_path, 1));
    if (!(npc.patrol_x0 < npc.patrol_x1)) {
      Fail(At(patrol_path, 1), Num(npc.patrol_x1) + " must be greater than patrol[0] (" + Num(npc.patrol_x0) + ")");
    }
    npc.x = RequiredNumber(o, "x", p);
    if (npc.x < npc.patrol_x0 || npc.x > npc.patrol_x1) {
      Fail(Key(p, "x"), Num(npc.x) + " is outside its patrol " + Num(npc.patrol_x0) + ".." + Num(npc.patrol_x1));
    }
    for (size_t k = 0; k < level->pits.size(); ++k) {
      const world::Pit& pit = level->pits[k];
      if (pit.x0 < npc.patrol_x1 && pit.x1 > npc.patrol_x0) {
        Fail(patrol_path, "crosses pits[" + std::to_string(k) + "] (" + Num(pit.x0) + ".." + Num(pit.x1) + " m)");
      }
    }
    const auto& pts = level->terrain.points;
    for (size_t k = 1; k < pts.size(); ++k) {
      // The rise is a difference of two parsed floats: a 0.40 m riser from
      // y = 0.8 to 1.2 comes out as 0.4000001. Compare with 0.1 mm of slack.
      if (pts[k].x == pts[k - 1].x && pts[k].x > npc.patrol_x0 && pts[k].x < npc.patrol_x1 &&
          std::fabs(pts[k].y - pts[k - 1].y) > lim::kMaxWalkableStep + 1e-4f) {
        Fail(patrol_path, "crosses a " + Num(std::fabs(pts[k].y - pts[k - 1].y)) + " m step at x = " + Num(pts[k].x) +
                              " (NPCs cannot walk steps over 0.40 m)");
      }
    }
    if (const json* v = Find(o, "variant")) {
      npc.variant =
          Choice(*v, Key(p, "variant"), {"red", "green"}) == 0 ? world::NpcVariant::kRed : world::NpcVariant::kGreen;
    }
    ParseNpcFight(o, p, &npc);
    if (npc.role == world::NpcRole::kEnemy) CheckEnemyGround(level->terrain, npc, patrol_path);
    level->npcs.push_back(npc);
  }
}

void ParseRocks(const json& j, const std::string& path, const LevelExtent& e, Level* level) {
  ExpectArray(j, path, lim::kMaxRocks);
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string p = At(path, i);
    const json& o = ExpectObject(j[i], p);
    CheckKeys(o, p, {"x", "z", "size", "yaw_deg"});
    world::Rock rock;
    rock.x = RequiredNumber(o, "x", p);
    CheckInsideTerrain(rock.x, e, Key(p, "x"));
    CheckNotInPit(rock.x, *level, Key(p, "x"));
    rock.z = OptionalNumber(o, "z", p, 0.0f);
    CheckRange(rock.z, level->terrain.z_min, level->terrain.z_max, Key(p, "z"), "the terrain's z_min..z_max");
    const std::string size_path = Key(p, "size");
    const json& size = ExpectArray(Require(o, "size", p), size_path);
    if (size.size() != 3) Fail(size_path, "expected [x, y, z], got " + std::to_string(size.size()) + " values");
    for (int k = 0; k < 3; ++k) {
      rock.size[k] = Number(size[static_cast<size_t>(k)], At(size_path, static_cast<size_t>(k)));
      CheckRange(rock.size[k], 0.05f, 3.0f, At(size_path, static_cast<size_t>(k)), "0.05..3 m");
    }
    rock.yaw_deg = OptionalNumber(o, "yaw_deg", p, 0.0f);
    CheckRange(rock.yaw_deg, -360.0f, 360.0f, Key(p, "yaw_deg"), "-360..360 degrees");
    level->rocks.push_back(rock);
  }
}

void ParseProps(const json& j, const std::string& path, const LevelExtent& e, Level* level) {
  ExpectArray(j, path, lim::kMaxProps);
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string p = At(path, i);
    const json& o = ExpectObject(j[i], p);
    CheckKeys(o, p, {"kind", "x", "z", "y", "scale", "yaw_deg"});
    world::Prop prop;
    prop.kind =
        static_cast<world::PropKind>(Choice(Require(o, "kind", p), Key(p, "kind"),
                                            {"tree", "rock", "banner", "crate", "bush", "torch", "barrel", "fence"}));
    prop.x = RequiredNumber(o, "x", p);
    CheckInsideTerrain(prop.x, e, Key(p, "x"));
    prop.z = OptionalNumber(o, "z", p, 0.0f);
    if (const json* y = Find(o, "y")) prop.y = Number(*y, Key(p, "y"));
    prop.scale = OptionalNumber(o, "scale", p, 1.0f);
    CheckRange(prop.scale, 0.05f, 20.0f, Key(p, "scale"), "0.05..20");
    prop.yaw_deg = OptionalNumber(o, "yaw_deg", p, 0.0f);
    CheckRange(prop.yaw_deg, -360.0f, 360.0f, Key(p, "yaw_deg"), "-360..360 degrees");
    level->props.push_back(prop);
  }
}

void ParseCollectibles(const json& j, const std::string& path, const LevelExtent& e, Level* level) {
  ExpectArray(j, path, lim::kMaxCollectibles);
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string p = At(path, i);
    const json& o = ExpectObject(j[i], p);
    CheckKeys(o, p, {"x", "height"});
    world::Collectible gem;
    gem.x = RequiredNumber(o, "x", p);
    CheckInsideTerrain(gem.x, e, Key(p, "x"));
    gem.height_m = OptionalNumber(o, "height", p, gem.height_m);
    CheckRange(gem.height_m, 0.2f, 12.0f, Key(p, "height"), "0.2..12 m above the terrain");
    level->collectibles.push_back(gem);
  }
}

// Three times, each longer than the last: gold, silver, bronze.
void ParseMedals(const json& j, const std::string& path, world::Medals* medals) {
  ExpectObject(j, path);
  CheckKeys(j, path, {"gold", "silver", "bronze"});
  float* const times[] = {&medals->gold_s, &medals->silver_s, &medals->bronze_s};
  const char* const names[] = {"gold", "silver", "bronze"};
  for (int i = 0; i < 3; ++i) {
    *times[i] = RequiredNumber(j, names[i], path);
    CheckRange(*times[i], 1.0f, lim::kMaxMedalTimeS, Key(path, names[i]), "1..3600 s");
    if (i > 0 && !(*times[i] > *times[i - 1])) {
      Fail(Key(path, names[i]),
           Num(*times[i]) + " must be longer than " + names[i - 1] + " (" + Num(*times[i - 1]) + " s)");
    }
  }
}

// The look: the sky and the ground, each one of its names (world::Mood).
void ParseMood(const json& j, const std::string& path, world::Mood* mood) {
  ExpectObject(j, path);
  CheckKeys(j, path, {"sky", "ground"});
  if (const json* v = Find(j, "sky")) {
    mood->sky = Choice(*v, Key(path, "sky"), {"day", "dusk"}) == 0 ? world::SkyMood::kDay : world::SkyMood::kDusk;
  }
  if (const json* v = Find(j, "ground")) {
    mood->ground = Choice(*v, Key(path, "ground"), {"meadow", "paving"}) == 0 ? world::GroundMood::kMeadow
                                                                              : world::GroundMood::kPaving;
  }
}

}  // namespace knights::asset
