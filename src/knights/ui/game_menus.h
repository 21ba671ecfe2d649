#pragma once
// The player-facing screens drawn with Dear ImGui: title (New Game, the
// levels reached), the HUD (time, checkpoint), the pause menu
// (knights/ui/pause_menu.h: the scene dimmed behind it), Options from either
// (knights/ui/options_screen.h), the level complete screen with the time and
// what comes next (knights/ui/complete_menu.h), and the credits after a run's
// last level (knights/ui/credits_roll.h).

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "knights/game/session/campaign.h"
#include "knights/game/session/game_session.h"
#include "knights/ui/complete_menu.h"
#include "knights/ui/credits_roll.h"
#include "knights/ui/fight_hud.h"
#include "knights/ui/pause_menu.h"
#include "knights/ui/options_screen.h"
#include "knights/ui/title_menu.h"

namespace knights::ui {

class GameMenus {
 public:
  // Draws whichever screen the session is on. Menu choices call the
  // session's commands. `input` supplies menu navigation edges (keyboard
  // and gamepad).
  void Draw(game::GameSession& session, ik::IkSwitches& ik, const core::InputState& input, int width_px, int height_px);
  // A one-line notice at the top of the screen for a few seconds (a
  // screenshot taken).
  void Notify(std::string text);
  // Whether the title offers a choice of level (more than one reached).
  void SetLevelChoice(bool offered) { level_choice_ = offered; }
  // The step through the title's levels asked for since the last call
  // (-1 back, +1 on, 0 none); the app loads that level (App::SwitchLevel).
  int TakeLevelStep() { return std::exchange(level_step_, 0); }
  // What the app must load or begin, asked for since the last call: New
  // Game (the first level), the level the title shows (its level row
  // confirmed), or the run's next level (the complete panel).
  enum class RunRequest { kNone, kNewGame, kPlayLevel, kNextLevel };
  RunRequest TakeRunRequest() { return std::exchange(run_request_, RunRequest::kNone); }
  // The run the credits tell of (the app's; null: none), and what the
  // complete panel offers after the level just finished.
  void SetCampaign(const game::Campaign* campaign) { campaign_ = campaign; }
  void SetAfterLevel(CompleteMenu::After after) { after_level_ = after; }
  // The sound volumes Options shows and edits.
  const game::SoundVolumes& volumes() const { return volumes_; }
  void SetVolumes(const game::SoundVolumes& volumes) { volumes_ = volumes; }
  // Where Options' other changes go (the saved settings, the renderer, the
  // window, the input).
  void ConnectOptions(const OptionsTargets& targets) { options_.Connect(targets); }
  // Opens Options over the current screen (the title's or the pause menu's).
  void OpenOptions() { options_.Open(); }
  // The input the game may act on this frame (none while Options is open).
  core::InputState InputForGame(const core::InputState& input) const { return options_.InputForGame(input); }
  // The level's best time (seconds; negative: none kept) and whether this
  // run just set it, for the level complete screen.
  // The most gems taken on the level in a run to the goal (negative: none kept).
  void SetBestGems(int best) { best_gems_ = best; }
  void SetBestTime(double best_s, bool new_best) {
    best_time_s_ = best_s;
    new_best_ = new_best;
  }

 private:
  void DrawNotice(int width_px);
  void NoteCheckpoint(const game::GameSession& session);
  // The scene fades in from black after the player falls out and respawns.
  void DrawRespawnFade(const game::GameSession& session, int width_px, int height_px);
  void DrawTitle(game::GameSession& session, const core::InputState& input, int width_px, int height_px);
  void DrawPause(game::GameSession& session, ik::IkSwitches& ik, const core::InputState& input, int width_px,
                 int height_px);
  void DrawLadderPrompt(const game::GameSession& session, int width_px, int height_px);
  void DrawRunAwards(const game::GameSession& session);
  void DrawComplete(game::GameSession& session, const core::InputState& input, int width_px, int height_px);
  void DrawCredits(game::GameSession& session, const core::InputState& input, int width_px, int height_px);
  void RefreshControlTexts();

  TitleMenu title_menu_;
  bool level_choice_ = false;  // the title has a level row
  int level_step_ = 0;         // asked for on the title, not yet taken (TakeLevelStep)
  RunRequest run_request_ = RunRequest::kNone;
  const game::Campaign* campaign_ = nullptr;
  CompleteMenu complete_menu_;
  CompleteMenu::After after_level_ = CompleteMenu::After::kNothing;
  bool complete_shown_ = false;  // the complete panel was drawn last frame (its menu is open)
  // The credits' lines, built as the credits begin (never per frame).
  std::vector<CreditsLine> credits_lines_;
  bool credits_built_ = false;
  PauseMenu pause_menu_;
  FightHud fight_hud_;
  bool was_paused_ = false;  // last frame: a newly paused game opens the menu afresh
  std::string notice_;
  float notice_left_s_ = 0.0f;          // real seconds the notice stays
  static constexpr int kNoneSeen = -2;  // below every checkpoint index (-1: none reached)
  int seen_checkpoint_ = kNoneSeen;     // the player's last checkpoint last frame
  int seen_respawns_ = -1;              // the player's respawn count last frame (-1: none seen yet)
  float fade_left_s_ = 0.0f;            // real seconds of the respawn fade left
  double best_time_s_ = -1.0;           // the level's best time, seconds (negative: none)
  bool new_best_ = false;               // this run set it
  int best_gems_ = -1;                  // the level's most gems in a run (negative: none kept)

  // The title's line of controls, the ladder prompts (up, down) and the
  // confirm control (the credits' last line), naming the bound keys and
  // buttons (RefreshControlTexts).
  std::string controls_hint_;
  std::array<std::string, 2> ladder_prompts_;
  std::string confirm_name_;
  bool control_texts_stale_ = true;

  OptionsScreen options_;       // over the title or the pause menu, while open
  game::SoundVolumes volumes_;  // the mixer's, edited in Options
};

}  // namespace knights::ui
