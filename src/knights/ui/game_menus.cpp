#include "knights/ui/game_menus.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <span>
#include <string>
#include <utility>

#include <imgui.h>

#include "knights/game/knight/ladder_prompt.h"
#include "knights/ui/control_names.h"
#include "knights/ui/typeface.h"

namespace knights::ui {
namespace {

constexpr float kNoticeS = 2.5f;              // how long a notice stays, seconds
constexpr float kRespawnFadeS = 0.8f;         // the fade in from black after a respawn, seconds
constexpr float kCompletePanelDelayS = 1.2f;  // from the goal to the "level complete" panel, seconds

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
                                         ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;

void CenteredText(const char* text, float scale, Face face = Face::kText) {
  const TextSize size(scale, face);
  const float width = ImGui::CalcTextSize(text).x;
  // Centred, but never left of the window padding: an auto-sized panel then
  // measures its widest line on the frame it appears in and has its final
  // size on the next. (Started left of the window, a line made the panel
  // grow by half the missing width a frame, so a panel shown for one or two
  // frames, as in a headless screenshot, was clipped.)
  const float x = (ImGui::GetWindowSize().x - width) * 0.5f;
  ImGui::SetCursorPosX(std::max(x, ImGui::GetStyle().WindowPadding.x));
  ImGui::TextUnformatted(text);
}

void BeginCentredPanel(const char* id, int width_px, int height_px, float y_fraction) {
  ImGui::SetNextWindowPos(ImVec2(width_px * 0.5f, height_px * y_fraction), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.72f);
  ImGui::Begin(id, nullptr, kPanelFlags);
}

// A menu's items, one a line, only `selected` highlighted (a resting
// mouse pointer lights no second item). Returns the item clicked, or -1;
// *pointed: the item the mouse moved onto this frame (it becomes the
// selection), or -1.
int MenuItems(std::span<const char* const> items, int selected, int* pointed) {
  int clicked = -1;
  *pointed = -1;
  const TextSize size(1.5f);
  float width = 260 * UiScale();  // at least; wider for a long label (a level's name)
  for (const char* item : items) width = std::max(width, ImGui::CalcTextSize(item).x);
  ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0.5f, 0.5f));  // each item centred in its bar
  const ImVec2 mouse_delta = ImGui::GetIO().MouseDelta;
  const bool mouse_moved = mouse_delta.x != 0.0f || mouse_delta.y != 0.0f;
  for (int i = 0; i < static_cast<int>(items.size()); ++i) {
    const ImVec4 hover = selected == i ? ImGui::GetStyleColorVec4(ImGuiCol_Header) : ImVec4(0.0f, 0.0f, 0.0f, 0.0f);
    ImGui::PushStyleColor(ImGuiCol_HeaderHovered, hover);
    // Centred in the panel, as the lines above (never left of the padding).
    ImGui::SetCursorPosX(std::max((ImGui::GetWindowSize().x - width) * 0.5f, ImGui::GetStyle().WindowPadding.x));
    if (ImGui::Selectable(items[i], selected == i, 0, ImVec2(width, 0))) clicked = i;
    if (mouse_moved && ImGui::IsItemHovered()) *pointed = i;
    ImGui::PopStyleColor();
  }
  ImGui::PopStyleVar();
  return clicked;
}

// The next character after `current` in a cast of `count`, `step` on
// (either way, wrapping).
int CycledCast(int current, int step, int count) { return ((current + step) % count + count) % count; }

}  // namespace

namespace {

// The title's row labels for the session (knights/ui/title_menu.h's rows).
void TitleLabels(const TitleMenu& menu, const game::GameSession& session, std::array<std::array<char, 96>, 6>& labels,
                 std::array<const char*, 6>& items) {
  const auto rows = menu.rows();
  for (size_t i = 0; i < rows.size(); ++i) {
    char* label = labels[i].data();
    switch (rows[i]) {
      case TitleMenu::Row::kStart:
        std::snprintf(label, labels[i].size(), "New Game");
        break;
      case TitleMenu::Row::kLevel:
        std::snprintf(label, labels[i].size(), "Play level:  < %s >", session.world().level().name.c_str());
        break;
      case TitleMenu::Row::kHero:
        std::snprintf(label, labels[i].size(), "Hero:    < %s >", session.cast()[session.player_cast()].name.c_str());
        break;
      case TitleMenu::Row::kPatrols:
        std::snprintf(label, labels[i].size(), "Patrols: < %s >", session.cast()[session.npc_cast()].name.c_str());
        break;
      case TitleMenu::Row::kOptions:
        std::snprintf(label, labels[i].size(), "Options");
        break;
      case TitleMenu::Row::kQuit:
        std::snprintf(label, labels[i].size(), "Quit");
        break;
    }
    items[i] = label;
  }
}

}  // namespace

// The title: New Game, a level reached, who plays and who patrols (left/right, or
// confirm, moves each on), options, quit (knights/ui/title_menu.h).
void GameMenus::DrawTitle(game::GameSession& session, const core::InputState& input, int width_px, int height_px) {
  if (options_.IsOpen()) {
    options_.Draw(volumes_, input, width_px, height_px);
    return;
  }
  BeginCentredPanel("title", width_px, height_px, 0.35f);
  CenteredText("KNIGHTS", 3.5f, Face::kDisplay);
  CenteredText("over hill, rung and rampart", 1.3f);
  ImGui::Spacing();
  ImGui::Spacing();
  const int cast = static_cast<int>(session.cast().size());
  title_menu_.SetRows(level_choice_, cast > 1);
  std::array<std::array<char, 96>, 6> labels{};
  std::array<const char*, 6> items{};
  TitleLabels(title_menu_, session, labels, items);
  int pointed = -1;
  const int clicked = MenuItems(std::span<const char* const>(items.data(), title_menu_.rows().size()),
                                title_menu_.selected(), &pointed);
  if (pointed >= 0) title_menu_.Select(pointed);
  bool asked = false;
  const TitleMenu::Choice choice = title_menu_.Update(input, clicked, &asked);
  if (asked) {
    switch (choice.row) {
      case TitleMenu::Row::kStart:
        run_request_ = RunRequest::kNewGame;
        break;
      case TitleMenu::Row::kLevel:
        if (choice.step == 0) {
          run_request_ = RunRequest::kPlayLevel;
        } else {
          level_step_ = choice.step;
        }
        break;
      case TitleMenu::Row::kHero:
        session.ChooseCast(CycledCast(session.player_cast(), choice.step, cast), session.npc_cast());
        break;
      case TitleMenu::Row::kPatrols:
        session.ChooseCast(session.player_cast(), CycledCast(session.npc_cast(), choice.step, cast));
        break;
      case TitleMenu::Row::kOptions:
        options_.Open();
        break;
      case TitleMenu::Row::kQuit:
        session.RequestQuit();
        break;
    }
  }
  ImGui::Spacing();
  CenteredText(controls_hint_.c_str(), 1.0f);
  ImGui::End();
}

// The scene dimmed, and the menu left of centre, clear of the knight (the
// camera keeps him about the middle).
void GameMenus::DrawPause(game::GameSession& session, ik::IkSwitches& ik, const core::InputState& input, int width_px,
                          int height_px) {
  if (!was_paused_) pause_menu_.Open();
  if (options_.IsOpen()) {
    options_.Draw(volumes_, input, width_px, height_px);
    return;
  }
  ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0.0f, 0.0f), ImVec2(width_px, height_px),
                                                IM_COL32(8, 10, 16, 150));
  ImGui::SetNextWindowPos(ImVec2(width_px * 0.27f, height_px * 0.45f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.8f);
  ImGui::Begin("pause", nullptr, kPanelFlags);
  if (pause_menu_.Asking()) {
    CenteredText(pause_menu_.Title(), 1.25f);
  } else {
    CenteredText(pause_menu_.Title(), 2.4f, Face::kDisplay);
  }
  ImGui::Spacing();
  int pointed = -1;
  const int clicked = MenuItems(pause_menu_.Items(ik.master), pause_menu_.selected(), &pointed);
  if (pointed >= 0) pause_menu_.Select(pointed);
  ImGui::End();
  switch (pause_menu_.Update(input, clicked, ik.master)) {
    case PauseMenu::Action::kResume:
      session.Resume();
      break;
    case PauseMenu::Action::kRestart:
      session.Restart();
      break;
    case PauseMenu::Action::kToggleIk:
      ik.master = !ik.master;
      break;
    case PauseMenu::Action::kOptions:
      options_.Open();
      break;
    case PauseMenu::Action::kQuitToTitle:
      session.ReturnToTitle();
      break;
    case PauseMenu::Action::kNone:
      break;
  }
}

// At a ladder's foot or top, the key that climbs it, low on the screen.
void GameMenus::DrawLadderPrompt(const game::GameSession& session, int width_px, int height_px) {
  const game::LadderPrompt prompt = game::LadderPromptFor(session.player().controller, session.world());
  if (prompt == game::LadderPrompt::kNone) return;
  ImGui::SetNextWindowBgAlpha(0.5f);
  ImGui::SetNextWindowPos(ImVec2(width_px * 0.5f, height_px * 0.86f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::Begin("ladder prompt", nullptr, kPanelFlags);
  CenteredText(ladder_prompts_[prompt == game::LadderPrompt::kClimbUp ? 0 : 1].c_str(), 1.4f);
  ImGui::End();
}

// The level complete panel's gems and medal lines.
void GameMenus::DrawRunAwards(const game::GameSession& session) {
  char line[64];
  if (session.collectibles().Total() > 0) {
    if (best_gems_ >= 0) {
      std::snprintf(line, sizeof(line), "gems %d / %d (best %d)", session.collectibles().Taken(),
                    session.collectibles().Total(), best_gems_);
    } else {
      std::snprintf(line, sizeof(line), "gems %d / %d", session.collectibles().Taken(), session.collectibles().Total());
    }
    CenteredText(line, 1.4f);
  }
  const game::Medal medal = session.EarnedMedal();
  if (medal != game::Medal::kNone) {
    std::snprintf(line, sizeof(line), "%s MEDAL", game::ToString(medal));
    for (char* c = line; *c != '\0'; ++c) *c = static_cast<char>(std::toupper(static_cast<unsigned char>(*c)));
    CenteredText(line, 1.8f);
  } else if (session.world().level().medals != world::Medals{}) {
    game::FormatRunTime(session.world().level().medals.bronze_s, line, sizeof(line));
    std::string text = std::string("bronze medal under ") + line;
    CenteredText(text.c_str(), 1.2f);
  }
}

void GameMenus::Notify(std::string text) {
  notice_ = std::move(text);
  notice_left_s_ = kNoticeS;
}

void GameMenus::DrawNotice(int width_px) {
  notice_left_s_ = std::max(0.0f, notice_left_s_ - ImGui::GetIO().DeltaTime);
  if (notice_left_s_ <= 0.0f) return;
  // Fully shown, then fading over its last half second.
  ImGui::SetNextWindowBgAlpha(0.6f * std::min(1.0f, notice_left_s_ / 0.5f));
  ImGui::SetNextWindowPos(ImVec2(width_px * 0.5f, 12.0f), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::Begin("notice", nullptr, kPanelFlags);
  ImGui::TextUnformatted(notice_.c_str());
  ImGui::End();
}

void GameMenus::DrawRespawnFade(const game::GameSession& session, int width_px, int height_px) {
  const int respawns = session.player().controller.Respawns();
  if (seen_respawns_ >= 0 && respawns > seen_respawns_) fade_left_s_ = kRespawnFadeS;
  seen_respawns_ = respawns;
  fade_left_s_ = std::max(0.0f, fade_left_s_ - ImGui::GetIO().DeltaTime);
  // Black as the player falls into a pit (game::PitFall), clearing to the
  // scene after the respawn.
  const float respawn = fade_left_s_ / kRespawnFadeS;
  const float alpha = std::max(respawn * respawn, session.PitFallFade());
  if (alpha <= 0.0f) return;
  ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0.0f, 0.0f), ImVec2(width_px, height_px),
                                                IM_COL32(0, 0, 0, static_cast<int>(255.0f * alpha)));
}

// A checkpoint passed is announced (a restart, which sets it back, is not).
void GameMenus::NoteCheckpoint(const game::GameSession& session) {
  const int checkpoint = session.player().controller.LastCheckpoint();
  if (seen_checkpoint_ != kNoneSeen && checkpoint > seen_checkpoint_) {
    const int total = static_cast<int>(session.world().level().checkpoints.size());
    Notify("Checkpoint " + std::to_string(checkpoint + 1) + " / " + std::to_string(total));
  }
  seen_checkpoint_ = checkpoint;
}

// The texts that name bound controls, built once and again after Options
// (where the bindings change) closes: never per frame.
void GameMenus::RefreshControlTexts() {
  const game::Settings& settings = options_.settings();
  controls_hint_ = ControlsHint(settings);
  ladder_prompts_[0] = ControlName(settings, core::KeyAction::kUp) + ": climb the ladder";
  ladder_prompts_[1] = ControlName(settings, core::KeyAction::kDown) + ": climb down";
  confirm_name_ = ControlName(settings, core::KeyAction::kConfirm);
  control_texts_stale_ = false;
}

// The time, gems and medal, and what comes next: the knight walks through
// the gate first; the panel then shows over the castle, clear of him.
void GameMenus::DrawComplete(game::GameSession& session, const core::InputState& input, int width_px, int height_px) {
  if ((session.steps() - session.goal_step()) * session.step_s() < kCompletePanelDelayS) return;
  if (!complete_shown_) complete_menu_.Open(after_level_);
  complete_shown_ = true;
  BeginCentredPanel("complete", width_px, height_px, 0.28f);
  CenteredText("LEVEL COMPLETE", 3.0f, Face::kDisplay);
  char time_text[32];
  game::FormatRunTime(session.goal_time_s(), time_text, sizeof(time_text));
  char line[64];
  std::snprintf(line, sizeof(line), "time %s", time_text);
  CenteredText(line, 1.8f);
  DrawRunAwards(session);
  if (new_best_) {
    CenteredText("NEW BEST TIME", 1.4f);
  } else if (best_time_s_ > 0.0) {
    game::FormatRunTime(best_time_s_, time_text, sizeof(time_text));
    std::snprintf(line, sizeof(line), "best %s", time_text);
    CenteredText(line, 1.4f);
  }
  ImGui::Spacing();
  int pointed = -1;
  const int clicked = MenuItems(complete_menu_.Items(), complete_menu_.selected(), &pointed);
  if (pointed >= 0) complete_menu_.Select(pointed);
  ImGui::End();
  switch (complete_menu_.Update(input, clicked)) {
    case CompleteMenu::Action::kNextLevel:
      run_request_ = RunRequest::kNextLevel;
      break;
    case CompleteMenu::Action::kEnding:
      session.ShowCredits();
      credits_built_ = false;
      break;
    case CompleteMenu::Action::kReplay:
      session.Restart();
      break;
    case CompleteMenu::Action::kTitle:
      session.ReturnToTitle();
      break;
    case CompleteMenu::Action::kNone:
      break;
  }
}

// The credits roll up over the darkened scene at the goal; confirm or back
// (at any time) goes to the title.
void GameMenus::DrawCredits(game::GameSession& session, const core::InputState& input, int width_px, int height_px) {
  if (!credits_built_) {
    credits_lines_ = CreditsLines(campaign_ != nullptr ? *campaign_ : game::Campaign{}, confirm_name_);
    credits_built_ = true;
  }
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->AddRectFilled(ImVec2(0.0f, 0.0f), ImVec2(width_px, height_px), IM_COL32(6, 8, 14, 170));
  const float base_px = FontFor(1.0f).px;
  const float gap_px = 0.35f * base_px;
  float roll_px = 0.0f, card_px = 0.0f;
  for (size_t i = 0; i < credits_lines_.size(); ++i) {
    const float line_px = credits_lines_[i].scale * base_px + gap_px;
    roll_px += line_px;
    if (i + kClosingCardLines >= credits_lines_.size()) card_px += line_px;
  }
  // From the first line entering at the bottom to the closing card centred.
  const float from_y = static_cast<float>(height_px);
  const float to_y = 0.5f * (height_px - card_px) - (roll_px - card_px);
  float y = from_y + (to_y - from_y) * CreditsRollProgress(session.credits_time_s());
  for (const CreditsLine& line : credits_lines_) {
    const float size_px = line.scale * base_px;
    if (!line.text.empty() && y > -size_px && y < height_px) {
      ImFont* font = FontFor(line.scale, line.scale >= 2.4f ? Face::kDisplay : Face::kText).font;
      const ImVec2 extent = font->CalcTextSizeA(size_px, 1e9f, 0.0f, line.text.c_str());
      const ImVec2 at(0.5f * (width_px - extent.x), y);
      draw->AddText(font, size_px, ImVec2(at.x + 2.0f, at.y + 2.0f), IM_COL32(0, 0, 0, 200), line.text.c_str());
      draw->AddText(font, size_px, at, IM_COL32(240, 232, 210, 255), line.text.c_str());
    }
    y += size_px + gap_px;
  }
  if (input.confirm_pressed || input.back_pressed || input.pause_pressed) session.ReturnToTitle();
}

void GameMenus::Draw(game::GameSession& session, ik::IkSwitches& ik, const core::InputState& input, int width_px,
                     int height_px) {
  if (options_.IsOpen()) {
    control_texts_stale_ = true;
  } else if (control_texts_stale_) {
    RefreshControlTexts();
  }
  NoteCheckpoint(session);
  DrawRespawnFade(session, width_px, height_px);
  DrawNotice(width_px);
  char time_text[32];
  const bool paused = session.screen() == game::Screen::kPaused;
  switch (session.screen()) {
    case game::Screen::kTitle:
      DrawTitle(session, input, width_px, height_px);
      break;
    case game::Screen::kPlaying:
    case game::Screen::kPaused: {
      fight_hud_.Draw(session, options_.settings(), width_px, height_px);
      // HUD: time and checkpoint, top right.
      ImGui::SetNextWindowPos(ImVec2(width_px - 12.0f, 12.0f), ImGuiCond_Always, ImVec2(1.0f, 0.0f));
      ImGui::SetNextWindowBgAlpha(0.45f);
      ImGui::Begin("hud", nullptr, kPanelFlags);
      game::FormatRunTime(session.play_time_s(), time_text, sizeof(time_text));
      {
        const TextSize size(1.5f);
        ImGui::TextUnformatted(time_text);
      }
      const int checkpoint = session.player().controller.LastCheckpoint();
      const int total = static_cast<int>(session.world().level().checkpoints.size());
      ImGui::Text("checkpoint %d / %d%s", checkpoint + 1, total, session.autoplay ? "   AUTOPLAY" : "");
      if (session.collectibles().Total() > 0) {
        ImGui::Text("gems %d / %d", session.collectibles().Taken(), session.collectibles().Total());
      }
      ImGui::End();
      if (paused) {
        DrawPause(session, ik, input, width_px, height_px);
      } else if (!session.autoplay) {
        DrawLadderPrompt(session, width_px, height_px);
      }
      break;
    }
    case game::Screen::kComplete:
      DrawComplete(session, input, width_px, height_px);
      break;
    case game::Screen::kCredits:
      DrawCredits(session, input, width_px, height_px);
      break;
  }
  complete_shown_ = session.screen() == game::Screen::kComplete && complete_shown_;
  was_paused_ = paused;
}

}  // namespace knights::ui
