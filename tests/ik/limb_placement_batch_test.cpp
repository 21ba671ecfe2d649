// LimbPlacementJob::RunAll: several limbs of one body placed together, with
// their two-bone solves batched, give the pose that running each job in turn
// gives (legs aligned to a slope, arms on targets, partial weights, limbs
// out of reach), under every root the solver supports, including a
// non-uniformly scaled one whose limbs take the scalar path. Bad batches are
// refused with the pose untouched.

#include <array>
#include <cstring>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "knights/anim/local_to_model_job.h"
#include "knights/ik/limb_placement_job.h"
#include "ik_test_util.h"
#include "knights/math/approx.h"

namespace knights::ik {
namespace {

using test::RootCase;

// A body: pelvis; left leg (hip, knee, ankle, toe); right leg; spine; left
// arm (shoulder, elbow, wrist); right arm.
constexpr int kPelvis = 0, kSpine = 9;
constexpr TwoBoneChain kLegL{1, 2, 3}, kLegR{5, 6, 7}, kArmL{10, 11, 12}, kArmR{13, 14, 15};
constexpr int kToeL = 4, kToeR = 8;
const std::vector<int16_t> kBodyParents{-1, 0, 1, 2, 3, 0, 5, 6, 7, 0, 9, 10, 11, 9, 13, 14};
constexpr int kJoints = 16;

struct Body {
  std::array<math::Transform, kJoints> locals_ls;
  std::array<glm::mat4, kJoints> models_ms;
  glm::mat4 root_ms{1.0f};
  void UpdateModels() {
    anim::LocalToModelJob job;
    job.parents = kBodyParents;
    job.locals_ls = locals_ls;
    job.models_ms = models_ms;
    job.root_ms = root_ms;
    ASSERT_TRUE(job.Run());
  }
};

glm::quat Turn(float angle, const glm::vec3& axis) { return glm::angleAxis(angle, glm::normalize(axis)); }

// An animated pose: legs hanging with bent knees, arms reaching forward.
Body MakeBody(const glm::mat4& root_ms, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-0.3f, 0.3f);
  Body body;
  body.root_ms = root_ms;
  auto& l = body.locals_ls;
  l[kPelvis].translation = {0.0f, 1.0f, 0.0f};
  for (const int side : {0, 1}) {
    const float s = side == 0 ? -1.0f : 1.0f;
    const int hip = side == 0 ? 1 : 5;
    l[hip].translation = {0.0f, -0.05f, 0.1f * s};
    l[hip].rotation = Turn(-0.3f + u(rng), {0.0f, 0.0f, 1.0f});
    l[hip + 1].translation = {0.0f, -0.45f, 0.0f};
    l[hip + 1].rotation = Turn(0.5f + u(rng), {0.0f, 0.0f, 1.0f});
    l[hip + 2].translation = {0.0f, -0.4f, 0.0f};
    l[hip + 2].rotation = Turn(-0.2f + u(rng), {0.0f, 0.0f, 1.0f});
    l[hip + 3].translation = {0.12f, -0.06f, 0.0f};
    const int shoulder = side == 0 ? 10 : 13;
    l[shoulder].translation = {0.0f, 0.35f, 0.18f * s};
    l[shoulder].rotation = Turn(1.1f + u(rng), {0.0f, 0.0f, 1.0f});
    l[shoulder + 1].translation = {0.0f, -0.28f, 0.0f};
    l[shoulder + 1].rotation = Turn(-0.6f + u(rng), {0.0f, 0.0f, 1.0f});
    l[shoulder + 2].translation = {0.0f, -0.25f, 0.0f};
  }
  l[kSpine].translation = {0.0f, 0.2f, 0.0f};
  body.UpdateModels();
  return body;
}

// The four limbs' jobs on `body`: legs onto a tilted ground under each foot
// (one within reach, the right one pushed out of reach when `far`), arms to
// points ahead, with the given weights.
std::vector<LimbPlacementJob> MakeJobs(Body& body, const std::array<float, 4>& weights, bool far) {
  const glm::mat3 pelvis(body.models_ms[kPelvis]);  // metres in the rig's frame
  std::vector<LimbPlacementJob> jobs(4);
  const TwoBoneChain chains[4] = {kLegL, kLegR, kArmL, kArmR};
  const glm::vec3 offsets_ps[4] = {
      {0.05f, 0.08f, 0.0f}, {-0.03f, far ? -0.6f : 0.05f, 0.02f}, {0.1f, -0.05f, 0.05f}, {0.08f, 0.1f, -0.04f}};
  for (int i = 0; i < 4; ++i) {
    LimbPlacementJob& job = jobs[i];
    job.chain = chains[i];
    job.parents = kBodyParents;
    job.locals_ls = body.locals_ls;
    job.models_ms = body.models_ms;
    job.root_ms = body.root_ms;
    job.effector_ls = i < 2 ? glm::vec3(0.02f, -0.07f, 0.0f) : glm::vec3(0.0f, -0.08f, 0.0f);
    const glm::vec3 effector_ms = glm::vec3(body.models_ms[job.chain.end] * glm::vec4(job.effector_ls, 1.0f));
    job.target_ms = effector_ms + pelvis * offsets_ps[i];
    job.weight = weights[i];
    job.soften = 0.02f;
    job.pole_vector_ms = i < 2 ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(-0.5f, -1.0f, 0.0f);
    if (i < 2) {
      job.align = true;
      job.tip = i == 0 ? kToeL : kToeR;
      job.normal_ms = pelvis * glm::normalize(glm::vec3(0.25f, 1.0f, 0.1f));
      job.end_up_ls = glm::normalize(glm::inverse(glm::mat3(body.models_ms[job.chain.end])) *
                                     (pelvis * glm::vec3(0.0f, 1.0f, 0.0f)));
      job.align_weight = 0.8f;
    }
  }
  return jobs;
}

void ExpectSamePose(const Body& got, const Body& want, float tolerance) {
  for (int j = 0; j < kJoints; ++j) {
    EXPECT_TRUE(math::ApproxEqual(got.models_ms[j], want.models_ms[j], tolerance)) << "joint " << j;
  }
}

class LimbPlacementBatchTest : public ::testing::TestWithParam<RootCase> {};

TEST_P(LimbPlacementBatchTest, RunAllMatchesRunningEachJobInTurn) {
  // Float rounding between the batched and the scalar solve, in the root's
  // units: the solver's own accuracy target, 1e-5 m.
  const float tolerance = 1e-5f * glm::length(glm::vec3(GetParam().root_ms[0]));
  const std::array<float, 4> weight_sets[] = {{1.0f, 1.0f, 1.0f, 1.0f}, {0.7f, 1.0f, 0.4f, 0.0f}};
  for (const auto& weights : weight_sets) {
    for (const bool far : {false, true}) {
      for (const int count : {2, 3, 4}) {
        Body batched = MakeBody(GetParam().root_ms, 3);
        Body serial = batched;
        std::vector<LimbPlacementJob> batch_jobs = MakeJobs(batched, weights, far);
        std::vector<LimbPlacementJob> serial_jobs = MakeJobs(serial, weights, far);
        std::array<bool, 4> batch_reached{}, serial_reached{};
        for (int i = 0; i < count; ++i) {
          batch_jobs[i].reached = &batch_reached[i];
          serial_jobs[i].reached = &serial_reached[i];
        }
        ASSERT_TRUE(LimbPlacementJob::RunAll(std::span(batch_jobs.data(), count)));
        for (int i = 0; i < count; ++i) ASSERT_TRUE(serial_jobs[i].Run());
        ExpectSamePose(batched, serial, tolerance);
        for (int i = 0; i < count; ++i) EXPECT_EQ(batch_reached[i], serial_reached[i]) << "limb " << i;
        if (far && weights[1] >= 1.0f) {
          EXPECT_FALSE(batch_reached[1]);  // the pushed-away foot
        }
        // (The job places the effector exactly on similarity rigs only; it
        // does not claim non-uniformly scaled ones, where batch and serial
        // must still agree.)
        if (!far && weights[0] >= 1.0f && GetParam().similarity) {
          EXPECT_TRUE(batch_reached[0]);
        }
        // Something moved: the batch is not a no-op.
        EXPECT_FALSE(math::ApproxEqual(batched.models_ms[kLegL.end],
                                       MakeBody(GetParam().root_ms, 3).models_ms[kLegL.end], 1e-3f));
      }
    }
  }
}

// Limbs with different soft IK settings cannot share one batched solve: the
// odd one is solved alone, with the same result as in turn.
TEST_P(LimbPlacementBatchTest, MixedSoftenSettingsStillMatch) {
  const float tolerance = 1e-5f * glm::length(glm::vec3(GetParam().root_ms[0]));
  Body batched = MakeBody(GetParam().root_ms, 9);
  Body serial = batched;
  std::vector<LimbPlacementJob> batch_jobs = MakeJobs(batched, {1.0f, 1.0f, 1.0f, 1.0f}, false);
  std::vector<LimbPlacementJob> serial_jobs = MakeJobs(serial, {1.0f, 1.0f, 1.0f, 1.0f}, false);
  batch_jobs[2].soften = serial_jobs[2].soften = 0.1f;
  ASSERT_TRUE(LimbPlacementJob::RunAll(batch_jobs));
  for (LimbPlacementJob& job : serial_jobs) ASSERT_TRUE(job.Run());
  ExpectSamePose(batched, serial, tolerance);
}

std::vector<RootCase> Roots() {
  std::vector<RootCase> out;
  for (const RootCase& c : test::RootCases()) {
    // LimbPlacementJob measures the end joint's rotation with the scale
    // removed and does not claim mirrored rigs (see its tests).
    if (glm::determinant(glm::mat3(c.root_ms)) > 0.0f) out.push_back(c);
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Roots, LimbPlacementBatchTest, ::testing::ValuesIn(Roots()),
                         [](const auto& info) { return info.param.name; });

// Refusals: nothing is written.
TEST(LimbPlacementBatchValidation, BadBatchesAreRefusedWithThePoseUntouched) {
  Body body = MakeBody(glm::mat4(1.0f), 5);
  Body other = body;
  const Body before = body;
  auto untouched = [&] {
    EXPECT_EQ(std::memcmp(&before.locals_ls, &body.locals_ls, sizeof(body.locals_ls)), 0);
    EXPECT_EQ(std::memcmp(&before.models_ms, &body.models_ms, sizeof(body.models_ms)), 0);
  };
  // A job on another pose buffer.
  std::vector<LimbPlacementJob> jobs = MakeJobs(body, {1.0f, 1.0f, 1.0f, 1.0f}, false);
  jobs[3].locals_ls = other.locals_ls;
  jobs[3].models_ms = other.models_ms;
  EXPECT_FALSE(LimbPlacementJob::RunAll(jobs));
  untouched();
  // A limb inside another's subtree (knee-ankle-toe under the left hip).
  jobs = MakeJobs(body, {1.0f, 1.0f, 1.0f, 1.0f}, false);
  jobs[1].chain = {2, 3, 4};
  jobs[1].align = false;
  jobs[1].tip = -1;
  EXPECT_FALSE(LimbPlacementJob::RunAll(jobs));
  untouched();
  // One invalid job (NaN target) refuses the batch.
  jobs = MakeJobs(body, {1.0f, 1.0f, 1.0f, 1.0f}, false);
  jobs[2].target_ms.x = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(LimbPlacementJob::RunAll(jobs));
  untouched();
  // A broken chain (mid not under start).
  jobs = MakeJobs(body, {1.0f, 1.0f, 1.0f, 1.0f}, false);
  jobs[3].chain = {13, 11, 15};
  EXPECT_FALSE(LimbPlacementJob::RunAll(jobs));
  untouched();
  // More limbs than kMaxBatch.
  std::vector<LimbPlacementJob> many(LimbPlacementJob::kMaxBatch + 1, MakeJobs(body, {1, 1, 1, 1}, false)[0]);
  EXPECT_FALSE(LimbPlacementJob::RunAll(many));
  untouched();
  // An empty batch is nothing to do.
  EXPECT_TRUE(LimbPlacementJob::RunAll({}));
}

}  // namespace
}  // namespace knights::ik
