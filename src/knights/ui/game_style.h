#pragma once
// The look of every panel: Dear ImGui's style set to the game's own, dark
// translucent panels with rounded corners and a thin gold rule, warm ivory
// text, the lit item in gold; sizes (padding, rounding, borders) for the
// UI's scale (1 at 720 lines).

namespace knights::ui {

void ApplyGameStyle(float ui_scale);

}  // namespace knights::ui
