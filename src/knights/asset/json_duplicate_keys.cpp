#include "knights/asset/json_duplicate_keys.h"

#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include "knights/asset/printable.h"

namespace knights::asset {
namespace {

// SAX handler that only follows the object and array nesting: each open
// object keeps the keys seen so far, each open container where it is.
class DuplicateKeyFinder : public nlohmann::json_sax<nlohmann::json> {
 public:
  std::optional<std::string> duplicate;

  bool null() override { return Value(); }
  bool boolean(bool) override { return Value(); }
  bool number_integer(number_integer_t) override { return Value(); }
  bool number_unsigned(number_unsigned_t) override { return Value(); }
  bool number_float(number_float_t, const string_t&) override { return Value(); }
  bool string(string_t&) override { return Value(); }
  bool binary(binary_t&) override { return Value(); }
  bool start_object(std::size_t) override { return Open(true); }
  bool start_array(std::size_t) override { return Open(false); }
  bool end_object() override { return Close(); }
  bool end_array() override { return Close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

  bool key(string_t& name) override {
    Level& level = levels_.back();
    if (!level.keys.insert(name).second) {
      const std::string where = Path();
      duplicate = "duplicate key \"" + Printable(name) + "\"" + (where.empty() ? "" : " in " + where);
      return false;  // stops the parse: the first one is reported
    }
    level.key = name;
    return true;
  }

 private:
  struct Level {
    bool is_object = false;
    std::unordered_set<std::string> keys;
    std::string key;    // in an object: the key being read
    size_t values = 0;  // in an array: the values begun so far
  };
  std::vector<Level> levels_;

  // A value inside an array moves its index on.
  bool Value() {
    if (!levels_.empty() && !levels_.back().is_object) ++levels_.back().values;
    return true;
  }
  bool Open(bool is_object) {
    Value();
    levels_.push_back(Level{is_object, {}, {}, 0});
    return true;
  }
  bool Close() {
    levels_.pop_back();
    return true;
  }
  // Where the innermost object is: `legs.left`, `npcs[3]`.
  std::string Path() const {
    std::string path;
    for (size_t i = 0; i + 1 < levels_.size(); ++i) {
      const Level& level = levels_[i];
      if (level.is_object) {
        if (!path.empty()) path += '.';
        path += Printable(level.key);
      } else {
        path += '[';
        path += std::to_string(level.values - 1);
        path += ']';
      }
    }
    return path;
  }
};

}  // namespace

std::optional<std::string> FindDuplicateKey(std::string_view text) {
  DuplicateKeyFinder finder;
  nlohmann::json::sax_parse(text.begin(), text.end(), &finder, nlohmann::json::input_format_t::json, false);
  return finder.duplicate;
}

}  // namespace knights::asset
