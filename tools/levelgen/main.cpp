// knights_levelgen: writes seeded random levels that pass the loader's
// validation and that a good player can finish (world::GenerateLevel, see
// src/knights/world/level_generator.h and assets/levels/README.md, "Generated levels").
//
//   knights_levelgen --seed N [--count K] [--limits] [--length M] [--only KIND] --out DIR
//
// writes DIR/gen_<whole|limits>_<seed>.json (gen_<whole|limits>_<KIND>_<seed>.json
// with --only) for the seeds N .. N+K-1. The
// files are byte-identical for the same arguments on every platform. Each
// level is parsed back with asset::ParseLevel before it is written.
// Exit codes: 0 done; 1 a level could not be written (or, a generator bug,
// failed validation); 2 bad arguments (one line on stderr).

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

#include "knights/asset/level_loader.h"
#include "knights/asset/level_writer.h"
#include "knights/world/level_generator.h"

namespace {

constexpr const char* kUsage =
    "usage: knights_levelgen --seed N [--count K] [--limits] [--length M] [--only KIND] --out DIR";

struct Options {
  bool show_help = false;
  bool has_seed = false;
  uint32_t seed = 1;
  uint32_t count = 1;
  knights::world::LevelGenRange range = knights::world::LevelGenRange::kWhole;
  float length_m = 0.0f;
  knights::world::LevelGenOnly only = knights::world::LevelGenOnly::kAll;
  std::string out_dir;
};

// An unsigned integer in [lo, hi], all of text.
bool ParseUnsigned(std::string_view text, uint64_t lo, uint64_t hi, uint64_t* value) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), *value);
  return result.ec == std::errc() && result.ptr == text.data() + text.size() && *value >= lo && *value <= hi;
}

// Fills options from argv; returns "" or what is wrong (one line).
std::string ParseArguments(int argc, char** argv, Options* options) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      options->show_help = true;
      continue;
    }
    if (arg == "--limits") {
      options->range = knights::world::LevelGenRange::kLimits;
      continue;
    }
    if (arg != "--seed" && arg != "--count" && arg != "--length" && arg != "--only" && arg != "--out") {
      return "unknown argument '" + std::string(arg) + "'";
    }
    if (i + 1 >= argc) return std::string(arg) + ": expected a value";
    const std::string_view value = argv[++i];
    uint64_t number = 0;
    if (arg == "--seed") {
      if (!ParseUnsigned(value, 0, UINT32_MAX, &number)) {
        return "--seed: expected 0..4294967295, got '" + std::string(value) + "'";
      }
      options->seed = static_cast<uint32_t>(number);
      options->has_seed = true;
    } else if (arg == "--count") {
      if (!ParseUnsigned(value, 1, 100000, &number)) {
        return "--count: expected 1..100000, got '" + std::string(value) + "'";
      }
      options->count = static_cast<uint32_t>(number);
    } else if (arg == "--length") {
      if (!ParseUnsigned(value, 20, 1000, &number) && value != "0") {
        return "--length: expected whole metres 20..1000 (0: from the seed), got '" + std::string(value) + "'";
      }
      options->length_m = static_cast<float>(value == "0" ? 0 : number);
    } else if (arg == "--only") {
      if (!knights::world::LevelGenOnlyFromString(value, &options->only)) {
        return "--only: expected all, flat, slopes, stairs, steps, drops, pits, ladders, rocks, platforms or walls, "
               "got '" +
               std::string(value) + "'";
      }
    } else {
      if (value.empty()) return "--out: expected a directory";
      options->out_dir = std::string(value);
    }
  }
  if (options->show_help) return "";
  if (!options->has_seed) return "--seed is required";
  if (options->out_dir.empty()) return "--out is required";
  if (static_cast<uint64_t>(options->seed) + options->count - 1 > UINT32_MAX) {
    return "--seed + --count - 1 exceeds 4294967295";
  }
  return "";
}

// Generates, checks and writes one level; returns "" or what went wrong.
std::string WriteLevel(const Options& options, uint32_t seed) {
  knights::world::LevelGenDesc desc;
  desc.seed = seed;
  desc.range = options.range;
  desc.length_m = options.length_m;
  desc.only = options.only;
  const knights::world::Level level = knights::world::GenerateLevel(desc);
  const std::string text = knights::asset::LevelToJson(level, knights::world::LevelGenComment(desc, level));
  const std::string path = (std::filesystem::path(options.out_dir) / knights::world::LevelGenFileName(desc)).string();
  const auto parsed = knights::asset::ParseLevel(text, path);
  if (!parsed.ok()) return "generated level failed validation: " + parsed.status().message();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) return path + ": cannot write file";
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  const std::string error = ParseArguments(argc, argv, &options);
  if (!error.empty()) {
    std::fprintf(stderr, "knights_levelgen: %s (%s)\n", error.c_str(), kUsage);
    return 2;
  }
  if (options.show_help) {
    std::printf(
        "%s\n  writes DIR/gen_<whole|limits>_<seed>.json for seeds N..N+K-1 (K defaults to 1);\n"
        "  --limits pushes every field to its limits; --length M asks for about M metres (0: from the seed);\n"
        "  --only KIND makes every section of one kind: flat, slopes, stairs, steps, drops, pits, ladders,\n"
        "  rocks, platforms or walls (the file is gen_<whole|limits>_<KIND>_<seed>.json)\n",
        kUsage);
    return 0;
  }
  std::error_code ec;
  std::filesystem::create_directories(options.out_dir, ec);
  if (ec || !std::filesystem::is_directory(options.out_dir)) {
    std::fprintf(stderr, "knights_levelgen: --out: cannot create directory '%s'%s%s\n", options.out_dir.c_str(),
                 ec ? ": " : "", ec ? ec.message().c_str() : "");
    return 2;
  }
  for (uint64_t seed = options.seed; seed < static_cast<uint64_t>(options.seed) + options.count; ++seed) {
    const std::string problem = WriteLevel(options, static_cast<uint32_t>(seed));
    if (!problem.empty()) {
      std::fprintf(stderr, "knights_levelgen: %s\n", problem.c_str());
      return 1;
    }
  }
  std::printf("knights_levelgen: wrote %u level%s to %s\n", options.count, options.count == 1 ? "" : "s",
              options.out_dir.c_str());
  return 0;
}
