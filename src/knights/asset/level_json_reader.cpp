#include "knights/asset/level_json_reader.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

#include "knights/asset/level_loader.h"
#include "knights/asset/printable.h"

namespace knights::asset::level_json {

using nlohmann::json;
namespace lim = level_limits;

void Fail(const std::string& path, std::string what) { throw LevelError{path, std::move(what)}; }

std::string Num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", v);
  return buffer;
}

std::string Key(const std::string& path, const char* key) { return path.empty() ? std::string(key) : path + "." + key; }
std::string At(const std::string& path, size_t i) { return path + "[" + std::to_string(i) + "]"; }

// The gap between |v| and the next float up: v's rounding, metres.
double Ulp(float v) { return std::nextafter(std::fabs(v), std::numeric_limits<float>::infinity()) - std::fabs(v); }

const char* TypeName(const json& j) {
  switch (j.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "number";
    case json::value_t::string:
      return "string";
    case json::value_t::array:
      return "array";
    case json::value_t::object:
      return "object";
    case json::value_t::binary:
      return "binary";
    case json::value_t::discarded:
      return "nothing";
  }
  return "?";
}

const json& ExpectObject(const json& j, const std::string& path) {
  if (!j.is_object()) Fail(path, std::string("expected an object, got ") + TypeName(j));
  return j;
}

const json& ExpectArray(const json& j, const std::string& path) {
  if (!j.is_array()) Fail(path, std::string("expected an array, got ") + TypeName(j));
  return j;
}

const json& ExpectArray(const json& j, const std::string& path, size_t max_entries) {
  const json& a = ExpectArray(j, path);
  if (a.size() > max_entries) {
    Fail(path,
         std::to_string(a.size()) + " entries, more than the " + std::to_string(max_entries) + " a level may have");
  }
  return a;
}

// Rejects fields that are not in `allowed` (typos are caught, not ignored).
void CheckKeys(const json& obj, const std::string& path, std::initializer_list<const char*> allowed) {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char* name : allowed) known = known || it.key() == name;
    if (known) continue;
    std::string list;
    for (const char* name : allowed) list += (list.empty() ? "" : ", ") + std::string(name);
    Fail(Key(path, Printable(it.key()).c_str()), "unknown field (expected one of: " + list + ")");
  }
}

const json* Find(const json& obj, const char* key) {
  const auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

const json& Require(const json& obj, const char* key, const std::string& path) {
  const json* j = Find(obj, key);
  if (j == nullptr) Fail(Key(path, key), "missing required field");
  return *j;
}

// A finite number with |value| <= kMaxCoordinate.
float Number(const json& j, const std::string& path) {
  if (!j.is_number()) Fail(path, std::string("expected a number, got ") + TypeName(j));
  const double v = j.get<double>();
  if (!std::isfinite(v)) Fail(path, "not a finite number");
  if (std::fabs(v) > lim::kMaxCoordinate) {
    Fail(path, Num(v) + " is too large (|value| must be <= " + Num(lim::kMaxCoordinate) + ")");
  }
  return static_cast<float>(v);
}

float RequiredNumber(const json& obj, const char* key, const std::string& path) {
  return Number(Require(obj, key, path), Key(path, key));
}

float OptionalNumber(const json& obj, const char* key, const std::string& path, float fallback) {
  const json* j = Find(obj, key);
  return j == nullptr ? fallback : Number(*j, Key(path, key));
}

// range_text is how the message prints the range, e.g. "0.22..0.40 m".
void CheckRange(float v, float lo, float hi, const std::string& path, const char* range_text) {
  if (v < lo || v > hi) Fail(path, Num(v) + " is outside " + range_text);
}

std::string String(const json& j, const std::string& path) {
  if (!j.is_string()) Fail(path, std::string("expected a string, got ") + TypeName(j));
  return j.get<std::string>();
}

// One of the names; returns its index.
size_t Choice(const json& j, const std::string& path, std::initializer_list<const char*> names) {
  const std::string s = String(j, path);
  size_t i = 0;
  for (const char* name : names) {
    if (s == name) return i;
    ++i;
  }
  std::string list;
  for (const char* name : names) list += (list.empty() ? "" : ", ") + std::string(name);
  // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive)
  // on a char literal + std::string temporary here.
  std::string message(1, '"');
  message += Printable(s);
  message += "\" is not one of: ";
  message += list;
  Fail(path, std::move(message));
}

}  // namespace knights::asset::level_json
