// Corpus replay: the main() libFuzzer would provide, for ordinary builds (gcc
// too). Runs LLVMFuzzerTestOneInput once on every file named on the command
// line and on every regular file in every directory named (sorted by name, not
// recursive), so the committed seeds and every crash input saved from earlier
// fuzzing run in the normal test suite, under the sanitizers in the sanitizer
// build. A crash or a failed invariant aborts (the test fails); so does a
// missing or empty corpus (a test that replays nothing proves nothing).
//
//   fuzz_replay_level tests/fuzz/corpus/level [more dirs or files...]

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool ReadFile(const std::filesystem::path& path, std::vector<uint8_t>* bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
    return 2;
  }
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
    std::error_code error;
    if (std::filesystem::is_directory(arg, error)) {
      std::vector<std::filesystem::path> in_dir;
      for (const auto& entry : std::filesystem::directory_iterator(arg, error)) {
        if (entry.is_regular_file()) in_dir.push_back(entry.path());
      }
      if (error) {
        std::fprintf(stderr, "%s: cannot list: %s\n", argv[i], error.message().c_str());
        return 2;
      }
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (std::filesystem::is_regular_file(arg, error)) {
      files.push_back(arg);
    } else {
      std::fprintf(stderr, "%s: no such file or directory\n", argv[i]);
      return 2;
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "no corpus files to replay\n");
    return 2;
  }
  std::vector<uint8_t> bytes;
  for (const std::filesystem::path& path : files) {
    if (!ReadFile(path, &bytes)) {
      std::fprintf(stderr, "%s: cannot read\n", path.c_str());
      return 2;
    }
    // Announced first, so the input that crashes is the last line printed.
    std::printf("replay %s (%zu bytes)\n", path.c_str(), bytes.size());
    std::fflush(stdout);
    // A copy of exactly the file's size, so ASan catches a read one past the end.
    // An empty file gets a valid pointer, as libFuzzer gives.
    static const uint8_t kEmpty = 0;
    std::vector<uint8_t> exact(bytes);
    LLVMFuzzerTestOneInput(exact.empty() ? &kEmpty : exact.data(), exact.size());
  }
  std::printf("replayed %zu inputs\n", files.size());
  return 0;
}
