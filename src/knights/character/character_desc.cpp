#include "knights/character/character_desc.h"

namespace knights::character {

const char* ClipRoleKey(ClipRole role) {
  static constexpr std::array<const char*, kClipRoleCount> kKeys = {"idle",
                                                                    "walk",
                                                                    "run",
                                                                    "jump_up",
                                                                    "fall",
                                                                    "land",
                                                                    "climb_up",
                                                                    "climb_down",
                                                                    "ladder_enter_bottom",
                                                                    "ladder_exit_top",
                                                                    "turn",
                                                                    "attack_1",
                                                                    "attack_2",
                                                                    "attack_3",
                                                                    "block",
                                                                    "block_hit",
                                                                    "hit",
                                                                    "knockdown",
                                                                    "get_up"};
  const int i = static_cast<int>(role);
  return i >= 0 && i < kClipRoleCount ? kKeys[i] : "?";
}

}  // namespace knights::character
