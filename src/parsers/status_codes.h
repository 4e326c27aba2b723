#pragma once
/// hipError_t and hsa_status_t names and numbers quoted in logs: "hipErrorNoBinaryForGpu",
/// "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES", "HSA_STATUS_ERROR_INVALID_ISA ... code: 0x100f",
/// "Call returned 4104". Decoding (name <-> number, meaning) uses rules/data tables.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct StatusMention {
  size_t line;
  std::string family;             ///< hip | hsa
  std::string name;               ///< empty when only a number was printed
  std::optional<long long> code;  ///< printed number, when the line has one
  std::string message;
};

bool LooksLikeStatusCodes(std::string_view text);
/// Each distinct name (or bare HSA number after "Call returned") once, first occurrence.
std::vector<StatusMention> ParseStatusCodes(std::string_view text);

}  // namespace rd
