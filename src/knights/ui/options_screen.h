#pragma once
// The Options screen as the player sees it: ui::OptionsMenu drawn with Dear
// ImGui (a panel over the dimmed scene, opened from the title screen and
// the pause menu), and its changes applied at once: volumes to the mixer,
// graphics to the renderer and the window, IK switches to the session,
// bindings to the input mapper; the saved settings (written at exit) get
// the graphics choices and the bindings. While a key is being captured the
// input mapper catches it, so the game never acts on it.

#include "knights/core/input_state.h"
#include "knights/game/session/settings.h"
#include "knights/platform/input_mapper.h"
#include "knights/platform/window.h"
#include "knights/render/dynamic_resolution.h"
#include "knights/render/scene_renderer.h"
#include "knights/ui/options_menu.h"

namespace knights::ui {

// Where Options' changes go; set once by the app (any left null is not
// changed, as in tests of the menus).
struct OptionsTargets {
  game::Settings* settings = nullptr;      // the saved settings: graphics choices, keys, pad buttons
  render::SceneSettings* scene = nullptr;  // the renderer's settings, changed at once
  // What a graphics choice not made gives: the machine's default, or what
  // the command line asked for.
  render::SceneSettings automatic;
  // Null when off; else its highest scale follows the render scale chosen
  // (and its lowest half of it).
  render::DynamicResolution* dynamic_resolution = nullptr;
  platform::Window* window = nullptr;      // fullscreen and vsync
  platform::InputMapper* input = nullptr;  // the bindings, and the capture of a key to bind
};

class OptionsScreen {
 public:
  void Connect(const OptionsTargets& targets);
  void Open() { menu_.Open(); }
  bool IsOpen() const { return menu_.IsOpen(); }
  // The settings Options edits (the saved ones once connected).
  const game::Settings& settings() const { return targets_.settings != nullptr ? *targets_.settings : unconnected_; }

  // Draws the open screen and runs it for one frame: `volumes` is edited in
  // place, the rest (the IK switches among them) goes to the targets.
  // Closes itself on Back from its first page.
  void Draw(game::SoundVolumes& volumes, const core::InputState& input, int width_px, int height_px);

  // The input the game sees this frame: none of it while Options is open
  // (its Esc goes back a page; it must not also resume the game).
  core::InputState InputForGame(const core::InputState& input) const;

 private:
  OptionsMenu::Click DrawPanel(const game::Settings& settings, int width_px, int height_px);
  void Apply(unsigned changes, const game::GraphicsChoices& before, game::SoundVolumes& volumes);
  void ApplyGraphics(const game::GraphicsChoices& before, const game::GraphicsChoices& after);

  OptionsMenu menu_;
  OptionsTargets targets_;
  game::Settings unconnected_;  // what is edited when no saved settings are connected
};

}  // namespace knights::ui
