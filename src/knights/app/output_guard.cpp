#include "knights/app/output_guard.h"

#include <utility>

#include "knights/core/file_io.h"

namespace knights::app {

std::vector<RunInput> RunInputs(const LoadedAssets& assets, const std::string& level_path,
                                const std::string& settings_path) {
  std::vector<RunInput> inputs;
  if (!settings_path.empty()) inputs.push_back({settings_path, "the settings"});
  inputs.push_back({core::DataPath(level_path), "the level"});
  for (const LoadedCharacter& loaded : assets.characters) {
    inputs.push_back({loaded.character.file, "a character file"});
    inputs.push_back({loaded.character.model_path, "a model"});
    for (const auto& [name, variant_path] : loaded.character.variants) inputs.push_back({variant_path, "a model"});
  }
  return inputs;
}

core::Status CheckOutputsSpareInputs(const app::AppOptions& options, const std::vector<RunInput>& inputs) {
  for (const auto& [option, output] :
       {std::pair{"--screenshot", &options.screenshot_path}, std::pair{"--metrics", &options.metrics_path}}) {
    if (output->empty()) continue;
    for (const RunInput& input : inputs) {
      if (core::SameFile(*output, input.path)) {
        return core::Status::Error(std::string(option) + ": " + *output + " is " + input.what +
                                   " of this run: not written over");
      }
    }
  }
  return core::Status::Ok();
}

}  // namespace knights::app
