#include "knights/ui/pause_menu.h"

#include <cstdio>
#include <iterator>

namespace knights::ui {
namespace {

// Item indices of the menu, and of a question (No first: the default).
enum MenuItem { kResumeItem = 0, kRestartItem, kIkItem, kOptionsItem, kQuitItem };
enum AnswerItem { kNoItem = 0, kYesItem };

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
      return "Quit to the title?";
    case Question::kNone:
      break;
  }
  return "PAUSED";
}

std::span<const char* const> PauseMenu::Items(bool ik_on) const {
  if (question_ != Question::kNone) return kAnswers;
  std::snprintf(labels_[kResumeItem].data(), labels_[0].size(), "Resume");
  std::snprintf(labels_[kRestartItem].data(), labels_[0].size(), "Restart");
  std::snprintf(labels_[kIkItem].data(), labels_[0].size(), "IK: %s", ik_on ? "on" : "off");
  std::snprintf(labels_[kOptionsItem].data(), labels_[0].size(), "Options");
  std::snprintf(labels_[kQuitItem].data(), labels_[0].size(), "Quit to title");
  for (int i = 0; i < kItemCount; ++i) label_ptrs_[i] = labels_[i].data();
  return label_ptrs_;
}

void PauseMenu::Select(int item) {
  const int count = question_ != Question::kNone ? static_cast<int>(std::size(kAnswers)) : kItemCount;
  if (item >= 0 && item < count) selected_ = item;
}

PauseMenu::Action PauseMenu::Update(const core::InputState& input, int clicked, bool ik_on) {
  if (input.back_pressed) return Asking() ? Choose(kNoItem) : Action::kResume;  // the pad's B: back out
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
    return asked == Question::kRestart ? Action::kRestart : Action::kQuitToTitle;
  }
  switch (item) {
    case kResumeItem:
      return Action::kResume;
    case kIkItem:
      return Action::kToggleIk;
    case kOptionsItem:
      return Action::kOptions;
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
