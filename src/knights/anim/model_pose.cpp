#include "knights/anim/model_pose.h"

#include "knights/anim/local_to_model_job.h"
#include "knights/anim/sampling_job.h"

namespace knights::anim {

std::vector<glm::mat4> ModelPoseAt(const Skeleton& skeleton, const Clip* clip, float time_s) {
  std::vector<math::Transform> locals_ls(skeleton.RestPose().begin(), skeleton.RestPose().end());
  if (clip != nullptr) {
    SamplingJob sample;
    sample.clip = clip;
    sample.time_s = time_s;
    sample.rest_pose_ls = skeleton.RestPose();
    sample.output_ls = locals_ls;
    if (!sample.Run()) locals_ls.assign(skeleton.RestPose().begin(), skeleton.RestPose().end());
  }
  std::vector<glm::mat4> models_ms(locals_ls.size(), glm::mat4(1.0f));
  LocalToModelJob to_model;
  to_model.parents = skeleton.Parents();
  to_model.locals_ls = locals_ls;
  to_model.models_ms = models_ms;
  if (!to_model.Run()) models_ms.assign(locals_ls.size(), glm::mat4(1.0f));
  return models_ms;
}

}  // namespace knights::anim
