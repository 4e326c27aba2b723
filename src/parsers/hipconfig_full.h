#pragma once
/// `hipconfig --full` (and `hipconfig --check`) output: the platform, compiler, runtime and
/// paths HIP decided on, as people paste it into tickets:
///   HIP version  : 5.5.30202-23639ff0
///   == hipconfig
///   HIP_PATH     : /opt/rocm-5.5.3
///   HIP_PLATFORM : nvidia
///   == hip-clang
///   HIP_CLANG_PATH   : /opt/rocm-6.2.0/lib/llvm/bin
#include <string>
#include <string_view>

namespace rd {

struct HipconfigField {
  std::string value;
  size_t line = 0;  ///< 0-based line it was read from
  bool found = false;
};

struct HipconfigFull {
  HipconfigField version;      ///< "5.5.30202-23639ff0"
  HipconfigField hip_path;     ///< HIP_PATH
  HipconfigField rocm_path;    ///< ROCM_PATH
  HipconfigField compiler;     ///< HIP_COMPILER: clang | nvcc
  HipconfigField platform;     ///< HIP_PLATFORM, normalised: amd | nvidia (hcc -> amd, nvcc -> nvidia)
  HipconfigField runtime;      ///< HIP_RUNTIME: rocclr | cuda
  HipconfigField clang_path;   ///< HIP_CLANG_PATH
};

/// Two or more of its "KEY : value" fields, or its "== hipconfig" section banner.
bool LooksLikeHipconfigFull(std::string_view text);
HipconfigFull ParseHipconfigFull(std::string_view text);

}  // namespace rd
