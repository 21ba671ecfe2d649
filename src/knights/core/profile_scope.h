#pragma once
// Timing a block at no cost when nobody reads it:
//
//   {
//     KNIGHTS_PROFILE_SCOPE(time_passes, &last_ik_s_);
//     ... the IK pass ...
//   }
//
// writes the block's wall time, in seconds, to *seconds_out when `enabled`
// is true, and 0 when it is false (no clock is read). Built with
// -DKNIGHTS_PROFILE=OFF the macro compiles to nothing and the outputs keep
// whatever they held (0 unless written elsewhere).

#include <chrono>

namespace knights::core {

class ProfileScope {
 public:
  ProfileScope(bool enabled, double* seconds_out) : seconds_out_(enabled ? seconds_out : nullptr) {
    if (seconds_out_ != nullptr) {
      start_ = Clock::now();
    } else if (seconds_out != nullptr) {
      *seconds_out = 0.0;
    }
  }
  ~ProfileScope() {
    if (seconds_out_ != nullptr) *seconds_out_ = std::chrono::duration<double>(Clock::now() - start_).count();
  }
  ProfileScope(const ProfileScope&) = delete;
  ProfileScope& operator=(const ProfileScope&) = delete;

 private:
  using Clock = std::chrono::steady_clock;
  double* seconds_out_;  // null: not timing
  Clock::time_point start_{};
};

}  // namespace knights::core

#define KNIGHTS_PROFILE_CONCAT_INNER(a, b) a##b
#define KNIGHTS_PROFILE_CONCAT(a, b) KNIGHTS_PROFILE_CONCAT_INNER(a, b)
#if defined(KNIGHTS_PROFILE_OFF)
#define KNIGHTS_PROFILE_SCOPE(enabled, seconds_out) static_cast<void>(0)
#else
#define KNIGHTS_PROFILE_SCOPE(enabled, seconds_out) \
  const ::knights::core::ProfileScope KNIGHTS_PROFILE_CONCAT(knights_profile_scope_, __LINE__)(enabled, seconds_out)
#endif
