#include "knights/game/session/campaign.h"

#include <cstdio>

namespace knights::game {

void Campaign::Begin(int index) {
  results_.clear();
  const bool inside = index >= 0 && index < static_cast<int>(levels_.size());
  first_ = current_ = inside ? index : -1;
}

int Campaign::Next() const {
  if (current_ < 0 || current_ + 1 >= static_cast<int>(levels_.size())) return -1;
  return current_ + 1;
}

void Campaign::Advance() { current_ = Next(); }

void Campaign::Record(const LevelResult& result) {
  if (current_ < 0) return;
  const size_t slot = static_cast<size_t>(current_ - first_);
  if (results_.size() <= slot) results_.resize(slot + 1);
  results_[slot] = result;
}

double Campaign::TotalTimeS() const {
  double total_s = 0.0;
  for (const LevelResult& result : results_) total_s += result.time_s;
  return total_s;
}

int Campaign::GemsTaken() const {
  int taken = 0;
  for (const LevelResult& result : results_) taken += result.gems_taken;
  return taken;
}

int Campaign::GemsTotal() const {
  int total = 0;
  for (const LevelResult& result : results_) total += result.gems_total;
  return total;
}

int Campaign::MedalCount(Medal medal) const {
  int count = 0;
  for (const LevelResult& result : results_) count += result.medal == medal ? 1 : 0;
  return count;
}

void FormatRunTime(double seconds, char* out, size_t size) {
  const int minutes = static_cast<int>(seconds / 60.0);
  std::snprintf(out, size, "%d:%05.2f", minutes, seconds - minutes * 60.0);
}

std::string RunTimeText(double seconds) {
  char text[32];
  FormatRunTime(seconds, text, sizeof(text));
  return text;
}

std::vector<int> LevelsReached(std::span<const std::string> levels, const std::set<std::string>& completed) {
  std::vector<int> reached;
  for (size_t i = 0; i < levels.size(); ++i) {
    if (i == 0 || completed.contains(levels[i]) || completed.contains(levels[i - 1])) {
      reached.push_back(static_cast<int>(i));
    }
  }
  return reached;
}

}  // namespace knights::game
