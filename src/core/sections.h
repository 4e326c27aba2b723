#pragma once
/// The report's sections, in the fixed order the text report prints them.
#include <string>
#include <vector>

namespace rd {

struct SectionInfo {
  const char* id;     ///< As rules name it: section = "system".
  const char* title;  ///< As the report prints it.
};

const std::vector<SectionInfo>& AllSections();
const SectionInfo* FindSection(const std::string& id);

}  // namespace rd
