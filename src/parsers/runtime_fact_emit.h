#pragma once
/// Turns parsed rocminfo / rocm-smi / amd-smi output into (fact path, value, excerpt) triples, so that the
/// live collector and `triage` name facts identically. Pure: no Facts type, no OS access.
/// Partial input emits only what it shows (no counts from a truncated paste).
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "parsers/amd_smi.h"
#include "parsers/rocm_smi_output.h"
#include "parsers/rocminfo.h"

namespace rd {

using FactSink = std::function<void(const std::string& path, nlohmann::json value, const std::string& excerpt)>;

void EmitRocminfoFacts(const RocminfoReport& report, const FactSink& set);
void EmitSmiOutputFacts(const SmiOutput& output, const FactSink& set);
/// One amd-smi GPU (a paste's or the libamd_smi child's) under `at` (amd_smi.gpus[N]).
void EmitAmdSmiGpuFacts(const AmdSmiGpu& gpu, const std::string& at, const FactSink& set);

}  // namespace rd
