#include "knights/ui/fight_hud.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "knights/render/frame_view.h"
#include "knights/ui/control_names.h"
#include "knights/ui/typeface.h"

namespace knights::ui {
namespace {

constexpr float kHintS = 6.0f;            // the controls hint stays this long, seconds
constexpr float kMarkAboveHeadM = 0.45f;  // an enemy's tell floats this far over its body, metres
constexpr ImU32 kHeartFull = IM_COL32(214, 38, 48, 255);
constexpr ImU32 kHeartEmpty = IM_COL32(40, 20, 22, 160);
constexpr ImU32 kOutline = IM_COL32(255, 240, 220, 220);

// A heart: two lobes and a point, centred at `c`.
void AddHeart(ImDrawList* draw, ImVec2 c, float r, ImU32 fill) {
  draw->AddCircleFilled(ImVec2(c.x - r * 0.55f, c.y - r * 0.2f), r * 0.62f, fill, 16);
  draw->AddCircleFilled(ImVec2(c.x + r * 0.55f, c.y - r * 0.2f), r * 0.62f, fill, 16);
  draw->AddTriangleFilled(ImVec2(c.x - r * 1.12f, c.y), ImVec2(c.x + r * 1.12f, c.y), ImVec2(c.x, c.y + r * 1.1f),
                          fill);
}

// An enemy's "!" standing on bottom_px, height_px tall: a bar and a dot
// drawn as shapes (a font's "!" scaled up is a line a few pixels wide),
// over a dark outline that keeps it read against sky and grass.
void AddTellMark(ImDrawList* draw, const ImVec2& bottom_px, float height_px, ImU32 color) {
  const float half_width = 0.13f * height_px, dot_radius = 0.14f * height_px, outline = 0.05f * height_px + 1.0f;
  const ImVec2 top(bottom_px.x - half_width, bottom_px.y - height_px);
  const ImVec2 bar_end(bottom_px.x + half_width, bottom_px.y - 0.36f * height_px);
  const ImVec2 dot(bottom_px.x, bottom_px.y - dot_radius);
  const ImU32 dark = IM_COL32(20, 12, 10, 220);
  draw->AddRectFilled(ImVec2(top.x - outline, top.y - outline), ImVec2(bar_end.x + outline, bar_end.y + outline), dark,
                      half_width + outline);
  draw->AddCircleFilled(dot, dot_radius + outline, dark);
  draw->AddRectFilled(top, bar_end, color, half_width);
  draw->AddCircleFilled(dot, dot_radius, color);
}

// World to screen pixels; false behind the eye.
bool ToScreen(const render::FrameView& view, const glm::vec3& p_ws, ImVec2* out_px) {
  const glm::vec4 clip = view.view_proj * glm::vec4(p_ws, 1.0f);
  if (clip.w <= 1e-3f) return false;
  const glm::vec3 ndc = glm::vec3(clip) / clip.w;
  *out_px = ImVec2((ndc.x * 0.5f + 0.5f) * static_cast<float>(view.width_px),
                   (0.5f - ndc.y * 0.5f) * static_cast<float>(view.height_px));
  return true;
}

}  // namespace

FightMarkSizes FightMarkSizesFor(int height_px) {
  const float h = static_cast<float>(std::max(height_px, 1));
  FightMarkSizes sizes;
  sizes.heart_radius_px = std::max(11.0f, 0.016f * h);
  sizes.pip_px = std::max(8.0f, 0.022f * h);
  sizes.tell_px = std::max(20.0f, 0.04f * h);
  sizes.tell_swell = 0.8f;
  return sizes;
}

void FightHud::Draw(const game::GameSession& session, const game::Settings& settings, int width_px, int height_px) {
  if (!session.player().fight.CanFight() && session.player().fight.clips().hit_s <= 0.0f) return;
  const FightMarkSizes sizes = FightMarkSizesFor(height_px);
  DrawHearts(session.player().fight, sizes);
  DrawEnemyMarks(session, sizes, width_px, height_px);
  DrawHint(session, settings, width_px, height_px);
}

void FightHud::DrawHearts(const game::KnightFight& player, const FightMarkSizes& sizes) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const int max = std::max(1, player.tuning.max_health);
  const float r = sizes.heart_radius_px;
  for (int i = 0; i < max; ++i) {
    const ImVec2 c(2.2f * r + static_cast<float>(i) * r * 2.6f, 2.4f * r);
    AddHeart(draw, ImVec2(c.x + 1.5f, c.y + 1.5f), r * 1.08f, IM_COL32(0, 0, 0, 120));  // shadow
    AddHeart(draw, c, r, i < player.health() ? kHeartFull : kHeartEmpty);
  }
}

void FightHud::DrawEnemyMarks(const game::GameSession& session, const FightMarkSizes& sizes, int width_px,
                              int height_px) {
  const game::FollowCamera& camera = session.camera();
  const render::FrameView view =
      render::MakeFrameView(camera.EyeWs(), camera.TargetWs(), camera.tuning.fov_y_deg, width_px, height_px);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  for (size_t i = 1; i < session.knights().size(); ++i) {
    if (!session.IsEnemy(i) || !session.Shown(i)) continue;
    const game::Knight& enemy = session.knights()[i];
    const game::EnemyAi& ai = session.enemy_ai(i);
    if (enemy.fight.Defeated() || ai.state() == game::EnemyState::kPatrol) continue;
    ImVec2 head_px;
    if (!ToScreen(view, enemy.BodyWs().top_ws + glm::vec3(0.0f, kMarkAboveHeadM, 0.0f), &head_px)) continue;
    const bool tell = ai.state() == game::EnemyState::kWindUp;
    if (tell || ai.state() == game::EnemyState::kNotice) {
      const float height = sizes.tell_px * (tell ? 1.0f + sizes.tell_swell * ai.WindUpProgress() : 1.0f);
      AddTellMark(draw, head_px, height, tell ? IM_COL32(255, 60, 40, 255) : IM_COL32(255, 220, 60, 255));
    }
    // Hit points as pips under the mark.
    const int max = std::max(1, enemy.fight.tuning.max_health);
    const float pip = sizes.pip_px;
    const float left = head_px.x - 0.5f * static_cast<float>(max) * pip * 1.3f;
    for (int p = 0; p < max; ++p) {
      const ImVec2 a(left + static_cast<float>(p) * pip * 1.3f, head_px.y + 0.3f * pip);
      draw->AddRectFilled(a, ImVec2(a.x + pip, a.y + pip),
                          p < enemy.fight.health() ? IM_COL32(214, 38, 48, 235) : IM_COL32(40, 20, 22, 170));
      draw->AddRect(a, ImVec2(a.x + pip, a.y + pip), kOutline, 0.0f, 0, 1.5f);
    }
  }
}

// The first time an enemy sees the player, the controls that fight it.
void FightHud::DrawHint(const game::GameSession& session, const game::Settings& settings, int width_px, int height_px) {
  if (!hint_shown_) {
    for (size_t i = 1; i < session.knights().size(); ++i) {
      if (session.IsEnemy(i) && session.enemy_ai(i).state() != game::EnemyState::kPatrol && !session.autoplay) {
        hint_shown_ = true;
        hint_left_s_ = kHintS;
        hint_ = "Attack: " + ControlName(settings, core::KeyAction::kAttack) + "    Block: hold " +
                ControlName(settings, core::KeyAction::kBlock);
      }
    }
  }
  hint_left_s_ = std::max(0.0f, hint_left_s_ - ImGui::GetIO().DeltaTime);
  if (hint_left_s_ <= 0.0f) return;
  ImGui::SetNextWindowBgAlpha(0.55f * std::min(1.0f, hint_left_s_ / 0.5f));
  ImGui::SetNextWindowPos(ImVec2(width_px * 0.5f, height_px * 0.78f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::Begin("fight hint", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
  const TextSize size(1.25f);
  ImGui::TextUnformatted(hint_.c_str());
  ImGui::End();
}

}  // namespace knights::ui
