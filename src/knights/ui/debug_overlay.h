#pragma once
// The F1 debug overlay: IK switches (master and per chain), debug drawing,
// the clip viewer (pick a clip, scrub its time, bind pose, skeleton lines),
// time scale, pause and single step, which knight to inspect, per-pass
// timings, live IK metrics, and rendering (shadows, anti-aliasing, render
// scale, vsync, fullscreen).

#include "knights/game/session/game_session.h"
#include "knights/platform/window.h"
#include "knights/render/scene_renderer.h"

namespace knights::ui {

// Frame-level debug settings the overlay edits and main reads.
struct DebugOverlayState {
  bool visible = false;
  float time_scale = 1.0f;  // 0.1 .. 2: slow motion
  bool sim_paused = false;  // freeze the sim (the frame still renders)
  bool step_once = false;   // advance one sim step while paused
  bool bind_pose = false;   // draw the inspected knight without skinning
  bool draw_skeleton = false;
  // Clip viewer: override the inspected knight's clips.
  bool clip_override = false;
  int clip_index = 0;
  float clip_time_s = 0.0f;
  bool clip_playing = true;
  double render_s = 0.0;                            // last frame's render time (seconds), for the timings
  render::SceneSettings* scene_settings = nullptr;  // edited by the Rendering section
  render::SceneStats scene_stats;                   // what the last frame did
};

// Draws the overlay (when visible) and applies its edits to the session.
void DrawDebugOverlay(game::GameSession& session, ik::IkSwitches& ik, std::span<const anim::Clip> clips,
                      DebugOverlayState& state, platform::Window& window, float frame_dt_s);

// Skeleton lines of a knight (the overlay's "skeleton" view): bones of the
// final pose in white, of the animated pose before IK in faint orange, and
// the knee/elbow bend planes.
void AddSkeletonLines(const game::Knight& knight, core::DebugLines& lines);

}  // namespace knights::ui
