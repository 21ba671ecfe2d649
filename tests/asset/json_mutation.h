#pragma once
// Bad-input tests of the JSON loaders: a valid document with one field
// replaced or removed.

#include <string>

#include <nlohmann/json.hpp>

namespace knights::asset::test {

// `document` with the value at JSON pointer `pointer` replaced by `value`,
// or removed when `value` is null.
inline std::string Mutated(const std::string& document, const std::string& pointer, const nlohmann::json* value) {
  nlohmann::json j = nlohmann::json::parse(document);
  const nlohmann::json::json_pointer p(pointer);
  if (value == nullptr) {
    j[p.parent_pointer()].erase(p.back());
  } else {
    j[p] = *value;
  }
  return j.dump();
}

}  // namespace knights::asset::test
