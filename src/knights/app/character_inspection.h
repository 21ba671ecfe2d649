#pragma once
// knights --inspect-character FILE: what the game finds in a character and
// what the file gives, printed for an animation programmer bringing their
// own: joints and roles, facing and ground, per clip its length, loop,
// speed and contact ranges per limb (and whether the extras gave them or
// the motion showed them), the climb's rung spacing, and every warning.

#include <string>

namespace knights::app {

// Prints the report to stdout; returns 0, or 2 after one line on stderr
// naming the file and what is wrong (a role the rig or clips cannot fill).
int InspectCharacter(const std::string& character_path);

}  // namespace knights::app
