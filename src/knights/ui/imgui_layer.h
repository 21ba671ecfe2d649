#pragma once
// Dear ImGui on the SDL2 and OpenGL3 backends shipped inside Debian's
// libimgui.a, in the game's typefaces and style (ui::Typeface,
// ui::ApplyGameStyle). The overlay and menus draw between BeginFrame and
// EndFrame.

#include <cstdint>
#include <memory>
#include <vector>

union SDL_Event;

namespace knights::platform {
class Window;
}

namespace knights::ui {

class Typeface;

class ImGuiLayer {
 public:
  // The text and display faces' TrueType bytes (asset::LoadFontFile).
  ImGuiLayer(platform::Window& window, std::vector<uint8_t> text_ttf, std::vector<uint8_t> display_ttf);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  // Feeds one SDL event to ImGui (mouse, keyboard, text).
  static void HandleEvent(const SDL_Event& event, void* self);
  // True while ImGui uses the keyboard (a text field, or a window the player
  // clicked, which the arrow keys then navigate): the game then ignores its
  // held keys. Clicking the scene gives them back.
  bool WantsKeyboard() const;
  // The UI's scale relative to the 720-line layout (1.5 at 1080 lines):
  // the faces are baked and the style sized for it when it changes. Call
  // before BeginFrame.
  void SetScale(float scale);

  void BeginFrame();
  void EndFrame();  // renders the draw lists into the current framebuffer
  // Ends the frame without drawing it. Dear ImGui sizes an auto-resized
  // window (the HUD, the menus) on the first frame it appears in and shows
  // it from the next, so a single frame that must show them (a headless
  // screenshot) is preceded by one of these instead of a whole drawn frame.
  void EndFrameLayoutOnly();

 private:
  std::unique_ptr<Typeface> typeface_;
};

}  // namespace knights::ui
