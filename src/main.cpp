// Knights: the executable. The program itself is knights::app::App
// (src/knights/app/app.h): Init, a Frame per frame, Shutdown.

#include <optional>

#include "knights/app/app.h"

int main(int argc, char** argv) {
  knights::app::App app;
  if (const std::optional<int> exit_code = app.Init(argc, argv)) return *exit_code;
  while (app.Frame()) {
  }
  return app.Shutdown();
}
