#include "knights/ui/options_screen.h"

#include <algorithm>
#include <span>

#include <imgui.h>

#include "knights/render/graphics_choices.h"
#include "knights/ui/typeface.h"

namespace knights::ui {
namespace {

using Column = OptionsMenu::Column;

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing |
                                         ImGuiWindowFlags_NoNav;
constexpr float kRowTextScale = 1.25f;                         // the rows' text, over the 720-line layout's
constexpr ImU32 kMessageColor = IM_COL32(255, 214, 110, 255);  // the last rebinding's outcome, in amber

void CentredTitle(const char* text) {
  const TextSize size(2.4f, Face::kDisplay);
  const float x = (ImGui::GetWindowSize().x - ImGui::CalcTextSize(text).x) * 0.5f;
  ImGui::SetCursorPosX(std::max(x, ImGui::GetStyle().WindowPadding.x));
  ImGui::TextUnformatted(text);
}

// The value pages: a row is its label and its value, one selectable line.
// Returns the row clicked, or -1.
int DrawValueRows(std::span<const OptionsMenu::Row> rows, int selected) {
  int clicked = -1;
  if (!ImGui::BeginTable("rows", 2, ImGuiTableFlags_None)) return clicked;
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 0.6f);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.4f);
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    if (ImGui::Selectable(rows[i].label, selected == i, ImGuiSelectableFlags_SpanAllColumns)) clicked = i;
    ImGui::TableSetColumnIndex(1);
    if (*rows[i].value != '\0') {
      if (selected == i) {
        ImGui::Text("< %s >", rows[i].value);
      } else {
        ImGui::Text("  %s", rows[i].value);
      }
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  return clicked;
}

// Controls: the action, its keys, its pad buttons; the selected row's cell
// in the selected column is lit. Returns the cell clicked (row -1: none).
OptionsMenu::Click DrawBindingRows(std::span<const OptionsMenu::Row> rows, int selected, Column column) {
  OptionsMenu::Click clicked;
  if (!ImGui::BeginTable("bindings", 3, ImGuiTableFlags_RowBg)) return clicked;
  ImGui::TableSetupColumn("Action", ImGuiTableColumnFlags_WidthStretch, 0.25f);
  ImGui::TableSetupColumn("Keyboard", ImGuiTableColumnFlags_WidthStretch, 0.33f);
  ImGui::TableSetupColumn("Gamepad", ImGuiTableColumnFlags_WidthStretch, 0.42f);
  ImGui::TableHeadersRow();
  const int actions = static_cast<int>(rows.size()) - 2;  // then reset and back
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    const bool here = selected == i;
    if (i >= actions) {
      if (ImGui::Selectable(rows[i].label, here, ImGuiSelectableFlags_SpanAllColumns)) clicked = {i, Column::kKeyboard};
      ImGui::PopID();
      continue;
    }
    ImGui::TextUnformatted(rows[i].label);
    ImGui::TableSetColumnIndex(1);
    if (ImGui::Selectable(rows[i].value, here && column == Column::kKeyboard)) clicked = {i, Column::kKeyboard};
    ImGui::TableSetColumnIndex(2);
    if (ImGui::Selectable(rows[i].pad, here && column == Column::kPad)) clicked = {i, Column::kPad};
    ImGui::PopID();
  }
  ImGui::EndTable();
  return clicked;
}

}  // namespace

void OptionsScreen::Connect(const OptionsTargets& targets) {
  targets_ = targets;
  menu_.SetAutomatic(render::ToAntiAliasingChoice(targets.automatic.anti_aliasing), targets.automatic.shadows,
                     targets.automatic.render_scale);
}

core::InputState OptionsScreen::InputForGame(const core::InputState& input) const {
  if (!menu_.IsOpen()) return input;
  core::InputState none;
  none.quit_requested = input.quit_requested;
  return none;
}

void OptionsScreen::Draw(game::SoundVolumes& volumes, const core::InputState& input, int width_px, int height_px) {
  game::Settings& settings = targets_.settings != nullptr ? *targets_.settings : unconnected_;
  // What may have changed elsewhere since (F11, the overlay, the pause
  // menu's IK row) is shown as it is now.
  settings.volumes = volumes;
  if (targets_.window != nullptr) {
    settings.fullscreen = targets_.window->fullscreen();
    settings.vsync = targets_.window->vsync();
  }
  std::optional<OptionsMenu::Press> press;
  if (targets_.input != nullptr && menu_.Capturing()) {
    const platform::InputMapper::Captured caught = targets_.input->TakeCaptured();
    if (caught.name != nullptr) press = OptionsMenu::Press{caught.pad ? Column::kPad : Column::kKeyboard, caught.name};
  }
  const OptionsMenu::Click click = DrawPanel(settings, width_px, height_px);
  const game::GraphicsChoices before = settings.graphics;
  const unsigned changes = menu_.Update(input, click, press, settings);
  Apply(changes, before, volumes);
  if (targets_.input != nullptr) targets_.input->SetCapturing(menu_.IsOpen() && menu_.Capturing());
}

OptionsMenu::Click OptionsScreen::DrawPanel(const game::Settings& settings, int width_px, int height_px) {
  ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0.0f, 0.0f), ImVec2(width_px, height_px),
                                                IM_COL32(8, 10, 16, 150));
  const bool controls = menu_.page() == OptionsMenu::Page::kControls;
  const float scale = UiScale();
  ImGui::SetNextWindowPos(ImVec2(width_px * 0.5f, height_px * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  // A fixed width (the tables stretch to it), the height fitted each frame.
  ImGui::SetNextWindowSize(ImVec2((controls ? 760.0f : 520.0f) * scale, 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.85f);
  ImGui::Begin("options", nullptr, kPanelFlags);
  CentredTitle(menu_.Title());
  ImGui::Spacing();
  OptionsMenu::Click click;
  {
    const TextSize rows_size(kRowTextScale);
    const std::span<const OptionsMenu::Row> rows = menu_.Rows(settings);
    if (controls) {
      click = DrawBindingRows(rows, menu_.selected(), menu_.column());
    } else {
      click.row = DrawValueRows(rows, menu_.selected());
    }
    ImGui::Spacing();
    if (!menu_.Message().empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, kMessageColor);
      ImGui::TextWrapped("%s", menu_.Message().c_str());
      ImGui::PopStyleColor();
    }
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", controls ? "up/down: action  left/right: keyboard or pad  Enter/A: rebind  Esc/B: back"
                                    : "up/down: choose  left/right: change  Enter/A: select  Esc/B: back");
  ImGui::PopStyleColor();
  ImGui::End();
  return click;
}

void OptionsScreen::Apply(unsigned changes, const game::GraphicsChoices& before, game::SoundVolumes& volumes) {
  const game::Settings& settings = targets_.settings != nullptr ? *targets_.settings : unconnected_;
  if ((changes & OptionsMenu::kVolumesChanged) != 0) volumes = settings.volumes;
  if ((changes & OptionsMenu::kGraphicsChanged) != 0) ApplyGraphics(before, settings.graphics);
  if (platform::Window* window = targets_.window; window != nullptr) {
    if ((changes & OptionsMenu::kFullscreenChanged) != 0 && window->fullscreen() != settings.fullscreen) {
      window->ToggleFullscreen();
    }
    if ((changes & OptionsMenu::kVsyncChanged) != 0) window->SetVsync(settings.vsync);
  }
  if (platform::InputMapper* input = targets_.input; input != nullptr) {
    if ((changes & OptionsMenu::kKeysChanged) != 0) input->SetBindings(settings.keys);
    if ((changes & OptionsMenu::kPadChanged) != 0) input->SetPadBindings(settings.pad);
  }
}

// Only what changed: a choice the command line overrides for this run
// stays overridden until the player changes that one.
void OptionsScreen::ApplyGraphics(const game::GraphicsChoices& before, const game::GraphicsChoices& after) {
  if (targets_.scene == nullptr) return;
  render::SceneSettings& scene = *targets_.scene;
  const render::SceneSettings& automatic = targets_.automatic;
  if (after.anti_aliasing != before.anti_aliasing) {
    scene.anti_aliasing = after.anti_aliasing ? render::ToAntiAliasing(*after.anti_aliasing) : automatic.anti_aliasing;
  }
  if (after.shadows != before.shadows) scene.shadows = after.shadows.value_or(automatic.shadows);
  if (after.render_scale != before.render_scale) {
    scene.render_scale = after.render_scale.value_or(automatic.render_scale);
    if (targets_.dynamic_resolution != nullptr) {
      render::DynamicResolutionSettings range = targets_.dynamic_resolution->settings();
      range.max_scale = scene.render_scale;
      range.min_scale = 0.5f * scene.render_scale;
      *targets_.dynamic_resolution = render::DynamicResolution(range);
    }
  }
}

}  // namespace knights::ui
