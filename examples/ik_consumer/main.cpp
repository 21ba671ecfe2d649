// Puts a leg's ankle on a target with Knights' two-bone IK: hip, knee and
// ankle as model matrices in, the hip's and knee's rotations out.

#include <cstdio>

#include <glm/gtc/matrix_transform.hpp>

#include "core/log.h"  // the consumer's own, not Knights'
#include "knights/ik/two_bone_ik_job.h"
#include "math/transform.h"  // the consumer's own, not Knights'

int main() {
  // A leg standing in model space (metres, +y up), the knee bent a little forward (+x).
  const glm::vec3 hip_ms{0.0f, 1.0f, 0.0f}, knee_ms{0.05f, 0.55f, 0.0f}, ankle_ms{0.0f, 0.1f, 0.0f};
  const glm::mat4 hip = glm::translate(glm::mat4(1.0f), hip_ms), knee = glm::translate(glm::mat4(1.0f), knee_ms),
                  ankle = glm::translate(glm::mat4(1.0f), ankle_ms);
  glm::quat hip_correction, knee_correction;
  bool reached = false;

  knights::ik::TwoBoneIkJob job;  // every other input keeps its default
  job.start_joint_ms = &hip;
  job.mid_joint_ms = &knee;
  job.end_joint_ms = &ankle;
  const consumer::Transform to_target{{0.3f, 0.25f, 0.0f}};
  job.target_ms = to_target.Apply({0.0f, 0.1f, 0.0f});  // (0.3, 0.35, 0)
  job.start_correction = &hip_correction;
  job.mid_correction = &knee_correction;
  job.reached = &reached;
  if (!job.Run()) return 1;  // Run() fails only where Validate() does

  // The joints are unrotated, so the local corrections turn the bones as they are.
  const glm::vec3 new_knee_ms = hip_ms + hip_correction * (knee_ms - hip_ms);
  const glm::vec3 new_ankle_ms = new_knee_ms + hip_correction * knee_correction * (ankle_ms - knee_ms);
  std::printf("ankle at (%.3f, %.3f) for target (%.3f, %.3f): %s, %.1f mm away\n", new_ankle_ms.x, new_ankle_ms.y,
              job.target_ms.x, job.target_ms.y, reached ? "reached" : "not reached",
              1000.0f * glm::length(new_ankle_ms - job.target_ms));
  consumer::Log("the consumer's own math/ and core/ headers beside Knights'");
  return 0;
}
