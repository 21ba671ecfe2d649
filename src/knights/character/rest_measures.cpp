#include "knights/character/rest_measures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "knights/character/clip_baker.h"

namespace knights::character {

RestMeasures MeasureRest(const Rig& rig, const anim::Skeleton& skeleton, const anim::SkinnedMesh& mesh) {
  RestMeasures m;
  m.height_m = BindPoseHeightM(mesh);
  if (!mesh.vertices.empty()) {
    m.floor_y_ms = mesh.vertices[0].position_ms.y;
    for (const anim::SkinnedVertex& v : mesh.vertices) m.floor_y_ms = std::min(m.floor_y_ms, v.position_ms.y);
  }
  const ClipBaker baker(skeleton, rig);  // the rest pose and the limbs' lengths
  const auto rest_ms = baker.RestMs();
  const LimbChain* legs[2] = {&rig.leg_l, &rig.leg_r};
  const LimbChain* arms[2] = {&rig.arm_l, &rig.arm_r};
  const glm::vec3 soles[2] = {rig.sole_offset_l_ls, rig.sole_offset_r_ls};
  const glm::vec3 heels[2] = {rig.heel_offset_l_ls, rig.heel_offset_r_ls};
  const glm::vec3 balls[2] = {rig.ball_offset_l_ls, rig.ball_offset_r_ls};
  const glm::vec3 grips[2] = {rig.grip_offset_l_ls, rig.grip_offset_r_ls};
  for (int side = 0; side < 2; ++side) {
    m.leg_length_m[side] = baker.LimbLengthM(side == 0 ? anim::kFootL : anim::kFootR);
    m.arm_length_m[side] = baker.LimbLengthM(side == 0 ? anim::kHandL : anim::kHandR);
    m.sole_ms[side] = PointMs(rest_ms[legs[side]->end], soles[side]);
    m.heel_ms[side] = PointMs(rest_ms[legs[side]->end], heels[side]);
    m.ball_ms[side] = PointMs(rest_ms[legs[side]->end], balls[side]);
    m.grip_ms[side] = PointMs(rest_ms[arms[side]->end], grips[side]);
  }
  return m;
}

void WarnPointsOffTheFloor(const RestMeasures& measures, const CharacterDesc& desc,
                           std::vector<std::string>* warnings) {
  static const char* const kSides[2] = {"left", "right"};
  struct Point {
    const char* field;
    const std::array<glm::vec3, 2>* at_ms;
    bool given;
  };
  const Point points[] = {{"sole_offset_m", &measures.sole_ms, true},
                          {"heel_offset_m", &measures.heel_ms, desc.heel_offset_l_ls.has_value()}};
  for (const Point& point : points) {
    for (int side = 0; point.given && side < 2; ++side) {
      const float above_m = (*point.at_ms)[side].y - measures.floor_y_ms;
      if (!(std::fabs(above_m) > kSoleOffTheFloorWarnM)) continue;
      char line[256];
      std::snprintf(line, sizeof line,
                    ": %s.%s: the point lies %.3f m %s the rest pose's floor (its lowest vertex, y = %.3f m); "
                    "offsets are metres along the foot joint's axes",
                    point.field, kSides[side], std::fabs(above_m), above_m > 0.0f ? "above" : "below",
                    measures.floor_y_ms);
      warnings->push_back(desc.file + line);
    }
  }
}

}  // namespace knights::character
