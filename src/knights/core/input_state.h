#pragma once
// The player's intent for one frame, filled by the platform layer from the
// keyboard or a game controller and read by the game. Plain data: the game
// never sees SDL, and tests and the autoplay fill it directly.

namespace knights::core {

struct InputState {
  // Movement stick: x in [-1, 1] (right positive), y in [-1, 1] (up positive;
  // up/down climb ladders).
  float move_x = 0.0f;
  float move_y = 0.0f;
  bool run_held = false;        // Shift / right trigger or shoulder
  bool jump_held = false;       // Space / A
  bool jump_pressed = false;    // went down this frame (edge)
  bool attack_pressed = false;  // J / X: swing the sword (edge; a press during a swing queues the next)
  bool block_held = false;      // K / left shoulder or trigger: the shield raised while held

  // Menu and system actions, all edges (true only on the frame they happen).
  bool confirm_pressed = false;            // Enter / A: start, choose in menus
  bool pause_pressed = false;              // Esc / Start
  bool toggle_overlay_pressed = false;     // F1
  bool toggle_fullscreen_pressed = false;  // F11
  bool screenshot_pressed = false;         // F12
  bool menu_up_pressed = false;            // arrows / d-pad in menus
  bool menu_down_pressed = false;
  bool menu_left_pressed = false;  // arrows / d-pad: change a menu row's choice
  bool menu_right_pressed = false;
  bool back_pressed = false;  // the pad's B: back out of a menu page (fixed; the keyboard's is the pause key)
  // The window lost the keyboard focus, or a gamepad was unplugged (edge):
  // a game in play pauses, as on any console.
  bool focus_lost = false;
  bool quit_requested = false;  // window closed

  // Clears the edge flags after they were consumed by one frame.
  void ClearEdges() {
    jump_pressed = attack_pressed = confirm_pressed = pause_pressed = toggle_overlay_pressed = false;
    toggle_fullscreen_pressed = screenshot_pressed = menu_up_pressed = menu_down_pressed = false;
    menu_left_pressed = menu_right_pressed = back_pressed = focus_lost = false;
  }
};

}  // namespace knights::core
