#pragma once
// Moves one knight through the world from its input (a player's or an AI's):
// the gameplay state machine of the side-scroller. Movement is 2D in x/y on
// the play plane (z = 0); collision is by rays against the world's triangles.
//
// Modes and transitions:
//   kGround  --jump (buffered, coyote time)-->  kAir  --lands-->  kGround
//   kGround  --up at a ladder's foot-->  kLadderEnter  --clip ends-->  kClimb
//   kGround  --down at a ladder's top-->  kLadderEnterTop --clip ends--> kClimb
//   kClimb   --up at the top-->  kLadderExit  --clip ends-->  kGround (on the ledge)
//   kClimb   --down at the bottom-->  kGround
//   anywhere --below the kill plane-->  respawn at the last checkpoint
//
// The mover (ground and air) keeps one rule: the feet never end a step
// inside the ground. Horizontally the body is two stacked wall probes, the
// legs (legs_radius_m, the toes' reach) and the torso (body_radius_m), from
// just above a step's height; ground too high to step onto but not steep
// enough for a wall stops the move too (AllowedMove). Vertically the feet
// follow the ground up steps of max_step_up_m and down snap_down_m; in the
// air they land on the first ground from a step above the higher of the
// old and new height down to the new one (rising into a steep slope, onto
// a low edge, as on the ground). tests/game/knight/knight_mover_property_test.cpp
// checks it on random legal terrain; --metrics counts any step that breaks
// it (mover_penetration_frames).
//
// Up or down ground steeper than a person runs (stairs of 0.40 m risers,
// a 40 degree slope) the ground speed is capped so the feet rise at most
// max_climb_rate_mps and fall at most max_descent_rate_mps: a stair gait
// (StairGaitMps).
//
// The body is drawn at VisualFeetWs: the feet plus an offset that takes
// whatever the ground's mean slope over a stride does not explain (a
// riser's snap, ripples, a landing's stop, a take-off's start) and eases
// it away, its speed changing by at most max_step_ease_accel_mps2, so the
// drawn body never jolts (issue 38; docs/ik.md).
//
// The controller decides which clip role plays (Role()) and at what rate; the
// AnimPlayer crossfades. It never reads the pose: animation follows gameplay.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include <glm/glm.hpp>

#include "knights/core/input_state.h"
#include "knights/character/character_desc.h"
#include "knights/math/damped_spring.h"
#include "knights/world/world.h"

namespace knights::game {

struct KnightTuning {
  float walk_speed_mps = 1.5f;      // the walk clip's authored speed
  float run_speed_mps = 4.0f;       // the run clip's authored speed
  float ground_accel_mps2 = 12.0f;  // towards the target speed
  float ground_decel_mps2 = 16.0f;  // when stopping or reversing
  float air_accel_mps2 = 6.0f;
  float gravity_mps2 = 18.0f;        // with the apex: 0.68 s in the air, 2.7 m at run speed
  float jump_apex_m = 1.05f;         // jump height above the take-off
  float coyote_time_s = 0.10f;       // jump still allowed after walking off a ledge
  float jump_buffer_s = 0.12f;       // a jump pressed this early before landing still happens
  float max_step_up_m = 0.45f;       // steps up to this are walked over
  float snap_down_m = 0.45f;         // follow the ground down steps and slopes this far
  float max_walk_slope_deg = 42.0f;  // steeper surfaces are walls
  float body_radius_m = 0.28f;       // horizontal collision radius of the torso
  float legs_radius_m = 0.2f;        // of the legs (below legs_height_m): the toes in front of the feet
  float legs_height_m = 0.9f;        // where the torso's radius starts, above the feet
  // Soles to the top of the head, metres: the torso's collision top and
  // where a ceiling is looked for (Knight::Init sets the character's own,
  // Rig::body_height_m).
  float body_height_m = 1.7f;
  float turn_time_s = 0.18f;            // facing flips over this long when turning while moving
  float turn_on_spot_below_mps = 0.3f;  // slower than this, turning round plays the turn clip
  float lean_rate_rad_s = 0.6f;         // how fast the climber leans with a ladder
  // The drawn body follows steps up and down with this smoothing (the
  // physical feet snap to each step; the feet IK puts each foot on it).
  float step_smooth_time_s = 0.08f;
  // Where the drawn body lags more than this above the feet after steps
  // down, metres, it eases at step_smooth_time_s / kDropCatchUp: down a
  // flight of 0.40 m risers at a run the eased offset would otherwise pile
  // up, holding the body too high for the legs to reach the tread below.
  // (Up a step the body is drawn low, which bent knees take.)
  float max_drop_lag_m = 0.25f;
  // The drawn body's height changes its speed by at most this, m/s^2, while
  // it eases a step: 0.05 m a step at 60 Hz, so the body never stops or
  // starts dead on a step (its jolt, IkMetrics' pelvis_kink_m).
  float max_step_ease_accel_mps2 = 180.0f;
  // A landing's speed is taken into the drawn body (the cushion) only up
  // to what it stops from within this depth at max_step_ease_accel_mps2,
  // metres: a fall from a great height stops hard rather than sinking the
  // body metres into the ground (10.4 m/s: a drop of 5.5 m; 2 m drops are
  // cushioned whole).
  float max_landing_dip_m = 0.3f;
  // Stair gait: where the ground ahead climbs (drops) steeper than a person
  // runs, the ground speed is capped so that the feet rise (fall) no faster
  // than this, m/s: up a flight of 0.40 m risers on 0.25 m treads a run
  // would lift the body 6.4 m/s, which no stride can carry (StairGaitMps).
  float max_climb_rate_mps = 1.8f;
  float max_descent_rate_mps = 2.4f;
  // How fast the knight moves across depth (z): to a ladder's centre when
  // climbing one off the play plane, back to the plane on the ground, m/s.
  float depth_speed_mps = 1.5f;
  // Getting on a ladder carries the body from where the knight stands to
  // the climbing spot over its planted feet: at most this far along x,
  // metres (Knight::Init: 0.3 of the leg, the knight's 0.26). Up held
  // further from the spot, the knight first walks there
  // (KnightController::ApproachingLadder).
  float max_ladder_shuffle_m = 0.26f;
};

// The ladder a climb clip is taken to be authored on when it does not say
// (Clip::RungSpacingM, RungReachM; the loader measures both for clips
// without extras): the knight's rungs 0.30 m apart, 0.35 m in front, metres.
inline constexpr float kNominalRungSpacingM = 0.30f;
inline constexpr float kNominalRungReachM = 0.35f;

// What the controller must know of the character's one-shot clips (read
// from the clips at load, see Knight::Init).
struct MotionClipInfo {
  float enter_duration_s = 1.0f;  // ladder_enter_bottom
  // When the enter clip's first and last foot leave the ground, seconds
  // into it: the ends of the foot contacts that begin at the clip's start
  // (the clip starts standing, so those contacts are on the ground). In
  // between, the first foot steps onto the ladder's foot.
  float enter_first_foot_off_ground_s = 0.2f;
  float enter_feet_off_ground_s = 0.5f;
  float exit_duration_s = 1.6f;  // ladder_exit_top
  // Root motion of ladder_exit_top at its end (model space: x forward, y up):
  // where the knight stands on the ledge relative to its last climbing spot.
  glm::vec2 exit_root_offset_m{0.70f, 1.5f};
  // When the exit clip's hands let go of the ladder (their last contact
  // ends), and when its first foot lifts off the rungs for the ledge,
  // seconds into it: a climber leaning with its ladder straightens up at
  // the first of these when the ladder leans towards the ledge, at the
  // hands' release when it leans away (KnightController::Step says why).
  float exit_hands_release_s = 0.8f;
  float exit_first_foot_off_rungs_s = 0.8f;
  // When the exit clip's feet are off the rungs for good, seconds into it:
  // the end of the last foot contact that does not last to the clip's end
  // (the clip ends standing, so those final contacts are on the ledge).
  // From then on the feet are on the ground, the foot IK's to place.
  float exit_feet_off_rungs_s = 1.0f;
  float climb_cycle_s = 1.2f;  // climb_up's duration
  // The ladder climb_up was authored on: its rungs' centre line this far in
  // front of the root (where the climber's root is put), metres.
  float rung_reach_m = kNominalRungReachM;
  // Rungs climbed per cycle: the clip's rise per cycle / its rung spacing.
  // A cycle rises this many of the ladder's own rungs (time warp), so the
  // grips repeat at the same place on every rung.
  float climb_rungs_per_cycle = 2.0f;
  // The turn clip: turning round on the spot, its root joint rotating 180
  // degrees while the feet step round (the facing flips when it ends).
  float turn_duration_s = 0.667f;
};

// How a passing lane's ground is judged before the knight walks into it
// (knight_controller.cpp says how, at kLaneLevelM).
enum class LaneRule : uint8_t {
  kLevel,     // level with the ground at the feet' depth: the player's (his jumps are judged on the plane)
  kHillside,  // on a straight line across the path, no edge: an NPC's, whose patrol has no pits or steps
};

enum class KnightMode { kGround, kAir, kLadderEnter, kLadderEnterTop, kClimb, kLadderExit };
const char* ToString(KnightMode mode);
// Entering, climbing or leaving a ladder.
inline bool OnLadder(KnightMode mode) {
  return mode == KnightMode::kClimb || mode == KnightMode::kLadderEnter || mode == KnightMode::kLadderEnterTop ||
         mode == KnightMode::kLadderExit;
}

class KnightController {
 public:
  KnightTuning tuning;

  // A fresh start (a new run, a restart): no checkpoint reached, the
  // knight standing at feet_ws (on the ground) facing `facing` (+1: +x).
  // Respawns() keeps counting: it is the run's statistic.
  void Spawn(const glm::vec3& feet_ws, int facing = +1);
  // One fixed sim step.
  void Step(const core::InputState& input, const world::World& world, float dt_s);

  void SetMotionClipInfo(const MotionClipInfo& info) { clip_info_ = info; }
  // A blow's shove: on the ground the body is set moving at vx_mps along x
  // (the ground's deceleration stops it); elsewhere nothing happens.
  void Shove(float vx_mps) {
    if (mode_ == KnightMode::kGround && turn_left_s_ <= 0.0f) velocity_.x = vx_mps;
  }
  // Other knights' bodies ahead and behind: the most the feet may move
  // along +x and -x this step (metres, >= 0; infinity: nobody near), as a
  // wall stops them. Set before each Step (game::BodySpacing).
  void SetRoomAlongX(float towards_plus_x_m, float towards_minus_x_m) {
    room_plus_x_m_ = towards_plus_x_m;
    room_minus_x_m_ = towards_minus_x_m;
  }
  // Whether another knight's body leaves no room to walk on towards
  // `towards` (+1: +x): the fighters are as close as they come.
  bool AgainstAKnight(int towards) const { return (towards > 0 ? room_plus_x_m_ : room_minus_x_m_) < kAgainstM; }
  static constexpr float kAgainstM = 0.02f;
  // Moves the feet dx_m along x on the ground or in the air (walls stop
  // them; the room above does not): two knights' bodies pushed apart.
  // Returns the metres moved; nothing on a ladder.
  float PushAlongX(const world::World& world, float dx_m);
  // Back at the last checkpoint (as after a fall; Respawns() counts it):
  // the player lost every hit point.
  void RespawnAtCheckpoint(const world::World& world) { Respawn(world); }
  // The depth (world z, metres) the knight walks at on the ground: 0, the
  // play plane, or a little in front or behind it to pass another knight.
  // Eased to while walking or running (LaneZ), only where the ground there
  // is the same as under the feet.
  // rule: how the lane's ground is judged (LaneRule).
  void SetLane(float lane_z, LaneRule rule = LaneRule::kLevel) {
    lane_z_ = lane_z;
    lane_rule_ = rule;
  }
  float Lane() const { return lane_z_; }
  // Climbing speed on the current ladder at full input, m/s.
  float ClimbSpeedMps() const { return climb_rise_per_cycle_m_ / std::max(clip_info_.climb_cycle_s, 0.05f); }
  // Height gained along the rails per climb cycle on the current ladder: a
  // whole number of cycles spans the ladder from the bottom to where the
  // exit starts, each about climb_rungs_per_cycle of its rungs (time warp).
  float ClimbRisePerCycleM() const { return climb_rise_per_cycle_m_; }
  // Where the climb cycle is, 0..1 (0: the pose the enter clip ends in and
  // the exit clip starts from).
  float ClimbPhase() const;
  const MotionClipInfo& motion_clip_info() const { return clip_info_; }

  KnightMode mode() const { return mode_; }
  // Root (feet) position in the world, metres; the model's origin.
  glm::vec3 FeetWs() const { return feet_ws_; }
  glm::vec2 VelocityMps() const { return velocity_; }
  int Facing() const { return facing_; }  // +1: +x, -1: -x
  // Yaw of the model about +y, radians (0 faces +x), eased during turns.
  float YawRad() const { return yaw_rad_; }
  // Model -> world matrix (smoothed feet position, lean on a ladder, yaw).
  glm::mat4 ModelToWorld() const;
  // The model's origin: the feet position with the step smoothing applied.
  glm::vec3 VisualFeetWs() const { return feet_ws_ + glm::vec3(0.0f, visual_offset_y_.value, 0.0f); }
  bool Grounded() const { return mode_ == KnightMode::kGround; }
  // How far (metres, >= 0) the body can move by dx along x from where it
  // stands before a wall, or ground too high to step onto, stops it: what
  // a step of the mover would allow (the autopilot looks ahead with it).
  float AllowedMove(const world::World& world, float dx) const;
  // Leaving (entering from the top) with both feet off the rungs: they
  // stand on the ledge or step onto it (MotionClipInfo::exit_feet_off_rungs_s).
  bool FeetOnLedge() const;
  // Entering from the bottom while a foot of the clip still stands on the
  // ground (MotionClipInfo::enter_feet_off_ground_s): the foot IK keeps the
  // feet on it until they are on the rungs.
  bool FeetOnGroundEntering() const;
  // Where the feet will be `seconds` from now while the game moves them
  // along a script rather than by velocity (entering a ladder from the
  // bottom); nullopt otherwise.
  std::optional<glm::vec3> ScriptedFeetWsAfter(const world::World& world, float seconds) const;
  // The ladder being used (-1 when none).
  int Ladder() const { return ladder_; }
  // Clip role and clip-seconds-per-second the animation should play.
  character::ClipRole Role() const { return role_; }
  float RoleRate() const { return role_rate_; }
  // Start time for Role() when it was just chosen (e.g. reversed clips start at their end).
  float RoleStartS() const { return role_start_s_; }
  // Increments every time Role() changes to a one-shot that must restart.
  int RoleSerial() const { return role_serial_; }
  // Climb distance along the ladder from its bottom, metres (phase source).
  float ClimbS() const { return climb_s_; }
  // Times this knight fell out of the world and respawned.
  int Respawns() const { return respawns_; }
  int LastCheckpoint() const { return checkpoint_; }
  bool JustLanded() const { return just_landed_; }
  // This step ended a turn on the spot that played to its end (the yaw
  // flipped at once); a turn cut short eases its yaw round instead.
  bool TurnCompleted() const { return turn_completed_; }
  // Turning round on the spot (the turn clip is playing).
  bool Turning() const { return turn_left_s_ > 0.0f; }
  // Up held at a ladder's foot too far from its climbing spot: the knight
  // walks there (at kLadderApproachInput of its walk, turning round first
  // if need be) and gets on. A brain holding up should leave left and
  // right alone meanwhile: either cancels the walk.
  bool ApproachingLadder() const { return approach_ladder_ >= 0; }
  // Whether the turn clip is what is drawn (a fight clip may play over
  // it): only a drawn turn turns the body, so only then does the yaw flip
  // at once when it ends; otherwise it eases round.
  void SetTurnDrawn(bool drawn) { turn_drawn_ = drawn; }
  // The input that turns the knight round to face `towards` (+1: +x) on the
  // spot, for a brain to give: a tap once the body has stopped, then
  // nothing while the turn clip plays. (A reversal held from a standstill
  // ends the turn clip as soon as the body moves, or made while moving
  // eases the yaw round: either way over planted feet, which would slide.)
  core::InputState TurnOnTheSpotInput(int towards) const {
    core::InputState input;
    if (!Turning() && facing_ != towards && std::fabs(velocity_.x) < kStoppedMps) {
      input.move_x = static_cast<float>(towards);
    }
    return input;
  }
  // Slower than this the body counts as stopped (a turn may start), m/s.
  static constexpr float kStoppedMps = 0.05f;
  // The walk to a ladder's climbing spot, as a share of the stick (half
  // the walk); it is given up beyond kLadderApproachRangeM of the spot, m.
  static constexpr float kLadderApproachInput = 0.5f;
  static constexpr float kLadderApproachRangeM = 1.5f;

 private:
  // Stands the knight at feet_ws, at rest; its checkpoint is kept (a
  // respawn places it too).
  void Place(const glm::vec3& feet_ws, int facing);
  void StepGround(const core::InputState& input, const world::World& world, float dt_s);
  void StepAir(const core::InputState& input, const world::World& world, float dt_s);
  void StepClimb(const core::InputState& input, const world::World& world, float dt_s);
  void StepLadderTransition(const world::World& world, float dt_s);
  void EaseVisualOffset(float dt_s);
  float MeanGroundRise(const world::World& world) const;
  // The fastest ground speed, m/s, at which the feet keep within
  // max_climb_rate_mps and max_descent_rate_mps over the walkable ground
  // ahead in direction dir (+1 or -1).
  float StairGaitMps(const world::World& world, int dir) const;
  bool LandOnGround(const core::InputState& input, const world::World& world, float old_y, float new_y);
  // Moves horizontally by dx, stopping at walls; returns the distance moved.
  float MoveHorizontally(const world::World& world, float dx);
  // Upward-facing ground at x between a step's height and the body's top
  // over the feet: too high to step onto.
  bool GroundAboveStep(const world::World& world, float x) const;
  bool TryStartLadder(const core::InputState& input, const world::World& world);
  // true: the climb started. Else *input is the player's input, or while
  // ApproachingLadder, a walk to the climbing spot.
  bool StartLadderOrApproach(const core::InputState& player_input, const world::World& world, core::InputState* input);
  // A wall (or a rock) stopped the move: the speed drops, and a walk to a
  // ladder's spot gives up (the climb starts from where the knight stands).
  void StopAtWall();
  void SetRole(character::ClipRole role, float rate, float start_s = 0.0f, bool restart = false);
  void Respawn(const world::World& world);
  glm::vec3 ClimbRootWs(const world::World& world, float climb_s) const;
  glm::vec3 ClimbRootWs(const world::Ladder& ladder, float climb_s) const;
  glm::vec3 EnterFeetWs(const world::World& world, float elapsed_s) const;
  // The knight's depth (z) moved towards goal_z at depth_speed_mps.
  float EaseDepth(float goal_z, float dt_s) const;
  // The depth the knight heads for on the ground: the lane, where the
  // ground a stride ahead at its depth is level with the feet; else 0.
  float GroundDepthGoal(const world::World& world) const;
  bool LaneIsLevel(const world::World& world, float x) const;
  bool LaneFollowsTheHill(const world::World& world, float x) const;
  // The highest climb_s on `ladder` (where the exit clip starts).
  float MaxClimbS(const world::Ladder& ladder) const;
  // Starts using ladder `index` (sets ladder_ and the climb's time warp).
  void AttachToLadder(const world::World& world, int index);

  KnightMode mode_ = KnightMode::kGround;
  glm::vec3 feet_ws_{0.0f};
  glm::vec2 velocity_{0.0f};  // x, y in m/s
  int facing_ = 1;
  float yaw_rad_ = 0.0f;
  float pitch_rad_ = 0.0f;  // lean about +z with a leaning ladder, radians
  // Drawn height minus physical height, metres, decaying to 0 (step smoothing).
  math::DampedSpring<float> visual_offset_y_;
  float coyote_left_s_ = 0.0f;
  float jump_buffer_left_s_ = 0.0f;
  bool just_landed_ = false;
  bool turn_completed_ = false;
  bool turn_drawn_ = true;         // SetTurnDrawn
  float land_time_left_s_ = 0.0f;  // the land clip is still playing
  float turn_left_s_ = 0.0f;       // the turn clip is still playing
  int ladder_ = -1;
  float climb_s_ = 0.0f;  // metres climbed from the ladder's bottom, along the rails
  float climb_rise_per_cycle_m_ = 0.6f;
  float transition_elapsed_s_ = 0.0f;
  glm::vec3 transition_from_ws_{0.0f};
  MotionClipInfo clip_info_;
  character::ClipRole role_ = character::ClipRole::kIdle;
  float role_rate_ = 1.0f;
  float role_start_s_ = 0.0f;
  int role_serial_ = 0;
  int checkpoint_ = -1;
  float lane_z_ = 0.0f;                                           // SetLane
  float room_plus_x_m_ = std::numeric_limits<float>::infinity();  // SetRoomAlongX
  float room_minus_x_m_ = std::numeric_limits<float>::infinity();
  LaneRule lane_rule_ = LaneRule::kLevel;
  int respawns_ = 0;
  int approach_ladder_ = -1;      // the ladder whose climbing spot the knight walks to; -1: none
  float approach_spot_x_ = 0.0f;  // that spot, world x
  int approach_blocked_ = -1;     // a ladder whose spot a wall kept the knight from: it gets on where it stands
};

}  // namespace knights::game
