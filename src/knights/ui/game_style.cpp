#include "knights/ui/game_style.h"

#include <imgui.h>

namespace knights::ui {
namespace {

const ImVec4 kIvory(0.96f, 0.93f, 0.84f, 1.0f);         // text
const ImVec4 kFaded(0.70f, 0.66f, 0.58f, 1.0f);         // hints, disabled text
const ImVec4 kPanel(0.07f, 0.06f, 0.09f, 0.86f);        // a panel's ground
const ImVec4 kGoldRule(0.80f, 0.63f, 0.30f, 0.85f);     // a panel's border, separators
const ImVec4 kGoldLit(0.82f, 0.62f, 0.24f, 0.50f);      // the selected item
const ImVec4 kGoldPressed(0.90f, 0.70f, 0.30f, 0.70f);  // an item pressed
const ImVec4 kWell(0.16f, 0.14f, 0.18f, 0.90f);         // sliders, check boxes

}  // namespace

void ApplyGameStyle(float ui_scale) {
  ImGuiStyle style;  // the defaults, scaled below from these
  ImGui::StyleColorsDark(&style);
  style.WindowPadding = ImVec2(20.0f, 14.0f);
  style.FramePadding = ImVec2(8.0f, 4.0f);
  style.ItemSpacing = ImVec2(10.0f, 6.0f);
  style.WindowRounding = 10.0f;
  style.FrameRounding = 4.0f;
  style.GrabRounding = 4.0f;
  style.WindowBorderSize = 1.5f;
  style.FrameBorderSize = 0.0f;
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = kIvory;
  c[ImGuiCol_TextDisabled] = kFaded;
  c[ImGuiCol_WindowBg] = kPanel;
  c[ImGuiCol_PopupBg] = kPanel;
  c[ImGuiCol_Border] = kGoldRule;
  c[ImGuiCol_Separator] = kGoldRule;
  c[ImGuiCol_Header] = kGoldLit;
  c[ImGuiCol_HeaderHovered] = kGoldLit;
  c[ImGuiCol_HeaderActive] = kGoldPressed;
  c[ImGuiCol_Button] = kWell;
  c[ImGuiCol_ButtonHovered] = kGoldLit;
  c[ImGuiCol_ButtonActive] = kGoldPressed;
  c[ImGuiCol_FrameBg] = kWell;
  c[ImGuiCol_FrameBgHovered] = kGoldLit;
  c[ImGuiCol_FrameBgActive] = kGoldPressed;
  c[ImGuiCol_SliderGrab] = kGoldRule;
  c[ImGuiCol_SliderGrabActive] = kGoldPressed;
  c[ImGuiCol_CheckMark] = kGoldRule;
  c[ImGuiCol_NavHighlight] = kGoldRule;
  style.ScaleAllSizes(ui_scale);
  ImGui::GetStyle() = style;
}

}  // namespace knights::ui
