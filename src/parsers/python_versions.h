#pragma once
/// Python versions a paste shows in use: "Python 3.13.1", "py -3.14 -m venv", "python3.12",
/// wheel tags "cp314". Only 3.x (major.minor) is kept: what wheel availability depends on.
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct PythonVersionSeen {
  size_t line = 0;      ///< 0-based line
  std::string version;  ///< "3.14"
  std::string text;
};

/// Each distinct version once, in line order; at most 16.
std::vector<PythonVersionSeen> ScanPythonVersions(std::string_view text);

}  // namespace rd
