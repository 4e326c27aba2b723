#include "collectors/gcc_installs.h"

#include <algorithm>

#include "collectors/collect_util.h"
#include "util/version.h"

namespace rd {

std::vector<GccInstall> FindGccInstalls(CollectContext& context) {
  std::vector<GccInstall> out;
  std::string machine = context.system.GetUname().machine;
  for (const std::string& triplet : {machine + "-linux-gnu", machine + "-redhat-linux", machine + "-pc-linux-gnu",
                                      machine + "-suse-linux"}) {
    std::string base = "/usr/lib/gcc/" + triplet;
    auto names = context.system.ListDir(base);
    if (!names) continue;
    for (const auto& name : *names) {
      if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
      GccInstall gcc{name, base + "/" + name};
      // Debian: /usr/include/c++/14; RHEL: /usr/include/c++/11 as well; Arch: /usr/include/c++/15.1.1
      gcc.has_headers = PathExists(context, "/usr/include/c++/" + name).value_or(false) ||
                        PathExists(context, "/usr/include/" + triplet + "/c++/" + name).value_or(false);
      gcc.has_lib = PathExists(context, gcc.dir + "/libstdc++.so").value_or(false);
      out.push_back(gcc);
    }
  }
  std::sort(out.begin(), out.end(), [](const GccInstall& a, const GccInstall& b) {
    return CompareVersions(a.version, b.version).value_or(0) < 0;
  });
  return out;
}

}  // namespace rd
