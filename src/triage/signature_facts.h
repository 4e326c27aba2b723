#pragma once
/// Known error strings (rules/data/signatures*.toml) found on any line of a paste, as facts:
/// `triage.signatures` lists the ids seen, `triage.signature_text.ID` holds what the signature's
/// capture took (or the matched text), with the paste line as its evidence.
#include <memory>
#include <vector>

#include "core/collector.h"
#include "core/facts.h"
#include "parsers/error_signatures.h"
#include "triage/triage.h"

namespace rd {

/// The signature table of `data`, compiled once per distinct table (a paste, a corpus of 1,000
/// pastes and the rule-case tests all share it).
std::shared_ptr<const SignatureTable> SignatureTableFor(const nlohmann::json* data);

void AddSignatureFacts(const PastePiece& piece, const PasteOrigin& origin, const SignatureTable& table, Facts& facts);
const std::vector<FactSpec>& SignatureFactSpecs();

}  // namespace rd
