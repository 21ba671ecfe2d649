#include "knights/ui/imgui_layer.h"

#include <SDL.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include "knights/platform/window.h"
#include "knights/ui/game_style.h"
#include "knights/ui/typeface.h"

namespace knights::ui {

ImGuiLayer::ImGuiLayer(platform::Window& window, std::vector<uint8_t> text_ttf, std::vector<uint8_t> display_ttf) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout is not persisted next to the binary
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard | ImGuiConfigFlags_NavEnableGamepad;
  ImGui_ImplSDL2_InitForOpenGL(window.sdl_window(), window.gl_context());
  ImGui_ImplOpenGL3_Init("#version 330 core");
  typeface_ = std::make_unique<Typeface>(std::move(text_ttf), std::move(display_ttf));
  SetScale(1.0f);
}

ImGuiLayer::~ImGuiLayer() {
  typeface_.reset();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiLayer::HandleEvent(const SDL_Event& event, void*) { ImGui_ImplSDL2_ProcessEvent(&event); }

bool ImGuiLayer::WantsKeyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

void ImGuiLayer::SetScale(float scale) {
  if (typeface_->Bake(scale)) ApplyGameStyle(typeface_->scale());
}

void ImGuiLayer::BeginFrame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
}

void ImGuiLayer::EndFrame() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void ImGuiLayer::EndFrameLayoutOnly() { ImGui::EndFrame(); }

}  // namespace knights::ui
