#pragma once
/// Small helpers shared by collectors: read through System and record evidence or absence.
#include <optional>
#include <string>
#include <vector>

#include "core/collector.h"

namespace rd {

/// Reads a file; on failure marks `fact` absent with the error (naming the file) and returns
/// nullopt. An empty `fact` only reads.
std::optional<std::string> ReadForFact(CollectContext& context, Facts& facts, const std::string& path,
                                       const std::string& fact, size_t max_bytes = 1 << 20);
/// True when the path exists (stat succeeds); errors other than "not found" count as absent
/// knowledge and return nullopt.
std::optional<bool> PathExists(CollectContext& context, const std::string& path);
Evidence FileEvidence(const std::string& path, const std::string& excerpt = "");
/// A regular file the process may execute (what a search for a program accepts).
bool IsExecutableFile(CollectContext& context, const std::string& path);
/// The strings of the array data[table][key] (rules/data/<table>.toml); non-strings and a
/// missing or mistyped table or key give nothing.
std::vector<std::string> DataStrings(const nlohmann::json& data, const char* table, const char* key);
/// The directory part of an absolute path: "/a/b" -> "/a", "/a" -> "/"; "/" without a slash.
std::string ParentDir(const std::string& path);

}  // namespace rd
