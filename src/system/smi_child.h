#pragma once
/// `rocm-doctor internal-smi`: a child process that dlopens rocm_smi_lib, asks it for VRAM,
/// temperature, power, PCIe link, driver and VBIOS versions, and prints one JSON object on
/// stdout. It runs as a child (System::Run of /proc/self/exe) so that a crash, a hang or the
/// library's stderr noise cannot hurt the doctor (issue 3, pitfalls.md #25).
#include <string>

namespace rd {

/// The hidden subcommand's name.
inline constexpr const char* kSmiChildCommand = "internal-smi";
/// Runs the query and returns the JSON text; never throws.
std::string RunSmiQuery();

}  // namespace rd
