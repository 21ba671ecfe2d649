#include "knights/ui/fight_hud.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "knights/render/frame_view.h"
#include "knights/ui/control_names.h"

namespace knights::ui {
namespace {

constexpr float kHeartRadiusPx = 11.0f;   // one lobe of a heart
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

void FightHud::Draw(const game::GameSession& session, const game::Settings& settings, int width_px, int height_px) {
  if (!session.player().fight.CanFight() && session.player().fight.clips().hit_s <= 0.0f) return;
  DrawHearts(session.player().fight);
  DrawEnemyMarks(session, width_px, height_px);
  DrawHint(session, settings, width_px, height_px);
}

void FightHud::DrawHearts(const game::KnightFight& player) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const int max = std::max(1, player.tuning.max_health);
  for (int i = 0; i < max; ++i) {
    const ImVec2 c(24.0f + static_cast<float>(i) * kHeartRadiusPx * 2.6f, 26.0f);
    AddHeart(draw, ImVec2(c.x + 1.5f, c.y + 1.5f), kHeartRadiusPx * 1.08f, IM_COL32(0, 0, 0, 120));  // shadow
    AddHeart(draw, c, kHeartRadiusPx, i < player.health() ? kHeartFull : kHeartEmpty);
  }
}

void FightHud::DrawEnemyMarks(const game::GameSession& session, int width_px, int height_px) {
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
      const float scale = tell ? 1.6f + 1.4f * ai.WindUpProgress() : 1.8f;
      ImFont* font = ImGui::GetFont();
      const float size = ImGui::GetFontSize() * scale;
      const ImVec2 text_size = font->CalcTextSizeA(size, 1e9f, 0.0f, "!");
      const ImVec2 at(head_px.x - text_size.x * 0.5f, head_px.y - text_size.y);
      draw->AddText(font, size, ImVec2(at.x + 2.0f, at.y + 2.0f), IM_COL32(0, 0, 0, 160), "!");
      draw->AddText(font, size, at, tell ? IM_COL32(255, 60, 40, 255) : IM_COL32(255, 220, 60, 255), "!");
    }
    // Hit points as pips under the mark.
    const int max = std::max(1, enemy.fight.tuning.max_health);
    constexpr float kPipPx = 7.0f;
    const float left = head_px.x - 0.5f * static_cast<float>(max) * kPipPx * 1.4f;
    for (int p = 0; p < max; ++p) {
      const ImVec2 a(left + static_cast<float>(p) * kPipPx * 1.4f, head_px.y + 4.0f);
      draw->AddRectFilled(a, ImVec2(a.x + kPipPx, a.y + kPipPx),
                          p < enemy.fight.health() ? IM_COL32(214, 38, 48, 230) : IM_COL32(40, 20, 22, 160));
      draw->AddRect(a, ImVec2(a.x + kPipPx, a.y + kPipPx), kOutline);
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
  ImGui::SetWindowFontScale(1.3f);
  ImGui::TextUnformatted(hint_.c_str());
  ImGui::End();
}

}  // namespace knights::ui
