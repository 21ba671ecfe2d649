#pragma once
// Debug lines: plain data filled by logic (IK targets, raycasts, skeletons)
// and drawn by render on top of the scene; tests can read them. Capacity is
// reserved once, so adding lines never allocates per frame: lines past the
// capacity are counted as dropped instead.

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace knights::core {

struct DebugLine {
  glm::vec3 from_ws{0.0f};
  glm::vec3 to_ws{0.0f};
  glm::vec4 color{1.0f};  // linear RGBA
};

class DebugLines {
 public:
  explicit DebugLines(size_t capacity = 16384) { lines_.reserve(capacity); }

  void Clear() {
    lines_.clear();
    dropped_ = 0;
  }
  void Add(const glm::vec3& from_ws, const glm::vec3& to_ws, const glm::vec4& color) {
    if (lines_.size() == lines_.capacity()) {
      ++dropped_;
      return;
    }
    lines_.push_back({from_ws, to_ws, color});
  }
  // Three short axis-aligned lines crossing at p_ws.
  void AddCross(const glm::vec3& p_ws, float half_size_m, const glm::vec4& color) {
    Add(p_ws - glm::vec3(half_size_m, 0, 0), p_ws + glm::vec3(half_size_m, 0, 0), color);
    Add(p_ws - glm::vec3(0, half_size_m, 0), p_ws + glm::vec3(0, half_size_m, 0), color);
    Add(p_ws - glm::vec3(0, 0, half_size_m), p_ws + glm::vec3(0, 0, half_size_m), color);
  }

  const std::vector<DebugLine>& lines() const { return lines_; }
  uint32_t dropped() const { return dropped_; }

 private:
  std::vector<DebugLine> lines_;
  uint32_t dropped_ = 0;
};

}  // namespace knights::core
