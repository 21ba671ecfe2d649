#pragma once
// The player's IK switches (the debug overlay, the pause menu, Options):
// which parts of the IK pass run. One owner keeps them (the settings); each
// step hands them to the pass with its input, and no controller keeps them.

namespace knights::ik {

struct IkSwitches {
  bool master = true;  // the whole pass
  bool leg_l = true, leg_r = true;
  bool arm_l = true, arm_r = true;
  bool pelvis = true;      // lower the hips
  bool foot_align = true;  // soles on the ground's normal
  bool foot_lock = true;   // planted feet stay put

  bool operator==(const IkSwitches&) const = default;
};

}  // namespace knights::ik
