#include "knights/ui/debug_overlay.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "knights/character/clip_source.h"
#include "knights/ui/typeface.h"

namespace knights::ui {
namespace {

void MetricRow(const char* name, const game::SampleStats& s, const char* unit, double scale) {
  if (s.samples == 0) {
    ImGui::Text("%-22s no samples", name);  // never 0: nothing was measured
    return;
  }
  ImGui::Text("%-22s mean %7.2f  p95 %7.2f  max %7.2f %s  (%zu)", name, s.mean * scale, s.p95 * scale, s.max * scale,
              unit, s.samples);
}

void AddBendPlane(const game::Knight& knight, const character::LimbChain& chain, core::DebugLines& lines,
                  const glm::vec4& color) {
  const auto models = knight.ModelsMs();
  const glm::mat4 to_world = knight.ModelToWorld();
  const glm::vec3 a = glm::vec3(to_world * models[chain.upper][3]);
  const glm::vec3 b = glm::vec3(to_world * models[chain.mid][3]);
  const glm::vec3 c = glm::vec3(to_world * models[chain.end][3]);
  // The bend plane: a triangle outline plus its normal at the mid joint.
  lines.Add(a, c, color);
  const glm::vec3 n = glm::cross(b - a, c - b);
  if (glm::length(n) > 1e-6f) lines.Add(b, b + glm::normalize(n) * 0.12f, color);
}

// The IK switches, and what each foot and ladder limb of the inspected
// knight is doing.
void DrawIkSection(game::GameSession& session, ik::IkSwitches& ik) {
  if (!ImGui::CollapsingHeader("Inverse kinematics", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Checkbox("IK (master)", &ik.master);
  ImGui::SameLine();
  ImGui::Checkbox("draw targets, rays, normals", &session.draw_ik_debug);
  ImGui::Checkbox("left leg", &ik.leg_l);
  ImGui::SameLine();
  ImGui::Checkbox("right leg", &ik.leg_r);
  ImGui::SameLine();
  ImGui::Checkbox("left arm", &ik.arm_l);
  ImGui::SameLine();
  ImGui::Checkbox("right arm", &ik.arm_r);
  ImGui::Checkbox("pelvis", &ik.pelvis);
  ImGui::SameLine();
  ImGui::Checkbox("foot alignment", &ik.foot_align);
  ImGui::SameLine();
  ImGui::Checkbox("foot lock", &ik.foot_lock);
  const game::Knight& k = session.knights()[session.inspected_knight];
  for (int side = 0; side < 2; ++side) {
    const ik::FootIkState& f = k.foot_ik.Foot(side);
    ImGui::Text("%s foot: weight %.2f  contact %.2f  %s%s", side == 0 ? "left " : "right", f.weight,
                k.anim.ContactWeight(side == 0 ? anim::kFootL : anim::kFootR), f.locked ? "LOCKED " : "",
                f.ground.hit ? (f.reached ? "reached" : "not reached") : "no ground");
  }
  ImGui::Text("pelvis offset %+.3f m   ladder IK weight %.2f", k.foot_ik.PelvisOffsetM(), k.ladder_ik.MasterWeight());
  const char* limb_names[4] = {"foot L", "foot R", "hand L", "hand R"};
  if (k.ladder_ik.MasterWeight() > 0.0f) {
    for (int i = 0; i < 4; ++i) {
      const ik::LadderLimbState& s = k.ladder_ik.Limb(i);
      ImGui::Text("  %s: %s rung %d", limb_names[i], s.holding ? "holding" : "swinging", s.rung);
    }
  }
}

// The IK measured from outside so far (game::IkMetrics).
void DrawMetricsSection(const game::GameSession& session) {
  if (!ImGui::CollapsingHeader("Metrics (up to the goal)", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const game::IkMetrics& m = session.metrics();
  MetricRow("foot in ground", m.FootPenetration(), "cm", 100.0);
  MetricRow("foot in ground, ladder", m.LadderFootPenetration(), "cm", 100.0);
  MetricRow("foot-ground err", m.FootGroundError(), "cm", 100.0);
  MetricRow("hand-rung err", m.HandRungError(), "cm", 100.0);
  MetricRow("foot-rung err", m.FootRungError(), "cm", 100.0);
  MetricRow("foot slide", m.FootSlide(), "cm", 100.0);
  const game::SampleStats knee = m.KneeAngularSpeed();
  ImGui::Text("knee speed p99 %.0f  max %.0f deg/s   NaN frames %d", knee.p99, knee.max, m.nan_frames());
  ImGui::Text("knees reversed max %.0f deg (%d frames > 5)  elbows %.0f deg (%d)", m.KneeReversed().max,
              m.KneeReversed().frames_over, m.ElbowReversed().max, m.ElbowReversed().frames_over);
}

// Slow motion, pause and single steps; which knight is inspected; timings.
void DrawTimeSection(game::GameSession& session, DebugOverlayState& state) {
  if (!ImGui::CollapsingHeader("Time and knights", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::SliderFloat("time scale", &state.time_scale, 0.05f, 2.0f, "%.2fx");
  ImGui::Checkbox("pause sim", &state.sim_paused);
  ImGui::SameLine();
  if (ImGui::Button("step one frame")) {
    state.sim_paused = true;
    state.step_once = true;
  }
  ImGui::SameLine();
  ImGui::Checkbox("autoplay", &session.autoplay);
  const int count = static_cast<int>(session.knights().size());
  ImGui::SliderInt("inspect knight", &session.inspected_knight, 0, count - 1,
                   session.inspected_knight == 0 ? "player" : "NPC %d");
  const game::Knight& k = session.knights()[session.inspected_knight];
  ImGui::Text("mode %s  at (%.2f, %.2f)  v %.2f m/s  clip %s t=%.2f", game::ToString(k.controller.mode()),
              k.controller.FeetWs().x, k.controller.FeetWs().y, k.controller.VelocityMps().x,
              k.anim.CurrentClip() ? k.anim.CurrentClip()->Name().c_str() : "-", k.anim.CurrentTimeS());
  // Where the playing role's clip comes from: the character's own, or a
  // fallback built at load (the procedural climb on a ladder).
  if (!session.cast().empty()) {
    const int member = session.inspected_knight == 0 ? session.player_cast() : session.npc_cast();
    const character::ClipSources& sources = session.cast()[member].sources;
    ImGui::Text("role %s: %s", character::ClipRoleKey(k.anim.CurrentRole()),
                character::Describe(sources[static_cast<int>(k.anim.CurrentRole())]));
    ImGui::Text("climb: %s",
                sources[static_cast<int>(character::ClipRole::kClimbUp)] == character::ClipSource::kProceduralClimb
                    ? "procedural (IK on the rungs)"
                    : "the character's clips");
  }
  ImGui::TextWrapped("timings per step (all %d knights): sim %.3f  anim %.3f  IK %.3f  palette %.3f  render %.3f ms",
                     count, session.last_sim_s * 1e3, session.last_anim_s * 1e3, session.last_ik_s * 1e3,
                     session.last_palette_s * 1e3, state.render_s * 1e3);
  ImGui::Text("%.1f fps", ImGui::GetIO().Framerate);
}

// Shadows, vsync, fullscreen, anti-aliasing and render scale; the frame's stats.
void DrawRenderingSection(DebugOverlayState& state, platform::Window& window) {
  if (state.scene_settings == nullptr || !ImGui::CollapsingHeader("Rendering")) return;
  render::SceneSettings& r = *state.scene_settings;
  ImGui::Checkbox("shadows", &r.shadows);
  ImGui::SameLine();
  bool vsync = window.vsync();
  if (ImGui::Checkbox("vsync", &vsync)) window.SetVsync(vsync);
  ImGui::SameLine();
  if (ImGui::Button(window.fullscreen() ? "windowed (F11)" : "fullscreen (F11)")) window.ToggleFullscreen();
  int aa = static_cast<int>(r.anti_aliasing);
  const char* aa_names[] = {"off", "FXAA", "MSAA 4x"};
  static_assert(static_cast<int>(render::AntiAliasing::kOff) == 0 &&
                    static_cast<int>(render::AntiAliasing::kFxaa) == 1 &&
                    static_cast<int>(render::AntiAliasing::kMsaa) == 2,
                "aa_names follows render::AntiAliasing");
  if (ImGui::Combo("anti-aliasing", &aa, aa_names, 3)) r.anti_aliasing = static_cast<render::AntiAliasing>(aa);
  ImGui::SliderFloat("render scale", &r.render_scale, 0.25f, 2.0f, "%.2f");
  const render::SceneStats& st = state.scene_stats;
  ImGui::Text("3D at %dx%d, %s, %d knights drawn, shadow texel %.1f cm", st.scene_width_px, st.scene_height_px,
              st.msaa_samples > 0 ? "MSAA" : (st.fxaa ? "FXAA" : "no AA"), st.knights_drawn,
              st.shadow_texel_m * 100.0f);
}

// One clip played on the inspected knight, scrubbed or playing; bind pose
// and skeleton views.
void DrawClipViewerSection(std::span<const anim::Clip> clips, DebugOverlayState& state, float frame_dt_s) {
  if (!ImGui::CollapsingHeader("Clip viewer")) return;
  ImGui::Checkbox("play one clip on the inspected knight", &state.clip_override);
  ImGui::Checkbox("bind pose (no skinning)", &state.bind_pose);
  ImGui::SameLine();
  ImGui::Checkbox("skeleton", &state.draw_skeleton);
  if (ImGui::BeginListBox("clips", ImVec2(-1, 6 * ImGui::GetTextLineHeightWithSpacing()))) {
    for (int i = 0; i < static_cast<int>(clips.size()); ++i) {
      const std::string label = clips[i].Name() + "  (" + std::to_string(clips[i].DurationS()).substr(0, 4) + " s" +
                                (clips[i].Loop() ? ", loop)" : ")");
      if (ImGui::Selectable(label.c_str(), state.clip_index == i)) {
        state.clip_index = i;
        state.clip_time_s = 0.0f;
      }
    }
    ImGui::EndListBox();
  }
  if (!clips.empty()) {
    state.clip_index = std::clamp(state.clip_index, 0, static_cast<int>(clips.size()) - 1);
    const anim::Clip& clip = clips[state.clip_index];
    ImGui::Checkbox("playing", &state.clip_playing);
    ImGui::SameLine();
    ImGui::SliderFloat("time", &state.clip_time_s, 0.0f, clip.DurationS(), "%.3f s");
    if (state.clip_playing) {
      state.clip_time_s += frame_dt_s * state.time_scale;
      if (state.clip_time_s > clip.DurationS()) state.clip_time_s = clip.Loop() ? 0.0f : clip.DurationS();
    }
  }
}

}  // namespace

void AddSkeletonLines(const game::Knight& knight, core::DebugLines& lines) {
  const auto parents = knight.skeleton().Parents();
  const glm::mat4 to_world = knight.ModelToWorld();
  const auto models = knight.ModelsMs();
  const auto animated = knight.AnimatedJointsMs();
  for (size_t i = 0; i < parents.size(); ++i) {
    if (parents[i] < 0) continue;
    lines.Add(glm::vec3(to_world * glm::vec4(animated[parents[i]], 1.0f)),
              glm::vec3(to_world * glm::vec4(animated[i], 1.0f)), glm::vec4(1.0f, 0.55f, 0.1f, 0.45f));
    lines.Add(glm::vec3(to_world * models[parents[i]][3]), glm::vec3(to_world * models[i][3]),
              glm::vec4(1.0f, 1.0f, 1.0f, 1.0f));
  }
  const character::Rig& rig = knight.rig();
  AddBendPlane(knight, rig.leg_l, lines, glm::vec4(0.3f, 0.8f, 1.0f, 0.8f));
  AddBendPlane(knight, rig.leg_r, lines, glm::vec4(0.3f, 0.8f, 1.0f, 0.8f));
  AddBendPlane(knight, rig.arm_l, lines, glm::vec4(1.0f, 0.4f, 0.9f, 0.8f));
  AddBendPlane(knight, rig.arm_r, lines, glm::vec4(1.0f, 0.4f, 0.9f, 0.8f));
}

void DrawDebugOverlay(game::GameSession& session, ik::IkSwitches& ik, std::span<const anim::Clip> clips,
                      DebugOverlayState& state, platform::Window& window, float frame_dt_s) {
  if (!state.visible) {
    // Closed, the knight plays its own clips again, also when it reopens.
    session.clip_override = {};
    state.clip_override = false;
    return;
  }
  // Never taller than the window (it scrolls), never focused by appearing:
  // the arrow keys walk the knight until the overlay is clicked, and only
  // then navigate it (ui::ImGuiLayer::WantsKeyboard).
  const float scale = UiScale();
  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(560 * scale, 0), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSizeConstraints(ImVec2(320 * scale, 120),
                                      ImVec2(ImGui::GetIO().DisplaySize.x - 20, ImGui::GetIO().DisplaySize.y - 20));
  ImGui::SetNextWindowBgAlpha(0.85f);
  char title[160];
  if (state.clip_override && !clips.empty()) {
    const int shown = std::clamp(state.clip_index, 0, static_cast<int>(clips.size()) - 1);
    std::snprintf(title, sizeof title, "Knights debug (F1): CLIP OVERRIDE '%s'###debug", clips[shown].Name().c_str());
  } else {
    std::snprintf(title, sizeof title, "Knights debug (F1)###debug");
  }
  ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoFocusOnAppearing);

  DrawIkSection(session, ik);
  DrawMetricsSection(session);
  DrawTimeSection(session, state);
  DrawRenderingSection(state, window);
  DrawClipViewerSection(clips, state, frame_dt_s);
  // The clip viewer's choice, which the session plays from its next step
  // (the inspected knight may be of a character with fewer clips).
  if (!clips.empty()) state.clip_index = std::clamp(state.clip_index, 0, static_cast<int>(clips.size()) - 1);
  session.clip_override = state.clip_override && !clips.empty()
                              ? game::ClipOverride{&clips[state.clip_index], state.clip_time_s}
                              : game::ClipOverride{};
  ImGui::End();
}

}  // namespace knights::ui
