#pragma once
// Angle units.

namespace knights::math {

// Degrees to radians: multiply an angle in degrees by this.
inline constexpr float kDegToRad = 0.017453292519943295f;

}  // namespace knights::math
