#pragma once
/// The probes section's facts: what the probe reported, per device, plus derived link numbers.
#include <vector>

#include "collectors/probe_runner.h"
#include "core/collector.h"

namespace rd {

const std::vector<FactSpec>& ProbeFactSpecs();
/// Writes probes.* from a finished run; `data` gives the PCIe table (rules/data/pcie.toml).
void WriteProbeFacts(const ProbeRun& run, const nlohmann::json& data, const Evidence& evidence, Facts& facts);

}  // namespace rd
