#pragma once
// Reading a level file's JSON with one clear message per problem: each
// helper checks a field's type and range and throws LevelError naming the
// field's JSON path ("ladders[2].rung_spacing") and what is wrong with it;
// ParseLevel turns that into a Status at its boundary. Internal to the
// level loader.

#include <cstddef>
#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

namespace knights::asset::level_json {

// Thrown inside the parser only and turned into a Status at its boundary.
struct LevelError {
  std::string path;  // JSON path, e.g. "ladders[2].rung_spacing"
  std::string what;
};

[[noreturn]] void Fail(const std::string& path, std::string what);
// A number as the messages print it (%g).
std::string Num(double v);
// The path of a field of the object at `path`, and of an array element.
std::string Key(const std::string& path, const char* key);
std::string At(const std::string& path, size_t i);
// The gap between |v| and the next float up: v's rounding, metres.
double Ulp(float v);
const char* TypeName(const nlohmann::json& j);
const nlohmann::json& ExpectObject(const nlohmann::json& j, const std::string& path);
const nlohmann::json& ExpectArray(const nlohmann::json& j, const std::string& path);
// The same, refused when it has more than max_entries (level_limits).
const nlohmann::json& ExpectArray(const nlohmann::json& j, const std::string& path, size_t max_entries);
// Rejects fields that are not in `allowed` (typos are caught, not ignored).
void CheckKeys(const nlohmann::json& obj, const std::string& path, std::initializer_list<const char*> allowed);
const nlohmann::json* Find(const nlohmann::json& obj, const char* key);
const nlohmann::json& Require(const nlohmann::json& obj, const char* key, const std::string& path);
// A finite number with |value| <= level_limits::kMaxCoordinate.
float Number(const nlohmann::json& j, const std::string& path);
float RequiredNumber(const nlohmann::json& obj, const char* key, const std::string& path);
float OptionalNumber(const nlohmann::json& obj, const char* key, const std::string& path, float fallback);
// range_text is how the message prints the range, e.g. "0.22..0.40 m".
void CheckRange(float v, float lo, float hi, const std::string& path, const char* range_text);
std::string String(const nlohmann::json& j, const std::string& path);
// One of the names; returns its index.
size_t Choice(const nlohmann::json& j, const std::string& path, std::initializer_list<const char*> names);

}  // namespace knights::asset::level_json
