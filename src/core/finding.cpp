#include "core/finding.h"

namespace rd {

const char* SeverityName(Severity severity) {
  switch (severity) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "info";
}

bool ParseSeverity(const std::string& text, Severity* out) {
  if (text == "info") *out = Severity::Info;
  else if (text == "warning") *out = Severity::Warning;
  else if (text == "error") *out = Severity::Error;
  else return false;
  return true;
}

}  // namespace rd
