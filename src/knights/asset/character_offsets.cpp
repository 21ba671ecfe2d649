#include "knights/asset/character_offsets.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "knights/anim/model_pose.h"

namespace knights::asset {
namespace {

// Where the strongest influence of each vertex lies in joint's subtree.
bool CarriedBy(const anim::Skeleton& skeleton, const anim::SkinnedVertex& v, int joint) {
  return skeleton.InSubtree(joint, v.joints[0]);
}

// The point `at_ms` in `joint`'s space.
glm::vec3 InJoint(const std::vector<glm::mat4>& rest_ms, int joint, const glm::vec3& at_ms) {
  return glm::vec3(glm::inverse(rest_ms[joint]) * glm::vec4(at_ms, 1.0f));
}

struct Finder {
  const CharacterModel& model;
  const std::vector<glm::mat4>& rest_ms;
  glm::vec3 up_ms;
  glm::vec3 forward_ms;
  float floor_m;  // the lowest vertex along up

  glm::vec3 At(int joint) const { return glm::vec3(rest_ms[joint][3]); }
  glm::vec3 OnFloor(const glm::vec3& p_ms) const { return p_ms - (glm::dot(p_ms, up_ms) - floor_m) * up_ms; }

  glm::vec3 Sole(int foot) const { return InJoint(rest_ms, foot, OnFloor(At(foot))); }

  glm::vec3 Ball(int foot, int toe) const {
    if (toe >= 0) return InJoint(rest_ms, foot, OnFloor(At(toe)));
    float reach_m = 0.0f;  // the foot's foremost vertex ahead of the ankle
    for (const anim::SkinnedVertex& v : model.mesh.vertices) {
      if (CarriedBy(model.skeleton, v, foot))
        reach_m = std::max(reach_m, glm::dot(v.position_ms - At(foot), forward_ms));
    }
    return InJoint(rest_ms, foot, OnFloor(At(foot) + 0.7f * reach_m * forward_ms));
  }

  // props: the joints of the file's props (a sword in the hand is no hand).
  glm::vec3 Grip(int hand, int elbow, const std::vector<int>& props) const {
    glm::vec3 sum(0.0f);
    int count = 0;
    for (const anim::SkinnedVertex& v : model.mesh.vertices) {
      const bool prop = std::any_of(props.begin(), props.end(), [&](int p) { return CarriedBy(model.skeleton, v, p); });
      if (CarriedBy(model.skeleton, v, hand) && !prop) sum += v.position_ms, ++count;
    }
    const glm::vec3 along = At(hand) - At(elbow);
    const glm::vec3 centre_ms = count > 0 ? sum / static_cast<float>(count) : At(hand) + 0.2f * along;
    return InJoint(rest_ms, hand, centre_ms);
  }
};

std::string Line(const std::string& file, const char* field, const glm::vec3& l, const glm::vec3& r) {
  char line[256];
  std::snprintf(line, sizeof line,
                ": %s left out: found on the model, left (%.4f, %.4f, %.4f), right (%.4f, %.4f, %.4f)", field, l.x, l.y,
                l.z, r.x, r.y, r.z);
  return file + line;
}

}  // namespace

void FindMissingOffsets(const glm::vec3& up_ms, const glm::vec3& forward_ms, const CharacterModel& model,
                        character::CharacterDesc* desc, std::vector<std::string>* notes) {
  const character::CharacterDesc::GivenOffsets given = desc->given_offsets;
  if (given.sole && given.ball && given.grip) return;
  const anim::Skeleton& skeleton = model.skeleton;
  const std::vector<glm::mat4> rest_ms = anim::ModelPoseAt(skeleton, nullptr, 0.0f);
  float floor_m = std::numeric_limits<float>::max();
  for (const anim::SkinnedVertex& v : model.mesh.vertices) floor_m = std::min(floor_m, glm::dot(v.position_ms, up_ms));
  const Finder find{model, rest_ms, up_ms, forward_ms, floor_m};
  const auto joint = [&](const std::string& name) { return name.empty() ? -1 : skeleton.FindJoint(name); };
  const int feet[2] = {joint(desc->leg_l.end), joint(desc->leg_r.end)};
  const int toes[2] = {joint(desc->leg_l.tip), joint(desc->leg_r.tip)};
  const int hands[2] = {joint(desc->arm_l.end), joint(desc->arm_r.end)};
  const int elbows[2] = {joint(desc->arm_l.mid), joint(desc->arm_r.mid)};
  if (feet[0] < 0 || feet[1] < 0 || hands[0] < 0 || hands[1] < 0) return;  // CheckCharacterDesc says which
  if (!given.sole) {
    desc->sole_offset_l_ls = find.Sole(feet[0]);
    desc->sole_offset_r_ls = find.Sole(feet[1]);
    notes->push_back(Line(desc->file, "sole_offset_m", desc->sole_offset_l_ls, desc->sole_offset_r_ls));
  }
  if (!given.ball) {
    desc->ball_offset_l_ls = find.Ball(feet[0], toes[0]);
    desc->ball_offset_r_ls = find.Ball(feet[1], toes[1]);
    notes->push_back(Line(desc->file, "ball_offset_m", desc->ball_offset_l_ls, desc->ball_offset_r_ls));
  }
  if (!given.grip) {
    std::vector<int> props;
    for (const character::PropDesc& prop : desc->props) {
      if (const int j = joint(prop.joint); j >= 0) props.push_back(j);
    }
    desc->grip_offset_l_ls = find.Grip(hands[0], elbows[0], props);
    desc->grip_offset_r_ls = find.Grip(hands[1], elbows[1], props);
    notes->push_back(Line(desc->file, "grip_offset_m", desc->grip_offset_l_ls, desc->grip_offset_r_ls));
  }
  desc->given_offsets = {true, true, true};
}

}  // namespace knights::asset
