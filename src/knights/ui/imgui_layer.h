#pragma once
// Dear ImGui on the SDL2 and OpenGL3 backends shipped inside Debian's
// libimgui.a. The overlay and menus draw between BeginFrame and EndFrame.

union SDL_Event;

namespace knights::platform {
class Window;
}

namespace knights::ui {

class ImGuiLayer {
 public:
  explicit ImGuiLayer(platform::Window& window);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  // Feeds one SDL event to ImGui (mouse, keyboard, text).
  static void HandleEvent(const SDL_Event& event, void* self);
  // True while ImGui uses the keyboard (a text field, or a window the player
  // clicked, which the arrow keys then navigate): the game then ignores its
  // held keys. Clicking the scene gives them back.
  bool WantsKeyboard() const;
  // Text size relative to the 720-line layout (1.5 at 1080 lines).
  void SetScale(float scale);

  void BeginFrame();
  void EndFrame();  // renders the draw lists into the current framebuffer
  // Ends the frame without drawing it. Dear ImGui sizes an auto-resized
  // window (the HUD, the menus) on the first frame it appears in and shows
  // it from the next, so a single frame that must show them (a headless
  // screenshot) is preceded by one of these instead of a whole drawn frame.
  void EndFrameLayoutOnly();
};

}  // namespace knights::ui
