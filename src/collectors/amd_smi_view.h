#pragma once
/// The amd-smi half of the runtime view: the `internal-smi` child's "amd_smi" answer
/// (system/amdsmi_query.h) as amd_smi.* facts, named as triage names a pasted amd-smi output
/// (parsers/runtime_fact_emit.h), and mgmt.library: which management library answered (issue 18).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/collector.h"
#include "core/facts.h"

namespace rd {

/// `child` is the whole child answer ({"answered_by", "amd_smi": {…}, rocm_smi's keys}).
void SetAmdSmiFacts(const nlohmann::json& child, const std::string& source, Facts& facts);
/// The child gave no answer (did not start, hung, crashed): both views say why.
void SetAmdSmiChildFailed(const std::string& why, const std::string& source, Facts& facts);
const std::vector<FactSpec>& AmdSmiViewFacts();

}  // namespace rd
