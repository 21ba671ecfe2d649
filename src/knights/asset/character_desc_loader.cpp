#include "knights/asset/character_desc_loader.h"

#include <array>
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <span>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "knights/asset/printable.h"
#include "knights/core/file_io.h"
#include "knights/asset/json_depth.h"
#include "knights/asset/json_duplicate_keys.h"

namespace knights::asset {
namespace {

// Ordered: variants keep the order the file gives them.
using json = nlohmann::ordered_json;

// Reads typed fields of one JSON object and records the first error with
// its JSON path.
class FieldReader {
 public:
  FieldReader(const std::string& file, std::string* error) : file_(file), error_(error) {}

  bool Failed() const { return !error_->empty(); }

  const json* Object(const json& parent, const std::string& key, const std::string& path) {
    const json* v = Find(parent, key, path);
    if (v != nullptr && !v->is_object()) return Fail(path, "expected an object");
    return v;
  }
  bool String(const json& parent, const std::string& key, const std::string& path, std::string& out,
              bool required = true) {
    const json* v = required ? Find(parent, key, path) : FindOptional(parent, key);
    if (v == nullptr) return !required;
    if (!v->is_string() || v->get<std::string>().empty()) return Fail(path, "expected a non-empty string"), false;
    out = v->get<std::string>();
    return true;
  }
  bool Bool(const json& parent, const std::string& key, const std::string& path, bool& out) {
    const json* v = FindOptional(parent, key);
    if (v == nullptr) return true;
    if (!v->is_boolean()) return Fail(path, "expected true or false"), false;
    out = v->get<bool>();
    return true;
  }
  bool Number(const json& parent, const std::string& key, const std::string& path, float& out, float min, float max) {
    const json* v = FindOptional(parent, key);
    if (v == nullptr) return true;
    if (!v->is_number()) return Fail(path, "expected a number"), false;
    const double d = v->get<double>();
    if (!std::isfinite(d) || d < min || d > max) {
      return Fail(path, std::to_string(d) + " is outside " + std::to_string(min) + ".." + std::to_string(max)), false;
    }
    out = static_cast<float>(d);
    return true;
  }
  // "+x", "-x", "+y", "-y", "+z" or "-z" as a unit axis; absent: unset.
  bool Axis(const json& parent, const std::string& key, const std::string& path, std::optional<glm::vec3>& out) {
    const json* v = FindOptional(parent, key);
    if (v == nullptr) return true;
    static const std::pair<const char*, glm::vec3> kAxes[] = {{"+x", {1, 0, 0}}, {"-x", {-1, 0, 0}},
                                                              {"+y", {0, 1, 0}}, {"-y", {0, -1, 0}},
                                                              {"+z", {0, 0, 1}}, {"-z", {0, 0, -1}}};
    for (const auto& [name, axis] : kAxes) {
      if (v->is_string() && v->get<std::string>() == name) {
        out = axis;
        return true;
      }
    }
    return Fail(path, "expected one of \"+x\", \"-x\", \"+y\", \"-y\", \"+z\", \"-z\""), false;
  }
  // [x, y, z] of finite numbers each within +-limit (`units` names them in
  // the message).
  bool Vec3(const json& parent, const std::string& key, const std::string& path, glm::vec3& out, double limit = 10.0,
            const char* units = "metres") {
    const json* v = Find(parent, key, path);
    if (v == nullptr) return false;
    if (!v->is_array() || v->size() != 3) return Fail(path, "expected [x, y, z]"), false;
    for (int i = 0; i < 3; ++i) {
      if (!(*v)[i].is_number() || !std::isfinite((*v)[i].get<double>()) || std::fabs((*v)[i].get<double>()) > limit) {
        return Fail(path + "[" + std::to_string(i) + "]", std::string("expected a finite number of ") + units +
                                                              " (|v| <= " + std::to_string(static_cast<int>(limit)) +
                                                              ")"),
               false;
      }
      out[i] = (*v)[i].get<float>();
    }
    return true;
  }
  const json* Fail(const std::string& path, const std::string& what) {
    if (error_->empty()) *error_ = file_ + ": " + path + ": " + what;
    return nullptr;
  }
  // Rejects keys of `object` (at `path`) other than `known`: a typo such as
  // "tipp" is an error, not silently ignored.
  void KnownKeysOnly(const json& object, const std::string& path, std::initializer_list<std::string_view> known) {
    KnownKeysOnly(object, path, std::span<const std::string_view>(known.begin(), known.size()));
  }
  void KnownKeysOnly(const json& object, const std::string& path, std::span<const std::string_view> known) {
    for (auto it = object.begin(); it != object.end(); ++it) {
      if (std::find(known.begin(), known.end(), it.key()) == known.end()) {
        Fail(path + "." + Printable(it.key()), "unknown field");
        return;
      }
    }
  }

 private:
  const json* FindOptional(const json& parent, const std::string& key) {
    const auto it = parent.find(key);
    return it == parent.end() ? nullptr : &*it;
  }
  const json* Find(const json& parent, const std::string& key, const std::string& path) {
    if (Failed()) return nullptr;
    const json* v = FindOptional(parent, key);
    if (v == nullptr) Fail(path, "missing required field");
    return v;
  }
  const std::string& file_;
  std::string* error_;
};

// "props": {"sword": {"joint": ..., "carry": ..., "stow": ...,
// "stow_offset_m": [x, y, z], "stow_rotation_deg": [x, y, z]}, ...}: the
// offsets both or neither.
void ReadProps(FieldReader& r, const json& root, std::vector<character::PropDesc>& out) {
  const json* props = r.Object(root, "props", "props");
  if (props == nullptr || r.Failed()) return;
  if (props->size() > static_cast<size_t>(character::kMaxProps)) {
    r.Fail("props", std::to_string(props->size()) + " props, at most " + std::to_string(character::kMaxProps));
    return;
  }
  for (auto it = props->begin(); it != props->end() && !r.Failed(); ++it) {
    const std::string path = "props." + Printable(it.key());
    const json* prop = r.Object(*props, it.key(), path);
    if (prop == nullptr) return;
    r.KnownKeysOnly(*prop, path, {"joint", "carry", "stow", "stow_offset_m", "stow_rotation_deg"});
    character::PropDesc d;
    d.name = it.key();
    r.String(*prop, "joint", path + ".joint", d.joint);
    r.String(*prop, "carry", path + ".carry", d.carry);
    r.String(*prop, "stow", path + ".stow", d.stow);
    const bool has_offset = prop->contains("stow_offset_m"), has_rotation = prop->contains("stow_rotation_deg");
    if (has_offset != has_rotation) {
      r.Fail(path + (has_offset ? ".stow_rotation_deg" : ".stow_offset_m"),
             "missing: give stow_offset_m and stow_rotation_deg together, or neither");
      return;
    }
    if (has_offset) {
      glm::vec3 offset(0.0f), rotation(0.0f);
      r.Vec3(*prop, "stow_offset_m", path + ".stow_offset_m", offset);
      r.Vec3(*prop, "stow_rotation_deg", path + ".stow_rotation_deg", rotation, 360.0, "degrees");
      d.stow_offset_m = offset;
      d.stow_rotation_deg = rotation;
    }
    out.push_back(std::move(d));
  }
}

void ReadChain(FieldReader& r, const json& parent, const std::string& key, const std::string& path,
               character::LimbChainDesc& out, bool has_tip) {
  const json* chain = r.Object(parent, key, path);
  if (chain == nullptr) return;
  if (has_tip) {
    r.KnownKeysOnly(*chain, path, {"upper", "mid", "end", "tip"});
  } else {
    r.KnownKeysOnly(*chain, path, {"upper", "mid", "end"});
  }
  r.String(*chain, "upper", path + ".upper", out.upper);
  r.String(*chain, "mid", path + ".mid", out.mid);
  r.String(*chain, "end", path + ".end", out.end);
  if (has_tip) r.String(*chain, "tip", path + ".tip", out.tip, /*required=*/false);
}

// A point of each side: "key": {"left": [x, y, z], "right": [x, y, z]}.
void ReadPointPair(FieldReader& r, const json& root, const std::string& key, glm::vec3& left, glm::vec3& right) {
  const json* pair = r.Object(root, key, key);
  if (pair == nullptr) return;
  r.KnownKeysOnly(*pair, key, {"left", "right"});
  r.Vec3(*pair, "left", key + ".left", left);
  r.Vec3(*pair, "right", key + ".right", right);
}

// "clips": a clip name per role (each optional), and "jump", a
// single jump clip split for the jump roles the file leaves out.
void ReadClips(FieldReader& r, const json& clips, character::CharacterDesc& desc) {
  std::array<std::string_view, character::kClipRoleCount + 1> clip_keys{};
  for (int role = 0; role < character::kClipRoleCount; ++role)
    clip_keys[role] = character::ClipRoleKey(static_cast<character::ClipRole>(role));
  clip_keys.back() = "jump";
  r.KnownKeysOnly(clips, "clips", clip_keys);
  for (int role = 0; role < character::kClipRoleCount; ++role) {
    const auto clip_role = static_cast<character::ClipRole>(role);
    const std::string key = character::ClipRoleKey(clip_role);
    r.String(clips, key, "clips." + key, desc.clips[role], false);
  }
  r.String(clips, "jump", "clips.jump", desc.jump_clip, false);
}

// The file's offsets are metres of the model as its file has it; the model
// is loaded `scale` times that size (asset::ModelImportOptions::scale), and
// so are they.
void ScaleOffsets(character::CharacterDesc& desc) {
  for (glm::vec3* offset : {&desc.sole_offset_l_ls, &desc.sole_offset_r_ls, &desc.ball_offset_l_ls,
                            &desc.ball_offset_r_ls, &desc.grip_offset_l_ls, &desc.grip_offset_r_ls}) {
    *offset *= desc.scale;
  }
  for (std::optional<glm::vec3>* offset : {&desc.heel_offset_l_ls, &desc.heel_offset_r_ls}) {
    if (*offset) **offset *= desc.scale;
  }
  for (character::PropDesc& prop : desc.props) {
    if (prop.stow_offset_m) *prop.stow_offset_m *= desc.scale;
  }
}

}  // namespace

core::Expected<character::CharacterDesc> LoadCharacterDesc(const std::string& path) {
  auto text = core::ReadTextFile(path, core::kCharacterFileCap);
  if (!text) return text.status();
  auto desc = ParseCharacterDesc(*text, path);
  if (!desc) return desc;
  // The model and variants, found and held inside the file's folder or the
  // game's data folder.
  auto model = core::ResolveContainedPath(path, desc->model_path);
  if (!model) return core::Status::Error(path + ": model: " + model.status().message());
  desc->model_path = *model;
  for (auto& [name, variant_path] : desc->variants) {
    auto variant = core::ResolveContainedPath(path, variant_path);
    if (!variant) return core::Status::Error(path + ": variants." + name + ": " + variant.status().message());
    variant_path = *variant;
  }
  return desc;
}

core::Expected<character::CharacterDesc> ParseCharacterDesc(const std::string& json_text, const std::string& file) {
  if (const auto deep = FindTooDeepNesting(json_text)) return core::Status::Error(file + ": " + *deep);
  json root;
  try {
    root = json::parse(json_text);
  } catch (const json::exception& e) {
    // parse_error, and also out_of_range for a number too big for a double
    // ("scale": 1e400), which is not a parse_error and used to escape.
    return core::Status::Error(file + ": not valid JSON: " + e.what());
  }
  if (!root.is_object()) return core::Status::Error(file + ": expected a JSON object at the top level");
  if (const auto duplicate = FindDuplicateKey(json_text)) return core::Status::Error(file + ": " + *duplicate);
  // clang-format off
  static const char* const kKnownKeys[] = {
      "name", "model", "scale", "forward", "up", "clips", "procedural_climb", "retarget", "pelvis", "legs",
      "arms", "sole_offset_m", "ball_offset_m", "heel_offset_m", "grip_offset_m", "props", "variants"};
  // clang-format on
  for (auto it = root.begin(); it != root.end(); ++it) {
    if (std::find(std::begin(kKnownKeys), std::end(kKnownKeys), it.key()) == std::end(kKnownKeys)) {
      return core::Status::Error(file + ": " + Printable(it.key()) + ": unknown field");
    }
  }
  std::string error;
  FieldReader r(file, &error);
  character::CharacterDesc desc;
  desc.file = file;
  r.String(root, "name", "name", desc.name);
  r.String(root, "model", "model", desc.model_path);
  r.Number(root, "scale", "scale", desc.scale, 0.01f, 100.0f);
  r.Axis(root, "forward", "forward", desc.forward_axis);
  r.Axis(root, "up", "up", desc.up_axis);
  if (error.empty() && desc.forward_axis && desc.up_axis && glm::dot(*desc.forward_axis, *desc.up_axis) != 0.0f)
    return core::Status::Error(file + ": up: must be perpendicular to forward");
  if (root.contains("clips")) {
    if (const json* clips = r.Object(root, "clips", "clips")) ReadClips(r, *clips, desc);
  }
  r.Bool(root, "procedural_climb", "procedural_climb", desc.procedural_climb);
  r.Bool(root, "retarget", "retarget", desc.retarget);
  r.String(root, "pelvis", "pelvis", desc.pelvis_joint);
  if (const json* legs = r.Object(root, "legs", "legs")) {
    r.KnownKeysOnly(*legs, "legs", {"left", "right"});
    ReadChain(r, *legs, "left", "legs.left", desc.leg_l, true);
    ReadChain(r, *legs, "right", "legs.right", desc.leg_r, true);
  }
  if (const json* arms = r.Object(root, "arms", "arms")) {
    r.KnownKeysOnly(*arms, "arms", {"left", "right"});
    ReadChain(r, *arms, "left", "arms.left", desc.arm_l, false);
    ReadChain(r, *arms, "right", "arms.right", desc.arm_r, false);
  }
  // Each optional: found on the model where left out.
  desc.given_offsets = {root.contains("sole_offset_m"), root.contains("ball_offset_m"), root.contains("grip_offset_m")};
  if (desc.given_offsets.sole) ReadPointPair(r, root, "sole_offset_m", desc.sole_offset_l_ls, desc.sole_offset_r_ls);
  if (desc.given_offsets.ball) ReadPointPair(r, root, "ball_offset_m", desc.ball_offset_l_ls, desc.ball_offset_r_ls);
  if (error.empty() && root.contains("heel_offset_m")) {
    glm::vec3 left(0.0f), right(0.0f);
    ReadPointPair(r, root, "heel_offset_m", left, right);
    desc.heel_offset_l_ls = left;
    desc.heel_offset_r_ls = right;
  }
  if (desc.given_offsets.grip) ReadPointPair(r, root, "grip_offset_m", desc.grip_offset_l_ls, desc.grip_offset_r_ls);
  if (root.contains("props")) ReadProps(r, root, desc.props);
  if (auto variants = root.find("variants"); error.empty() && variants != root.end()) {
    if (!variants->is_object()) return core::Status::Error(file + ": variants: expected an object of name: path");
    for (auto it = variants->begin(); it != variants->end(); ++it) {
      std::string path;
      if (!r.String(*variants, it.key(), "variants." + Printable(it.key()), path)) break;
      desc.variants.emplace_back(it.key(), path);
    }
  }
  if (!error.empty()) return core::Status::Error(error);
  ScaleOffsets(desc);
  return desc;
}

// "has clips 'idle', 'walk' and 'run'", "has no clips": what a file mapping
// a clip its model lacks can map instead (the first kListedClips).
static std::string ClipsOf(const CharacterModel& model) {
  constexpr size_t kListedClips = 12;
  if (model.clips.empty()) return "has no clips (leave the roles out: the knight's are retargeted)";
  std::string list;
  for (size_t i = 0; i < model.clips.size() && i < kListedClips; ++i) {
    list += (i == 0 ? "'" : (i + 1 == model.clips.size() ? " and '" : ", '")) + Printable(model.clips[i].Name()) + "'";
  }
  if (model.clips.size() > kListedClips) list += " and " + std::to_string(model.clips.size() - kListedClips) + " more";
  return "has " + std::string(model.clips.size() == 1 ? "one clip, " : "clips ") + list;
}

core::Status CheckCharacterDesc(const character::CharacterDesc& desc, const CharacterModel& model) {
  for (int role = 0; role < character::kClipRoleCount; ++role) {
    if (!desc.clips[role].empty() && model.FindClip(desc.clips[role]) < 0) {
      return core::Status::Error(
          desc.file + ": clips." + character::ClipRoleKey(static_cast<character::ClipRole>(role)) + ": clip '" +
          Printable(desc.clips[role]) + "' is not in " + model.path + ", which " + ClipsOf(model));
    }
  }
  if (!desc.jump_clip.empty() && model.FindClip(desc.jump_clip) < 0) {
    return core::Status::Error(desc.file + ": clips.jump: clip '" + Printable(desc.jump_clip) + "' is not in " +
                               model.path + ", which " + ClipsOf(model));
  }
  struct NamedJoint {
    std::string path;
    const std::string* joint;
  };
  const NamedJoint joints[] = {{"pelvis", &desc.pelvis_joint},          {"legs.left.upper", &desc.leg_l.upper},
                               {"legs.left.mid", &desc.leg_l.mid},      {"legs.left.end", &desc.leg_l.end},
                               {"legs.left.tip", &desc.leg_l.tip},      {"legs.right.upper", &desc.leg_r.upper},
                               {"legs.right.mid", &desc.leg_r.mid},     {"legs.right.end", &desc.leg_r.end},
                               {"legs.right.tip", &desc.leg_r.tip},     {"arms.left.upper", &desc.arm_l.upper},
                               {"arms.left.mid", &desc.arm_l.mid},      {"arms.left.end", &desc.arm_l.end},
                               {"arms.right.upper", &desc.arm_r.upper}, {"arms.right.mid", &desc.arm_r.mid},
                               {"arms.right.end", &desc.arm_r.end}};
  auto find = [&](const std::string& path, const std::string& joint) {
    if (joint.empty() || model.skeleton.FindJoint(joint) >= 0) return core::Status::Ok();  // empty: optional tip
    return core::Status::Error(desc.file + ": " + path + ": joint '" + Printable(joint) + "' is not in " + model.path);
  };
  for (const NamedJoint& j : joints) {
    if (auto s = find(j.path, *j.joint); !s.ok()) return s;
  }
  for (const character::PropDesc& prop : desc.props) {
    const std::string path = "props." + Printable(prop.name);
    for (const auto& [field, joint] :
         {std::pair{".joint", &prop.joint}, {".carry", &prop.carry}, {".stow", &prop.stow}}) {
      if (auto s = find(path + field, *joint); !s.ok()) return s;
    }
  }
  return core::Status::Ok();
}

}  // namespace knights::asset
