#include "knights/ui/credits_roll.h"

#include <algorithm>

namespace knights::ui {
namespace {

std::string LevelLine(const game::LevelResult& result) {
  std::string line = result.name + "   " + game::RunTimeText(result.time_s);
  if (result.gems_total > 0) {
    line += "   gems " + std::to_string(result.gems_taken) + " / " + std::to_string(result.gems_total);
  }
  if (result.medal != game::Medal::kNone) line += std::string("   ") + game::ToString(result.medal);
  return line;
}

// "medals: 1 gold, 1 silver", or "no medals".
std::string MedalsLine(const game::Campaign& campaign) {
  std::string line;
  for (game::Medal medal : {game::Medal::kGold, game::Medal::kSilver, game::Medal::kBronze}) {
    const int count = campaign.MedalCount(medal);
    if (count == 0) continue;
    line += (line.empty() ? "medals: " : ", ") + std::to_string(count) + " " + game::ToString(medal);
  }
  return line.empty() ? "no medals" : line;
}

}  // namespace

std::vector<CreditsLine> CreditsLines(const game::Campaign& campaign, const std::string& confirm_hint) {
  std::vector<CreditsLine> lines = {
      {"KNIGHTS", 3.0f}, {"over hill, rung and rampart", 1.3f}, {"", 1.0f}, {"YOUR RUN", 1.6f}};
  for (const game::LevelResult& result : campaign.results()) lines.push_back({LevelLine(result), 1.25f});
  std::string total = "in all " + game::RunTimeText(campaign.TotalTimeS());
  if (campaign.GemsTotal() > 0) {
    total += "   gems " + std::to_string(campaign.GemsTaken()) + " / " + std::to_string(campaign.GemsTotal());
  }
  lines.push_back({total, 1.4f});
  lines.push_back({MedalsLine(campaign), 1.25f});
  for (const CreditsLine& line : std::initializer_list<CreditsLine>{
           {"", 1.0f},
           {"MADE BY", 1.6f},
           {"the Knights team", 1.25f},
           {"", 1.0f},
           {"KNIGHTS, CLIPS, LEVELS AND SOUNDS", 1.6f},
           {"made by our own tools, Blender run headless among them", 1.25f},
           {"", 1.0f},
           {"BUILT WITH", 1.6f},
           {"SDL2 and SDL2_mixer, OpenGL 3.3, glm, assimp", 1.25f},
           {"Dear ImGui, stb_image, nlohmann-json", 1.25f},
           {"GoogleTest and Google Benchmark", 1.25f},
           {"", 1.0f},
           {"TYPEFACES", 1.6f},
           {"DejaVu Sans and DejaVu Serif, Bitstream Vera licence", 1.25f},
           {"", 1.0f},
           {"", 1.0f},
       }) {
    lines.push_back(line);
  }
  lines.push_back({"THE END", 3.0f});
  lines.push_back({"Thank you for playing", 1.4f});
  lines.push_back({"Press " + confirm_hint + " for the title", 1.1f});
  return lines;
}

float CreditsRollProgress(double time_s) {
  const float t = std::clamp(static_cast<float>(time_s) / kCreditsRollS, 0.0f, 1.0f);
  // Steady for most of the roll, then slowing evenly to rest at the
  // closing card: speed v until kEaseFrom, then falling linearly to 0, with
  // v chosen so the whole roll covers 1.
  constexpr float kEaseFrom = 0.8f;
  constexpr float kSpeed = 2.0f / (1.0f + kEaseFrom);
  if (t <= kEaseFrom) return kSpeed * t;
  const float u = (t - kEaseFrom) / (1.0f - kEaseFrom);
  return kSpeed * (kEaseFrom + (1.0f - kEaseFrom) * (u - 0.5f * u * u));
}

}  // namespace knights::ui
