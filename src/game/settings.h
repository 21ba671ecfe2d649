#pragma once
// The player's settings, kept between runs in the user's config directory
// (asset/settings_file.h reads and writes them).

#include <string>

#include "core/key_bindings.h"
#include "game/knight.h"

namespace knights::game {

struct Settings {
  int window_width = 1280;  // windowed size, screen coordinates
  int window_height = 720;
  bool fullscreen = false;
  bool vsync = true;
  IkToggles ik;  // the IK switches of the overlay and pause menu
  core::KeyBindings keys = core::KeyBindings::Defaults();
  // The character names last chosen on the title screen as Hero and
  // Patrols ("": the run's own; a name no loaded character has is ignored).
  std::string hero;
  std::string patrols;
};

}  // namespace knights::game
