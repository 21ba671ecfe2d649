#pragma once
// The description of one level: plain data, filled once by the loader
// (knights/asset/level_loader.h) and never changed afterwards. World (knights/world/world.h)
// builds collision geometry and ladders from it.
//
// Space and units: every position is in world space (suffix-free fields in
// this file are all world space), metres, Y up. The side-scroller's play
// plane is z = 0, the player runs along +x and the camera looks from +z
// towards -z. Angles are degrees where the field name says _deg.
//
// The terrain surface is a height field over (x, z):
//   height(x, z) = profile(x) + tilt_z(x) * z + bump_z(x) * sin(2 pi z / bump_wavelength_z)
// where profile, tilt_z and bump_z are piecewise linear in x between the
// terrain points. Two consecutive points with the same x make a vertical step
// (a sharp edge); both points of a step carry the same tilt_z and bump_z, so
// the step face has the same height everywhere along z.

#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

namespace knights::world {

// One point of the terrain profile.
struct TerrainPoint {
  float x = 0.0f;       // world x, metres
  float y = 0.0f;       // profile height at z = 0, world metres
  float tilt_z = 0.0f;  // cross-depth slope dy/dz (dimensionless); feet at z = +-0.1 differ by 0.2 * tilt_z
  float bump_z = 0.0f;  // amplitude of the cross-depth ripple, metres (0 = none)

  bool operator==(const TerrainPoint&) const = default;
};

struct Terrain {
  // Profile points with non-decreasing x; equal x in a pair is a vertical
  // step. Segments between points of different x are slopes.
  std::vector<TerrainPoint> points;
  float z_min = -3.0f;             // back edge of the ground strip, world z, metres
  float z_max = 3.0f;              // front edge (towards the camera), world z, metres
  float cell_x = 0.25f;            // length of one collision cell along x, metres (segments are split to at most this)
  float cell_z = 0.2f;             // width of one collision cell along z, metres
  float bump_wavelength_z = 1.2f;  // period of the cross-depth ripple, metres

  bool operator==(const Terrain&) const = default;
};

// A solid box: a floating platform or a ledge. Its top is walkable.
struct Platform {
  float x0 = 0.0f;         // left end, world x, metres
  float x1 = 0.0f;         // right end, world x, metres (x1 > x0)
  float top_y = 0.0f;      // walkable top surface, world y, metres
  float thickness = 0.3f;  // box height below the top, metres
  float z0 = -3.0f;        // back side, world z, metres
  float z1 = 3.0f;         // front side, world z, metres (z1 > z0)

  bool operator==(const Platform&) const = default;
};

// A rock on the ground: a small convex polyhedron (a seven-sided frustum with
// a raised cap) whose base sits slightly below the terrain under it.
struct Rock {
  float x = 0.0f;                    // centre, world x, metres
  float z = 0.0f;                    // centre, world z, metres
  glm::vec3 size{0.5f, 0.3f, 0.5f};  // full extent along x, y (height above the ground) and z, metres
  float yaw_deg = 0.0f;              // rotation about +y, degrees

  bool operator==(const Rock&) const = default;
};

// A ladder. It is not collision: its rungs are data (knights/world/ladder.h) that the
// climb controller and the hand/foot IK use.
struct LadderDesc {
  float x = 0.0f;             // world x of the rails' centre line at the bottom, metres
  float z = 0.0f;             // world z of the ladder's centre (rungs span z +- width/2), metres
  float bottom_y = 0.0f;      // where the rails stand, world y, metres
  float top_y = 0.0f;         // height of the ledge the ladder leads to, world y, metres (> bottom_y)
  float width = 0.5f;         // distance between the rails along z, metres
  float rung_spacing = 0.3f;  // distance between rungs measured along the rails, metres (0.22..0.40)
  float lean_deg = 0.0f;      // tilt of the rails from vertical: > 0 moves the top towards +x, < 0 towards -x
  int exit_dir = +1;          // +1: the ledge at the top lies towards +x (climber faces +x); -1: towards -x

  bool operator==(const LadderDesc&) const = default;
};

struct Spawn {
  float x = 0.0f;  // world x, metres; the player starts on the ground there
  float z = 0.0f;  // world z, metres (the play plane is 0)

  bool operator==(const Spawn&) const = default;
};

enum class GoalKind { kGate, kBanner };

struct Goal {
  float x = 0.0f;  // reaching x >= this world x ends the level, metres
  GoalKind kind = GoalKind::kGate;

  bool operator==(const Goal&) const = default;
};

// A gap in the ground: no terrain between x0 and x1. Falling below the
// level's kill_y respawns the player at the last checkpoint.
struct Pit {
  float x0 = 0.0f;  // left edge, world x, metres
  float x1 = 0.0f;  // right edge, world x, metres (x1 > x0)

  bool operator==(const Pit&) const = default;
};

enum class NpcVariant { kRed, kGreen };
// A patrol only walks its range; an enemy also fights the player inside it
// (knights/game/brains/enemy_ai.h).
enum class NpcRole { kPatrol, kEnemy };

// An NPC knight that walks back and forth between patrol_x0 and patrol_x1.
struct Npc {
  float x = 0.0f;          // spawn, world x, metres (inside the patrol range)
  float patrol_x0 = 0.0f;  // world x, metres
  float patrol_x1 = 0.0f;  // world x, metres (> patrol_x0)
  NpcVariant variant = NpcVariant::kRed;
  NpcRole role = NpcRole::kPatrol;
  int health = 3;  // hit points (an enemy's; 1..kMaxNpcHealth)
  // An enemy's temper, 0..1: shorter wind-ups, fewer pauses between
  // attacks and more blocks as it rises.
  float aggression = 0.5f;

  bool operator==(const Npc&) const = default;
};

enum class PropKind { kTree, kRock, kBanner, kCrate, kBush, kTorch, kBarrel, kFence };

// Scenery only: props are drawn, never collided with.
struct Prop {
  PropKind kind = PropKind::kTree;
  float x = 0.0f;          // world x, metres
  float z = 0.0f;          // world z, metres
  std::optional<float> y;  // world y, metres; empty: on the terrain at (x, z)
  float scale = 1.0f;      // uniform scale of the prop's model
  float yaw_deg = 0.0f;    // rotation about +y, degrees

  bool operator==(const Prop&) const = default;
};

// A gem to pick up, floating over the course: walked, jumped or climbed
// through, it is the player's.
struct Collectible {
  float x = 0.0f;         // world x, metres
  float height_m = 1.0f;  // above the terrain's profile at x (ProfileHeight), metres

  bool operator==(const Collectible&) const = default;
};

// The times to beat for a medal, seconds of play to the goal (all 0: the
// level gives none). gold_s < silver_s < bronze_s.
struct Medals {
  float gold_s = 0.0f;
  float silver_s = 0.0f;
  float bronze_s = 0.0f;

  bool operator==(const Medals&) const = default;
};

// The sky a level is drawn under (knights/render/sky_light.h has its colours).
enum class SkyMood {
  kDay,   // late afternoon: a warm sun 31 degrees up from the front-left, a blue sky (the default)
  kDusk,  // sunset: a low red sun 14 degrees up from the left, a deep blue-violet zenith over an
          // orange horizon, a darker violet ambient and longer shadows
};
// What the ground is made of, on the walking strip and around it.
enum class GroundMood {
  kMeadow,  // grass over rock cliffs, a meadow with trees behind, hills and mountains (the default)
  kPaving,  // flagstones over masonry inside a castle: a paved courtyard behind, the curtain wall and
            // its towers beyond it; platforms are wooden scaffolds on posts
};

// How a level looks: scenery only, never gameplay. The defaults are the
// demo's look, which a file without "mood" keeps.
struct Mood {
  SkyMood sky = SkyMood::kDay;
  GroundMood ground = GroundMood::kMeadow;

  bool operator==(const Mood&) const = default;
};

struct Level {
  std::string name;  // shown in the UI
  Terrain terrain;
  Spawn spawn;
  Goal goal;
  float kill_y = -10.0f;           // world y, metres: anything below it is dead (pits)
  std::vector<float> checkpoints;  // world x of each checkpoint, strictly increasing, metres
  std::vector<Pit> pits;           // sorted by x, not overlapping
  std::vector<Platform> platforms;
  std::vector<Rock> rocks;
  std::vector<LadderDesc> ladders;
  std::vector<Npc> npcs;
  std::vector<Prop> props;
  std::vector<Collectible> collectibles;  // sorted by x as the file gives them
  Medals medals;
  Mood mood;

  // Field by field, floats compared exactly: a level written by
  // asset::LevelToJson (knights/asset/level_writer.h) parses back equal.
  bool operator==(const Level&) const = default;
};

// --- Pure helpers on the description (no collision mesh needed). ---------

// First and last terrain x, metres.
float TerrainMinX(const Terrain& terrain);
float TerrainMaxX(const Terrain& terrain);

// The profile height at x (z = 0, without variation). At a step's x the
// height of the step's second point (the segment to the right) is returned:
// the profile is right-continuous. x outside the terrain clamps to the ends.
float ProfileHeight(const Terrain& terrain, float x);

// The cross-depth variation at (x, z), metres: tilt_z(x) * z + bump_z(x) * sin(2 pi z / wavelength).
float TerrainVariation(const Terrain& terrain, float x, float z);

// The analytic terrain height at (x, z) = ProfileHeight + TerrainVariation.
// The collision mesh equals it at its vertices and is linear in between.
float TerrainHeight(const Terrain& terrain, float x, float z);

// Where a collectible floats, world metres (on the play plane).
glm::vec3 CollectiblePositionWs(const Terrain& terrain, const Collectible& gem);

// True when x lies strictly inside a pit's gap.
bool InPit(const Level& level, float x);

// Names used in level files ("tree", "red", "gate", ...).
const char* ToString(PropKind kind);
const char* ToString(NpcVariant variant);
const char* ToString(NpcRole role);
const char* ToString(GoalKind kind);
const char* ToString(SkyMood sky);
const char* ToString(GroundMood ground);

}  // namespace knights::world
