#pragma once
/// `ldd FILE` output as pasted into tickets (glibc's ldd: "name => path (0xaddr)",
/// "name => not found", "version `X' not found (required by Y)"). pitfalls.md #35, #36.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct LddEntry {
  std::string name;  ///< "libhsa-runtime64.so.1"
  std::string path;  ///< Resolved path; empty when not found or for the vdso.
  bool not_found = false;
};

struct LddVersionError {
  std::string file;         ///< "/lib/x86_64-linux-gnu/libstdc++.so.6"
  std::string version;      ///< "GLIBCXX_3.4.32"
  std::string required_by;  ///< "./app"
};

struct LddOutput {
  std::vector<LddEntry> entries;
  std::vector<LddVersionError> version_errors;
  bool looks_like_ldd = false;  ///< At least one entry or version error line.
};

LddOutput ParseLddOutput(std::string_view text);

}  // namespace rd
