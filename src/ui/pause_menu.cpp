#include "ui/pause_menu.h"

namespace knights::ui {
namespace {

// Item indices of the menu, and of a question (No first: the default).
enum MenuItem { kResumeItem = 0, kRestartItem, kIkItem, kQuitItem };
enum AnswerItem { kNoItem = 0, kYesItem };

constexpr const char* kMenuIkOn[] = {"Resume", "Restart", "IK: on", "Quit"};
constexpr const char* kMenuIkOff[] = {"Resume", "Restart", "IK: off", "Quit"};
constexpr const char* kAnswers[] = {"No, go back", "Yes"};

}  // namespace

void PauseMenu::Open() {
  question_ = Question::kNone;
  selected_ = kResumeItem;
}

const char* PauseMenu::Title() const {
  switch (question_) {
    case Question::kRestart:
      return "Restart the level?";
    case Question::kQuit:
      return "Quit the game?";
    case Question::kNone:
      break;
  }
  return "PAUSED";
}

std::span<const char* const> PauseMenu::Items(bool ik_on) const {
  if (question_ != Question::kNone) return kAnswers;
  return ik_on ? std::span<const char* const>(kMenuIkOn) : std::span<const char* const>(kMenuIkOff);
}

PauseMenu::Action PauseMenu::Update(const core::InputState& input, int clicked, bool ik_on) {
  const int count = static_cast<int>(Items(ik_on).size());
  if (input.menu_up_pressed) selected_ = (selected_ + count - 1) % count;
  if (input.menu_down_pressed) selected_ = (selected_ + 1) % count;
  if (clicked >= 0 && clicked < count) return Choose(clicked);
  if (input.confirm_pressed) return Choose(selected_);
  return Action::kNone;
}

PauseMenu::Action PauseMenu::Choose(int item) {
  if (question_ != Question::kNone) {
    const Question asked = question_;
    question_ = Question::kNone;
    if (item != kYesItem) {
      selected_ = asked == Question::kRestart ? kRestartItem : kQuitItem;  // back where it was asked
      return Action::kNone;
    }
    return asked == Question::kRestart ? Action::kRestart : Action::kQuit;
  }
  switch (item) {
    case kResumeItem:
      return Action::kResume;
    case kIkItem:
      return Action::kToggleIk;
    case kRestartItem:
      question_ = Question::kRestart;
      selected_ = kNoItem;
      return Action::kNone;
    case kQuitItem:
      question_ = Question::kQuit;
      selected_ = kNoItem;
      return Action::kNone;
    default:
      return Action::kNone;
  }
}

}  // namespace knights::ui
