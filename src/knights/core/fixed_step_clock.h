#pragma once
// Fixed-step simulation clock ("Fix your timestep", Glenn Fiedler, 2004):
// real frame time accumulates and is consumed in fixed steps, so the sim is
// deterministic for a given input stream whatever the frame rate; the
// leftover fraction interpolates rendering between the last two sim states.

namespace knights::core {

class FixedStepClock {
 public:
  // step_s: sim step in seconds (1/60 by default). A frame runs as many
  // steps as its real time holds, so game time keeps to real time at any
  // frame rate down to 1 / max_catch_up_s: slow rendering draws fewer frames,
  // never slows the game (a step costs well under its 16.7 ms, so catching
  // up cannot spiral). A longer stall (a debugger break, a dragged window)
  // is dropped rather than replayed at once.
  explicit FixedStepClock(double step_s = 1.0 / 60.0, double max_catch_up_s = 1.0)
      : step_s_(step_s), max_steps_(static_cast<int>(max_catch_up_s / step_s + 0.5)) {}

  // Adds real elapsed time (seconds, scaled by the game's time scale) and
  // returns how many sim steps to run now.
  int Advance(double elapsed_s) {
    if (!(elapsed_s > 0.0)) elapsed_s = 0.0;  // also rejects NaN
    accumulator_s_ += elapsed_s;
    int steps = static_cast<int>(accumulator_s_ / step_s_);
    if (steps > max_steps_) {
      steps = max_steps_;
      dropped_s_ += accumulator_s_ - max_steps_ * step_s_;
      accumulator_s_ = 0.0;  // drop the backlog rather than spiral
    } else {
      accumulator_s_ -= steps * step_s_;
    }
    return steps;
  }

  // Fraction in [0, 1) of a step elapsed since the last sim step: the render
  // interpolation factor between the previous and the current sim state.
  double Alpha() const { return accumulator_s_ / step_s_; }
  double StepSeconds() const { return step_s_; }
  // Real seconds dropped so far: what stalls longer than max_catch_up_s
  // held beyond it.
  double DroppedSeconds() const { return dropped_s_; }

 private:
  double step_s_;
  int max_steps_;
  double accumulator_s_ = 0.0;
  double dropped_s_ = 0.0;
};

}  // namespace knights::core
