// A main for a libFuzzer target built without libFuzzer: runs LLVMFuzzerTestOneInput on each file
// named, ROUNDS times over, and prints the cost of one execution. It replays a crash artifact a
// device run left (no clang needed), and bench/fuzz_exec_speed.sh measures with it what one
// fuzz execution costs in the release build, without the fuzzer's own bookkeeping.
//   fuzz_triage_replay [-rounds=N] FILE...
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  int rounds = 1;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("-rounds=", 0) == 0) {
      rounds = std::max(1, std::atoi(arg.c_str() + 8));
      continue;
    }
    std::ifstream in(arg, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "fuzz replay: cannot read %s\n", arg.c_str());
      return 2;
    }
    std::ostringstream text;
    text << in.rdbuf();
    inputs.push_back(text.str());
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "usage: %s [-rounds=N] FILE...\n", argv[0]);
    return 2;
  }
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(""), 0);  // loads the rules once, untimed
  auto start = std::chrono::steady_clock::now();
  size_t executions = 0, bytes = 0;
  for (int r = 0; r < rounds; ++r) {
    for (const auto& input : inputs) {
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
      ++executions;
      bytes += input.size();
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%zu executions (%zu bytes) in %.3f s: %.3f ms each, %.0f per second\n", executions, bytes, seconds,
              1000.0 * seconds / static_cast<double>(executions), static_cast<double>(executions) / seconds);
  return 0;
}
