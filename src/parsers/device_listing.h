#pragma once
/// `ls -l /dev/kfd /dev/dri` lines: "crw-rw---- 1 root render 511, 0 Jan  1 10:00 /dev/kfd",
/// "crw-rw----+ 1 root render 226, 128 Mar 3 09:12 renderD128". A pasted listing says which group
/// owns the GPU device nodes, as the live access collector reads it with stat(2) (pitfalls.md #14).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct DeviceNodeLine {
  std::string name;   ///< "kfd" or "renderD128" (the last path component)
  std::string mode;   ///< permission bits in octal, "0660"
  std::string owner, group;  ///< as ls prints them: a number where the group has no name here
  bool char_device = false;
  size_t line = 0;    ///< 0-based line in the text
};

/// One `ls -l` line of /dev/kfd or a /dev/dri render/card node, or nullopt.
std::optional<DeviceNodeLine> ParseDeviceNodeLine(std::string_view line);
/// Every such line of a text, in order.
std::vector<DeviceNodeLine> ParseDeviceListing(std::string_view text);

}  // namespace rd
