#pragma once
// What a run writes (--screenshot, --metrics) never replaces what it reads:
// `--metrics assets/levels/demo.json` would have written JSON metrics over
// the level. Files are compared by device and inode, not by name, so
// another spelling, a hard link or a symbolic link to an input is caught.

#include <string>
#include <vector>

#include "knights/app/loaded_assets.h"
#include "knights/core/status.h"
#include "knights/app/app_options.h"

namespace knights::app {

// A file the run read and what it is to the run, for the message.
struct RunInput {
  std::string path;
  std::string what;  // "the level", "a character file", "a model", "the settings"
};

// The files the run read: the settings (when any), the level, and each
// character file with its model and variant models.
std::vector<RunInput> RunInputs(const LoadedAssets& assets, const std::string& level_path,
                                const std::string& settings_path);

// The first of --screenshot and --metrics that is one of `inputs`, as
// "--metrics: demo.json is the level of this run: not written over"; OK
// when none is.
core::Status CheckOutputsSpareInputs(const app::AppOptions& options, const std::vector<RunInput>& inputs);

}  // namespace knights::app
