#pragma once
/// HIP runtime trace lines printed with AMD_LOG_LEVEL=1..4:
/// ":3:hip_device_runtime.cpp   :610 : 1165733649 us: [pid:3125  tid:0x7f2d] hipGetDeviceCount: Returned hipErrorNoDevice : "
/// ":3:hip_memory.cpp :1538: 2361716412 us: 12345: [tid:0x7f..]  hipMemcpy ( 0x7f.., 0x7f.., 4096, hipMemcpyHostToDevice ) "
/// Level 1 lines are errors (":1:hip_code_object.cpp ... Missing CO" is read by the frameworks kind).
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct AmdLogLine {
  size_t line;
  int level = 0;
  std::string file;    ///< hip_memory.cpp
  std::string pid;
  std::string api;     ///< hipMemcpy, when the line is a call or a result
  std::string result;  ///< hipSuccess / hipErrorXxx, for "Returned" lines
  std::string message; ///< Text after the timestamp and thread ids
};

struct AmdLog {
  size_t lines = 0;
  int max_level = 0;
  size_t calls = 0;                 ///< "hipXxx ( … )" lines
  std::vector<std::string> apis;    ///< Distinct APIs called, in order (at most 100)
  std::vector<AmdLogLine> errors;   ///< "Returned hipErrorXxx" and level-1 lines (at most 50)
};

bool LooksLikeAmdLog(std::string_view text);
AmdLog ParseAmdLog(std::string_view text);

}  // namespace rd
