#pragma once
/// `rocm-doctor internal-smi`: a child process that dlopens libamd_smi (system/amdsmi_query.h)
/// and, when amd-smi does not answer, rocm_smi_lib (VRAM, temperature, power, PCIe link, driver
/// and VBIOS versions), and prints one JSON object on stdout: rocm_smi's keys at the top level,
/// amd-smi's under "amd_smi", and "answered_by" (amd_smi, rocm_smi or none). It runs as a child (System::Run of /proc/self/exe) so that a crash, a hang or the
/// library's stderr noise cannot hurt the doctor (issue 3, pitfalls.md #25).
#include <string>

namespace rd {

/// The hidden subcommand's name.
inline constexpr const char* kSmiChildCommand = "internal-smi";
/// Runs the query and returns the JSON text; never throws.
std::string RunSmiQuery();

}  // namespace rd
