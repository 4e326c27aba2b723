#pragma once
/// Paste kinds of the frameworks section, and the facts only they produce (for lint).
#include "triage/triage.h"

namespace rd {

PasteKind CollectEnvKind();
PasteKind RuntimeErrorLogKind();
/// log.* facts, and the gpus.* facts collect_env's "GPU models and configuration" line gives.
const std::vector<FactSpec>& FrameworksTriageFacts();

}  // namespace rd
