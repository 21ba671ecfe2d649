#include "knights/anim/blending_job.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include "knights/math/matrix_ops.h"
#include "knights/math/simd.h"
#include "knights/math/quaternion.h"

namespace knights::anim {
namespace {

#if KNIGHTS_SIMD

// Transform is read and written as 10 packed floats: translation (0..2),
// rotation x, y, z, w (3..6, glm's storage order), scale (7..9).
static_assert(offsetof(math::Transform, rotation) == 3 * sizeof(float) &&
                  offsetof(math::Transform, scale) == 7 * sizeof(float) &&
                  sizeof(math::Transform) == 10 * sizeof(float),
              "Transform must be 10 packed floats");
static_assert(offsetof(glm::quat, x) == 0 && offsetof(glm::quat, w) == 3 * sizeof(float),
              "glm::quat must store x, y, z, w");

// The running weighted sum of one joint's transforms, in SSE registers: each
// channel is one 4-wide load from the packed Transform (a lane or so of a
// neighbouring channel rides along and is ignored).
class JointSum {
 public:
  // Adds weight * in, the rotation flipped into the hemisphere of the running
  // sum first (branch-free: the sign of the 4D dot product is OR-ed onto the
  // weight; the first layer meets a zero sum and keeps its sign).
  void Add(const math::Transform& in, float weight) { AddTowards(in, weight, q_); }
  // As Add, the rotation flipped into the hemisphere of `reference` instead
  // (the joint's rotation a step ago: the blend then stays continuous when
  // two layers' rotations pass a quarter turn apart in 4D).
  void AddAligned(const math::Transform& in, float weight, const glm::quat& reference) {
    AddTowards(in, weight, _mm_loadu_ps(&reference.x));
  }

  // Writes sum / total (rotation normalised instead) into out.
  void Store(float inv_total, math::Transform& out) const {
    const __m128 inv = _mm_set1_ps(inv_total);
    const __m128 len_sq = Dot4(q_, q_);
    __m128 q;
    if (_mm_cvtss_f32(len_sq) > 1e-12f) {
      // Reciprocal square root refined by one Newton-Raphson step (as math::InvSqrtFast).
      const __m128 y = _mm_rsqrt_ps(len_sq);
      const __m128 half_x_yy = _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), len_sq), _mm_mul_ps(y, y));
      q = _mm_mul_ps(q_, _mm_mul_ps(y, _mm_sub_ps(_mm_set1_ps(1.5f), half_x_yy)));
    } else {
      q = _mm_setr_ps(0.0f, 0.0f, 0.0f, 1.0f);  // identity
    }
    // Scale lanes 1..3, with lane 0 = qw so the overlapping stores agree.
    const __m128 s = _mm_move_ss(_mm_mul_ps(s_, inv), _mm_shuffle_ps(q, q, _MM_SHUFFLE(3, 3, 3, 3)));
    float* o = &out.translation.x;
    _mm_storeu_ps(o, _mm_mul_ps(t_, inv));  // lane 3 overwritten next
    _mm_storeu_ps(o + 3, q);
    _mm_storeu_ps(o + 6, s);
  }

 private:
  static __m128 Dot4(__m128 a, __m128 b) { return math::detail::Dot4(a, b); }
  void AddTowards(const math::Transform& in, float weight, __m128 hemisphere) {
    const float* p = &in.translation.x;
    const __m128 w = _mm_set1_ps(weight);
    t_ = _mm_add_ps(t_, _mm_mul_ps(_mm_loadu_ps(p), w));      // tx ty tz (qx)
    s_ = _mm_add_ps(s_, _mm_mul_ps(_mm_loadu_ps(p + 6), w));  // (qw) sx sy sz
    const __m128 q = _mm_loadu_ps(p + 3);                     // qx qy qz qw
    const __m128 sign = _mm_and_ps(Dot4(hemisphere, q), _mm_set1_ps(-0.0f));
    q_ = _mm_add_ps(q_, _mm_mul_ps(q, _mm_or_ps(w, sign)));
  }

  __m128 t_ = _mm_setzero_ps();
  __m128 q_ = _mm_setzero_ps();
  __m128 s_ = _mm_setzero_ps();
};

#else  // Portable version of the same.

class JointSum {
 public:
  void Add(const math::Transform& in, float weight) { AddTowards(in, weight, rotation_); }
  void AddAligned(const math::Transform& in, float weight, const glm::quat& reference) {
    AddTowards(in, weight, reference);
  }
  void Store(float inv_total, math::Transform& out) const {
    out.translation = translation_ * inv_total;
    out.rotation = math::NormalizeOrIdentityFast(rotation_);
    out.scale = scale_ * inv_total;
  }

 private:
  void AddTowards(const math::Transform& in, float weight, const glm::quat& hemisphere) {
    translation_ += in.translation * weight;
    scale_ += in.scale * weight;
    const glm::quat& q = in.rotation;
    const float w = std::copysign(weight, math::QuatDot(hemisphere, q));
    rotation_ = glm::quat(rotation_.w + q.w * w, rotation_.x + q.x * w, rotation_.y + q.y * w, rotation_.z + q.z * w);
  }

  glm::vec3 translation_{0.0f};
  glm::vec3 scale_{0.0f};
  glm::quat rotation_{0.0f, 0.0f, 0.0f, 0.0f};
};

#endif

// Unit a turned towards unit b by the fraction t of the arc between them,
// taken as given (b is not flipped: the caller picked its hemisphere).
glm::quat SlerpAsGiven(const glm::quat& a, const glm::quat& b, float t) {
  const float cos_angle = std::clamp(math::QuatDot(a, b), -1.0f, 1.0f);
  const float angle = std::acos(cos_angle);
  const float sin_angle = std::sin(angle);
  if (sin_angle < 1e-4f) return math::NormalizeOrIdentityFast(a * (1.0f - t) + b * t);
  const float wa = std::sin((1.0f - t) * angle) / sin_angle, wb = std::sin(t * angle) / sin_angle;
  return glm::normalize(glm::quat(a.w * wa + b.w * wb, a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb));
}

// One layer's rotation at a joint and its weight there.
struct WeightedLayer {
  const glm::quat* rotation = nullptr;
  float weight = 0.0f;
};

// q or -q, whichever is nearer `reference`.
glm::quat Nearer(const glm::quat& q, const glm::quat& reference) {
  return math::QuatDot(q, reference) < 0.0f ? glm::quat(-q.w, -q.x, -q.y, -q.z) : q;
}

}  // namespace

bool BlendingJob::Validate() const {
  const size_t n = output_ls.size();
  if (!(threshold > 0.0f) || !std::isfinite(threshold)) return false;
  if (rest_pose_ls.size() < n) return false;
  for (const BlendLayer& layer : layers) {
    if (!std::isfinite(layer.weight) || layer.weight < 0.0f) return false;
    if (layer.weight > 0.0f && layer.pose_ls.size() < n) return false;
  }
  if (!joint_weights.empty() && joint_weights.size() != layers.size()) return false;
  if (!hemisphere_ls.empty() && hemisphere_ls.size() < n) return false;
  for (const std::span<const float> factors : joint_weights) {
    if (factors.empty()) continue;
    if (factors.size() < n) return false;
    for (size_t j = 0; j < n; ++j) {
      if (!std::isfinite(factors[j]) || factors[j] < 0.0f) return false;
    }
  }
  return true;
}

// The per-joint path (some layer has joint weights, or pairs are slerped):
// each joint's total weight, rest-pose share and normalisation of its own.
void BlendingJob::RunPerJoint() const {
  for (size_t j = 0; j < output_ls.size(); ++j) {
    JointSum sum;
    float total = 0.0f;
    std::array<WeightedLayer, 2> pair{};
    int weighted = 0;
    for (size_t i = 0; i < layers.size(); ++i) {
      const std::span<const float> factors = joint_weights.empty() ? std::span<const float>() : joint_weights[i];
      const float w = layers[i].weight * (factors.empty() ? 1.0f : factors[j]);
      if (!(w > 0.0f)) continue;
      if (hemisphere_ls.empty()) {
        sum.Add(layers[i].pose_ls[j], w);
      } else {
        sum.AddAligned(layers[i].pose_ls[j], w, hemisphere_ls[j].rotation);
      }
      if (weighted < 2) pair[weighted] = {&layers[i].pose_ls[j].rotation, w};
      ++weighted;
      total += w;
    }
    const float rest_weight = total < threshold ? threshold - total : 0.0f;
    if (rest_weight > 0.0f) sum.Add(rest_pose_ls[j], rest_weight);
    sum.Store(1.0f / (total + rest_weight), output_ls[j]);
    if (slerp_pairs && weighted == 2 && rest_weight <= 0.0f) {
      const glm::quat reference = hemisphere_ls.empty() ? *pair[0].rotation : hemisphere_ls[j].rotation;
      output_ls[j].rotation = SlerpAsGiven(Nearer(*pair[0].rotation, reference), Nearer(*pair[1].rotation, reference),
                                           pair[1].weight / total);
    }
  }
}

bool BlendingJob::Run() const {
  if (!Validate()) return false;
  // Per-joint weights, or slerped pairs: joint by joint.
  bool per_joint = slerp_pairs;
  for (const std::span<const float> factors : joint_weights) per_joint = per_joint || !factors.empty();
  if (per_joint) {
    RunPerJoint();
    return true;
  }
  const size_t n = output_ls.size();

  // 1. Total weight of the layers that count (weight > 0).
  float total = 0.0f;
  for (const BlendLayer& layer : layers) {
    if (layer.weight > 0.0f) total += layer.weight;
  }
  // 2. Below the threshold the rest pose fades in with the missing weight.
  const float rest_weight = total < threshold ? threshold - total : 0.0f;
  const float inv_total = 1.0f / (total + rest_weight);

  // 3. Per joint: weighted sums over the layers in registers, then one write
  //    of the normalised result (one pass, no intermediate stores to re-read).
  for (size_t j = 0; j < n; ++j) {
    JointSum sum;
    for (const BlendLayer& layer : layers) {
      if (!(layer.weight > 0.0f)) continue;
      if (hemisphere_ls.empty()) {
        sum.Add(layer.pose_ls[j], layer.weight);
      } else {
        sum.AddAligned(layer.pose_ls[j], layer.weight, hemisphere_ls[j].rotation);
      }
    }
    if (rest_weight > 0.0f) sum.Add(rest_pose_ls[j], rest_weight);
    sum.Store(inv_total, output_ls[j]);
  }
  return true;
}

}  // namespace knights::anim
