#pragma once
// The ending's credits: the lines that roll up over the scene at the last
// goal (the game's name, the run level by level with its totals, who made
// it and with what, then a closing card), and where the roll is at a time.

#include <string>
#include <vector>

#include "knights/game/session/campaign.h"

namespace knights::ui {

struct CreditsLine {
  std::string text;    // "" for a gap
  float scale = 1.0f;  // over the UI's font size
};

// The roll, top to bottom; its last kClosingCardLines lines are the closing
// card, which stays centred once the roll is over. `confirm_hint` names the
// bound confirm control ("Return or A").
std::vector<CreditsLine> CreditsLines(const game::Campaign& campaign, const std::string& confirm_hint);
inline constexpr int kClosingCardLines = 3;

// Seconds from the start of the credits to the closing card centred, and
// how far along that the roll is at `time_s` (0: the first line enters at
// the bottom, 1: over; eased out at the end).
inline constexpr float kCreditsRollS = 20.0f;
float CreditsRollProgress(double time_s);

}  // namespace knights::ui
