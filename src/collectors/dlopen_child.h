#pragma once
/// The loader's own verdict on a library: `rocm-doctor internal-dlopen NAME…` in a child
/// process (a broken HIP runtime must never be loaded into the doctor itself), one JSON line
/// per name with dlerror() text.
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "system/system.h"

namespace rd {

/// argv of the child. "/proc/self/exe" is resolved by the kernel in the spawned child before
/// exec, i.e. to this very binary, and keeps the argv the same on every machine (replay).
std::vector<std::string> DlopenChildArgv(const std::vector<std::string>& names);

struct DlopenVerdicts {
  std::map<std::string, DlopenResult> by_name;
  std::string error;  ///< Why the child gave no answer (did not start, timed out, crashed).
};

DlopenVerdicts RunDlopenChild(System& system, const std::vector<std::string>& names);
/// The child side: dlopen each name (RTLD_LAZY | RTLD_LOCAL), print one JSON line each.
int RunInternalDlopen(const std::vector<std::string>& names, std::ostream& out);

}  // namespace rd
