#include "knights/asset/character_facing.h"

#include <cmath>

#include "knights/anim/model_pose.h"

namespace knights::asset {
namespace {

// The axis of the file's model space nearest to v (unit), or nullopt when v
// is too short or too far between axes (more than 40 degrees off all).
std::optional<glm::vec3> NearestAxis(const glm::vec3& v) {
  const float length = glm::length(v);
  if (!(length > 1e-4f)) return std::nullopt;
  int best = 0;
  for (int i = 1; i < 3; ++i) {
    if (std::fabs(v[i]) > std::fabs(v[best])) best = i;
  }
  constexpr float kCos40 = 0.766f;
  if (std::fabs(v[best]) < kCos40 * length) return std::nullopt;
  glm::vec3 axis(0.0f);
  axis[best] = v[best] > 0.0f ? 1.0f : -1.0f;
  return axis;
}

glm::vec3 PointMs(const glm::mat4& joint_ms, const glm::vec3& offset_ls) {
  return glm::vec3(joint_ms * glm::vec4(offset_ls, 1.0f));
}

}  // namespace

std::optional<Facing> FacingFromRestPose(const character::CharacterDesc& desc, const anim::Skeleton& skeleton) {
  const int pelvis = skeleton.FindJoint(desc.pelvis_joint);
  const int ankles[2] = {skeleton.FindJoint(desc.leg_l.end), skeleton.FindJoint(desc.leg_r.end)};
  if (pelvis < 0 || ankles[0] < 0 || ankles[1] < 0) return std::nullopt;
  const std::vector<glm::mat4> rest_ms = anim::ModelPoseAt(skeleton, nullptr, 0.0f);
  const std::string* tips[2] = {&desc.leg_l.tip, &desc.leg_r.tip};
  const glm::vec3 balls_ls[2] = {desc.ball_offset_l_ls, desc.ball_offset_r_ls};
  glm::vec3 ankles_ms(0.0f), toes_ms(0.0f);
  for (int side = 0; side < 2; ++side) {
    const glm::mat4& ankle_ms = rest_ms[ankles[side]];
    const int tip = tips[side]->empty() ? -1 : skeleton.FindJoint(*tips[side]);
    ankles_ms += glm::vec3(ankle_ms[3]);
    // The toe joint where the rig has one, else the ball point.
    toes_ms += tip >= 0 ? glm::vec3(rest_ms[tip][3]) : PointMs(ankle_ms, balls_ls[side]);
  }
  const std::optional<glm::vec3> up = NearestAxis(glm::vec3(rest_ms[pelvis][3]) - 0.5f * ankles_ms);
  if (!up) return std::nullopt;
  glm::vec3 ahead = toes_ms - ankles_ms;
  ahead -= glm::dot(ahead, *up) * *up;  // the toes' height is no direction
  const std::optional<glm::vec3> forward = NearestAxis(ahead);
  if (!forward) return std::nullopt;
  return Facing{*forward, *up};
}

Facing ChooseFacing(const character::CharacterDesc& desc, const anim::Skeleton& skeleton,
                    std::vector<std::string>* warnings) {
  auto warn = [&](const std::string& line) {
    if (warnings != nullptr) warnings->push_back(desc.file + ": " + line);
  };
  const std::optional<Facing> rest = FacingFromRestPose(desc, skeleton);
  Facing facing;
  if (rest) facing = *rest;
  if (desc.up_axis) {
    if (rest && rest->up_axis != *desc.up_axis)
      warn("up: \"" + AxisName(*desc.up_axis) + "\", but the rest pose's pelvis is " + AxisName(rest->up_axis) +
           " of its feet; using the file's");
    facing.up_axis = *desc.up_axis;
  }
  if (desc.forward_axis) {
    if (rest && rest->forward_axis != *desc.forward_axis)
      warn("forward: \"" + AxisName(*desc.forward_axis) + "\", but the rest pose's toes point " +
           AxisName(rest->forward_axis) + "; using the file's");
    facing.forward_axis = *desc.forward_axis;
  }
  if (!rest && !(desc.forward_axis && desc.up_axis))
    warn("the rest pose does not show which way the character faces (feet, toes and pelvis): taking \"forward\": \"" +
         AxisName(facing.forward_axis) + "\", \"up\": \"" + AxisName(facing.up_axis) + "\"");
  if (glm::dot(facing.forward_axis, facing.up_axis) != 0.0f) {
    // A file's up with a rest pose's forward along it: glTF's pair instead.
    warn("forward " + AxisName(facing.forward_axis) + " lies along up: taking glTF's +z forward, +y up");
    facing = Facing{};
  }
  return facing;
}

glm::quat TurnToGameAxes(const Facing& facing) {
  // Rows of the rotation: where forward, up and their cross product go.
  const glm::vec3 side = glm::cross(facing.forward_axis, facing.up_axis);
  const glm::mat3 to_game = glm::transpose(glm::mat3(facing.forward_axis, facing.up_axis, side));
  return glm::normalize(glm::quat_cast(to_game));
}

std::optional<glm::vec3> GroundRootMs(const character::CharacterDesc& desc, const anim::Skeleton& skeleton,
                                      const Facing& facing) {
  const int pelvis = skeleton.FindJoint(desc.pelvis_joint);
  const int ankles[2] = {skeleton.FindJoint(desc.leg_l.end), skeleton.FindJoint(desc.leg_r.end)};
  const std::vector<glm::mat4> rest_ms = anim::ModelPoseAt(skeleton, nullptr, 0.0f);
  if (pelvis < 0 || ankles[0] < 0 || ankles[1] < 0) return std::nullopt;
  const glm::vec3& up = facing.up_axis;
  const float sole_height = 0.5f * (glm::dot(PointMs(rest_ms[ankles[0]], desc.sole_offset_l_ls), up) +
                                    glm::dot(PointMs(rest_ms[ankles[1]], desc.sole_offset_r_ls), up));
  const glm::vec3 root_ms(rest_ms[0][3]);
  const float hips_height = glm::dot(glm::vec3(rest_ms[pelvis][3]), up) - sole_height;
  const float root_height = glm::dot(root_ms, up) - sole_height;
  if (!(hips_height > 0.0f) || !(root_height > 0.25f * hips_height)) return std::nullopt;
  return TurnToGameAxes(facing) * (root_ms - root_height * up);
}

std::string AxisName(const glm::vec3& axis) {
  for (int i = 0; i < 3; ++i) {
    if (axis[i] != 0.0f) return std::string(axis[i] > 0.0f ? "+" : "-") + "xyz"[i];
  }
  return "none";
}

}  // namespace knights::asset
