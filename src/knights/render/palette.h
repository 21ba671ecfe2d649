#pragma once
// The static scenery's linear RGB albedo palette (terrain, props, trees,
// the castle), shared by the mesh builders.

#include <glm/glm.hpp>

namespace knights::render::palette {

inline const glm::vec3 kGrass{0.12f, 0.25f, 0.06f};
inline const glm::vec3 kMeadow{0.10f, 0.20f, 0.05f};
inline const glm::vec3 kDryGrass{0.30f, 0.32f, 0.10f};
inline const glm::vec3 kEarth{0.19f, 0.10f, 0.045f};
inline const glm::vec3 kRock{0.25f, 0.24f, 0.22f};
inline const glm::vec3 kCliffRock{0.12f, 0.105f, 0.09f};  // the ground's cut faces: warm, darker than boulders
inline const glm::vec3 kStone{0.46f, 0.43f, 0.38f};
inline const glm::vec3 kDarkStone{0.26f, 0.25f, 0.24f};
inline const glm::vec3 kPaving{0.31f, 0.30f, 0.29f};  // the courtyard's flagstones
inline const glm::vec3 kPlanks{0.25f, 0.17f, 0.10f};  // a scaffold's deck
inline const glm::vec3 kWood{0.36f, 0.20f, 0.08f};
inline const glm::vec3 kDarkWood{0.17f, 0.09f, 0.04f};
inline const glm::vec3 kLeaves{0.07f, 0.22f, 0.05f};
inline const glm::vec3 kBannerRed{0.55f, 0.03f, 0.04f};
inline const glm::vec3 kRoof{0.30f, 0.06f, 0.05f};
inline const glm::vec3 kGold{0.80f, 0.55f, 0.12f};

}  // namespace knights::render::palette
