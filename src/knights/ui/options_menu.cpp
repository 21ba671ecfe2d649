#include "knights/ui/options_menu.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace knights::ui {
namespace {

using core::KeyAction;

// Rows of the pages (the last row of each is Back).
constexpr const char* kMainRows[] = {"Sound", "Graphics", "IK", "Controls", "Back"};
constexpr const char* kSoundRows[] = {"Master volume", "Effects volume", "Music volume", "Ambience volume", "Back"};

// The volume a row of the Sound page sets (kSoundRows' order).
float& VolumeOfRow(game::SoundVolumes& volumes, int row) {
  switch (row) {
    case 0:
      return volumes.master;
    case 1:
      return volumes.effects;
    case 2:
      return volumes.music;
    default:
      return volumes.ambience;
  }
}
enum GraphicsRow { kAaRow = 0, kShadowsRow, kScaleRow, kFullscreenRow, kVsyncRow };
constexpr const char* kGraphicsRows[] = {"Anti-aliasing", "Shadows", "Render scale", "Fullscreen", "Vsync", "Back"};
struct IkRow {
  const char* label;
  bool ik::IkSwitches::*member;
};
constexpr IkRow kIkRows[] = {
    {"IK (all of it)", &ik::IkSwitches::master},     {"Left leg", &ik::IkSwitches::leg_l},
    {"Right leg", &ik::IkSwitches::leg_r},           {"Left arm", &ik::IkSwitches::arm_l},
    {"Right arm", &ik::IkSwitches::arm_r},           {"Pelvis", &ik::IkSwitches::pelvis},
    {"Foot alignment", &ik::IkSwitches::foot_align}, {"Foot lock", &ik::IkSwitches::foot_lock}};
constexpr int kIkRowCount = static_cast<int>(std::size(kIkRows));
constexpr int kResetRow = core::kKeyActionCount;  // on Controls, after the actions

// When an action counts: in play, in menus (title, pause, Options, the
// level complete screen), or both. Two actions that count at the same time
// may not share a key or button.
constexpr unsigned kInPlay = 1u, kInMenus = 2u;
unsigned Contexts(KeyAction action) {
  switch (action) {
    case KeyAction::kRun:
    case KeyAction::kJump:
    case KeyAction::kAttack:
    case KeyAction::kBlock:
      return kInPlay;
    case KeyAction::kConfirm:
      return kInMenus;
    default:
      return kInPlay | kInMenus;  // moving and pausing, and the overlay, fullscreen and screenshot keys
  }
}

// `v` stepped by `steps` tenths, kept to whole tenths within 0..1.
float SteppedVolume(float v, int steps) {
  return std::clamp(std::round(v * 10.0f + static_cast<float>(steps)) / 10.0f, 0.0f, 1.0f);
}

// The render scale one step from `current` (empty: auto, which stands at
// `automatic`): the next multiple of the step up or down, within the
// range; a chosen scale stepped past either end goes back to auto.
std::optional<float> SteppedScale(std::optional<float> current, float automatic, int step) {
  constexpr float k = OptionsMenu::kRenderScaleStep;
  const float from = current.value_or(automatic);
  const float next = step > 0 ? (std::floor(from / k + 1e-3f) + 1.0f) * k : (std::ceil(from / k - 1e-3f) - 1.0f) * k;
  const bool past_end = next > game::kMaxRenderScale + 1e-4f || next < game::kMinRenderScale - 1e-4f;
  if (current && past_end) return std::nullopt;
  return std::clamp(next, game::kMinRenderScale, game::kMaxRenderScale);
}

// `i` wrapped into 0..count-1.
int Wrapped(int i, int count) { return (i % count + count) % count; }

const char* AaName(game::AntiAliasingChoice aa) {
  constexpr const char* kNames[] = {"off", "FXAA", "MSAA 4x"};
  return kNames[static_cast<int>(aa)];
}

const char* OnOff(bool on) { return on ? "on" : "off"; }

int Percent(float v) { return static_cast<int>(std::lround(v * 100.0f)); }

// `names` (pad buttons by their labels) into `out`, comma-separated;
// "none" for an empty list.
void JoinNames(std::span<const std::string> names, bool pad, std::span<char> out) {
  out[0] = '\0';
  size_t used = 0;
  for (size_t i = 0; i < names.size() && used < out.size(); ++i) {
    const char* text = pad ? PadButtonLabel(names[i]) : names[i].c_str();
    const int n = std::snprintf(out.data() + used, out.size() - used, "%s%s", i > 0 ? ", " : "", text);
    if (n < 0) break;
    used += static_cast<size_t>(n);
  }
  if (names.empty()) std::snprintf(out.data(), out.size(), "none");
}

}  // namespace

void OptionsMenu::SetAutomatic(game::AntiAliasingChoice anti_aliasing, bool shadows, float render_scale) {
  auto_anti_aliasing_ = anti_aliasing;
  auto_shadows_ = shadows;
  auto_render_scale_ = render_scale;
}

void OptionsMenu::Open() {
  open_ = true;
  page_ = Page::kMain;
  selected_ = 0;
  column_ = Column::kKeyboard;
  capturing_ = false;
  message_.clear();
}

void OptionsMenu::Close() {
  open_ = false;
  capturing_ = false;
}

const char* OptionsMenu::Title() const {
  constexpr const char* kTitles[] = {"OPTIONS", "SOUND", "GRAPHICS", "IK", "CONTROLS"};
  return kTitles[static_cast<int>(page_)];
}

int OptionsMenu::RowCount() const {
  switch (page_) {
    case Page::kMain:
      return static_cast<int>(std::size(kMainRows));
    case Page::kSound:
      return static_cast<int>(std::size(kSoundRows));
    case Page::kGraphics:
      return static_cast<int>(std::size(kGraphicsRows));
    case Page::kIk:
      return kIkRowCount + 1;
    case Page::kControls:
      return core::kKeyActionCount + 2;
  }
  return 1;
}

std::span<const OptionsMenu::Row> OptionsMenu::Rows(const game::Settings& settings) const {
  const int count = RowCount();
  for (int i = 0; i < count; ++i) rows_[i] = Row{};
  rows_[count - 1].label = "Back";
  if (page_ == Page::kControls) {
    FillControlsRows(settings);
  } else {
    FillValueRows(settings);
  }
  return std::span<const Row>(rows_.data(), count);
}

void OptionsMenu::SetRow(int row, const char* label, const char* text, bool automatic) const {
  rows_[row].label = label;
  std::snprintf(values_[row].data(), kTextBytes, automatic ? "auto (%s)" : "%s", text);
  rows_[row].value = values_[row].data();
}

void OptionsMenu::FillValueRows(const game::Settings& settings) const {
  char percent[16];
  const auto percent_of = [&](float v) {
    std::snprintf(percent, sizeof(percent), "%d%%", Percent(v));
    return percent;
  };
  switch (page_) {
    case Page::kMain:
      for (int i = 0; i < RowCount(); ++i) rows_[i].label = kMainRows[i];
      break;
    case Page::kSound:
      SetRow(0, kSoundRows[0], percent_of(settings.volumes.master));
      SetRow(1, kSoundRows[1], percent_of(settings.volumes.effects));
      SetRow(2, kSoundRows[2], percent_of(settings.volumes.music));
      SetRow(3, kSoundRows[3], percent_of(settings.volumes.ambience));
      break;
    case Page::kGraphics: {
      const game::GraphicsChoices& g = settings.graphics;
      SetRow(kAaRow, kGraphicsRows[kAaRow], AaName(g.anti_aliasing.value_or(auto_anti_aliasing_)), !g.anti_aliasing);
      SetRow(kShadowsRow, kGraphicsRows[kShadowsRow], OnOff(g.shadows.value_or(auto_shadows_)), !g.shadows);
      SetRow(kScaleRow, kGraphicsRows[kScaleRow], percent_of(g.render_scale.value_or(auto_render_scale_)),
             !g.render_scale);
      SetRow(kFullscreenRow, kGraphicsRows[kFullscreenRow], OnOff(settings.fullscreen));
      SetRow(kVsyncRow, kGraphicsRows[kVsyncRow], OnOff(settings.vsync));
      break;
    }
    case Page::kIk:
      for (int i = 0; i < kIkRowCount; ++i) SetRow(i, kIkRows[i].label, OnOff(settings.ik.*kIkRows[i].member));
      break;
    case Page::kControls:
      break;
  }
}

void OptionsMenu::FillControlsRows(const game::Settings& settings) const {
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    rows_[a].label = ActionLabel(static_cast<KeyAction>(a));
    JoinNames(settings.keys.keys[a], /*pad=*/false, values_[a]);
    JoinNames(settings.pad.buttons[a], /*pad=*/true, pads_[a]);
    rows_[a].value = values_[a].data();
    rows_[a].pad = pads_[a].data();
  }
  if (capturing_) {
    const int row = static_cast<int>(capture_action_);
    if (column_ == Column::kKeyboard) rows_[row].value = "press a key...";
    if (column_ == Column::kPad) rows_[row].pad = "press a button...";
  }
  rows_[kResetRow].label = "Reset to defaults";
}

unsigned OptionsMenu::Update(const core::InputState& input, Click click, std::optional<Press> press,
                             game::Settings& settings) {
  if (!open_) return kNoChange;
  if (capturing_) {
    // Only the caught key or button counts (the input layer sends nothing
    // else meanwhile); a click anywhere gives up.
    if (press) return OnPress(*press, settings);
    if (click.row >= 0) {
      capturing_ = false;
      message_ = std::string(ActionLabel(capture_action_)) + ": not changed";
    }
    return kNoChange;
  }
  if (input.pause_pressed || input.back_pressed) return Back();
  const int count = RowCount();
  if (input.menu_up_pressed) selected_ = (selected_ + count - 1) % count;
  if (input.menu_down_pressed) selected_ = (selected_ + 1) % count;
  unsigned changed = kNoChange;
  const int step = static_cast<int>(input.menu_right_pressed) - static_cast<int>(input.menu_left_pressed);
  if (step != 0) changed |= Adjust(selected_, step, settings);
  if (click.row >= 0 && click.row < count) {
    selected_ = click.row;
    if (page_ == Page::kControls) column_ = click.column;
    return changed | Choose(click.row, settings);
  }
  if (input.confirm_pressed) changed |= Choose(selected_, settings);
  return changed;
}

unsigned OptionsMenu::Back() {
  if (page_ == Page::kMain) {
    Close();
    return kClosed;
  }
  selected_ = static_cast<int>(page_) - 1;  // the page's own row on the first page
  page_ = Page::kMain;
  message_.clear();
  return kNoChange;
}

// Left and right: a value a step either way; on Controls, the column.
unsigned OptionsMenu::Adjust(int row, int step, game::Settings& settings) {
  if (OnBackRow(row)) return kNoChange;
  switch (page_) {
    case Page::kMain:
      return kNoChange;
    case Page::kSound: {
      float& volume = VolumeOfRow(settings.volumes, row);
      volume = SteppedVolume(volume, step);
      return kVolumesChanged;
    }
    case Page::kGraphics:
      return AdjustGraphics(row, step, settings);
    case Page::kIk:
      settings.ik.*kIkRows[row].member = !(settings.ik.*kIkRows[row].member);
      return kIkChanged;
    case Page::kControls:
      column_ = step > 0 ? Column::kPad : Column::kKeyboard;
      return kNoChange;
  }
  return kNoChange;
}

unsigned OptionsMenu::AdjustGraphics(int row, int step, game::Settings& settings) {
  game::GraphicsChoices& g = settings.graphics;
  switch (row) {
    case kAaRow: {  // auto, off, FXAA, MSAA
      const int next = Wrapped((g.anti_aliasing ? 1 + static_cast<int>(*g.anti_aliasing) : 0) + step, 4);
      g.anti_aliasing = next == 0 ? std::nullopt : std::optional(static_cast<game::AntiAliasingChoice>(next - 1));
      return kGraphicsChanged;
    }
    case kShadowsRow: {  // auto, on, off
      const int next = Wrapped((g.shadows ? (*g.shadows ? 1 : 2) : 0) + step, 3);
      g.shadows = next == 0 ? std::nullopt : std::optional(next == 1);
      return kGraphicsChanged;
    }
    case kScaleRow:
      g.render_scale = SteppedScale(g.render_scale, auto_render_scale_, step);
      return kGraphicsChanged;
    case kFullscreenRow:
      settings.fullscreen = !settings.fullscreen;
      return kFullscreenChanged;
    case kVsyncRow:
      settings.vsync = !settings.vsync;
      return kVsyncChanged;
    default:
      return kNoChange;
  }
}

// Confirm or a click: open a page, step a value up (a volume wraps from
// 100% to 0), flip a switch, capture a binding, reset them, or go back.
unsigned OptionsMenu::Choose(int row, game::Settings& settings) {
  if (OnBackRow(row)) return Back();
  switch (page_) {
    case Page::kMain:
      page_ = static_cast<Page>(row + 1);
      selected_ = 0;
      column_ = Column::kKeyboard;
      message_.clear();
      return kNoChange;
    case Page::kSound: {
      float& volume = VolumeOfRow(settings.volumes, row);
      volume = volume >= 1.0f ? 0.0f : SteppedVolume(volume, +1);
      return kVolumesChanged;
    }
    case Page::kGraphics:
    case Page::kIk:
      return Adjust(row, +1, settings);
    case Page::kControls:
      if (row < core::kKeyActionCount) {
        StartCapture(row);
        return kNoChange;
      }
      settings.keys = core::KeyBindings::Defaults();
      settings.pad = core::PadBindings::Defaults();
      message_ = "Keys and pad buttons reset to the defaults";
      return kKeysChanged | kPadChanged;
  }
  return kNoChange;
}

void OptionsMenu::StartCapture(int row) {
  capturing_ = true;
  capture_action_ = static_cast<KeyAction>(row);
  message_ = std::string(column_ == Column::kKeyboard ? "Press a key for " : "Press a pad button for ") +
             ActionLabel(capture_action_) + " (Esc cancels)";
}

// While capturing: Esc (or the pad's B, waiting for a key) cancels; the
// other device's presses are ignored; the asked-for device's binds.
unsigned OptionsMenu::OnPress(Press press, game::Settings& settings) {
  const bool escape = press.device == Column::kKeyboard && press.name == "Escape";
  const bool b_for_a_key = column_ == Column::kKeyboard && press.device == Column::kPad && press.name == "b";
  if (escape || b_for_a_key) {
    capturing_ = false;
    message_ = std::string(ActionLabel(capture_action_)) + ": not changed";
    return kNoChange;
  }
  if (press.device != column_ || press.name.empty()) return kNoChange;
  capturing_ = false;
  return Bind(capture_action_, column_, press.name, settings);
}

unsigned OptionsMenu::Bind(KeyAction action, Column device, std::string_view name, game::Settings& settings) {
  auto& lists = device == Column::kKeyboard ? settings.keys.keys : settings.pad.buttons;
  const std::string shown = device == Column::kPad ? PadButtonLabel(name) : std::string(name);
  const std::string label = ActionLabel(action);
  if (device == Column::kPad && name == "b" && (Contexts(action) & kInMenus) != 0) {
    message_ = "B goes back in menus: only Run, Jump, Attack or Block can take it; " + label + " not changed";
    return kNoChange;
  }
  for (int other = 0; other < core::kKeyActionCount; ++other) {
    const auto other_action = static_cast<KeyAction>(other);
    if (other_action == action || (Contexts(action) & Contexts(other_action)) == 0) continue;
    if (std::find(lists[other].begin(), lists[other].end(), name) != lists[other].end()) {
      message_ = shown + " is already bound to " + ActionLabel(other_action) + ": " + label + " not changed";
      return kNoChange;
    }
  }
  lists[static_cast<int>(action)] = {std::string(name)};
  message_ = label + " is now " + shown;
  return device == Column::kKeyboard ? kKeysChanged : kPadChanged;
}

}  // namespace knights::ui
