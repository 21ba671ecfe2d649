#include "knights/asset/clip_extras.h"

#include <cmath>
#include <utility>

namespace knights::asset {

using core::Status;

Status ReadClipExtras(const nlohmann::json& gltf, const std::string& clip_name, const std::string& file,
                      ClipExtras& out) {
  const auto animations = gltf.find("animations");
  if (animations == gltf.end() || !animations->is_array()) return Status::Ok();
  for (const nlohmann::json& animation : *animations) {
    if (!animation.is_object() || animation.value("name", std::string()) != clip_name) continue;
    const auto extras = animation.find("extras");
    if (extras == animation.end() || !extras->is_object()) return Status::Ok();
    out.found = true;
    const std::string where = file + ": animations['" + clip_name + "'].extras";
    if (auto loop = extras->find("loop"); loop != extras->end()) {
      // Blender's glTF exporter writes a boolean custom property as 1 or 0.
      const bool blender_bool = loop->is_number_integer() && (*loop == 0 || *loop == 1);
      if (!loop->is_boolean() && !blender_bool) {
        return Status::Error(where + ".loop: expected true or false (or Blender's 1 or 0)");
      }
      out.loop = loop->is_boolean() ? loop->get<bool>() : *loop == 1;
      out.given.loop = true;
    }
    const std::pair<const char*, std::optional<float>*> kNumbers[] = {{"speed_mps", &out.speed_mps},
                                                                      {"climb_m_per_cycle", &out.climb_m_per_cycle},
                                                                      {"rung_spacing_m", &out.rung_spacing_m},
                                                                      {"rung_x_m", &out.rung_reach_m}};
    for (const auto& [key, value] : kNumbers) {
      if (auto v = extras->find(key); v != extras->end()) {
        if (!v->is_number() || !std::isfinite(v->get<double>()) || v->get<double>() <= 0.0) {
          return Status::Error(where + "." + key + ": expected a positive number");
        }
        *value = v->get<float>();
        (value == &out.rung_spacing_m || value == &out.rung_reach_m ? out.given.rungs : out.given.speed) = true;
      }
    }
    if (auto contacts = extras->find("contacts"); contacts != extras->end()) {
      if (!contacts->is_object()) return Status::Error(where + ".contacts: expected an object");
      out.given.contacts = true;
      for (int limb = 0; limb < anim::kLimbCount; ++limb) {
        const auto ranges = contacts->find(anim::kLimbNames[limb]);
        if (ranges == contacts->end()) continue;
        const std::string range_where = where + ".contacts." + anim::kLimbNames[limb];
        if (!ranges->is_array()) return Status::Error(range_where + ": expected an array of [start_s, end_s]");
        for (size_t i = 0; i < ranges->size(); ++i) {
          const nlohmann::json& r = (*ranges)[i];
          if (!r.is_array() || r.size() != 2 || !r[0].is_number() || !r[1].is_number()) {
            return Status::Error(range_where + "[" + std::to_string(i) + "]: expected [start_s, end_s]");
          }
          out.contacts[limb].push_back({r[0].get<float>(), r[1].get<float>()});
        }
      }
    }
    return Status::Ok();
  }
  return Status::Ok();
}

}  // namespace knights::asset
