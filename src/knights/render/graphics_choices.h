#pragma once
// The player's graphics choices (game::GraphicsChoices, made in Options and
// kept in the settings file) in the renderer's terms.

#include "knights/game/session/settings.h"
#include "knights/render/scene_renderer.h"

namespace knights::render {

static_assert(static_cast<int>(AntiAliasing::kOff) == static_cast<int>(game::AntiAliasingChoice::kOff) &&
                  static_cast<int>(AntiAliasing::kFxaa) == static_cast<int>(game::AntiAliasingChoice::kFxaa) &&
                  static_cast<int>(AntiAliasing::kMsaa) == static_cast<int>(game::AntiAliasingChoice::kMsaa),
              "game::AntiAliasingChoice follows render::AntiAliasing");

inline AntiAliasing ToAntiAliasing(game::AntiAliasingChoice choice) { return static_cast<AntiAliasing>(choice); }
inline game::AntiAliasingChoice ToAntiAliasingChoice(AntiAliasing aa) {
  return static_cast<game::AntiAliasingChoice>(aa);
}

// Each choice the player made replaces the scene's setting; the others
// (not chosen: the machine's default) stay as they are.
inline void ApplyGraphicsChoices(const game::GraphicsChoices& choices, SceneSettings& scene) {
  if (choices.anti_aliasing) scene.anti_aliasing = ToAntiAliasing(*choices.anti_aliasing);
  if (choices.shadows) scene.shadows = *choices.shadows;
  if (choices.render_scale) scene.render_scale = *choices.render_scale;
}

}  // namespace knights::render
